public import Statecraft

/// A running SCXML document: its configuration, datamodel, queues and invoked children.
///
/// A session runs on a virtual clock: ``send(_:)`` processes the event and everything it
/// causes at the current instant, and ``advance(by:)`` moves time on, delivering delayed sends
/// when they are due. The async runtime drives the same calls from real time.
///
/// ```swift
/// let session = SCXMLSession(document: document)
/// session.start()
/// session.send(SCXMLEvent("go"))
/// session.advance(by: .seconds(2))
/// if session.isFinished { print(session.finalState ?? "") }
/// ```
///
/// A session is not `Sendable`: use it from one task or thread at a time.
public final class SCXMLSession {
    /// The document it runs.
    public let document: SCXMLDocument
    /// Its id, unique in its group: `_sessionid`, and the `#_scxml_<id>` send target.
    public let sessionID: String
    /// Receives `<log>` output: the label (possibly empty) and the value's text.
    public var logHandler: (_ label: String, _ message: String) -> Void = { _, _ in }

    let group: SessionGroup
    /// The invocation that made this session, for an invoked child.
    let parentLink: ParentLink?
    var machine: Machine<String, SCXMLEvent, SessionHandle>?
    var datamodel: any SCXMLDatamodel
    /// The evaluation meter of the datamodel: started again at each macrostep.
    package let meter: SCXMLEvaluationMeter
    /// The engine's configuration while one of its calls runs, handed over by the chart's
    /// dequeue hook; `nil` between calls, when the machine itself answers. The session keeps
    /// no copy of the configuration.
    var configuration: ConfigurationView?
    var externalQueue: [SCXMLEvent] = []
    var externalHead = 0
    /// Errors found outside a microstep, raised by the next action that runs.
    var pendingRaises: [SCXMLEvent] = []
    /// States entered in the current macrostep that have invocations, in entry order.
    var statesToInvoke: [Int] = []
    /// Running invocations: invoke id to the child, with the state that owns it.
    var children: [String: Invocation] = [:]
    var childOrder: [String] = []
    /// Invocations whose child has ended while the invoking state is still active: `<finalize>`
    /// still applies to the events the child sent before it ended, and to its done event.
    var finishedChildren: [String: Invocation] = [:]
    var lateBound: Set<Int> = []
    var boundEvent: SCXMLEvent?
    var sendCounter = 0
    var didStart = false
    /// The top-level final state entered, if any.
    var topFinal: String?
    /// Invocations this session cancelled: events still coming from them are ignored.
    var cancelledInvocations: Set<String> = []
    /// The top-level final state reached, once the session ends.
    public internal(set) var finalState: String?
    /// The data of the top-level final state's `<donedata>`, once the session ends.
    public internal(set) var doneData: SCXMLValue = .undefined
    /// Whether the session stopped without reaching a final state (cancelled as a child).
    public internal(set) var isCancelled = false
    /// Called after every transition the session takes (not those of sessions it invoked).
    public var transitionListener: (@Sendable (TakenTransition<String, SCXMLEvent>) -> Void)? {
        didSet { machine?.onTransition = transitionListener }
    }
    /// Whether the session records the states it exits and enters, for ``takeStateChanges()``.
    public var recordsStateChanges = false
    /// Receives a `<send>` whose target this processor does not know (not `#_internal`,
    /// `#_parent`, `#_scxml_<id>` or `#_<invokeid>`), with its event, target and delay; returns
    /// whether it took the event. Without it, or when it returns `false`, the send fails with
    /// `error.execution`, as before. A durable store uses it to put events for other durable
    /// machines in its outbox. A restored session starts without it.
    public var externalSendHandler: ((_ event: SCXMLEvent, _ target: String, _ delay: Duration) -> Bool)?
    private var stateChanges: [StateChange<String>] = []

    /// The states exited and entered since the last call, in order; empties the record.
    ///
    /// - Returns: The changes, oldest first.
    public func takeStateChanges() -> [StateChange<String>] {
        defer { stateChanges.removeAll() }
        return stateChanges
    }

