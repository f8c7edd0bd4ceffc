import Statecraft
import StatecraftSCXML

/// One field of the data an event carries: a `<param>` or `namelist` name, or the value of a
/// `<content>`.
struct EventDataField: Hashable {
    /// The name as written (`<param name>`, the namelist's data id); `""` for `<content>`.
    var name: String
    /// The field's Swift name in the data struct.
    var swiftName: String
    /// The field's Swift type, without `?`.
    var type: String
    /// Whether some `<send>` or `<raise>` of the event does not give the field (or gives data
    /// unbound until assigned): `nil` is then SCXML's `undefined`.
    var isOptional: Bool
    /// Whether some `<send>` or `<raise>` of the event does not give the field: reading it then
    /// raises `error.execution`, as the session does for a member the data does not have.
    var mayBeAbsent = false
}

/// The data one SCXML event name carries in generated code: the union of the fields every
/// `<send>` of that name to the machine gives, as a struct that the `Event` case holds
/// (`case ping(PingData)`). A read of `_event.data.name` becomes a read of the struct's field.
struct EventDataShape: Hashable {
    /// The SCXML event name.
    var eventName: String
    /// The struct's Swift name (`PingData`).
    var typeName: String
    /// The fields, in the order first given.
    var fields: [EventDataField]
    /// Whether the data is one value given by `<content>`, kept in the field `value`, which
    /// `_event.data` reads as a whole.
    var isContent: Bool
    /// Whether this is an error event's, which carries the id of the `<send>` whose failure
    /// raised it in the field `sendid`, which `_event.sendid` reads (SCXML 5.10.1); its `fields`
    /// are then empty: the processor's error events carry no data the document gives.
    var carriesSendID = false
}

/// A final state's `<donedata>` (or its absence), which gives the data of its parent's done
/// event `done.state.<parent id>` (SCXML 5.7).
struct DoneDataSource {
    /// `done.state.<parent id>`.
    var event: String
    /// The final's `<donedata>`; `nil` for a final without one, whose done event has no data.
    var data: DoneDataModel?
}

/// Finds the data every event carries (``EventDataShape``) from the document's `<send>`s to the
/// machine itself and its finals' `<donedata>`, before the executable content is translated,
/// and why a `<send>`'s or `<donedata>`'s data cannot be typed.
struct EventDataShapes {
    /// Event name → its data.
    private(set) var shapes: [String: EventDataShape] = [:]
    /// Position of a `<send>` or `<donedata>` whose data cannot be typed → why.
    private(set) var refused: [TextPosition: String] = [:]
    /// Position of a `<send>` or `<donedata>` whose evaluation always fails → why: a location
    /// that does not parse or names no `<data>`, an expression that does not parse. The machine
    /// then raises `error.execution`: the `<send>` sends nothing (SCXML 6.2), the done event has
    /// no data (SCXML 5.7), as in the session.
    private(set) var failing: [TextPosition: String] = [:]

    /// One `<send>`'s or `<raise>`'s data: its fields in order, or `nil` for an event without data.
    struct Given {
        var position: TextPosition
        var fields: [EventDataField]
        var isContent: Bool
    }

