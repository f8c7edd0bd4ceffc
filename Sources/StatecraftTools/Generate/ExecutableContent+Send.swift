import Statecraft
import StatecraftSCXML

extension ExecutableContent {
    /// The statements of a `<send>`: to the machine itself (at once, or after a delay with its id),
    /// to `#_internal`, or out of the machine to the host.
    mutating func send(
        _ send: SendModel, _ expressions: ExpressionTranslator, at position: TextPosition, survey: Bool
    ) throws(Untranslatable) -> [String] {
        var others: [String] = []
        if send.eventExpr != nil, datamodel != "statecraft" { others.append("eventexpr") }
        if send.targetExpr != nil, datamodel != "statecraft" { others.append("targetexpr") }
        if send.typeExpr != nil, datamodel != "statecraft" { others.append("typeexpr") }
        if send.idLocation != nil, datamodel != "statecraft" { others.append("idlocation") }
        if send.delayExpr != nil, datamodel != "statecraft" { others.append("delayexpr") }
        var data: [String] = []
        if !send.namelist.isEmpty { data.append("namelist") }
        if !send.params.isEmpty { data.append("<param>") }
        if send.content != nil || send.contentExpr != nil { data.append("<content>") }
        guard others.isEmpty else {
            throw Untranslatable(reason: "a <send> with \(others.joined(separator: ", ")) is not generated yet; "
                + "only literal event, target, id, delay and data (<param>, namelist, <content>) are")
        }
        let outOfMachine = send.targetExpr != nil || (send.target != nil && send.target != "#_internal")
        // An invoked document's data to its parent: the parent's data struct (sendToParent).
        let toParent = send.target == "#_parent" && parentEvents != nil
        if outOfMachine, !data.isEmpty, !toParent {
            throw Untranslatable(reason: "a <send> out of the machine with \(data.joined(separator: ", ")) is not generated "
                + "yet: an event sent to the host carries no data; data is generated in an event to the machine itself, "
                + "and in one an invoked document sends #_parent")
        }
        if send.eventExpr != nil {
            if !data.isEmpty {
                throw Untranslatable(reason: "a <send eventexpr> with \(data.joined(separator: ", ")) is not generated: the "
                    + "data an event carries are typed by its name, known here only when the send runs")
            }
            if outOfMachine {
                throw Untranslatable(reason: "a <send eventexpr> out of the machine is not generated: the events sent out "
                    + "are the cases of Outgoing, named in the document")
            }
        }
        if let why = eventData.refused[position] { throw Untranslatable(reason: why) }
        // idlocation: a new id, stored before anything of the send is evaluated (the session's
        // order), given to the event, and carried by the error its failure raises (SCXML 5.10.1).
        var idLines: [String] = []
        var id = send.id.map(SwiftNames.literal)
        if let location = send.idLocation {
            let node: LocationNode
            do {
                node = try StatecraftExpressionSyntax.location(location)
            } catch {
                throw Untranslatable(reason: "the idlocation '\(SwiftNames.escapedText(location))' does not parse: \(error.message)")
            }
            if let refused = refusedAssignment(node, element: "send", at: position, survey: survey) { return refused }
            let field = try translator(eventIsOptional: true, inAction: true).field(of: node)
            system.sessionID = true
            system.sendIDs = true
            idLines = ["let sendID = context.newSendID()", "context.\(field.swiftName) = sendID"]
            id = "sendID"
        }
        failingSendID = id
        defer { failingSendID = nil }
        var lines: [String]
        do throws(Untranslatable) {
            lines = try sendStatements(send, expressions, at: position, survey: survey)
        } catch where error.failsWhenRun {
            lines = raisingErrorExecution(error.reason, element: "send", at: position, survey: survey)
        }
        return idLines.isEmpty ? lines : ["do {"] + (idLines + lines).map { "    " + $0 } + ["}"]
    }

