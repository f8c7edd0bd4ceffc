import StatecraftSCXML

/// Why an expression, location or script cannot be generated, in words.
struct Untranslatable: Error {
    var reason: String
    /// Whether the session fails on it every time it runs (an expression or location that does
    /// not parse, a name no `<data>` declares): in executable content the generated code then
    /// raises `error.execution` there, as the session does (SCXML 4.9), and the generator warns.
    var failsWhenRun = false
}

/// Translates the `statecraft` datamodel's expressions into Swift over the generated context,
/// form by form of the language's grammar (``ExpressionKind``): each form becomes the Swift
/// that says the same of typed values, or is refused with why. Nothing is converted at run time:
/// `count + 'a'` becomes `context.count + "a"`, which the Swift compiler rejects, so a wrong
/// expression is a build error of the generated code.
struct ExpressionTranslator {
    /// Data id → its field in the generated context.
    let fields: [String: ContextField]
    /// State id → the `State` case, written `.name`.
    let states: [String: String]
    /// Whether `event` is `Event?` (eventless transitions, entry and exit actions) or `Event`.
    var eventIsOptional: Bool
    /// Whether the code runs in an action (else in a guard).
    var inAction: Bool
    /// Where an action's reads of data unbound until assigned are collected, to be unwrapped
    /// before the statement (`error.execution` when unbound); `nil` elsewhere (guards read such
    /// data through ``throwingReads``).
    var unwraps: Unwraps? = nil
    /// The document's `name`, which `_name` reads; `nil` when it has none (`_name` is undefined).
    var documentName: String? = nil
    /// The ids of every `<data>`, those the generator refuses included: a name outside it fails
    /// when it runs, one inside it without a field is refused.
    var declared: Set<String> = []
    /// Where reads of `_sessionid` are noted, so that the generated context carries the id.
    var system: SystemReads? = nil
    /// How the code reaches the context: `context.` in closures, `self.` in the context's initializer.
    var contextPrefix = "context."
    /// In a guard, where a read that may fail (data unbound until assigned, read as a value) is
    /// noted: it becomes a call that throws, and the chart raises `error.execution` for a guard
    /// that throws and takes it as false, as the session does; `nil` refuses such a read.
    var throwingReads: ThrowingReads? = nil
    /// Event name → the data it carries (``EventDataShape``), for `_event.data`.
    var eventData: [String: EventDataShape] = [:]
    /// The event descriptor of the transition whose code this is; `nil` elsewhere.
    var eventDescriptor: String? = nil
    /// Whether the code has an event at hand (`event`, optional or not); `false` in `<donedata>`,
    /// computed where no event is, so that every read of `_event` is refused.
    var hasEvent = true
    /// Where the document makes its events, for `_event.type`, `.sendid`, `.origin`,
    /// `.origintype` and `.invokeid`; `nil` refuses them.
    var eventOrigins: EventOrigins? = nil

    /// The Swift of a whole expression, which reads unbound data as `reading` says.
    func expression(_ text: String, reading: Reading = .value) throws(Untranslatable) -> String {
        let node: ExpressionNode
        do {
            node = try StatecraftExpressionSyntax.expression(text)
        } catch {
            throw Untranslatable(
                reason: "the expression '\(SwiftNames.escapedText(text))' does not parse: \(error.message)", failsWhenRun: true
            )
        }
        return try translate(node, reading: reading)
    }

    /// The Swift of a location that can be assigned: a field of the context.
    func location(_ text: String) throws(Untranslatable) -> ContextField {
        let node: LocationNode
        do {
            node = try StatecraftExpressionSyntax.location(text)
        } catch {
            throw Untranslatable(
                reason: "the location '\(SwiftNames.escapedText(text))' does not parse: \(error.message)", failsWhenRun: true
            )
        }
        return try field(of: node)
    }

    func field(of node: LocationNode) throws(Untranslatable) -> ContextField {
        guard node.steps.isEmpty else {
            throw Untranslatable(reason: "a location with members or indices ('\(node.variable)' followed by . or [) "
                + "is not generated: the generated context's fields are whole values")
        }
        if SCXMLExpressionDatamodel.systemVariableNames.contains(node.variable) {
            // SCXML 5.10: the session raises error.execution for an assignment to a system variable.
            throw Untranslatable(reason: Self.readOnly(node.variable), failsWhenRun: true)
        }
        guard let field = fields[node.variable] else { throw notAField(node.variable) }
        guard !field.neverHoldsValue else { throw Self.noType(field) }
        return field
    }