    /// Surveys `blocks` (every block of the document), typing `<param>` expressions and namelist
    /// data over `fields`, as ``ExpressionTypes`` types a `<data>`'s `expr`.
    ///
    /// - Parameter declared: The ids of every `<data>` of the document, those refused included:
    ///   a `<donedata>` naming another fails when it is evaluated.
    /// - Parameter invoked: The documents this one invokes: what they send `#_parent` comes to
    ///   this machine, with its data typed over their own data and what the invocation passes
    ///   them (what cannot be typed there, their own generation refuses).
    init(
        _ blocks: [[Action]], doneData: [DoneDataSource] = [], fields: [String: ContextField], declared: Set<String> = [],
        reserved: Set<String>, invoked: [InvokedDocument] = []
    ) {
        var refused: [TextPosition: String] = [:]
        var failing: [TextPosition: String] = [:]
        var shapes: [String: EventDataShape] = [:]
        var given: [String: [Given?]] = [:]
        var order: [String] = []
        func note(_ name: String, _ data: Given?) {
            if given[name] == nil { order.append(name) }
            given[name, default: []].append(data)
        }
        func walk(_ actions: [Action]) {
            for action in actions {
                switch action.kind {
                case .raise(let event): note(event, nil)
                case .send(let send):
                    guard let event = send.event, send.eventExpr == nil else { continue }
                    let hasData = !send.params.isEmpty || !send.namelist.isEmpty || send.content != nil || send.contentExpr != nil
                    // Data sent out of the machine is refused where the send is translated.
                    guard send.targetExpr == nil, send.target == nil || send.target == "#_internal" else { continue }
                    guard hasData else {
                        note(event, nil)
                        continue
                    }
                    if event.hasPrefix("error.") || event.hasPrefix("done.") {
                        refused[action.position] = "the event '\(SwiftNames.escapedText(event))' is one the processor raises "
                            + "(error.*, done.*), which carries no data the document gives"
                        continue
                    }
                    do throws(Untranslatable) {
                        note(event, try Self.data(of: send, fields: fields, declared: declared, at: action.position))
                    } catch where error.failsWhenRun {
                        failing[action.position] = error.reason
                    } catch {
                        refused[action.position] = error.reason
                    }
                case .branches(let branches): branches.forEach { walk($0.actions) }
                case .foreach(_, _, _, let body): walk(body)
                default: break
                }
            }
        }
        blocks.forEach(walk)
        for document in invoked {
            let data = document.dataFields(passing: fields)
            for (send, position) in document.sendsToParent {
                guard let event = send.event else { continue }
                guard !send.params.isEmpty || !send.namelist.isEmpty || send.content != nil || send.contentExpr != nil else {
                    note(event, nil)
                    continue
                }
                guard let data, let given = try? Self.data(of: send, fields: data.fields, declared: data.declared, at: position)
                else { continue }
                note(event, given)
            }
        }
        for source in doneData {
            guard let data = source.data, !data.params.isEmpty || data.content != nil || data.contentExpr != nil else {
                note(source.event, nil)
                continue
            }
            if let why = Self.failure(of: data, declared: declared) {
                failing[data.position] = why
                note(source.event, nil)
                continue
            }
            do throws(Untranslatable) {
                note(source.event, try Self.data(of: data.asSend, fields: fields, declared: declared, at: data.position))
            } catch {
                refused[data.position] = error.reason
            }
        }
        var typeNames = reserved
        for name in order {
            let all = given[name] ?? []
            guard let first = all.compactMap({ $0 }).first else { continue }
            var merged: [EventDataField] = []
            var from: [String: TextPosition] = [:]
            var conflict = false
            for case let data? in all {
                if data.isContent != first.isContent {
                    refused[data.position] = "the event '\(SwiftNames.escapedText(name))' is sent with <content> and with "
                        + "<param> or namelist (at \(first.position)): its data has no one type; send it one way"
                    conflict = true
                    continue
                }
                for field in data.fields {
                    if let index = merged.firstIndex(where: { $0.name == field.name }) {
                        guard merged[index].type == field.type else {
                            let what = field.name.isEmpty ? "its <content>" : "'\(SwiftNames.escapedText(field.name))'"
                            refused[data.position] = "the event '\(SwiftNames.escapedText(name))' gives \(what) a \(field.type) "
                                + "here and a \(merged[index].type) at \(from[field.name] ?? data.position): its data has no "
                                + "one type; give it one type"
                            conflict = true
                            continue
                        }
                        merged[index].isOptional = merged[index].isOptional || field.isOptional
                    } else {
                        merged.append(field)
                        from[field.name] = data.position
                    }
                }
            }
            if conflict { continue }
            // A field some send or raise of the name does not give is optional.
            for index in merged.indices where all.contains(where: { data in
                !(data?.fields.contains { $0.name == merged[index].name } ?? false)
            }) {
                merged[index].isOptional = true
                merged[index].mayBeAbsent = !first.isContent
            }
            let typeName = Self.typeName(of: name, apart: &typeNames)
            shapes[name] = EventDataShape(eventName: name, typeName: typeName, fields: merged, isContent: first.isContent)
        }
        self.shapes = shapes
        self.refused = refused
        self.failing = failing
    }

    /// Gives the error events `error.execution` and `error.communication` that the machine raises
    /// (of `raised`) a struct that carries the id of the `<send>` whose failure raised them
    /// (``EventDataShape/carriesSendID``), named apart from `reserved` and the other events' structs.
    mutating func carrySendIDs(raised: Set<String>, reserved: Set<String>) {
        var typeNames = reserved.union(shapes.values.map(\.typeName))
        for name in ["error.execution", "error.communication"] where raised.contains(name) && shapes[name] == nil {
            let typeName = Self.typeName(of: name, apart: &typeNames)
            shapes[name] = EventDataShape(eventName: name, typeName: typeName, fields: [], isContent: false, carriesSendID: true)
        }
    }

    /// The data struct's name for the event `name` (`PingData`, `PingData2`...), not one of
    /// `typeNames`, to which it is added.
    private static func typeName(of name: String, apart typeNames: inout Set<String>) -> String {
        var typeName = SwiftNames.typeName(name) + "Data"
        var suffix = 2
        while typeNames.contains(typeName) {
            typeName = SwiftNames.typeName(name) + "Data\(suffix)"
            suffix += 1
        }
        typeNames.insert(typeName)
        return typeName
    }

    /// The data shapes of the events a transition with the event descriptor `descriptor` takes,
    /// by name (SCXML 3.12.1: a descriptor takes its name and the names it prefixes at a `.`),
    /// sorted by name; `nil` when it takes every event (`*`), whose data have no one type.
    static func taken(by descriptor: String, in shapes: [String: EventDataShape]) -> [EventDataShape]? {
        let alternatives = EventDescriptor(descriptor).alternatives
        if alternatives.contains("*") { return nil }
        return shapes.values.filter { shape in
            alternatives.contains { shape.eventName == $0 || shape.eventName.hasPrefix($0 + ".") }
        }.sorted { $0.eventName < $1.eventName }
    }