    /// A `<send>`'s statements after its id is made: what it evaluates, then what sends it.
    private mutating func sendStatements(
        _ send: SendModel, _ expressions: ExpressionTranslator, at position: TextPosition, survey: Bool
    ) throws(Untranslatable) -> [String] {
        // A delayexpr that is a string literal is a delay written in another way (statecraft).
        let literalDelay = datamodel == "statecraft" ? send.delayExpr.flatMap(DelayedTransitions.stringLiteral) : nil
        // SCXML 6.2: data that cannot be evaluated is error.execution, and nothing is sent.
        if let why = eventData.failing[position] { return raisingErrorExecution(why, element: "send", at: position, survey: survey) }
        if let type = send.type, !["scxml", SCXMLNames.scxmlProcessor].contains(type) {
            if [SCXMLNames.basicHTTPProcessor, "basichttp"].contains(type) {
                // A session may be given the Basic HTTP processor; a generated machine has none.
                throw Untranslatable(reason: "only the SCXML event processor is generated, not the Basic HTTP one")
            }
            // SCXML 6.2: a type the processor does not support is error.execution, as in a
            // session without such a processor.
            return raisingErrorExecution(
                "<send> type '\(SwiftNames.escapedText(type))' is not supported (SCXML 6.2)", element: "send", at: position,
                survey: survey
            )
        }
        // eventexpr (statecraft): the name is the expression's value as text, read when the send runs.
        var computed: String?
        if let expr = send.eventExpr {
            computed = "Event(scxmlName: scxmlText(\(try expressions.expression(expr, reading: .text))))"
            computedNames = computedNames ?? position
        }
        guard send.event != nil || computed != nil else { throw Untranslatable(reason: "a <send> without event is not generated") }
        // With eventexpr there is no literal name: `computed` is the event.
        let event = send.event ?? ""
        // A typeexpr and a delayexpr are evaluated when the send runs, before the event is sent.
        var checks: [String] = []
        if let expr = send.typeExpr { checks += try typeCheck(expr, expressions, at: position, survey: survey) }
        var delayExpr: String?
        if let expr = send.delayExpr, literalDelay == nil {
            checks += try delayLines(expr, expressions, at: position, survey: survey)
            delayExpr = "delay"
        }
        let lines: [String]
        if let expr = send.targetExpr {
            let delayed = send.delay != nil || literalDelay != nil || delayExpr != nil
            lines = try sendLines(event, targetExpr: expr, expressions, delayed: delayed, at: position, survey: survey)
        } else {
            lines = try sendLines(
                send, event: event, computed: computed, id: failingSendID, literalDelay: literalDelay, delayExpr: delayExpr,
                at: position, survey: survey
            )
        }
        let all = checks + lines
        return all.count == lines.count ? lines : ["do {"] + all.map { "    " + $0 } + ["}"]
    }

    /// The statements that send `event` (a name, or, with `computed`, the Swift of an event made
    /// from a name computed when the send runs) to the machine itself, to `#_internal` or out.
    private mutating func sendLines(
        _ send: SendModel, event: String, computed: String?, id: String?, literalDelay: String?, delayExpr: String?,
        at position: TextPosition, survey: Bool
    ) throws(Untranslatable) -> [String] {
        var delay: String?
        if let text = send.delay ?? literalDelay {
            guard let duration = Duration(scxmlDelay: text) else {
                throw Untranslatable(reason: "the delay '\(SwiftNames.escapedText(text))' is not a CSS2 time such as '2s'")
            }
            // A delay of zero sends at once, as the session does.
            if duration > .zero {
                let (seconds, attoseconds) = duration.components
                delay = ".milliseconds(\(seconds * 1000 + attoseconds / 1_000_000_000_000_000))"
            }
        }
        switch send.target {
        case nil:
            if survey, computed == nil { noteInternal(event, at: position) }
            let name: String
            if let computed { name = computed } else { name = eventValue(event, try dataArguments(send, event: event)) }
            if let delayExpr {
                // A delay of zero sends at once, as the session does.
                return [
                    "if \(delayExpr) > .zero {",
                    "    effects.send(\(name), after: \(delayExpr)\(id.map { ", id: \($0)" } ?? ""))",
                    "} else {",
                    "    effects.send(\(name))",
                    "}",
                ]
            }
            guard let delay else { return ["effects.send(\(name))"] }
            return ["effects.send(\(name), after: \(delay)\(id.map { ", id: \($0)" } ?? ""))"]
        case "#_internal":
            guard delay == nil, delayExpr == nil else { throw Untranslatable(reason: "a delayed <send> to #_internal is not generated") }
            if survey, computed == nil { noteInternal(event, at: position) }
            if let computed { return ["effects.raise(\(computed))"] }
            return ["effects.raise(\(eventValue(event, try dataArguments(send, event: event))))"]
        case let target?:
            let hasData = !send.params.isEmpty || !send.namelist.isEmpty || send.content != nil || send.contentExpr != nil
            let delayed = delay != nil || delayExpr != nil
            if target == "#_parent", let parentEvents, hasData {
                guard !delayed else {
                    throw Untranslatable(reason: "a delayed <send> to #_parent with data is not generated: its event leaves the "
                        + "machine when the delay has passed, without data; send it without delay, or without data")
                }
                return try sendToParent(send, event: event, parent: parentEvents, at: position, survey: survey)
            }
            require(.deliver)
            if !outgoingEvents.contains(event) { outgoingEvents.append(event) }
            // Refused by the host: the error the session raises when no handler takes the event
            // (a target it cannot reach, or one it does not know), and the rest of the block is not run.
            let error = Self.refusalError(of: target)
            if survey { noteInternal(error, at: position) }
            let now = [
                "guard \(host)deliver(.\(outgoingCases[event] ?? "_"), to: \(SwiftNames.literal(target))) else {",
                "    \(raising(error))",
                "    return",
                "}",
            ]
            guard delayed else { return now }
            return try outbound(event, to: target, delay: delay, delayExpr: delayExpr, id: id, now: now, at: position, survey: survey)
        }
    }

