import StatecraftSCXML

/// One field of the generated context: a `<data>` of the document.
struct ContextField: Hashable {
    /// The `<data>`'s id.
    var id: String
    /// The field's Swift name.
    var swiftName: String
    /// The field's Swift type, as written in the generated code.
    var type: String
    /// The initial value, as Swift.
    var initial: String
    /// Whether the type is optional (`nil` stands for SCXML's unbound value).
    var isOptional: Bool
    /// Where the `<data>` is.
    var position: TextPosition
    /// Whether the `<data>` has no value until assigned (no `expr`): `nil` is SCXML's `undefined`,
    /// which the statecraft datamodel's arithmetic and comparisons refuse with `error.execution`.
    var unboundUntilAssigned = false
    /// Whether `initial` reads other fields or the session's id (an `expr` that is not a
    /// literal), so that it is computed in the context's initializer, in document order.
    var computedInInit = false
    /// What declares the field, for its doc comment, when it is not a `<data>`: `var name` in the
    /// top-level `<script>`.
    var declaration: String? = nil
    /// How generated code reads the value when it is not a field of the context: a field of the
    /// data an event carries (`_event.data.name`, ``EventDataShape``), always optional.
    var readPath: String? = nil
    /// Whether the field never holds a value: a `<data>` without `expr` that nothing in the
    /// document gives a value of a type the generator can infer (`Never?`, always `nil`, SCXML's
    /// `undefined`). Reading or assigning it is refused, unless the attempt fails when it runs
    /// (an assigned expression that does not parse), as it does in the session.
    var neverHoldsValue = false
    /// Whether the document that invokes this one passes the value (`<param>`, `namelist`): the
    /// context's initializer takes it, in place of `initial`.
    var suppliedByInvoker = false
    /// Whether the field holds the text of a `<data>` given values of several types (a number,
    /// then a string), which the document reads only as text: a `String`, assigned the text of
    /// each value (``ContextFields/init(model:eventData:supplied:sources:textual:)``).
    var keepsText = false
}

/// The generated context's fields: every `<data>` of the document, in document order (SCXML's
/// early binding: all are made when the machine starts), each with a Swift type, stated with
/// `statecraft:type`, inferred from a literal `expr`, or, for a `<data>` without `expr`, inferred
/// from what the document puts in it (``UsageTypes``) and optional, `nil` until assigned.
struct ContextFields {
    typealias Refusal = SCXMLGenerationError.Refusal

    private(set) var fields: [ContextField] = []
    private(set) var refusals: [Refusal] = []
    /// The system variables the data's `expr`s read.
    let system = SystemReads()
    /// The ids of every `<data>`, those refused included.
    private(set) var declaredIDs: Set<String> = []
    /// State id → the `<assign>`s that give its `<data>` their values when it is first entered,
    /// with `binding="late"` (SCXML 5.3), in document order.
    private(set) var lateBindings: [String: [Action]] = [:]
    /// The `<data>` whose `expr` does not parse: the generated machine raises `error.execution`
    /// once for each when it starts, and the data is unbound until assigned (SCXML 5.3).
    private(set) var startFailures: [Refusal] = []
    /// How many fields have a type (those that never hold a value aside).
    var typedCount: Int { fields.count { !$0.neverHoldsValue } }

