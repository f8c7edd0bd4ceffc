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

    // The properties read on every event are `@exclusivity(unchecked)`: none is passed
    // `inout` or held in a modify access across a call out of the session (the machine is
    // moved out while it runs), so the checks the runtime would make on each access, about a
    // fifth of an event's cost, could find nothing. The engine's `Workspace` does the same.
    let group: SessionGroup
    /// How the group, children, timers and the datamodel refer to this session.
    let link: SessionLink
    /// The invocation that made this session, for an invoked child.
    let parentLink: ParentLink?
    @exclusivity(unchecked) var machine: Machine<String, SCXMLEvent, SessionHandle>?
    @exclusivity(unchecked) var datamodel: any SCXMLDatamodel
    /// The evaluation meter of the datamodel: started again at each macrostep.
    package let meter: SCXMLEvaluationMeter
    /// The engine's configuration while one of its calls runs, handed over by the chart's
    /// dequeue hook; `nil` between calls, when the machine itself answers. The session keeps
    /// no copy of the configuration.
    @exclusivity(unchecked) var configuration: ConfigurationView?
    /// Events for this session's external queue that came while its machine was not there to
    /// take them (moved out while it runs, or not yet made): they join the machine's external
    /// queue, in order, as soon as it is back. Empty between calls once the session started.
    @exclusivity(unchecked) var arrivals: [SCXMLEvent] = []
    /// How many events the macrostep hook returned that the engine has still to process
    /// (see `macrostepEnded`), and how many rounds of them it returned after this macrostep.
    @exclusivity(unchecked) var roundLeft = 0
    @exclusivity(unchecked) var rounds = 0
    /// Errors found outside a microstep, raised by the next action that runs. Never passed
    /// `inout` across a call, so unchecked like the properties above.
    @exclusivity(unchecked) var pendingRaises: [SCXMLEvent] = []
    /// Delayed sends and cancels of the macrostep running, for the machine's timers once the
    /// engine hands the machine back (``applyHeldChanges()``).
    @exclusivity(unchecked) var heldChanges: [HeldChange] = []
    /// States entered in the current macrostep that have invocations, in entry order.
    @exclusivity(unchecked) var statesToInvoke: [Int] = []
    /// Running invocations: invoke id to the child, with the state that owns it.
    @exclusivity(unchecked) var children: [String: Invocation] = [:]
    @exclusivity(unchecked) var childOrder: [String] = []
    /// Invocations whose child has ended while the invoking state is still active: `<finalize>`
    /// still applies to the events the child sent before it ended, and to its done event.
    var finishedChildren: [String: Invocation] = [:]
    var lateBound: Set<Int> = []
    @exclusivity(unchecked) var boundEvent: SCXMLEvent?
    var sendCounter = 0
    @exclusivity(unchecked) var didStart = false
    /// The top-level final state entered, if any.
    @exclusivity(unchecked) var topFinal: String?
    /// Invocations this session cancelled: events still coming from them are ignored.
    var cancelledInvocations: Set<String> = []
    /// The top-level final state reached, once the session ends.
    @exclusivity(unchecked) public internal(set) var finalState: String?
    /// The data of the top-level final state's `<donedata>`, once the session ends.
    public internal(set) var doneData: SCXMLValue = .undefined
    /// Whether the session stopped without reaching a final state (cancelled as a child).
    @exclusivity(unchecked) public internal(set) var isCancelled = false
    /// Called after every transition the session takes (not those of sessions it invoked).
    public var transitionListener: (@Sendable (TakenTransition<String, SCXMLEvent>) -> Void)? {
        didSet { machine?.onTransition = transitionListener }
    }
    /// Whether the session records the states it exits and enters, for ``takeStateChanges()``:
    /// the engine's record (`Machine.recordsStateChanges`). Turned on before ``start()``, the
    /// initial entries are recorded too. A session that ends exits every active state, as SCXML's
    /// `exitInterpreter` and a cancellation do, and those exits are recorded last.
    public var recordsStateChanges: Bool {
        get { machine?.recordsStateChanges ?? recordsFromStart }
        set {
            recordsFromStart = newValue
            machine?.recordsStateChanges = newValue
        }
    }
    /// Whether recording was asked for before the machine exists.
    private var recordsFromStart = false
    /// Receives a `<send>` whose target this processor does not know (not `#_internal`,
    /// `#_parent`, `#_scxml_<id>` or `#_<invokeid>`), with its event, target and delay; returns
    /// whether it took the event. Without it, or when it returns `false`, the send fails with
    /// `error.execution`, as before. A durable store uses it to put events for other durable
    /// machines in its outbox. A restored session starts without it.
    ///
    /// A session that was not invoked gives it its `<send target="#_parent">`s too: a host that
    /// runs the session as an invocation of its own (a generated machine's `Invocations`) takes
    /// them; refused, or without a handler, such a send fails with `error.communication`.
    public var externalSendHandler: ((_ event: SCXMLEvent, _ target: String, _ delay: Duration) -> Bool)?
    /// The event I/O processors this session has besides the SCXML one (``SCXMLEventIOProcessor``):
    /// `<send>`s of their types go to them, and `_ioprocessors` lists them. Set before
    /// ``start()``; sessions it invokes do not inherit them.
    public var ioProcessors: [any SCXMLEventIOProcessor] = []

    /// The states exited and entered since the last call, in order; empties the record.
    ///
    /// - Returns: The changes, oldest first.
    public func takeStateChanges() -> [StateChange<String>] {
        machine?.takeStateChanges() ?? []
    }

    /// Receives each exit, transition, entry, raised and sent event as it happens (the
    /// simulator's `--trace`); `nil` for none. Read at every transition, so unchecked like the
    /// properties above (it is set between calls, never while one runs).
    @exclusivity(unchecked) package var traceHandler: ((SessionTraceEntry) -> Void)?

    /// How many levels of invocation lie above this session: 0 for a top-level session.
    let depth: Int

    static let chartOptions = StatechartOptions<String, SCXMLEvent>(
        doneEvent: { state, data in
            SCXMLEvent("done.state.\(state)", type: .internal, data: data?.data ?? .undefined)
        },
        guardErrorEvent: { error in
            (error as? ConditionFailure)?.event
                ?? SCXMLEvent("error.execution", type: .platform, data: .object([SCXMLMember("reason", .string("\(error)"))]))
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
        parentLink = parent.map { ParentLink(link: $0.session.link, invokeID: $0.invokeID) }
        depth = parent.map { $0.session.depth + 1 } ?? 0
        self.sessionID = sessionID ?? group.newSessionID()
        let link = SessionLink()
        self.link = link
        meter = SCXMLEvaluationMeter(budgets: document.datamodels.budgets)
        meter.beginStep()
        datamodel = document.datamodelFactory(
            SCXMLDatamodelEnvironment(meter: meter, isActive: { link.session?.isActive($0) ?? false })
        )
        link.session = self
        group.register(self)
    }

    deinit {
        link.session = nil
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
        let location = SCXMLValue.object([SCXMLMember("location", .string(Self.address(of: sessionID)))])
        datamodel.setSystemVariable("_ioprocessors", value: .object([
            SCXMLMember(SCXMLNames.scxmlProcessor, location),
            SCXMLMember("scxml", location),
        ] + attachIOProcessors()))
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
            var raised: [SCXMLEvent] = []
            _ = execute(document.model.script, raised: &raised)
            pendingRaises += raised
        }
        // The listener hears the transitions of the first macrostep too (eventless ones, and
        // those the errors of starting invocations cause), which run inside the initializer.
        var started = Machine(
            chart: document.chart, context: SessionHandle(session: self), onTransition: transitionListener,
            recordingStateChanges: recordsFromStart
        )
        // Its clock is the group's: an invoked session starts when the group's time has moved on.
        started.moveClock(to: group.now)
        // The engine called `macrostepEnded` after the initial macrostep: faults were reported
        // and invocations started there.
        configuration = nil
        machine = started
        applyHeldChanges()
        takeArrivals()
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
        // Compared as optionals, not unwrapped: the same event again (the usual case) is not copied.
        if event != nil, boundEvent != event { bindEvent(event.unsafelyUnwrapped) }
    }

    /// Whether the session has ended: it reached a top-level final state, or was cancelled.
    public var isFinished: Bool {
        finalState != nil || isCancelled
    }

    /// The current instant on the group's clock, since the group was made.
    public var now: Duration { group.now }

    /// When the next delayed send of this session's group is due, if one is waiting.
    public var nextDeadline: Duration? { group.nextDeadline }
}

/// How the rest of a group (the group itself, a child, a timer, the datamodel's `In()`) refers
/// to a session without keeping it alive: the session holds its link and clears it when it
/// goes, so a reader finds `nil` afterwards, as through a weak reference.
///
/// Not a weak reference to the session itself: an object that is referenced weakly keeps its
/// counts in a side table, and every retain and release of it, several per event, takes the
/// runtime's slow path.
final class SessionLink {
    /// The session, until it goes.
    unowned(unsafe) var session: SCXMLSession?

    init() {}
}

/// The session that invoked a child, and the id it was invoked under. The parent keeps the
/// child (among its invocations), so the child's reference back does not keep it: a strong one
/// would be a cycle that kept both sessions alive after the caller let go of the parent.
struct ParentLink {
    let link: SessionLink
    let invokeID: String

    /// The parent, while it exists.
    var session: SCXMLSession? { link.session }
}
