import StatecraftSCXML

/// Translates executable content (`<assign>`, `<if>`, `<foreach>`, `<raise>`, `<send>`,
/// `<cancel>`, `<log>`, `<script>`) into the Swift statements of an action closure
/// `{ context, event, effects in ... }`, over the generated context.
///
/// The first pass (``survey(_:reservedTypeNames:)``) walks every block in document order, collects what cannot
/// be translated (at its element's line and column) and what the generated code must declare: the
/// events raised and sent to the machine itself (cases of `Event`) and out of it (of `Outgoing`),
/// and what the app provides (requirements of `Host`).
struct ExecutableContent {
    typealias Refusal = SCXMLGenerationError.Refusal

    /// What a `Host` requirement is for.
    enum Requirement: Hashable {
        case deliver
        /// An invoked document's `<send target="#_parent">` with data: the data's type, one of the
        /// invoking document's (``ParentEvents``).
        case deliverData(String)
        case log
        /// A `<script statecraft:action="name">`: the name, as written.
        case action(String)
    }

    let datamodel: String
    let fields: [String: ContextField]
    /// State id → `.caseName`.
    let states: [String: String]
    /// The document's file, for `#sourceLocation`.
    let file: String?

    private(set) var refusals: [Refusal] = []
    /// What the generated machine fails on every time it runs, raising `error.execution` as the
    /// session does (``raisingErrorExecution(_:element:at:survey:)``): legal SCXML, but most
    /// likely a mistake, which the generator reports as a warning.
    var warnings: [Refusal] = []
    /// Events raised or sent to the machine itself, in the order first named.
    private(set) var internalEvents: [(name: String, position: TextPosition)] = []
    /// Events sent out of the machine, in the order first named.
    var outgoingEvents: [String] = []
    /// What the app provides, in the order first needed.
    private(set) var requirements: [Requirement] = []

    /// The context's fields in document order.
    var orderedFields: [ContextField] = []
    /// Adds refusals found elsewhere (of the data, of the document's own script).
    mutating func refuse(_ more: [Refusal]) {
        refusals += more
    }

    /// Event name → `Event` case; filled by the chart writer before it writes actions.
    var eventCases: [String: String] = [:]
    /// Event name → `Outgoing` case.
    var outgoingCases: [String: String] = [:]
    /// Action name → the `Host` method's name.
    var actionNames: [String: String] = [:]
    /// For an invoked document, what its `#_parent` sends with data give; `nil` otherwise.
    var parentEvents: ParentEvents?

    /// The data each event carries (``EventDataShapes``), found before the blocks are translated.
    var eventData = EventDataShapes([], fields: [:], reserved: [])
    /// The event descriptor of the transition whose code is being translated; `nil` elsewhere.
    var currentEvent: String?
    /// Where the document makes its events (`_event.type` and the other fields).
    var eventOrigins: EventOrigins?

    /// Whether the statement just translated always ends its block (it raises `error.execution`).
    var endsBlock = false
    /// Whether any block has an action, so that the generated code has actions.
    private(set) var hasActions = false
    /// Whether a guard may throw (``surveyConditions(_:)``), so that the chart raises `error.execution` for it.
    var conditionsThrow = false

    /// The document's `name` (`_name`).
    var documentName: String?
    /// The system variables the document reads that the context carries (`_sessionid`).
    var system = SystemReads()
    /// What delayed `<send>`s put out of the machine, and where: outbound `Event`s.
    var outboundEvents: [(name: String, target: String, position: TextPosition)] = []
    /// The Swift of the `<send>` being translated's id, which its errors carry (SCXML 5.10.1).
    var failingSendID: String?

    /// The ids of every `<data>` of the document, those refused included.
    var declared: Set<String> = []
    /// Where the first `<send eventexpr>` is, whose event's name is known when it runs: `Event`
    /// then has `named(String)` for a name no case has, and is matched by descriptor.
    var computedNames: TextPosition?
    /// State id → the `<assign>`s that give its `<data>` their values when it is first entered
    /// (`binding="late"`, ``ContextFields/lateBindings``).
    var lateBindings: [String: [Action]] = [:]
    /// How many `<data>` fail at initialization (``ContextFields/startFailures``): the start's errors.
    var startErrors = 0

    /// Takes what the translation needs to know of the document's data and name.
    mutating func adopt(_ data: ContextFields, documentName: String?) {
        self.documentName = documentName
        system = data.system
        declared = data.declaredIDs
    }

    /// Whether the generated code needs a context other than `Void`.
    var needsContext: Bool { isSwift || !fields.isEmpty || !requirements.isEmpty || system.sessionID || system.wholeEvent }

