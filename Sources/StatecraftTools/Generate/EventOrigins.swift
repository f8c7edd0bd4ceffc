import Statecraft
import StatecraftSCXML

/// What `_event.type`, `.sendid`, `.origin`, `.origintype` and `.invokeid` (SCXML 5.10.1) are for
/// the events a transition takes, found from where the document makes each event: a generated
/// event is a case of `Event`, which does not carry where it came from, so these are known when
/// every way the document makes the event gives the same value, as the session gives it.
///
/// - `<raise>`: `internal`, the rest undefined.
/// - `<send>` to the machine itself (no target, or a `targetexpr` that may name it): `external`,
///   for its event or, with `eventexpr`, for any,
///   the `<send>`'s `id` (undefined without one), the session's own `#_scxml_<id>` origin and the
///   SCXML processor's type; to `#_internal` the same but `internal`.
/// - `done.state.<id>`: `internal`; `done.invoke.<id>`: `external`, from the SCXML processor,
///   with the invocation's id; `error.*`: `platform`, and, when a `<send>` has an id, the id of
///   the `<send>` whose failure raised it, which the event then carries.
/// - What an invoked document sends to `#_parent`: `external`, from the SCXML processor, with
///   the invocation's id and the `<send>`'s `id` (its origin, the invoked session's location, is
///   known when it runs).
/// - In an invoked document, what the invoking document sends it (`#_<id>`): `external`, from the
///   SCXML processor, no invocation id; its `sendid` and origin (the invoking session's) are known
///   when it runs. An event forwarded to it (`autoforward`) keeps the fields it had, known when
///   it runs.
/// - An event the document does not make comes from the app: `external`, the rest undefined.
/// - `type` of an event made in ways that differ only in their queue (a `<raise>` and a `<send>`
///   to the machine itself; a `<send targetexpr>`, which may name `#_internal`): the queue tells
///   when it runs (`Effects.lastEvent`, in actions), unless a way reaches the machine other than
///   through its queues (an invocation, the invoking session). A delayed transition's `<send>`
///   counts as a send: the read makes the generator keep delayed sends as sends.
///
/// A field that differs between the ways an event is made, or that only the running machine
/// knows (an `idlocation` id, the origin of an invoked session), is refused with why.
struct EventOrigins {
    /// One field's value for one event.
    enum Value: Hashable {
        case undefined
        case text(String)
        /// `#_scxml_` followed by the machine's session id.
        case ownOrigin
        /// `_event.type`'s `internal` or `external`, by the queue the event came from, known when
        /// it runs: the generated machine reads `Effects.lastEvent`.
        case queue
        /// An error event's `sendid`: the id of the `<send>` whose failure raised it, which the
        /// event carries (``EventDataShapes/carrySendIDs(raised:reserved:)``); `nil` when no `<send>`
        /// with an id raised it.
        case failedSend
        /// Known only when the machine runs: why.
        case unknown(String)
    }

    /// The members of `_event` this type answers, in the order SCXML 5.10.1 lists them (`EventValue`
    /// declares its fields in it).
    static let members = ["type", "sendid", "origin", "origintype", "invokeid"]

    /// Event name → the fields of each way the document makes it.
    private var made: [String: [[String: Value]]] = [:]
    /// Whether the document invokes others, whose events may reach it under any name.
    private let invokes: Bool
    /// The names some of whose ways reach the machine other than as themselves through its own
    /// queues: an event an invocation returns (its `<finalize>` runs before the event is taken),
    /// a `done.invoke`, what the invoking session sends or forwards. `Effects.lastEvent` does not
    /// tell their queue.
    private var unqueued: Set<String> = []
    /// The names a delayed transition's timer takes (``DelayedTransitions``): a document
    /// whose delayed sends stay sends (`DelayedTransitions(pairs: false)`) takes them from its
    /// external queue, where `Effects.lastEvent` tells the queue.
    private var timed: Set<String> = []
    /// Every event name the document makes or a transition names (wildcards left out): the
    /// events a descriptor may take.
    private(set) var names: Set<String> = []

