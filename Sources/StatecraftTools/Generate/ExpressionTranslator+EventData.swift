import Statecraft
import StatecraftSCXML

extension ExpressionTranslator {
    /// A read of `_event.data` followed by `steps`, in the condition or actions of a transition
    /// whose events carry one data shape: a field of that shape's struct, read from the event
    /// (`PingData(event)?.count`), optional; reading a field the event was not given raises
    /// `error.execution` however it is read, as the session does.
    func eventDataRead(_ steps: [PathStep], reading: Reading) throws(Untranslatable) -> String {
        let (descriptor, shapes) = try eventDataShapes()
        guard let shape = shapes.first else {
            throw Untranslatable(reason: "no event the transition takes ('\(SwiftNames.escapedText(descriptor))') carries "
                + "data: no <send> of it to the machine has <param>, namelist or <content>")
        }
        guard shapes.count == 1 else {
            throw Untranslatable(reason: "the transition takes events of several data shapes ("
                + shapes.map { "'\(SwiftNames.escapedText($0.eventName))'" }.joined(separator: ", ")
                + "), so _event.data has no one type; read it in one transition per event")
        }
        let field: EventDataField
        let name = SwiftNames.escapedText(shape.eventName)
        switch steps.count {
        case 0:
            guard shape.isContent, let value = shape.fields.first else {
                throw Untranslatable(reason: "_event.data as a whole is generated for data given by <content>; the event "
                    + "'\(name)' carries <param>s: read _event.data.name")
            }
            field = value
        case 1:
            guard case .member(let member) = steps[0].selector, !shape.isContent else {
                throw Untranslatable(reason: "of the event '\(name)''s data only _event.data.name is generated")
            }
            guard let found = shape.fields.first(where: { $0.name == member }) else {
                throw Untranslatable(reason: "no <send> of the event '\(name)' gives '\(SwiftNames.escapedText(member))'")
            }
            field = found
        default:
            throw Untranslatable(reason: "members and indices of a field of _event.data are not generated")
        }
        let id = field.name.isEmpty ? "_event.data" : "_event.data." + field.name
        var read = ContextField(
            id: id, swiftName: "eventData_" + field.swiftName.filter { $0 != "`" }, type: field.type + "?", initial: "nil",
            isOptional: true, position: TextPosition(line: 0, column: 0), unboundUntilAssigned: true
        )
        read.readPath = "(\(shape.typeName)(event)?.\(field.swiftName))"
        // A member the event's data lacks is an error in the session, however it is read; so is
        // a member of the data of an event without any (`undefined`), which a descriptor naming
        // other events than this one may take (a transition's "a b", a <finalize>'s events, a
        // prefix "a" of "a.b").
        let matching = EventDescriptor(descriptor)
        let others = matching.alternatives.contains { name in name != shape.eventName && !shape.eventName.hasPrefix(name + ".") }
            || (eventOrigins?.names ?? []).contains { name in
                name != shape.eventName && eventData[name] == nil && matching.matches(name)
            }
        guard field.mayBeAbsent || (others && !steps.isEmpty), reading != .value else { return try self.read(read, reading) }
        let value = try self.read(read, .value)
        return reading == .text ? "scxmlText(\(value))" : value
    }

    /// `isBound(_event.data)`: whether the transition's event carries data; `false` when no
    /// event it takes carries any (`_event.data` is then `undefined`), as for a done event whose
    /// `<donedata>` failed.
    func eventDataIsBound() throws(Untranslatable) -> String {
        let (descriptor, shapes) = try eventDataShapes()
        guard let shape = shapes.first else { return "false" }
        guard shapes.count == 1 else {
            throw Untranslatable(reason: "the descriptor '\(SwiftNames.escapedText(descriptor))' takes events of several "
                + "data shapes (" + shapes.map { "'\(SwiftNames.escapedText($0.eventName))'" }.joined(separator: ", ")
                + "): isBound(_event.data) is generated in a transition whose events have one")
        }
        return "(\(shape.typeName)(event) != nil)"
    }

    /// The transition's event descriptor and the data shapes of the events it takes, by name.
    private func eventDataShapes() throws(Untranslatable) -> (descriptor: String, shapes: [EventDataShape]) {
        guard let descriptor = eventDescriptor, !eventIsOptional else {
            throw Untranslatable(reason: "_event.data is generated in the condition and actions of a transition with an "
                + "event, whose event's data has a type; here the event is not known")
        }
        guard let shapes = EventDataShapes.taken(by: descriptor, in: eventData) else {
            throw Untranslatable(reason: "_event.data is not generated in a transition taking every event ('*'): the events' "
                + "data have different types")
        }
        return (descriptor, shapes)
    }

    /// `_event.type`, `.sendid`, `.origin`, `.origintype` or `.invokeid` in a transition with an
    /// event: the one value the events it takes have (``EventOrigins``), a `String`; undefined is
    /// read as unbound data is (`nil`, and `error.execution` when read as a value).
    func eventFieldRead(_ member: String, reading: Reading) throws(Untranslatable) -> String {
        switch try eventField(member) {
        case .text(let text):
            return SwiftNames.literal(text)
        case .ownOrigin:
            return try ownLocation("_event.origin")
        case .queue:
            return try lastEventSource()
        case .undefined:
            return try read(Self.eventField(member, path: "(nil as String?)"), reading)
        case .failedSend:
            return try read(Self.eventField(member, path: try failedSendID()), reading)
        case .unknown(let why):
            throw Untranslatable(reason: why)
        }
    }

    /// `_event.<member>` as a field unbound until assigned, read at `path` (a `String?`), so that
    /// reading it when it is undefined is what reading unbound data is.
    private static func eventField(_ member: String, path: String) -> ContextField {
        var field = ContextField(
            id: "_event." + member, swiftName: "event_" + member, type: "String?", initial: "nil", isOptional: true,
            position: TextPosition(line: 0, column: 0), unboundUntilAssigned: true
        )
        field.readPath = path
        return field
    }