    private var eventName: String { "event.scxmlName" }

    func translate(_ node: ExpressionNode) throws(Untranslatable) -> String {
        try translate(node, reading: .value)
    }

    /// How an expression reads data unbound until assigned (`T?`, `nil` for `undefined`).
    enum Reading {
        /// As a value: unwrapped, `error.execution` when unbound (the datamodel's arithmetic and
        /// comparisons refuse `undefined`).
        case value
        /// As an optional: `==` and `!=` compare `undefined` like any value.
        case optional
        /// As text: `undefined` is written `undefined` (`+` with a string, `text()`).
        case text
    }

    func translate(_ node: ExpressionNode, reading: Reading) throws(Untranslatable) -> String {
        switch node.kind {
        case .literal(let value):
            return try literal(value)
        case .variable(let name):
            if name == "_event" { return try wholeEvent(reading) }
            if let system = try systemVariable(name) { return system }
            guard let field = fields[name] else { throw notAField(name) }
            return try read(field, reading)
        case .path(let base, let steps):
            if case .variable("_event") = base.kind, !hasEvent { throw Self.noEvent }
            if case .variable("_event") = base.kind, steps.count == 1, case .member("name") = steps[0].selector {
                return eventIsOptional ? try lastEventName() : eventName
            }
            if case .variable("_event") = base.kind, case .member("data") = steps[0].selector {
                return try eventDataRead(Array(steps.dropFirst()), reading: reading)
            }
            if case .variable("_event") = base.kind, steps.count == 1, case .member(let member) = steps[0].selector,
                EventOrigins.members.contains(member)
            {
                return try eventFieldRead(member, reading: reading)
            }
            if case .variable("_ioprocessors") = base.kind { return try ioProcessorsMember(steps) }
            if case .variable("_event") = base.kind {
                throw Untranslatable(reason: "of _event only its fields (name, type, sendid, origin, origintype, invokeid) "
                    + "and _event.data are generated")
            }
            throw Untranslatable(reason: "members and indices ('.' and '[') are not generated: the context's fields "
                + "are whole values, and an index out of range would stop the program where the interpreter raises "
                + "error.execution")
        case .unary(let op, let operand):
            return "(\(op.rawValue)\(try translate(operand)))"
        case .binary(let first, let rest):
            return try binary(first, rest)
        case .logical(let isAnd, let operands):
            var parts: [String] = []
            for operand in operands { parts.append(try translate(operand)) }
            return "(" + parts.joined(separator: isAnd ? " && " : " || ") + ")"
        case .conditional(let condition, let whenTrue, let whenFalse):
            return "(\(try translate(condition)) ? \(try translate(whenTrue)) : \(try translate(whenFalse)))"
        case .array(let elements):
            var parts: [String] = []
            for element in elements { parts.append(try translate(element)) }
            return "[" + parts.joined(separator: ", ") + "]"
        case .object:
            throw Untranslatable(reason: "object values ({...}) have no generated type yet")
        case .call(let builtin, let arguments):
            return try call(builtin, arguments)
        case .isBound(let location):
            if location.variable == "_event", !hasEvent { throw Self.noEvent }
            if location.variable == "_event", location.steps.count == 1, case .member(let member) = location.steps[0].selector {
                if member == "data" { return try eventDataIsBound() }
                if EventOrigins.members.contains(member) { return try eventFieldIsBound(member) }
            }
            if location.steps.isEmpty, let bound = try systemVariableIsBound(location.variable) { return bound }
            // Data that never holds a value is never bound.
            if location.steps.isEmpty, fields[location.variable]?.neverHoldsValue == true { return "false" }
            // A name no <data> declares holds nothing: the session answers false, as for undefined.
            if !location.variable.hasPrefix("_"), fields[location.variable] == nil, !declared.contains(location.variable) {
                return "false"
            }
            let field = try field(of: location)
            return field.isOptional ? "(\(contextPrefix)\(field.swiftName) != nil)" : "true"
        }
    }

