import StatecraftSCXML

/// The types of the document's `<data>` without `expr` (SCXML's unbound, `undefined`, value),
/// inferred from what the document puts in them: an `<assign>` of a literal or of other data
/// whose type is known, a `<foreach>`'s `index` (a number, `Double`) and `item` (an element of
/// the iterated array), an `<invoke>`'s or `<send>`'s `idlocation` (a string), in a
/// transition's actions a field of the data its events carry
/// (`_event.data.name`, when ``EventDataShapes`` knows its type). A `<data>` given two types is a
/// conflict, which the generator refuses.
struct UsageTypes {
    /// What the document puts in one `<data>`.
    enum Inferred: Equatable {
        case type(String)
        case conflict(String, String)
    }

    /// Data id → the type inferred for it (without `?`); absent when nothing is put in it.
    private(set) var types: [String: Inferred] = [:]
    /// The `item` and `index` of `<foreach>` that name no `<data>`, which the `<foreach>`
    /// declares (SCXML 4.6), in document order, with where the first `<foreach>` is.
    private(set) var declared: [(id: String, position: TextPosition, element: String)] = []

    /// - Parameter eventData: The data the document's events carry, found over the fields typed
    ///   without it, so that data assigned `_event.data.name` take that field's type.
    init(model: DocumentModel, eventData: EventDataShapes? = nil) {
        var all = model.data
        // Each block with the event descriptor of its transition, if any.
        var blocks: [(actions: [Action], event: String?)] = [(model.script, nil)]
        func collect(_ state: StateModel) {
            all += state.data
            blocks += (state.onEntry + state.onExit).map { ($0, nil) } + state.transitions.map { ($0.actions, $0.event) }
            if let initial = state.initialTransition { blocks.append((initial.actions, nil)) }
            idLocations += state.invokes.compactMap(\.idLocation)
            state.children.forEach(collect)
        }
        // The locations where <invoke idlocation> stores the invocation's id, a string.
        var idLocations: [String] = []
        model.states.forEach(collect)
        // The types every <data> with an expr or a stated type has; those without are inferred.
        var known: [String: String] = [:]
        var open: Set<String> = []
        for data in all {
            if let stated = data.statedType?.trimmedBlanks(), !stated.isEmpty {
                known[data.id] = stated.hasSuffix("?") ? String(stated.dropLast()) : stated
            } else if let value = ContextFields.contentValue(data.content) {
                known[data.id] = ContextFields.type(of: value)
            } else if let expr = data.expr, let node = try? StatecraftExpressionSyntax.expression(expr) {
                if let type = ContextFields.inferredType(node) { known[data.id] = type }
            } else if data.content == nil {
                // No expr, one that does not parse, or a src (whose file's value types it when it can be
                // read; when not, the data is unbound: ContextFields.startFailures).
                open.insert(data.id)
            }
        }
        let ids = Set(all.map(\.id))
        func declarations(_ actions: [Action]) {
            for action in actions {
                switch action.kind {
                case .foreach(_, let item, let index, let body):
                    for name in [item] + (index.map { [$0] } ?? []) {
                        guard let variable = Self.variable(name), !ids.contains(variable),
                            !declared.contains(where: { $0.id == variable }) else { continue }
                        declared.append((variable, action.position, "foreach"))
                        open.insert(variable)
                    }
                    declarations(body)
                case .branches(let branches):
                    for branch in branches { declarations(branch.actions) }
                case .script(let source, nil) where action.hostAction == nil:
                    // `var name` in a script: a field, unbound until given a value (the top-level
                    // script's are ContextFields's own).
                    for case .declaration(let name, _, _) in (try? StatecraftExpressionSyntax.script(source ?? "")) ?? []
                    where !ids.contains(name) && !name.hasPrefix("_") && !declared.contains(where: { $0.id == name }) {
                        declared.append((name, action.position, "script"))
                        open.insert(name)
                    }
                default:
                    break
                }
            }
        }
        blocks.forEach { declarations($0.actions) }
        // Each round fixes at least one more <data> or ends: bounded by the number of data.
        for _ in 0...open.count {
            var found: [String: Inferred] = [:]
            func note(_ id: String, _ type: String?) {
                guard open.contains(id), let type else { return }
                switch found[id] {
                case nil: found[id] = .type(type)
                case .type(let first) where first != type: found[id] = .conflict(first, type)
                default: break
                }
            }
            func typeOf(_ expr: String, _ event: String? = nil) -> String? {
                guard let node = try? StatecraftExpressionSyntax.expression(expr) else { return nil }
                return typeOf(node: node, event)
            }
            func typeOf(node: ExpressionNode, _ event: String?) -> String? {
                // `_event.data` (given by <content>) and `_event.data.name` in a transition with an event.
                if let event, let eventData, case .path(let base, let steps) = node.kind, case .variable("_event") = base.kind,
                    case .member("data")? = steps.first?.selector, steps.count <= 2
                {
                    guard steps.count == 2 else { return eventData.fieldType(nil, takenBy: event) }
                    guard case .member(let member) = steps[1].selector else { return nil }
                    return eventData.fieldType(member, takenBy: event)
                }
                if let literal = ContextFields.inferredType(node) { return literal }
                if let system = ExpressionTranslator.systemType(of: node) { return system }
                if case .variable(let name) = node.kind { return known[name] }
                return nil
            }
            func walk(_ actions: [Action], _ event: String?) {
                for action in actions {
                    switch action.kind {
                    case .assign(let location, let expr?, nil):
                        if let variable = Self.variable(location) { note(variable, typeOf(expr, event)) }
                    case .assign(let location, nil, let content?):
                        if let variable = Self.variable(location) {
                            note(variable, ContextFields.contentValue(content).flatMap(ContextFields.type(of:)))
                        }
                    case .send(let send):
                        // A send id is a string.
                        if let variable = send.idLocation.flatMap(Self.variable) { note(variable, "String") }
                    case .foreach(let array, let item, let index, let body):
                        if let index = index.flatMap(Self.variable) { note(index, "Double") }
                        if let item = Self.variable(item), let type = typeOf(array), type.hasPrefix("["), type.hasSuffix("]") {
                            note(item, String(type.dropFirst().dropLast()))
                        }
                        walk(body, event)
                    case .branches(let branches):
                        for branch in branches { walk(branch.actions, event) }
                    case .script(let source, nil) where action.hostAction == nil:
                        for statement in (try? StatecraftExpressionSyntax.script(source ?? "")) ?? [] {
                            switch statement {
                            case .assignment(let location, let value) where location.steps.isEmpty:
                                note(location.variable, typeOf(node: value, event))
                            case .declaration(let name, _, let value?):
                                note(name, typeOf(node: value, event))
                            default:
                                break
                            }
                        }
                    default:
                        break
                    }
                }
            }
            for block in blocks { walk(block.actions, block.event) }
            for location in idLocations { if let variable = Self.variable(location) { note(variable, "String") } }
            types = found
            var progressed = false
            for (id, inferred) in found {
                if case .type(let type) = inferred, known[id] == nil {
                    known[id] = type
                    progressed = true
                }
            }
            if !progressed { break }
        }
    }

    /// The `<data>` a location names when it is a whole variable (no member or index).
    private static func variable(_ location: String) -> String? {
        guard let node = try? StatecraftExpressionSyntax.location(location), node.steps.isEmpty else { return nil }
        return node.variable
    }
}