    /// - Parameters:
    ///   - eventData: The data the document's events carry, found over the fields typed without
    ///     it: a `<data>` without `expr` assigned `_event.data.name` takes that field's type.
    ///   - supplied: What the invoking document passes (``SCXMLSwiftGenerator/supplied``): a
    ///     top-level `<data>` of such an id must have the value's type, which one without `expr`
    ///     nothing else types takes (optional: the context may be made without it).
    ///   - sources: What each `<data src>` reads (``sources(of:)``), by the element's position.
    ///   - textual: The `<data>` given values of several types that the document reads only as
    ///     text (``SystemReads/typeConflicts``): each is a `String` field that holds its value's
    ///     text, from its literal `expr`'s, as the session writes that value as text.
    init(
        model: DocumentModel, eventData: EventDataShapes? = nil,
        supplied: [String: (type: String, from: TextPosition)] = [:], sources: [TextPosition: Source] = [:],
        textual: Set<String> = []
    ) {
        var all = model.data
        // The state each <data> is in; nil for the document's own.
        var owners: [String?] = model.data.map { _ in nil }
        func collect(_ state: StateModel) {
            all += state.data
            owners += state.data.map { _ in state.id }
            state.children.forEach(collect)
        }
        model.states.forEach(collect)
        let topLevel = model.data.count
        var names = SwiftNameTable(reserved: ["host", "sessionID", "sendCount", "newSendID", "randomSessionID", "lateBound", "startErrors", "lastTaken"])
        let literals = ExpressionTranslator(fields: [:], states: [:], eventIsOptional: true, inAction: false)
        let usage = UsageTypes(model: model, eventData: eventData)
        declaredIDs = Set(all.map(\.id))
        for (index, data) in all.enumerated() {
            func refuse(_ reason: String) {
                refusals.append(Refusal(element: "data", position: data.position, reason: reason))
            }
            if model.binding == .late, let state = owners[index], data.expr != nil || data.content != nil, data.src == nil {
                addLateBound(data, in: state, &names)
                continue
            }
            var content = data.content
            if let src = data.src {
                // Read when generating, through the document's read policy, as an invoked document
                // given by src is; the value is the file's content, as the session reads it (5.3).
                switch sources[data.position] {
                case .text(let text)?:
                    content = .text(text)
                case .failure(let why)?:
                    startFailures.append(Refusal(
                        element: "data", position: data.position,
                        reason: "'\(SwiftNames.escapedText(src))' cannot be read: \(why); the generated machine raises "
                            + "error.execution when it starts and the data is unbound until assigned, as the session does"
                    ))
                case nil:
                    refuse("a <data> with 'src' under binding=\"late\" is not generated yet; give its value with a literal 'expr'")
                    continue
                }
            }
            if let value = Self.contentValue(content) {
                guard let type = Self.type(of: value), let initial = try? literals.literal(value) else {
                    refuse("the type of the <data>'s content cannot be inferred (an object, an empty or mixed array); "
                        + "give its value with a literal 'expr'")
                    continue
                }
                let name = SwiftNames.escaped(names.name(for: data.id, fallback: "data"))
                fields.append(ContextField(
                    id: data.id, swiftName: name, type: type, initial: initial, isOptional: false, position: data.position
                ))
                continue
            }
            var node: ExpressionNode?
            // Whether the <data> gets no value at initialization: no expr, or one that does not parse.
            var noValue = data.expr == nil
            if let expr = data.expr {
                do {
                    node = try StatecraftExpressionSyntax.expression(expr)
                } catch {
                    // SCXML 5.3: a value that cannot be evaluated raises error.execution at
                    // initialization, and the data is created unbound, as in the session.
                    startFailures.append(Refusal(
                        element: "data", position: data.position,
                        reason: "the expression '\(SwiftNames.escapedText(expr))' does not parse: \(error.message); the generated "
                            + "machine raises error.execution when it starts and the data is unbound until assigned, as the "
                            + "session does"
                    ))
                    noValue = true
                }
            }
            var initial = "nil"
            var computed: String?
            var readsContext = false
            if let node {
                do {
                    (initial, computed, readsContext) = try initialValue(node, documentName: model.name)
                } catch {
                    refuse("a <data>'s expr is generated when it is a literal or an expression over the data declared "
                        + "before it and the system variables _sessionid, _name and _ioprocessors (\(error.reason))")
                    continue
                }
            }
            if textual.contains(data.id), data.statedType == nil, let node, let text = Self.text(ofLiteral: node) {
                let name = SwiftNames.escaped(names.name(for: data.id, fallback: "data"))
                fields.append(ContextField(
                    id: data.id, swiftName: name, type: "String", initial: SwiftNames.literal(text), isOptional: false,
                    position: data.position, keepsText: true
                ))
                continue
            }
            var type: String
            var optional = false
            if let stated = data.statedType?.trimmedBlanks(), !stated.isEmpty {
                type = stated
                if noValue, !stated.hasSuffix("?") { type += "?" }
                optional = type.hasSuffix("?")
            } else if let node, let inferred = Self.inferredType(node) {
                type = inferred
            } else if let inferred = computed {
                type = inferred
            } else if noValue, case .type(let inferred)? = usage.types[data.id] {
                type = inferred + "?"
                optional = true
            } else if noValue, index < topLevel, let given = supplied[data.id] {
                type = given.type + "?"
                optional = true
            } else if noValue, case .conflict(let first, let second)? = usage.types[data.id] {
                refuse("a <data> without 'expr' takes its type from what the document puts in it, but '\(SwiftNames.escapedText(data.id))' "
                    + "is given both \(first) and \(second); state its type with statecraft:type")
                continue
            } else if noValue {
                // Nothing gives it a typed value: it stays undefined, and reading it is refused where it is read.
                let name = SwiftNames.escaped(names.name(for: data.id, fallback: "data"))
                fields.append(ContextField(
                    id: data.id, swiftName: name, type: "Never?", initial: "nil", isOptional: true, position: data.position,
                    unboundUntilAssigned: true, neverHoldsValue: true
                ))
                continue
            } else {
                refuse("the type of '\(SwiftNames.escapedText(data.expr ?? ""))' cannot be inferred; state it with statecraft:type")
                continue
            }
            let given = index < topLevel ? supplied[data.id] : nil
            if let given, given.type != (optional ? String(type.dropLast()) : type) {
                refuse("the <invoke> at \(given.from) passes a \(given.type) as '\(SwiftNames.escapedText(data.id))', whose field "
                    + "here is a \(type): the generated fields do not change type; pass a value of its type")
                continue
            }
            let name = SwiftNames.escaped(names.name(for: data.id, fallback: "data"))
            fields.append(ContextField(
                id: data.id, swiftName: name, type: type, initial: initial, isOptional: optional, position: data.position,
                unboundUntilAssigned: noValue, computedInInit: readsContext, suppliedByInvoker: given != nil
            ))
        }
        addScriptDeclarations(model, &names)
        addDeclared(usage, &names)
    }