    /// Finds where `model`'s events are made.
    ///
    /// - Parameters:
    ///   - model: The document.
    ///   - blocks: Its executable content, block by block.
    ///   - fromInvoked: The `<send target="#_parent">`s of the documents it invokes, with each
    ///     invocation's id.
    ///   - fromInvoker: When it is invoked, the events the invoking document gives it, each with
    ///     the `<send target="#_<id>">`s that send it (none: it is forwarded).
    ///   - timed: The `<send>`s of its delayed transitions (``DelayedTransitions``), which
    ///     `blocks` leaves out: their events are sent, and a timer takes them, not a queue.
    init(
        model: DocumentModel, blocks: [[Action]], fromInvoked: [(invokeID: String, send: SendModel)] = [],
        fromInvoker: [(name: String, sends: [SendModel])] = [], timed: [Action] = []
    ) {
        var invokeIDs: [String] = []
        var anyInvoke = false
        var doneStates: [String] = []
        func collect(_ state: StateModel) {
            if !state.invokes.isEmpty { anyInvoke = true }
            invokeIDs += state.invokes.compactMap(\.id)
            if state.kind == .parallel || (state.kind == .state && !state.children.isEmpty) { doneStates.append(state.id) }
            state.children.forEach(collect)
        }
        model.states.forEach(collect)
        invokes = anyInvoke
        var sendsCarryIDs = false
        func walk(_ actions: [Action]) {
            for action in actions {
                switch action.kind {
                case .raise(let event):
                    made[event, default: []].append(Self.fields(type: "internal"))
                case .send(let send):
                    if send.id != nil || send.idLocation != nil { sendsCarryIDs = true }
                    let toSelf = send.targetExpr != nil || send.target == nil || send.target == "#_internal"
                    guard toSelf else { continue }
                    // A name computed when the send runs (eventexpr) may be any event's.
                    let event = send.event ?? Self.computed
                    var fields = Self.fields(type: send.target == "#_internal" ? "internal" : "external")
                    // A target computed when it runs may be #_internal: the queue tells.
                    if send.target == nil, send.targetExpr != nil { fields["type"] = .queue }
                    fields["origin"] = .ownOrigin
                    fields["origintype"] = .text(SCXMLNames.scxmlProcessor)
                    fields["sendid"] = Self.sendID(of: send, named: event, whose: "the")
                    made[event, default: []].append(fields)
                case .branches(let branches): branches.forEach { walk($0.actions) }
                case .foreach(_, _, _, let body): walk(body)
                default: break
                }
            }
        }
        blocks.forEach(walk)
        walk(timed)
        for case .send(let send) in timed.map(\.kind) { self.timed.insert(send.event ?? Self.computed) }
        for id in doneStates { made["done.state." + id, default: []].append(Self.fields(type: "internal")) }
        for id in invokeIDs {
            var fields = Self.fields(type: "external")
            fields["origin"] = .unknown("done.invoke's origin is the invoked session's, known when it runs")
            fields["origintype"] = .text(SCXMLNames.scxmlProcessor)
            fields["invokeid"] = .text(id)
            made["done.invoke." + id, default: []].append(fields)
            unqueued.insert("done.invoke." + id)
        }
        for (invokeID, send) in fromInvoked {
            guard let event = send.event else { continue }
            var fields = Self.fields(type: "external")
            fields["origin"] = .unknown("the origin of an event from an invoked session is that session's location, known when it runs")
            fields["origintype"] = .text(SCXMLNames.scxmlProcessor)
            fields["invokeid"] = .text(invokeID)
            fields["sendid"] = Self.sendID(of: send, named: event, whose: "the invoked document's")
            made[event, default: []].append(fields)
            unqueued.insert(event)
        }
        for (name, sends) in fromInvoker {
            unqueued.insert(name)
            var fields = Self.fields(type: "external")
            // One way per <send> of the name: their ids may differ (SCXML 5.10.1: sendid is the
            // <send>'s id, undefined without one).
            for send in sends {
                var sent = fields
                sent["origin"] = .unknown("the origin of an event from the invoking session is that session's location, known "
                    + "when it runs")
                sent["origintype"] = .text(SCXMLNames.scxmlProcessor)
                sent["sendid"] = Self.sendID(of: send, named: name, whose: "the invoking document's")
                made[name, default: []].append(sent)
            }
            if sends.isEmpty {
                for member in ["sendid", "origin", "origintype", "invokeid"] {
                    fields[member] = .unknown("an event forwarded by the invoking session (autoforward) keeps the fields it had "
                        + "there, known when it runs")
                }
                made[name, default: []].append(fields)
            }
        }
        for name in ["error.execution", "error.communication"] {
            var fields = Self.fields(type: "platform")
            // An error of a failed <send> carries its id (SCXML 5.10.1).
            if sendsCarryIDs { fields["sendid"] = .failedSend }
            made[name, default: []].append(fields)
        }
        var named = Set(made.keys)
        func gather(_ state: StateModel) {
            for case let event? in state.transitions.map(\.event) {
                named.formUnion(EventDescriptor(event).alternatives.filter { $0 != "*" })
            }
            state.children.forEach(gather)
        }
        model.states.forEach(gather)
        names = named.subtracting([Self.computed])
    }