    /// Receives each exit, transition, entry, raised and sent event as it happens (the
    /// simulator's `--trace`); `nil` for none.
    package var traceHandler: ((SessionTraceEntry) -> Void)?

    /// How many levels of invocation lie above this session: 0 for a top-level session.
    let depth: Int

    struct Invocation {
        var child: SCXMLSession
        var owner: Int
        var model: InvokeModel
    }

    static let chartOptions = StatechartOptions<String, SCXMLEvent>(
        doneEvent: { state, data in
            SCXMLEvent("done.state.\(state)", type: .internal, data: data?.data ?? .undefined)
        },
        guardErrorEvent: { error in
            SCXMLEvent("error.execution", type: .platform, data: .string("\(error)"))
        }
    )

    /// Creates a session of `document` in a group of its own. Call ``start()`` to enter its
    /// initial states.
    ///
    /// - Parameter document: The document to run.
    public convenience init(document: SCXMLDocument) {
        self.init(document: document, group: SessionGroup(), parent: nil)
    }

    init(
        document: SCXMLDocument, group: SessionGroup, parent: (session: SCXMLSession, invokeID: String)?,
        sessionID: String? = nil
    ) {
        self.document = document
        self.group = group
        parentLink = parent.map { ParentLink(session: $0.session, invokeID: $0.invokeID) }
        depth = parent.map { $0.session.depth + 1 } ?? 0
        self.sessionID = sessionID ?? group.newSessionID()
        let activeStates = ActiveStatesView()
        meter = SCXMLEvaluationMeter(budgets: document.datamodels.budgets)
        meter.beginStep()
        datamodel = document.datamodelFactory(
            SCXMLDatamodelEnvironment(meter: meter, isActive: { activeStates.session?.isActive($0) ?? false })
        )
        activeStates.session = self
        group.register(self)
    }

    deinit {
        // A session let go of without ending (a top-level one, or a child its parent dropped)
        // no longer counts against the group's session limit.
        group.sessionEnded(sessionID)
    }

    /// Enters the initial configuration: binds the data, runs the top-level script, and takes
    /// the initial macrostep. Does nothing when already started.
    public func start() {
        start(parameters: [:])
        group.runUntilIdle()
    }

    /// The most external events one call processes across the group (``send(_:)``,
    /// ``advance(by:)``, ``start()``), so that sessions that keep sending to each other cannot
    /// hang their caller; the rest stay queued for the next call. 100,000 by default.
    public var eventLimit: Int {
        get { group.eventLimit }
        set { group.eventLimit = max(1, newValue) }
    }

    /// The most times in a row, after one macrostep, that starting invocations may raise
    /// errors that enter states whose invocations fail again (an `<invoke>` of a document
    /// that cannot be read, in a state that a transition on the error enters again). After that
    /// many rounds the errors are dropped and an `EngineFault` with code `microstepLimit` is
    /// recorded in ``faults``. 1,000 by default, for every session of the group.
    ///
    /// A round processes, on the internal queue, one error for each `<invoke>` that failed to
    /// start, so one external event may cost up to this many rounds: a caller that bounds its
    /// work with ``eventLimit`` lowers this one too.
    public var invocationRoundLimit: Int {
        get { group.invocationRoundLimit }
        set { group.invocationRoundLimit = max(1, newValue) }
    }

    /// The budgets of this session's datamodel: evaluation time per macrostep, value size,
    /// script heap. Those of the datamodels the document was read with by default
    /// (``SCXMLDatamodels/budgets``); a change applies from the next evaluation.
    public var budgets: SCXMLBudgets {
        get { meter.budgets }
        set { meter.budgets = newValue }
    }