    /// A state's `<data>` with `binding="late"` (SCXML 5.3): a field unbound until the state is
    /// first entered, when an `<assign>` of its value runs before the state's entry actions
    /// (``lateBindings``), typed as that value (stated, a literal, an expression of a certain type
    /// over the data before it, or content).
    private mutating func addLateBound(_ data: DataModel, in state: String, _ names: inout SwiftNameTable) {
        var type: String?
        if let stated = data.statedType?.trimmedBlanks(), !stated.isEmpty {
            type = stated.hasSuffix("?") ? String(stated.dropLast()) : stated
        } else if let value = Self.contentValue(data.content) {
            type = Self.type(of: value)
        } else if let expr = data.expr, let node = try? StatecraftExpressionSyntax.expression(expr) {
            // A literal's type, or an expression's over the data before it (ExpressionTypes reads literals as inferredType).
            type = ExpressionTypes.type(of: node, Dictionary(fields.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first }))
        }
        guard let type else {
            refusals.append(Refusal(element: "data", position: data.position, reason: "with binding=\"late\", the type of "
                + "the value this <data> gets when its state is first entered cannot be inferred; state it with statecraft:type"))
            return
        }
        fields.append(ContextField(
            id: data.id, swiftName: SwiftNames.escaped(names.name(for: data.id, fallback: "data")), type: type + "?",
            initial: "nil", isOptional: true, position: data.position, unboundUntilAssigned: true
        ))
        let assign = Action(kind: .assign(location: data.id, expr: data.expr, content: data.expr == nil ? data.content : nil),
            position: data.position)
        lateBindings[state, default: []].append(assign)
    }

    /// The Swift of a value made with the context: a literal, or an expression over the data made
    /// before it (early binding makes them in document order), `_sessionid` and `_name`, computed
    /// in the context's initializer, with its type when it is certain.
    private func initialValue(
        _ node: ExpressionNode, documentName: String?
    ) throws(Untranslatable) -> (swift: String, computedType: String?, readsContext: Bool) {
        let literals = ExpressionTranslator(fields: [:], states: [:], eventIsOptional: true, inAction: false)
        if let literal = try? literals.translate(node) { return (literal, nil, false) }
        var earlier = ExpressionTranslator(
            fields: Dictionary(fields.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first }),
            states: [:], eventIsOptional: true, inAction: false
        )
        earlier.documentName = documentName
        earlier.system = system
        earlier.contextPrefix = "self."
        return (try earlier.translate(node), ExpressionTypes.type(of: node, earlier.fields), true)
    }

    /// The fields the document's top-level `<script>` declares: it runs once when the document is
    /// loaded, after the data are made (SCXML 5.8), so `var name = expr` is a field made then,
    /// after the data, of the type of `expr` (a literal, or an expression over the data before
    /// it). What else it does is refused: an assignment, a declaration without a value or of a
    /// name already declared, `src`.
    private mutating func addScriptDeclarations(_ model: DocumentModel, _ names: inout SwiftNameTable) {
        for action in model.script {
            func refuse(_ reason: String) {
                refusals.append(Refusal(element: "script", position: action.position, reason: reason))
            }
            guard case .script(let source, let src) = action.kind, src == nil, action.hostAction == nil else {
                refuse("a top-level <script> with 'src' or statecraft:action is not generated; write it in the initial state's <onentry>")
                continue
            }
            let script: [ScriptStatement]
            do {
                script = try StatecraftExpressionSyntax.script(source ?? "")
            } catch {
                refuse("the script does not parse: \(error.message)")
                continue
            }
            for statement in script {
                guard case .declaration(let name, _, let value?) = statement else {
                    refuse("of a top-level <script> only declarations with a value ('var name = expr') are generated; "
                        + "write the rest in the initial state's <onentry>")
                    break
                }
                guard !declaredIDs.contains(name), !name.hasPrefix("_") else {
                    refuse("'var \(SwiftNames.escapedText(name))' in a top-level <script> declares a name already declared "
                        + "or a system variable, which is not generated")
                    break
                }
                guard let made = try? initialValue(value, documentName: model.name),
                    let type = ContextFields.inferredType(value) ?? made.computedType else {
                    refuse("the value of 'var \(SwiftNames.escapedText(name))' in a top-level <script> is generated when it is "
                        + "a literal or an expression of a certain type over the data")
                    break
                }
                declaredIDs.insert(name)
                fields.append(ContextField(
                    id: name, swiftName: SwiftNames.escaped(names.name(for: name, fallback: "data")), type: type,
                    initial: made.swift, isOptional: false, position: action.position, computedInInit: made.readsContext,
                    declaration: "`var \(SwiftNames.escapedText(name))` in the top-level `<script>`"
                ))
            }
        }
    }

    /// A field for each `item` and `index` a `<foreach>` declares and each variable a script in
    /// executable content declares, of the type inferred for it, unbound until given a value.
    private mutating func addDeclared(_ usage: UsageTypes, _ names: inout SwiftNameTable) {
        for (id, position, element) in usage.declared where !fields.contains(where: { $0.id == id }) {
            let name = SwiftNames.escaped(names.name(for: id, fallback: "data"))
            switch usage.types[id] {
            case .type(let type)?:
                fields.append(ContextField(
                    id: id, swiftName: name, type: type + "?", initial: "nil", isOptional: true, position: position,
                    unboundUntilAssigned: true
                ))
            case .conflict?:
                refusals.append(Refusal(element: element, position: position, reason: "the variable '\(SwiftNames.escapedText(id))' "
                    + "this <\(element)> declares is given more than one type; declare it with a <data> and statecraft:type"))
            case nil where element == "foreach":
                refusals.append(Refusal(element: element, position: position, reason: "the type of the variable "
                    + "'\(SwiftNames.escapedText(id))' this <foreach> declares cannot be inferred (the array's element type is "
                    + "not known); declare it with a <data> and statecraft:type"))
            case nil:
                // A script's `var name` nothing gives a typed value: it stays undefined, and reading
                // it is refused where it is read.
                fields.append(ContextField(
                    id: id, swiftName: name, type: "Never?", initial: "nil", isOptional: true, position: position,
                    unboundUntilAssigned: true, neverHoldsValue: true
                ))
            }
        }
    }
}

extension String {
    /// Without leading and trailing white space.
    func trimmedBlanks() -> String {
        let blank: Set<Character> = [" ", "\t", "\n", "\r"]
        return String(drop(while: blank.contains).reversed().drop(while: blank.contains).reversed())
    }
}