    /// A read of `field`: itself, or, for data unbound until assigned, as `reading` says.
    func read(_ field: ContextField, _ reading: Reading) throws(Untranslatable) -> String {
        guard !field.neverHoldsValue else { throw Self.noType(field) }
        if reading != .text { system?.readAsValues.insert(field.id) }
        let path = field.readPath ?? contextPrefix + field.swiftName
        guard field.unboundUntilAssigned else { return path }
        switch reading {
        case .optional:
            return path
        case .text:
            return "(\(path).map { scxmlText($0) } ?? \"undefined\")"
        case .value:
            if unwraps == nil, let throwingReads {
                throwingReads.any = true
                return "scxmlBound(\(path), \(SwiftNames.literal(field.id)))"
            }
            guard let unwraps else {
                throw Untranslatable(reason: "'\(SwiftNames.escapedText(field.id))' has no value until assigned (a <data> without "
                    + "expr), and reading it here other than with == or != would raise error.execution, which is generated "
                    + "in actions and conditions only")
            }
            return unwraps.add(field)
        }
    }

    /// Why `name`, which has no field, cannot be read or assigned: a `<data>` the generator
    /// refuses (said at the `<data>`), or no `<data>`, which fails when it runs.
    func notAField(_ name: String) -> Untranslatable { Self.notAField(name, declared: declared) }

    /// Why `name` (`what`'s, such as "the namelist's") has no field, among the `declared` data ids.
    static func notAField(_ name: String, declared: Set<String>, what: String = "") -> Untranslatable {
        let named = (what.isEmpty ? "" : what + " ") + "'\(SwiftNames.escapedText(name))'"
        guard declared.contains(name) else {
            return Untranslatable(reason: "\(named) names no <data> of the document", failsWhenRun: true)
        }
        return Untranslatable(reason: "\(named) names a <data> that is not generated (the <data> says why)")
    }

    /// Why `field`, a `<data>` without `expr` that nothing in the document gives a typed value,
    /// cannot be read or assigned here.
    static func noType(_ field: ContextField) -> Untranslatable {
        Untranslatable(reason: "'\(SwiftNames.escapedText(field.id))' is a <data> without 'expr' whose type cannot be inferred: "
            + "the document puts no literal, typed data or foreach item or index in it; state its Swift type in statecraft:type "
            + "(xmlns:statecraft=\"\(SCXMLNames.statecraft)\")")
    }

    /// Whether `node` is certainly a string: a string literal, string data, `text()`.
    static func isString(_ node: ExpressionNode, _ fields: [String: ContextField]) -> Bool {
        switch node.kind {
        case .literal(.string): return true
        case .variable(let name) where name.hasPrefix("_"): return systemType(of: node) == "String"
        case .path: return systemType(of: node) == "String"
        case .variable(let name): return fields[name].map { $0.type == "String" || $0.type == "String?" } ?? false
        case .call(.text, _): return true
        default: return false
        }
    }

    private func call(_ builtin: Builtin, _ arguments: [ExpressionNode]) throws(Untranslatable) -> String {
        switch builtin {
        case .inState:
            guard inAction else {
                throw Untranslatable(reason: "In() in a condition is generated as the transition's whole cond (In('id')), "
                    + "which the chart checks against the configuration")
            }
            guard case .literal(.string(let id)) = arguments[0].kind else {
                throw Untranslatable(reason: "In() is generated with a literal state id (In('id'))")
            }
            return inState(id)
        case .length:
            return "Double(\(try translate(arguments[0])).count)"
        case .contains:
            return "\(try translate(arguments[0])).contains(\(try translate(arguments[1])))"
        case .startsWith:
            return "\(try translate(arguments[0])).hasPrefix(\(try translate(arguments[1])))"
        case .concat:
            return "(\(try translate(arguments[0])) + \(try translate(arguments[1])))"
        case .typeOf:
            throw Untranslatable(reason: "typeof() is not generated: in the generated code every value's type is known when it is built")
        case .has:
            // `_event` is an object of the same members for every event (SCXML 5.10.1); `raw`,
            // which the session adds for an event an I/O processor received as text, the
            // generated machine never has.
            if case .variable("_event") = arguments[0].kind, case .literal(.string(let member)) = arguments[1].kind {
                guard hasEvent else { throw Self.noEvent }
                guard !eventIsOptional else {
                    throw Untranslatable(reason: "has(_event, ...) is generated where an event triggers the code (a transition "
                        + "with an event): elsewhere _event may be unbound")
                }
                return Self.eventMembers.contains(member) ? "true" : "false"
            }
            throw Untranslatable(reason: "has() is generated for has(_event, 'member'); it reads other objects, which "
                + "have no generated type yet")
        case .text:
            return "scxmlText(\(try translate(arguments[0], reading: .text)))"
        case .split:
            throw Untranslatable(reason: "split() is not generated yet")
        }
    }