    func start(parameters: [String: SCXMLValue]) {
        guard !didStart else { return }
        didStart = true
        meter.beginStep()
        datamodel.setSystemVariable("_sessionid", value: .string(sessionID))
        datamodel.setSystemVariable("_name", value: document.name.map { .string($0) } ?? .undefined)
        let location = SCXMLValue.object([SCXMLMember("location", .string("#_scxml_\(sessionID)"))])
        datamodel.setSystemVariable("_ioprocessors", value: .object([
            SCXMLMember(SCXMLNames.scxmlProcessor, location),
            SCXMLMember("scxml", location),
        ]))
        for item in document.model.data {
            bind(item, override: parameters[item.id])
        }
        for info in document.stateInfos {
            for item in info.data {
                // SCXML 5.3: late binding creates every data element now and assigns its value
                // when its state is first entered.
                if document.model.binding == .early {
                    bind(item, override: nil)
                } else {
                    declare(item.id, .undefined, at: item.position)
                }
            }
        }
        if !document.model.script.isEmpty {
            // The top-level script runs before any state is entered: what it raises waits for
            // the first action.
            _ = execute(document.model.script, raised: &pendingRaises)
        }
        let started = document.chart.makeMachine(context: SessionHandle(session: self))
        configuration = nil
        // The initial macrostep may be cut too (an eventless loop among the initial states).
        if let fault = started.lastFault { group.report(fault, from: self) }
        machine = started
        machine?.onTransition = transitionListener
        afterMacrostep()
    }

    // MARK: Queries

    /// The ids of the active states, in document order.
    public var activeStates: [String] {
        document.stateIDs.filter(isActive)
    }

    /// The ids of the active atomic states (`<final>` included), in document order.
    package var activeAtomicStates: [String] {
        document.stateInfos.lazy.filter { $0.isAtomic && self.isActive($0.id) }.map(\.id)
    }

    /// Whether the state `id` is active.
    public func isActive(_ id: String) -> Bool {
        guard let index = document.stateIndex[id] else { return false }
        if let configuration { return configuration.contains(node: document.stateNodes[index]) }
        return machine?.isActive(id) ?? false
    }

    /// Called by the engine each time it dequeues an event, before it selects transitions for
    /// it, and with `nil` before the initial configuration is entered: binds `_event` (SCXML
    /// 5.10) and keeps the configuration view for `In()` while the engine call runs.
    func dequeued(_ event: SCXMLEvent?, configuration: ConfigurationView) {
        self.configuration = configuration
        if let event { bindEvent(event) }
    }

    /// Whether the session has ended: it reached a top-level final state, or was cancelled.
    public var isFinished: Bool {
        finalState != nil || isCancelled
    }

    /// The current instant on the group's clock, since the group was made.
    public var now: Duration { group.now }

    /// When the next delayed send of this session's group is due, if one is waiting.
    public var nextDeadline: Duration? { group.nextDeadline }

    // MARK: Driving

    /// Puts `event` on the external queue and processes the queues of every session of the
    /// group until they are empty (each event a macrostep).
    ///
    /// - Parameter event: The event.
    public func send(_ event: SCXMLEvent) {
        if !didStart { start() }
        enqueue(event)
        group.runUntilIdle()
    }

    /// Moves the group's clock forward by `duration`, delivering every delayed send that falls
    /// due on the way, in order, each followed by the processing it causes.
    ///
    /// - Parameter duration: How far to move.
    public func advance(by duration: Duration) {
        group.advance(to: MachineClock.adding(duration, to: group.now))
    }

    /// Moves the group's clock to `instant` (an earlier one changes nothing), delivering every
    /// delayed send due by then, in order.
    ///
    /// - Parameter instant: The new time, since the group was made.
    /// - Returns: How many delayed sends were delivered.
    @discardableResult
    public func advance(to instant: Duration) -> Int {
        group.advance(to: instant)
    }

    /// Moves the clock to the next due delayed send and delivers it; does nothing when none
    /// waits.
    ///
    /// - Returns: Whether a delayed send was delivered.
    @discardableResult
    public func advanceToNextDeadline() -> Bool {
        guard let due = group.nextDeadline else { return false }
        group.advance(to: due)
        return true
    }