    /// A delayed `<send>` out of the machine (SCXML 6.2): the machine keeps it on its clock
    /// (`effects.send(_:to:after:id:)`) and its chart's outbound handler gives it to the host when
    /// the delay has passed, raising the error the host's refusal means then; a `<cancel>` of its
    /// id removes it, and the machine drops it when it finishes, as a session discards what it
    /// has not sent when it terminates. A `delayexpr` of zero or less sends it at once (`now`).
    private mutating func outbound(
        _ event: String, to target: String, delay: String?, delayExpr: String?, id: String?, now: [String],
        at position: TextPosition, survey: Bool
    ) throws(Untranslatable) -> [String] {
        if let shape = eventData.shapes[event], shape.fields.contains(where: { !$0.isOptional }) {
            throw Untranslatable(reason: "the event '\(SwiftNames.escapedText(event))' carries data the machine's own sends "
                + "of it must give, and a delayed <send> of it out of the machine gives none: send it under another name")
        }
        if !outboundEvents.contains(where: { $0.name == event && $0.target == target }) {
            outboundEvents.append((event, target, position))
        }
        let schedule = "effects.send(\(eventValue(event)), to: \(SwiftNames.literal(target)), after: \(delay ?? "delay")"
            + "\(id.map { ", id: \($0)" } ?? ""))"
        guard delay == nil else { return [schedule] }
        return ["if delay > .zero {", "    " + schedule, "} else {"] + now.map { "    " + $0 } + ["}"]
    }

    /// A `<send targetexpr>`: the target, the expression's value as text, chosen when it runs, as
    /// the session chooses it: `#_internal` raises the event, `#_scxml_` and the machine's own
    /// session id sends it to the machine itself (the external queue), anything else goes to the
    /// host, and when the host does not take it, the session's error is raised (`error.communication`
    /// for a `#_` target, else `error.execution`) and the block ends.
    private mutating func sendLines(
        _ event: String, targetExpr: String, _ expressions: ExpressionTranslator, delayed: Bool, at position: TextPosition,
        survey: Bool
    ) throws(Untranslatable) -> [String] {
        guard !delayed else {
            throw Untranslatable(reason: "a delayed <send> with targetexpr is not generated: its target, known when it runs, "
                + "may be the machine itself or out of it; write the target")
        }
        let target = try expressions.expression(targetExpr, reading: .text)
        system.sessionID = true
        require(.deliver)
        if !outgoingEvents.contains(event) { outgoingEvents.append(event) }
        if survey {
            for name in [event, "error.communication", "error.execution"] { noteInternal(name, at: position) }
        }
        let name = eventCases[event] ?? "_"
        let lines = [
            "let target = scxmlText(\(target))",
            "if target == \"#_internal\" {",
            "    effects.raise(.\(name))",
            "} else if target == \"#_scxml_\" + context.sessionID {",
            "    effects.send(.\(name))",
            "} else if !\(host)deliver(.\(outgoingCases[event] ?? "_"), to: target) {",
            "    effects.raise(\(refusalError(ofTargetIn: "target")))",
            "    return",
            "}",
        ]
        return ["do {"] + lines.map { "    " + $0 } + ["}"]
    }
}