    /// Translates every block once, to collect refusals and declarations, after finding the data
    /// each event carries; a transition's block comes with its event descriptor.
    ///
    /// - Parameter shapes: The data the events carry when already found over these fields (the
    ///   generator's typing rounds find them); found here when `nil`.
    mutating func survey(
        _ blocks: [(actions: [Action], event: String?)], doneData: [DoneDataSource] = [], reservedTypeNames: Set<String>,
        shapes: EventDataShapes? = nil
    ) {
        hasActions = blocks.contains { !$0.actions.isEmpty }
        eventData = shapes ?? EventDataShapes(
            blocks.map { $0.actions }, doneData: doneData, fields: fields, declared: declared, reserved: reservedTypeNames
        )
        var sink: [String] = []
        for block in blocks {
            currentEvent = block.event
            translate(block.actions, eventIsOptional: block.event == nil, into: &sink, survey: true)
        }
        currentEvent = nil
        surveyDoneData(doneData)
    }

    /// The Swift statements of `actions`, one per line, without indentation, in the code of a
    /// transition of the descriptor `event` (`nil` for other code).
    func statements(_ actions: [Action], eventIsOptional: Bool, event: String? = nil) -> [String] {
        var copy = self
        copy.currentEvent = event
        var lines: [String] = []
        copy.translate(actions, eventIsOptional: eventIsOptional, into: &lines, survey: false)
        return lines
    }

    /// `#sourceLocation` lines around generated code, so that Swift reports its errors at the
    /// document's line; none when the document has no file.
    func located(_ position: TextPosition, _ code: [String]) -> [String] {
        guard let file else { return code }
        return ["#sourceLocation(file: \(SwiftNames.literal(file)), line: \(position.line))"] + code + ["#sourceLocation()"]
    }

    func translator(eventIsOptional: Bool, inAction: Bool) -> ExpressionTranslator {
        var translator = ExpressionTranslator(fields: fields, states: states, eventIsOptional: eventIsOptional, inAction: inAction)
        translator.documentName = documentName
        translator.declared = declared
        translator.system = system
        translator.eventData = eventData.shapes
        translator.eventDescriptor = currentEvent
        translator.eventOrigins = eventOrigins
        return translator
    }

    mutating func require(_ requirement: Requirement) {
        if !requirements.contains(requirement) { requirements.append(requirement) }
    }

    private mutating func translate(_ actions: [Action], eventIsOptional: Bool, into lines: inout [String], survey: Bool) {
        let outer = endsBlock
        defer { endsBlock = outer }
        endsBlock = false
        for action in actions {
            // What follows a statement that always ends the block never runs: it is not written
            // (Swift would warn that it will never be executed), though it is still surveyed.
            if endsBlock, !survey { break }
            var expressions = translator(eventIsOptional: eventIsOptional, inAction: true)
            let unwraps = Unwraps()
            expressions.unwraps = unwraps
            do throws(Untranslatable) {
                var code = try statements(for: action, expressions, eventIsOptional, survey)
                switch action.kind {
                case .branches, .foreach: break  // their headers carry their own location
                case .script where isSwift: break  // located at its first line of Swift
                default: code = located(action.position, code)
                }
                lines += unwrapping(unwraps, code, at: action.position, survey: survey)
            } catch where error.failsWhenRun && action.failsAsAWhole {
                lines += located(action.position, raisingErrorExecution(error.reason, element: action.elementName, at: action.position, survey: survey))
            } catch {
                if survey { refusals.append(Refusal(element: action.elementName, position: action.position, reason: error.reason)) }
            }
        }
    }

    /// Whether expressions and scripts are Swift source (the `swift` datamodel), run in methods of
    /// the context type the document names.
    var isSwift: Bool { datamodel == "swift" }

    /// How generated code reaches the host: the context's `host`, or, in the `swift` datamodel,
    /// the context itself (it conforms to `Host`).
    var host: String { isSwift ? "" : "context.host." }

    private func expression(
        _ text: String, _ expressions: ExpressionTranslator, reading: ExpressionTranslator.Reading = .value
    ) throws(Untranslatable) -> String {
        if isSwift { return "(\(text))" }
        if datamodel == "null" {
            // The session's null datamodel refuses every evaluation: the element always fails.
            throw Untranslatable(reason: "the null datamodel evaluates no expression ('\(SwiftNames.escapedText(text))')",
                failsWhenRun: true)
        }
        return try expressions.expression(text, reading: reading)
    }