    /// The type (without `?`) of `_event.data` (`member` `nil`, data given by `<content>`) or of
    /// `_event.data.member` in a transition with the descriptor `descriptor`, when the events it
    /// takes carry one data shape that has it; `nil` otherwise.
    func fieldType(_ member: String?, takenBy descriptor: String) -> String? {
        guard let taken = Self.taken(by: descriptor, in: shapes), taken.count == 1, let shape = taken.first,
            shape.isContent == (member == nil) else { return nil }
        return shape.fields.first { member == nil || $0.name == member }?.type
    }

    /// Why evaluating `data` always fails, raising `error.execution` (SCXML 5.7): a `<param>`
    /// location that does not parse or names no `<data>`, or an expression that does not parse;
    /// `nil` when it may succeed.
    private static func failure(of data: DoneDataModel, declared: Set<String>) -> String? {
        for param in data.params {
            if let location = param.location {
                guard let node = try? StatecraftExpressionSyntax.location(location) else {
                    return "the location '\(SwiftNames.escapedText(location))' of the <param name=\"\(SwiftNames.escapedText(param.name))\"> does not parse"
                }
                if !declared.contains(node.variable), !node.variable.hasPrefix("_") {
                    return "the <param name=\"\(SwiftNames.escapedText(param.name))\">'s location names no <data> ('\(SwiftNames.escapedText(node.variable))')"
                }
            } else if (try? StatecraftExpressionSyntax.expression(param.expr ?? "")) == nil {
                return "the expression '\(SwiftNames.escapedText(param.expr ?? ""))' of the <param name=\"\(SwiftNames.escapedText(param.name))\"> does not parse"
            }
        }
        if let expr = data.contentExpr, (try? StatecraftExpressionSyntax.expression(expr)) == nil {
            return "the <content>'s expression '\(SwiftNames.escapedText(expr))' does not parse"
        }
        return nil
    }

    /// The data one `<send>` gives: its namelist, then its `<param>`s (the session's order), or
    /// its `<content>`.
    static func data(
        of send: SendModel, fields: [String: ContextField], declared: Set<String>, at position: TextPosition
    ) throws(Untranslatable) -> Given {
        if send.content != nil || send.contentExpr != nil {
            let type: String?
            if let expr = send.contentExpr {
                type = (try? StatecraftExpressionSyntax.expression(expr)).flatMap { ExpressionTypes.type(of: $0, fields) }
            } else {
                type = ContextFields.contentValue(send.content).flatMap(ContextFields.type(of:))
            }
            guard let type else {
                throw Untranslatable(reason: "the type of the <send>'s <content> cannot be inferred (it reads data that may "
                    + "be unbound, members, or objects); send a literal, typed data, or an expression of them")
            }
            return Given(position: position, fields: [EventDataField(name: "", swiftName: "value", type: type, isOptional: false)], isContent: true)
        }
        var names = SwiftNameTable(reserved: [])
        var result: [EventDataField] = []
        func add(_ name: String, type: String, optional: Bool) throws(Untranslatable) {
            guard !result.contains(where: { $0.name == name }) else {
                throw Untranslatable(reason: "the <send> gives '\(SwiftNames.escapedText(name))' twice (namelist and <param>, "
                    + "or two <param>s), which is not generated: an event's data has one field of a name")
            }
            let swiftName = SwiftNames.escaped(names.name(for: name, fallback: "field"))
            result.append(EventDataField(name: name, swiftName: swiftName, type: type, isOptional: optional))
        }
        func location(_ id: String, _ what: String) throws(Untranslatable) -> ContextField {
            guard let field = fields[id] else { throw ExpressionTranslator.notAField(id, declared: declared, what: what) }
            guard !field.neverHoldsValue else { throw ExpressionTranslator.noType(field) }
            return field
        }
        for id in send.namelist {
            let field = try location(id, "the namelist's")
            try add(id, type: field.type.hasSuffix("?") ? String(field.type.dropLast()) : field.type, optional: field.isOptional)
        }
        for param in send.params {
            if let id = param.location {
                let field = try location(id, "the <param>'s location")
                try add(param.name, type: field.type.hasSuffix("?") ? String(field.type.dropLast()) : field.type, optional: field.isOptional)
                continue
            }
            guard let node = try? StatecraftExpressionSyntax.expression(param.expr ?? ""),
                let type = ExpressionTypes.type(of: node, fields) else {
                throw Untranslatable(reason: "the type of the <param name=\"\(SwiftNames.escapedText(param.name))\">'s expr "
                    + "cannot be inferred (it reads data that may be unbound, _event, members, or objects); give it a "
                    + "literal, typed data, or an expression of them")
            }
            try add(param.name, type: type, optional: false)
        }
        return Given(position: position, fields: result, isContent: false)
    }
}
