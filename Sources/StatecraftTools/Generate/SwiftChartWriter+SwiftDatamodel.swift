import StatecraftSCXML

/// The `swift` datamodel: a document's `cond`, `expr`, locations and `<script>`s are Swift
/// source, copied into methods of an extension of the context type the document names
/// (`statecraft:context`), so that they read its properties and methods by name and Swift
/// type-checks them, each under `#sourceLocation` at its line of the document. The chart's
/// closures call those methods; `_event` is the event being processed (`Event?`) and `effects`
/// the action's ``Effects``.
extension SwiftChartWriter {
    /// The name of the method for the block or condition at `position`: `counterAction12_5`.
    func swiftMethod(_ kind: String, _ position: TextPosition) -> String {
        let stem = typeName.prefix(1).lowercased() + typeName.dropFirst()
        return "\(stem)\(kind)\(position.line)_\(position.column)"
    }

    /// The extension of the context type, after the generated type; nothing for another datamodel.
    mutating func writeSwiftDatamodelExtension() {
        guard let content, content.isSwift, let context = model.contextType else { return }
        var methods: [String] = []
        let eventType = "\(typeName).Event"
        func block(_ actions: [Action]) {
            guard let first = actions.first else { return }
            methods.append("")
            methods.append("    fileprivate mutating func \(swiftMethod("Action", first.position))(_ _event: \(eventType)?, _ effects: inout Effects<\(eventType)>) {")
            methods += content.statements(actions, eventIsOptional: true).map { "        " + $0 }
            methods.append("    }")
        }
        func visit(_ state: StateModel) {
            for entry in actionBlocksOfSwiftState(state) { block(entry) }
            if let initial = state.initialTransition { block(initial.actions) }
            for transition in state.transitions {
                if let cond = transition.cond, SCXMLNullDatamodel.inStateID(cond) == nil,
                    let swift = try? content.condition(cond, eventIsOptional: true) {
                    methods.append("")
                    methods.append("    fileprivate func \(swiftMethod("Condition", transition.position))(_ _event: \(eventType)?) -> Bool {")
                    methods += content.located(transition.position, ["return \(swift)"]).map { "        " + $0 }
                    methods.append("    }")
                }
                block(transition.actions)
            }
            state.children.forEach(visit)
        }
        model.states.forEach(visit)
        lines.append("")
        if !content.requirements.isEmpty {
            lines.append("/// `\(context)` provides what the document reaches outside the machine for (`\(typeName).Host`).")
            lines.append("extension \(context): \(typeName).Host {}")
            lines.append("")
        }
        lines.append("/// The Swift of the document's conditions and executable content (datamodel `swift`), run on `\(context)`.")
        lines.append("extension \(context) {")
        lines += methods.dropFirst()
        lines.append("}")
    }

    /// The state's entry and exit blocks as `actionBlocks(of:)` writes them.
    private func actionBlocksOfSwiftState(_ state: StateModel) -> [[Action]] {
        let timed = Set((timers[state.id] ?? []).map(\.position))
        var blocks: [[Action]] = []
        for block in state.onEntry {
            blocks.append(block.filter { !timed.contains($0.position) })
        }
        for block in state.onExit {
            blocks.append(block.filter { !isTimerCancel($0, in: state) })
        }
        return blocks.filter { !$0.isEmpty }
    }
}
