#if Inspector
public import Statecraft
public import StatecraftRuntime
public import StatecraftSCXML

extension Inspector {
    /// Shows a typed machine's runtime under `id`.
    ///
    /// From now on, every event the runtime processes (whoever sends it), with the transitions
    /// it took and the snapshot after it, and every transition its timers take, is recorded
    /// and sent to the open pages. The page draws `chart`'s structure and lists the context as
    /// JSON when `Context` is `Encodable`; an event's data shows as JSON when `Event` is.
    ///
    /// ```swift
    /// let runtime = MachineRuntime(chart: player, context: Session())
    /// try inspector.inspect(runtime, chart: player, id: "player", events: .cases([.power, .play]))
    /// ```
    ///
    /// - Parameters:
    ///   - runtime: The running machine.
    ///   - chart: Its chart, for the drawing.
    ///   - id: Its name on the page and in URLs: 1 to 64 letters, digits, `.`, `_` or `-`.
    ///   - events: The events the page and `POST /events` may send, by name; none by default.
    /// - Throws: ``InspectorError`` when `id` is not usable or already taken.
    public func inspect<State, Event, Context: Sendable>(
        _ runtime: MachineRuntime<Machine<State, Event, Context>>,
        chart: Statechart<State, Event, Context>,
        id: String,
        events: InspectorEvents<Event> = .none
    ) throws(InspectorError) {
        try show(runtime, view: TypedView(structure: chart.structure.json(), events: events), id: id)
    }

    static func typedStep<State, Event, Context: Sendable>(
        _ step: MachineRuntime<Machine<State, Event, Context>>.Step, _ names: TypedNames<State, Event, Context>,
        faults: RuntimeFaults
    ) -> StepJSON {
        let kind = names.kind(step.event.kind)
        let text = "\(step.event)"
        let routes = step.transitions.map { transition in
            (event: transition.event.map { names.kind($0.kind) }, source: names.state(transition.source),
             target: transition.target.map(names.state.callAsFunction))
        }
        return StepJSON(
            event: StepJSON.event(name: kind, data: names.event(step.event), text: text),
            outcome: StepJSON.outcome(event: text, kind: kind, routes: routes) { "\(step.outcome)" },
            transitions: step.transitions.map { typedTransition($0, names) },
            snapshot: typedSnapshot(step.snapshot, names, faults: faults)
        )
    }

    static func typedTransition<State, Event, Context>(
        _ transition: TakenTransition<State, Event>, _ names: TypedNames<State, Event, Context>
    ) -> String {
        StepJSON.transition(
            source: names.state(transition.source), target: transition.target.map(names.state.callAsFunction),
            event: transition.event.map { names.kind($0.kind) }
        )
    }

    /// `activeStates`, `status`, `now`, `timers`, `history`, `context` (JSON, or `null` when it
    /// is not `Encodable`), `contextEncodable`, and `faultCount` and `faults` (the runtime's
    /// most recent faults).
    static func typedSnapshot<State, Event, Context>(
        _ snapshot: Snapshot<State, Event, Context>, _ names: TypedNames<State, Event, Context>, faults: RuntimeFaults
    ) -> String {
        let timers = snapshot.timers.map { timer in
            let what: String
            var timerID: String?
            switch timer.kind {
            case .event(let event, let id):
                what = "send \(event)"
                timerID = id
            case .delayedTransition(let source, let index):
                what = "delayed transition \(index) of \(names.state(source))"
            case .outbound(let event, let target, let id):
                what = "send \(event) to \(target)"
                timerID = id
            }
            return JSONText.object([
                ("due", JSONText.seconds(timer.due)), ("in", JSONText.seconds(timer.due - snapshot.now)),
                ("what", JSONText.string(what)), ("id", JSONText.string(timerID)),
            ])
        }
        let history = snapshot.history.map { state, remembered in
            (names.state(state), JSONText.array(remembered.map { JSONText.string(names.state($0)) }))
        }.sorted { $0.0 < $1.0 }
        let context = names.context(snapshot.context)
        return JSONText.object([
            ("activeStates", JSONText.array(snapshot.activeStates.map { JSONText.string(names.state($0)) })),
            ("status", JSONText.string(snapshot.status == .done ? "done" : "running")),
            ("now", JSONText.seconds(snapshot.now)),
            ("timers", JSONText.array(timers)),
            ("history", JSONText.object(history)),
            ("context", context ?? "null"),
            ("contextEncodable", context == nil ? "false" : "true"),
        ] + faults.members)
    }
}

/// How the inspector shows a typed machine: by the names of its states and event kinds, the
/// events it was added with, and its context as JSON when it is `Encodable`.
struct TypedView<State: Hashable & Sendable, Event: MachineEvent, Context: Sendable>: MachineView {
    typealias Runnable = Machine<State, Event, Context>

    let names = TypedNames<State, Event, Context>()
    let structure: String
    let events: InspectorEvents<Event>
    let eventNames: [String]

    init(structure: String, events: InspectorEvents<Event>) {
        self.structure = structure
        self.events = events
        eventNames = events.entries.map(\.name)
    }

    var kind: String { "typed" }
    var acceptsAnyName: Bool { false }

    /// One of the events the machine was added with, made from the request's data.
    func event(named name: String, data: SCXMLValue?, machine id: String) throws(InspectorError) -> Event {
        guard let entry = events.entry(named: name) else {
            throw InspectorError(
                code: .unknownEvent,
                message: "machine '\(id)' has no event '\(name.excerpt())'; it takes: "
                    + (eventNames.isEmpty ? "(none: it was added without events)" : eventNames.joined(separator: ", "))
            )
        }
        guard let event = entry.make(data) else {
            throw InspectorError(
                code: .unknownEvent,
                message: "event '\(name.excerpt())' of machine '\(id)' does not take "
                    + (data.map { "the data \(JSONText.value($0))" } ?? "no data")
                    + (entry.example.map { "; for example: \($0)" } ?? "")
            )
        }
        return event
    }

    func step(_ step: MachineRuntime<Runnable>.Step, faults: RuntimeFaults) -> StepJSON {
        Inspector.typedStep(step, names, faults: faults)
    }

    func snapshot(_ snapshot: Snapshot<State, Event, Context>, faults: RuntimeFaults) -> String {
        Inspector.typedSnapshot(snapshot, names, faults: faults)
    }

    func transition(_ transition: TakenTransition<State, Event>) -> String {
        Inspector.typedTransition(transition, names)
    }

    func eventName(of event: Event) -> String {
        names.kind(event.kind)
    }

    func activeStates(of snapshot: Snapshot<State, Event, Context>) -> [String] {
        snapshot.activeStates.map(names.state.callAsFunction)
    }
}

/// What a typed machine's records are written with: its states' and event kinds' names, made
/// once each, and JSON writers for its events and context, chosen once for their types.
struct TypedNames<State: Hashable & Sendable, Event: MachineEvent, Context>: Sendable {
    let state = Names<State>()
    let kind = Names<Event.Kind>()
    let event = JSONWriter<Event>()
    let context = JSONWriter<Context>()
}
#endif