    private mutating func statements(
        for action: Action, _ expressions: ExpressionTranslator, _ eventIsOptional: Bool, _ survey: Bool
    ) throws(Untranslatable) -> [String] {
        switch action.kind {
        case .raise(let event):
            if survey { noteInternal(event, at: action.position) }
            return ["effects.raise(\(eventValue(event)))"]
        case .send(let send):
            return try self.send(send, expressions, at: action.position, survey: survey)
        case .cancel(let sendID, let sendIDExpr):
            guard let sendID else {
                // The id is the expression's value as text, as the session takes it.
                let id = try expression(sendIDExpr ?? "", expressions, reading: .text)
                return ["effects.cancel(\(isSwift ? "String(describing: \(id))" : "scxmlText(\(id))"))"]
            }
            return ["effects.cancel(\(SwiftNames.literal(sendID)))"]
        case .log(let label, let expr):
            require(.log)
            let text = isSwift ? "String(describing: " : "scxmlText("
            let message = try expr.map { expr throws(Untranslatable) in
                "\(text)\(try expression(expr, expressions, reading: .text)))"
            } ?? "\"\""
            return ["\(host)log(label: \(SwiftNames.literal(label ?? "")), message: \(message))"]
        case .assign(let location, let expr, let content):
            if datamodel == "null" { throw Untranslatable(reason: "the null datamodel has no locations to assign") }
            if isSwift {
                guard content == nil, let expr else { throw Untranslatable(reason: "the swift datamodel's <assign> takes expr") }
                return ["\(location) = \(expr)"]
            }
            if let node = try? StatecraftExpressionSyntax.location(location),
                let refused = refusedAssignment(node, element: "assign", at: action.position, survey: survey)
            {
                return refused
            }
            // The value first: one that cannot be evaluated fails the <assign> whatever its location.
            let value = try expr.map { expr throws(Untranslatable) in try expressions.expression(expr) }
            let field = try expressions.location(location)
            if let expr, let value {
                try checkType(of: expr, assignedTo: field)
                return ["context.\(field.swiftName) = \(field.keepsText ? "scxmlText(\(value))" : value)"]
            }
            return [try contentAssignment(content, to: field, expressions)]
        case .branches(let branches):
            // `elseif` becomes `else { if ... }`, so that each condition has its line of the document.
            var lines: [String] = []
            var depth = 0
            for (index, branch) in branches.enumerated() {
                let indent = String(repeating: "    ", count: depth)
                if index > 0 {
                    lines.append(indent + "} else {")
                    if branch.cond != nil { depth += 1 }
                }
                let inner = String(repeating: "    ", count: depth)
                if let cond = branch.cond {
                    // The first condition's unbound data is unwrapped before the statement, a later
                    // one's in its `else`, where it is evaluated.
                    var condition = expressions
                    let unwraps = Unwraps()
                    if index > 0 { condition.unwraps = unwraps }
                    if datamodel == "null", let id = SCXMLNullDatamodel.inStateID(cond) {
                        lines += located(action.position, ["if \(expressions.inState(id)) {"]).map { inner + $0 }
                    } else if let why = failingCondition(cond) {
                        // SCXML 5.9: the branch's condition is false, and error.execution is raised
                        // when it is evaluated, as the session does.
                        if survey { noteInternal("error.execution", at: action.position) }
                        let raise = "\(raising("error.execution"))  // \(why): false"
                        lines += located(action.position, [raise, "if Bool(false) {"]).map { inner + $0 }
                    } else {
                        let header = located(action.position, ["if \(try expression(cond, condition)) {"])
                        lines += guardLines(unwraps, at: action.position, survey: survey).map { inner + $0 }
                        lines += header.map { inner + $0 }
                    }
                }
                var body: [String] = []
                translate(branch.actions, eventIsOptional: eventIsOptional, into: &body, survey: survey)
                lines += body.map { inner + "    " + $0 }
            }
            while depth >= 0 {
                lines.append(String(repeating: "    ", count: depth) + "}")
                depth -= 1
            }
            return lines
        case .foreach(let array, let item, let index, let body):
            if datamodel == "null" { throw Untranslatable(reason: "the null datamodel has no arrays to iterate", failsWhenRun: true) }
            if isSwift {
                var lines = located(action.position, ["for (index, item) in (\(array)).enumerated() {", "    \(item) = item"])
                if let index { lines.append("    \(index) = index") }
                var inner: [String] = []
                translate(body, eventIsOptional: eventIsOptional, into: &inner, survey: survey)
                return lines + inner.map { "    " + $0 } + ["}"]
            }
            // SCXML 4.6: an array that is not one, or an item or index that is not a location, is error.execution.
            if let node = try? StatecraftExpressionSyntax.expression(array), let type = ExpressionTypes.type(of: node, fields),
                !type.hasPrefix("[")
            {
                throw Untranslatable(reason: "the array '\(SwiftNames.escapedText(array))' is a \(type), which cannot be iterated", failsWhenRun: true)
            }
            let collection = try expressions.expression(array)
            let items = try expressions.location(item)
            let indices = try index.map { text throws(Untranslatable) in try expressions.location(text) }
            var lines = located(action.position, ["for (index, item) in \(collection).enumerated() {"])
            lines.append("    context.\(items.swiftName) = item")
            if let indices { lines.append("    context.\(indices.swiftName) = Double(index)") }
            var inner: [String] = []
            translate(body, eventIsOptional: eventIsOptional, into: &inner, survey: survey)
            lines += inner.map { "    " + $0 }
            lines.append("}")
            return lines
        case .script(let source, _):
            if isSwift {
                guard action.hostAction == nil else {
                    throw Untranslatable(reason: "the swift datamodel's script is Swift: call the app's code in it, "
                        + "rather than naming an action with statecraft:action")
                }
                // The script's own lines, without the blank ones around them, at their line of the document.
                var code = (source ?? "").split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
                let leading = code.prefix { $0.allSatisfy(\.isWhitespace) }.count
                code.removeFirst(leading)
                while code.last?.allSatisfy(\.isWhitespace) == true { code.removeLast() }
                let margin = code.map { $0.prefix { $0 == " " || $0 == "\t" }.count }.min() ?? 0
                let start = TextPosition(line: action.position.line + leading, column: 1)
                return located(start, code.map { String($0.dropFirst(margin)) })
            }
            if let name = action.hostAction {
                guard (source ?? "").allSatisfy(\.isWhitespace) else {
                    throw Untranslatable(reason: "a <script statecraft:action> names an action of the app and holds no script")
                }
                require(.action(name))
                return ["do {", "    let host = context.host", "    host.\(actionNames[name] ?? "_")(&context)", "}"]
            }
            if datamodel == "null" { throw Untranslatable(reason: "the null datamodel runs no script; name an app's action with statecraft:action") }
            let script: [ScriptStatement]
            do {
                script = try StatecraftExpressionSyntax.script(source ?? "")
            } catch {
                throw Untranslatable(reason: "the script does not parse: \(error.message)")
            }
            var lines: [String] = []
            scriptLoop: for statement in script {
                let location: LocationNode
                let value: ExpressionNode
                switch statement {
                case .assignment(let assigned, let expression):
                    (location, value) = (assigned, expression)
                case .declaration(let name, _, let expression):
                    // A field, unbound until given a value (UsageTypes); `var name` alone changes nothing.
                    guard let expression, let declared = try? StatecraftExpressionSyntax.location(name) else { continue }
                    (location, value) = (declared, expression)
                }
                if let refused = refusedAssignment(location, element: "script", at: action.position, survey: survey) {
                    lines += refused
                    break scriptLoop
                }
                lines.append("context.\(try expressions.field(of: location).swiftName) = \(try expressions.translate(value))")
            }
            return lines
        }
    }