    /// Where the fields of `<send eventexpr>`s are kept: their event may have any name.
    private static let computed = "\u{0}eventexpr"

    /// The `sendid` of the events `send` makes (SCXML 5.10.1): its `id`; unknown with
    /// `idlocation` (made when it runs); undefined without either. `whose` says whose `<send>`
    /// it is in the reason (`the`, `the invoked document's`).
    private static func sendID(of send: SendModel, named event: String, whose: String) -> Value {
        if let id = send.id { return .text(id) }
        guard send.idLocation != nil else { return .undefined }
        return .unknown("\(whose) <send> of '\(SwiftNames.escapedText(event))' takes its id from idlocation, made when it runs")
    }

    private static func fields(type: String) -> [String: Value] {
        ["type": .text(type), "sendid": .undefined, "origin": .undefined, "origintype": .undefined, "invokeid": .undefined]
    }

    /// `_event.<member>` in a transition of `descriptor`: the one value every event it takes has.
    func value(of member: String, descriptor: String) -> Value {
        let alternatives = EventDescriptor(descriptor).alternatives
        if alternatives.contains("*") {
            return .unknown("_event.\(member) is not generated in a transition taking every event ('*')")
        }
        return value(of: member, among: alternatives, exactly: false)
    }

    /// The fields of `_event` (``members``) of an event named `name` exactly, each the one value
    /// every way the document makes it gives: what `_event` as a whole value holds besides the
    /// event itself.
    func fields(ofEventNamed name: String) -> [String: Value] {
        Dictionary(uniqueKeysWithValues: Self.members.map { ($0, value(of: $0, among: [name], exactly: true)) })
    }

    /// ``fields(ofEventNamed:)`` of an event whose name the document neither makes nor names
    /// (`Event.named(_)`): the app's, or a `<send eventexpr>`'s.
    func fieldsOfOtherNames() -> [String: Value] { fields(ofEventNamed: Self.otherName) }

    /// A name no document has, for ``fieldsOfOtherNames()``.
    private static let otherName = "\u{0}other"