    /// Runs the session until it ends or nothing is left to do: processes queued events, and
    /// moves the virtual clock to each delayed send in turn, up to `limit` of virtual time.
    ///
    /// - Parameter limit: The most virtual time to let pass.
    public func runToEnd(limit: Duration = .seconds(3600)) {
        if !didStart { start() }
        group.runUntilIdle()
        while !isFinished, let due = group.nextDeadline, due <= limit {
            group.advance(to: due)
            // Stopped at the event limit (a fault says so): the next deadline may never come.
            if group.hitEventLimit { return }
        }
    }

    func enqueue(_ event: SCXMLEvent) {
        guard !isFinished else { return }
        externalQueue.append(event)
    }

    /// Whether the session has external events to process: started (an invoked session waits
    /// for the group to start it) and not ended.
    var hasQueuedEvents: Bool { externalHead < externalQueue.count && !isFinished && machine != nil }

    /// How many external events wait.
    var queuedEventCount: Int { hasQueuedEvents ? externalQueue.count - externalHead : 0 }

    /// Takes the next external event: finalize and autoforward for invoked children, then the
    /// macrostep.
    func processNextEvent() {
        guard hasQueuedEvents, var machine = self.machine else { return }
        let event = externalQueue[externalHead]
        externalHead += 1
        meter.beginStep()
        if externalHead > 64, externalHead * 2 > externalQueue.count {
            externalQueue.removeFirst(externalHead)
            externalHead = 0
        }
        if let invokeID = event.invokeID {
            if let invocation = children[invokeID] ?? finishedChildren[invokeID] {
                if event.name == "done.invoke.\(invokeID)" { finishedChildren[invokeID] = nil }
                if !invocation.model.finalize.isEmpty {
                    // SCXML 6.5: finalize runs just before the event is processed, and sees it
                    // as _event.
                    bindEvent(event)
                    _ = execute(invocation.model.finalize, raised: &pendingRaises)
                }
            } else if cancelledInvocations.contains(invokeID) {
                // Events from an invocation that was cancelled are ignored.
                return
            }
        }
        for invokeID in childOrder {
            guard let invocation = children[invokeID], invocation.model.autoforward else { continue }
            invocation.child.enqueue(event)
        }
        self.machine = nil
        _ = machine.send(event)
        configuration = nil
        if let fault = machine.lastFault { group.report(fault, from: self) }
        self.machine = machine
        afterMacrostep()
    }

    // MARK: Entry and exit (called by the chart)

    func enter(_ index: Int, event: SCXMLEvent?, effects: inout Effects<SCXMLEvent>) {
        flushPending(&effects)
        let info = document.stateInfos[index]
        if recordsStateChanges { stateChanges.append(.entered(info.id)) }
        traceHandler?(.entered(info.id))
        if document.model.binding == .late, !info.data.isEmpty, !lateBound.contains(index) {
            lateBound.insert(index)
            for item in info.data { bind(item, override: nil) }
            flushPending(&effects)
        }
        run(blocks: info.onEntry, effects: &effects)
        // SCXML Appendix D: statesToInvoke is an ordered set; a state entered again in the same
        // macrostep starts its invocations once.
        if !info.invokes.isEmpty, !statesToInvoke.contains(index) { statesToInvoke.append(index) }
        if info.isTopLevelFinal {
            if let data = info.topLevelDoneData {
                doneData = evaluateDoneData(data, effects: &effects)?.data ?? .undefined
            }
            topFinal = info.id
        }
    }

    /// Runs each block of executable content; an error stops only its own block.
    func run(blocks: [[Action]], effects: inout Effects<SCXMLEvent>) {
        guard !blocks.isEmpty else { return }
        var raised: [SCXMLEvent] = []
        for block in blocks {
            _ = execute(block, raised: &raised)
        }
        for event in raised { effects.raise(event) }
        if let traceHandler {
            for event in raised { traceHandler(.raised(event.name)) }
        }
    }