    /// `code` in a `do` block whose first statement unwraps the data `unwraps` holds, raising
    /// `error.execution` and ending the block when one is unbound; `code` when there is none.
    private mutating func unwrapping(_ unwraps: Unwraps, _ code: [String], at position: TextPosition, survey: Bool) -> [String] {
        let guards = guardLines(unwraps, at: position, survey: survey)
        guard !guards.isEmpty else { return code }
        return ["do {"] + (guards + code).map { "    " + $0 } + ["}"]
    }

    /// `guard let` of the data `unwraps` holds, which raises `error.execution` and ends the block.
    /// `position` is the statement's, for a read that is no `<data>` (`_event.data.name`).
    mutating func guardLines(
        _ unwraps: Unwraps, at position: TextPosition, survey: Bool, exit: String = "return"
    ) -> [String] {
        guard let first = unwraps.fields.first else { return [] }
        if survey { noteInternal("error.execution", at: first.readPath == nil ? first.position : position) }
        let bindings = unwraps.fields.map { "let \(Unwraps.constant($0)) = \($0.readPath ?? "context." + $0.swiftName)" }
        return [
            "guard \(bindings.joined(separator: ", ")) else {",
            "    \(raising("error.execution"))",
            "    \(exit)",
            "}",
        ]
    }

    mutating func noteInternal(_ event: String, at position: TextPosition) {
        if !internalEvents.contains(where: { $0.name == event }) { internalEvents.append((event, position)) }
    }
}