    /// `_event.<member>` of the events named by `alternatives` (and, unless `exactly`, the names
    /// below them): the one value every way of making them gives; a name made by none comes from
    /// the app (`external`, the rest undefined), or from an invocation when the document has any.
    private func value(of member: String, among alternatives: [String], exactly: Bool) -> Value {
        // Each way with the name it makes and how it reaches the machine.
        var found: [(name: String, value: Value, reach: Reach)] = []
        for alternative in alternatives {
            let names = made.keys.filter { $0 == alternative || (!exactly && $0.hasPrefix(alternative + ".")) }.sorted()
            if names.isEmpty {
                if invokes {
                    return .unknown("in a document that invokes others, '\(SwiftNames.escapedText(alternative))' may come "
                        + "from an invoked session, whose _event.\(member) is known when it runs")
                }
                // From the app.
                found.append((alternative, member == "type" ? .text("external") : .undefined, .queue))
            }
            for name in names {
                for fields in made[name] ?? [] { found.append((name, fields[member] ?? .undefined, reach(name))) }
            }
            for fields in made[Self.computed] ?? [] {
                found.append(("an event named by a <send eventexpr>", fields[member] ?? .undefined, reach(Self.computed)))
            }
        }
        return Self.oneValue(of: member, found)
    }

    /// The one value of `member` the ways in `found` give, or why there is none.
    private static func oneValue(of member: String, _ found: [(name: String, value: Value, reach: Reach)]) -> Value {
        guard let first = found.first else { return .undefined }
        if member == "type", found.contains(where: { $0.value == .queue || $0.value != first.value }) {
            return byQueue(found)
        }
        if case .unknown = first.value { return first.value }
        if let other = found.first(where: { $0.value != first.value }) {
            if case .unknown = other.value { return other.value }
            let names = first.name == other.name
                ? "'\(SwiftNames.escapedText(first.name))' is made in two ways that"
                : "'\(SwiftNames.escapedText(first.name))' and '\(SwiftNames.escapedText(other.name))'"
            return .unknown("_event.\(member) is not one value here: \(names) differ in it (\(Self.describe(first.value)) "
                + "and \(Self.describe(other.value))), and a generated event does not carry where it came from")
        }
        return first.value
    }

    /// How the events of a name reach the machine.
    enum Reach {
        /// Through its queues, which `Effects.lastEvent` tells.
        case queue
        /// Some by a delayed transition's timer, the rest through its queues: a document whose
        /// delayed sends stay sends (`DelayedTransitions(pairs: false)`) takes them all from its queues.
        case timer
        /// Some by an invocation or from the invoking session, whose queue is not told.
        case other
    }

    private func reach(_ name: String) -> Reach {
        if unqueued.contains(name) { return .other }
        return timed.contains(name) ? .timer : .queue
    }

    /// `_event.type` when the ways an event is made differ in it: `.queue` when each is
    /// `internal` by the internal queue or `external` by the external one (a `<raise>` and a
    /// `<send>` of one name, a `<send targetexpr>`), as `Effects.lastEvent` tells when it runs.
    /// A way taken by a delayed transition's timer counts as its `<send>`: reading the queue in
    /// an action makes the generator write the delayed transitions as delayed sends
    /// (``SystemReads/lastEvent``), whose events the machine takes from its external queue.
    private static func byQueue(_ found: [(name: String, value: Value, reach: Reach)]) -> Value {
        let byQueue: Set<Value> = [.text("internal"), .text("external"), .queue]
        if let other = found.first(where: { !byQueue.contains($0.value) }) {
            if case .unknown = other.value { return other.value }
            return .unknown("_event.type is not one value here: '\(SwiftNames.escapedText(other.name))' is made by the platform "
                + "(\(describe(other.value))), and a generated event does not carry where it came from")
        }
        if let other = found.first(where: { $0.reach == .other }) {
            return .unknown("_event.type is known when it runs here, and '\(SwiftNames.escapedText(other.name))' reaches the "
                + "machine from an invocation or the invoking session, whose queue the generated machine does not tell")
        }
        return .queue
    }

    private static func describe(_ value: Value) -> String {
        switch value {
        case .undefined: "undefined"
        case .text(let text): "'\(SwiftNames.escapedText(text))'"
        case .ownOrigin: "the machine's own origin"
        case .queue: "'internal' or 'external' by its queue"
        case .failedSend: "the id of the <send> that failed, if any"
        case .unknown: "not known"
        }
    }
}