    /// An error event's `sendid` (``EventOrigins/Value/failedSend``): the id its data carries,
    /// of each error event the transition takes. Reading it makes the error events carry it
    /// (``SystemReads/errorSendIDs``): until they do (the survey), `nil`.
    private func failedSendID() throws(Untranslatable) -> String {
        system?.errorSendIDs = true
        let carrying = (EventDataShapes.taken(by: eventDescriptor ?? "", in: eventData) ?? []).filter(\.carriesSendID)
        guard !carrying.isEmpty else { return "(nil as String?)" }
        return "(" + carrying.map { "\($0.typeName)(event)?.sendid" }.joined(separator: " ?? ") + ")"
    }

    /// `isBound(_event.<member>)`: whether the events the transition takes have the field.
    func eventFieldIsBound(_ member: String) throws(Untranslatable) -> String {
        switch try eventField(member) {
        case .text, .ownOrigin, .queue: return "true"
        case .undefined: return "false"
        case .failedSend: return "(\(try failedSendID()) != nil)"
        case .unknown(let why): throw Untranslatable(reason: why)
        }
    }

    /// `_event.type` by the queue the event came from, `internal` or `external`, read from the
    /// event the machine took last (``lastTaken()``).
    private func lastEventSource() throws(Untranslatable) -> String {
        "(\(try lastTaken())?.source == .internal ? \"internal\" : \"external\")"
    }

    /// `_event.name` outside a transition with an event (an entry, an exit, an eventless
    /// transition): the name of the event the machine took last (``lastTaken()``; SCXML 5.10:
    /// `_event` stays bound after its transition). Before the first event `_event` is unbound,
    /// and reading its member raises `error.execution` as in the session, whatever the reading.
    func lastEventName() throws(Untranslatable) -> String {
        var field = ContextField(
            id: "_event", swiftName: "event_name", type: "String?", initial: "nil", isOptional: true,
            position: TextPosition(line: 0, column: 0), unboundUntilAssigned: true
        )
        field.readPath = "\(try lastTaken())?.event.scxmlName"
        return try read(field, .value)
    }

    /// `_event` as a whole value (SCXML 5.10.1): the generated `EventValue`, the event with its
    /// data and the fields ``EventOrigins`` finds for its name, made from the event the machine
    /// took last, which the chart keeps in the context (`Statechart(lastEvent:)`) when it takes
    /// it, so that conditions read it too; unbound (`nil`) before the first event, read as
    /// unbound data is. Generated when every field of every event the machine may take is known,
    /// and as a value to store and compare, not as text.
    func wholeEvent(_ reading: Reading) throws(Untranslatable) -> String {
        guard hasEvent else { throw Self.noEvent }
        guard reading != .text else {
            throw Untranslatable(reason: "_event as a whole is generated as a value to store and compare, not as text (the "
                + "session writes it as an object): read its fields")
        }
        guard let eventOrigins, let system else {
            throw Untranslatable(reason: "_event as a whole is generated in actions and conditions only")
        }
        // Each name the document makes or names, then any other (the app's, a <send eventexpr>'s).
        let names = eventOrigins.names.sorted().map { Optional($0) } + [nil]
        for name in names {
            let fields = name.map(eventOrigins.fields(ofEventNamed:)) ?? eventOrigins.fieldsOfOtherNames()
            for (member, value) in fields.sorted(by: { $0.key < $1.key }) {
                switch value {
                case .unknown(let why):
                    let event = name.map { "'\(SwiftNames.escapedText($0))'" } ?? "an event of another name (the app's, a <send eventexpr>'s)"
                    throw Untranslatable(reason: "_event as a whole is generated when every field of every event the machine may "
                        + "take is known, and _event.\(member) of \(event) is not: \(why)")
                case .ownOrigin: system.sessionID = true
                case .failedSend: system.errorSendIDs = true
                case .text, .undefined, .queue: break
                }
            }
        }
        system.wholeEvent = true
        var field = ContextField(
            id: "_event", swiftName: "event_value", type: "EventValue?", initial: "nil", isOptional: true,
            position: TextPosition(line: 0, column: 0), unboundUntilAssigned: true
        )
        field.readPath = "EventValue(\(try lastTaken()), \(contextPrefix.dropLast()))"
        return try read(field, reading)
    }

    /// The event the machine took last and its queue (SCXML 5.10: `_event` is bound when an
    /// event is dequeued and stays bound after its transition), a `TakenEvent<Event>?`: in
    /// actions `effects.lastEvent` (the chart keeps it: ``SystemReads/lastEvent``), in conditions
    /// the context's `lastTaken`, which the chart writes when the machine takes an event
    /// (``SystemReads/lastTaken``). Either way the generator writes the document's delayed
    /// transitions as delayed sends, whose events the machine takes (an `After` timer takes none).
    func lastTaken() throws(Untranslatable) -> String {
        if inAction {
            system?.lastEvent = true
            return "effects.lastEvent"
        }
        guard let system else {
            throw Untranslatable(reason: "_event outside a transition with an event is generated in actions and conditions only")
        }
        system.lastEvent = true
        system.lastTaken = true
        return contextPrefix + "lastTaken"
    }

    private func eventField(_ member: String) throws(Untranslatable) -> EventOrigins.Value {
        guard let descriptor = eventDescriptor, !eventIsOptional, let eventOrigins else {
            throw Untranslatable(reason: "_event.\(member) is generated in the condition and actions of a transition with an "
                + "event; here the event is not known")
        }
        return eventOrigins.value(of: member, descriptor: descriptor)
    }
}