    /// Why `_event` is refused where no event is at hand (``hasEvent``).
    static let noEvent = Untranslatable(reason: "_event is not generated here: <donedata> and the values an <invoke> passes "
        + "are computed where no event is at hand")

    /// The members of `_event`, which `has(_event, 'member')` finds.
    static let eventMembers: Set<String> = ["name", "type", "sendid", "origin", "origintype", "invokeid", "data"]

    /// A literal as Swift: numbers without a fraction written as integers (so that they fit
    /// `Int` and `Double` fields alike), `null` and `undefined` as `nil`.
    func literal(_ value: SCXMLValue) throws(Untranslatable) -> String {
        switch value {
        case .undefined, .null: return "nil"
        case .bool(let flag): return flag ? "true" : "false"
        case .number(let number):
            if number == number.rounded(), abs(number) < 9_007_199_254_740_992 { return String(Int64(number)) }
            return "\(number)"
        case .string(let text): return SwiftNames.literal(text)
        case .array(let elements):
            var parts: [String] = []
            for element in elements { parts.append(try literal(element)) }
            return "[" + parts.joined(separator: ", ") + "]"
        case .object:
            throw Untranslatable(reason: "object values ({...}) have no generated type yet")
        }
    }
}

/// The system variables the generated code reads that the context carries: `_sessionid`, noted
/// while the document is translated, before the context is written.
final class SystemReads {
    /// Whether any expression reads `_sessionid`.
    var sessionID = false
    /// Whether a `<send idlocation>` needs the context to make send ids.
    var sendIDs = false
    /// Whether an action asks `In()`, so that the chart's actions see the configuration change
    /// state by state (`StatechartOptions.actionsSeeStateChanges`), as SCXML's do.
    var inStateInActions = false
    /// Whether an action reads `_event` from the event the machine took last
    /// (`StatechartOptions.actionsSeeLastEvent`): its queue, or whether one was taken.
    var lastEvent = false
    /// The data read other than as text (as values, or compared as optionals), by id.
    var readAsValues: Set<String> = []
    /// The data assigned a value of another type than their field's, by id: when the document
    /// reads each only as text, the generator makes it a field that holds the text
    /// (``ContextField/keepsText``).
    var typeConflicts: Set<String> = []
    /// Whether a condition reads the event the machine took last (`_event` outside a transition
    /// with an event, or its queue): the chart keeps it in the context's `lastTaken` when the
    /// machine takes it (`Statechart(lastEvent:)`), where guards read it.
    var lastTaken = false
    /// Whether an expression reads `_event` as a whole value, which the generated `EventValue` holds.
    var wholeEvent = false
    /// Whether a transition reads an error event's `sendid` (SCXML 5.10.1): the error events
    /// then carry the id of the `<send>` whose failure raised them
    /// (``EventDataShapes/carrySendIDs(raised:reserved:)``).
    var errorSendIDs = false
}

extension ExpressionTranslator {
    /// SCXML's `In('id')` in an action: `effects.isActive(State.x)`, which the chart answers
    /// with the configuration as the microstep changes it (``SystemReads/inStateInActions``
    /// sets `StatechartOptions.actionsSeeStateChanges`); `false` for an id that names no state,
    /// as the session answers.
    func inState(_ id: String) -> String {
        guard let state = states[id] else { return "false" }
        system?.inStateInActions = true
        return "effects.isActive(State\(state))"
    }
}

/// Whether a guard's expression reads data that may be unbound as a value, through the throwing
/// `scxmlBound`, so that the guard is written `return try ...`.
final class ThrowingReads {
    var any = false
}

/// The data unbound until assigned that one statement reads as values, in the order first read:
/// each is unwrapped before the statement into a constant of its own, and the statement is not
/// run (`error.execution` is raised and the block ends) when one is unbound, as the statecraft
/// datamodel refuses `undefined` in arithmetic and comparisons.
final class Unwraps {
    private(set) var fields: [ContextField] = []

    /// The constant that holds `field`'s value once unwrapped.
    func add(_ field: ContextField) -> String {
        if !fields.contains(field) { fields.append(field) }
        return Self.constant(field)
    }

    static func constant(_ field: ContextField) -> String { "bound_" + field.swiftName.filter { $0 != "`" } }
}