    func exit(_ index: Int, event: SCXMLEvent?, effects: inout Effects<SCXMLEvent>) {
        flushPending(&effects)
        let info = document.stateInfos[index]
        run(blocks: info.onExit, effects: &effects)
        if recordsStateChanges { stateChanges.append(.exited(info.id)) }
        traceHandler?(.exited(info.id))
        if !info.invokes.isEmpty {
            // Appendix D, exitStates: statesToInvoke.delete(s).
            statesToInvoke.removeAll { $0 == index }
            for invokeID in childOrder where children[invokeID]?.owner == index {
                children[invokeID]?.child.cancel()
                children[invokeID] = nil
                cancelledInvocations.insert(invokeID)
            }
            // A child that already ended is not cancelled: what it sent, done.invoke last, is
            // still delivered (W3C test 236).
            childOrder.removeAll { children[$0] == nil }
            finishedChildren = finishedChildren.filter { $0.value.owner != index }
        }
    }

    func run(_ actions: [Action], event: SCXMLEvent?, site: Int?, effects: inout Effects<SCXMLEvent>) {
        flushPending(&effects)
        if let site { traceHandler?(.transition(site: site, event: event?.name)) }
        run(blocks: [actions], effects: &effects)
    }

    func condition(_ expression: String, event: SCXMLEvent?) throws -> Bool {
        return try datamodel.evaluateCondition(expression)
    }

    func flushPending(_ effects: inout Effects<SCXMLEvent>) {
        guard !pendingRaises.isEmpty else { return }
        for event in pendingRaises { effects.raise(event) }
        if let traceHandler {
            for event in pendingRaises { traceHandler(.raised(event.name)) }
        }
        pendingRaises.removeAll()
    }

    func bindEvent(_ event: SCXMLEvent) {
        guard boundEvent != event else { return }
        boundEvent = event
        datamodel.setSystemVariable("_event", value: event.systemValue)
    }

    // MARK: Data

    func bind(_ item: DataModel, override: SCXMLValue?) {
        if let override {
            declare(item.id, override, at: item.position)
            return
        }
        do {
            let value: SCXMLValue
            if let expr = item.expr {
                try datamodel.declare(item.id, expression: expr)
                return
            } else if let src = item.src {
                let text = try document.loader.text(of: src)
                value = datamodel.value(ofContent: text)
            } else if let content = item.content {
                value = contentValue(content)
            } else {
                value = .undefined
            }
            declare(item.id, value, at: item.position)
        } catch {
            declare(item.id, .undefined, at: item.position)
            pendingRaises.append(executionError("<data id=\"\(item.id)\">", error, at: item.position))
        }
    }

    private func declare(_ id: String, _ value: SCXMLValue, at position: TextPosition) {
        do {
            try datamodel.declare(id, value: value)
        } catch {
            pendingRaises.append(executionError("<data id=\"\(id)\">", error, at: position))
        }
    }

    func contentValue(_ content: ContentModel) -> SCXMLValue {
        switch content {
        case .text(let text): datamodel.value(ofContent: text)
        case .markup(let nodes): .string(DocumentWriter.serialize(nodes))
        }
    }

    func executionError(_ what: String, _ error: any Error, at position: TextPosition) -> SCXMLEvent {
        let place = document.file.map { "\($0):\(position)" } ?? "\(position)"
        return SCXMLEvent("error.execution", type: .platform, data: .string("\(place): \(what): \(error)"))
    }