extension ExecutableContent {
    /// The value of the event `name` as generated code writes it: its case, with its data when
    /// the name carries data (``EventDataShape``); `arguments` are the data struct's initializer's,
    /// empty for an event sent or raised without data (every field is then optional).
    func eventValue(_ name: String, _ arguments: String = "") -> String {
        let value = "." + (eventCases[name] ?? "_")
        guard let shape = eventData.shapes[name] else { return value }
        return value + "(\(shape.typeName)(\(arguments)))"
    }

    /// The data struct's initializer's arguments for `send`: its namelist, then its `<param>`s,
    /// or its `<content>`, each translated as the field is typed.
    ///
    /// - Parameters:
    ///   - translator: How the values are translated; by default as in the block's code.
    ///   - shape: The data struct; by default the event's in this document.
    func dataArguments(
        _ send: SendModel, event: String, _ translator: ExpressionTranslator? = nil, shape: EventDataShape? = nil
    ) throws(Untranslatable) -> String {
        guard let shape = shape ?? eventData.shapes[event] else { return "" }
        let expressions = translator ?? self.translator(eventIsOptional: currentEvent == nil, inAction: true)
        // Name → the value's Swift; written in the order of the struct's fields, as its initializer takes them.
        var values: [String: String] = [:]
        if let expr = send.contentExpr {
            values[""] = try expressions.expression(expr)
        } else if let value = ContextFields.contentValue(send.content) {
            values[""] = try expressions.literal(value)
        }
        for id in send.namelist { values[id] = try expressions.expression(id, reading: .optional) }
        for param in send.params {
            let expr = param.location ?? param.expr ?? ""
            values[param.name] = try expressions.expression(expr, reading: param.location != nil ? .optional : .value)
        }
        return shape.fields.compactMap { field in values[field.name].map { "\(field.swiftName): \($0)" } }
            .joined(separator: ", ")
    }

    /// `<send typeexpr>`: the expression's value as text, checked when the send runs, as the
    /// session checks it: the SCXML event processor's type (`scxml` or its URI) sends; any other
    /// is `error.execution` and nothing is sent (SCXML 6.2: a type the processor does not
    /// support), as in a session given no other I/O processor.
    private mutating func typeCheck(
        _ expr: String, _ expressions: ExpressionTranslator, at position: TextPosition, survey: Bool
    ) throws(Untranslatable) -> [String] {
        let type = try expressions.expression(expr, reading: .text)
        let supported = "[\"scxml\", \(SwiftNames.literal(SCXMLNames.scxmlProcessor))].contains(scxmlText(\(type)))"
        return guardOrRaise(supported, at: position, survey: survey)
    }

    /// `<send delayexpr>`: the expression's value as text, read as a CSS2 time when the send
    /// runs (`Duration(scxmlDelay:)`, as the session reads it) into `delay`; a value that is not
    /// one is `error.execution`, and nothing is sent (SCXML 6.2).
    private mutating func delayLines(
        _ expr: String, _ expressions: ExpressionTranslator, at position: TextPosition, survey: Bool
    ) throws(Untranslatable) -> [String] {
        if let node = try? StatecraftExpressionSyntax.expression(expr), let type = ExpressionTypes.type(of: node, fields),
            type != "String"
        {
            throw Untranslatable(reason: "the delayexpr '\(SwiftNames.escapedText(expr))' is a \(type), whose text is not a CSS2 "
                + "time such as '2s'", failsWhenRun: true)
        }
        let text = try expressions.expression(expr, reading: .text)
        return guardOrRaise("let delay = Duration(scxmlDelay: scxmlText(\(text)))", at: position, survey: survey)
    }
}