    /// `<donedata>`: the event whose data the done event carries. SCXML 5.7: a `<param>` that
    /// fails is left out, and when none is left the event carries no data. SCXML 5.6 says a
    /// `<content>` whose expression fails gives the empty string, but the W3C test of that
    /// sentence (528, like 343 for params) expects the done event to carry no data: that is
    /// what it carries. Each failure raises `error.execution`.
    func evaluateDoneData(_ model: DoneDataModel, effects: inout Effects<SCXMLEvent>) -> SCXMLEvent? {
        let value: SCXMLValue
        if let expr = model.contentExpr {
            do {
                value = try datamodel.evaluate(expr)
            } catch {
                effects.raise(executionError("<donedata><content expr=\"\(expr)\">", error, at: model.position))
                value = .undefined
            }
        } else if let content = model.content {
            value = contentValue(content)
        } else if model.params.isEmpty {
            value = .undefined
        } else {
            var members: [SCXMLMember] = []
            for param in model.params {
                do {
                    members.append(SCXMLMember(param.name, try datamodel.evaluate(param.expr ?? param.location ?? "")))
                } catch {
                    effects.raise(executionError("<param name=\"\(param.name)\">", error, at: param.position))
                }
            }
            value = members.isEmpty ? .undefined : .object(members)
        }
        return SCXMLEvent("", data: value)
    }

    func evaluateParams(_ params: [ParamModel], namelist: [String]) throws -> SCXMLValue {
        if params.isEmpty && namelist.isEmpty { return .undefined }
        var members: [SCXMLMember] = []
        for name in namelist {
            members.append(SCXMLMember(name, try datamodel.evaluate(name)))
        }
        for param in params {
            let value = try datamodel.evaluate(param.expr ?? param.location ?? "")
            members.append(SCXMLMember(param.name, value))
        }
        return .object(members)
    }

    // MARK: Sending

    func nextSendID() -> String {
        sendCounter += 1
        return "send.\(sessionID).\(sendCounter)"
    }

    func deliver(_ event: SCXMLEvent, to target: String?, delay: Duration, raised: inout [SCXMLEvent]) throws(DeliveryError) {
        guard let target, !target.isEmpty else {
            if delay > .zero {
                group.schedule(event, to: self, from: self, after: delay)
            } else {
                enqueue(event)
            }
            return
        }
        if target == "#_internal" {
            var internalEvent = event
            internalEvent.type = .internal
            raised.append(internalEvent)
            return
        }
        let recipient: SCXMLSession?
        if target == "#_parent" {
            guard let parentLink else { throw .unreachable("this session was not invoked, so it has no parent") }
            recipient = parentLink.session
        } else if target.hasPrefix("#_scxml_") {
            let id = String(target.dropFirst("#_scxml_".count))
            guard let session = group.session(id) else { throw .unreachable("no session has the id '\(id)'") }
            recipient = session
        } else if target.hasPrefix("#_") {
            let id = String(target.dropFirst(2))
            guard let invocation = children[id] else { throw .unreachable("no running invocation has the id '\(id)'") }
            recipient = invocation.child
        } else {
            if let externalSendHandler, externalSendHandler(event, target, delay) { return }
            throw .invalidTarget("the target '\(target)' is not one this processor supports (#_internal, #_parent, #_scxml_<id>, #_<invokeid>)")
        }
        guard let recipient else {
            // The parent went away (its caller let go of it): say so rather than drop the event.
            throw .unreachable("the session that invoked this one has ended")
        }
        var outgoing = event
        if recipient === parentLink?.session { outgoing.invokeID = parentLink?.invokeID }
        if delay > .zero {
            group.schedule(outgoing, to: recipient, from: self, after: delay)
        } else {
            recipient.enqueue(outgoing)
        }
    }

    enum DeliveryError: Error {
        case invalidTarget(String)
        case unreachable(String)
    }
}

/// Lets the datamodel's `In()` see the session without the datamodel owning it.
private final class ActiveStatesView {
    weak var session: SCXMLSession?
}

/// The session that invoked a child, and the id it was invoked under. The parent keeps the
/// child (among its invocations), so the child's reference back is weak: a strong one would be
/// a cycle that kept both sessions alive after the caller let go of the parent.
struct ParentLink {
    weak var session: SCXMLSession?
    let invokeID: String
}
