import StatecraftSCXML

/// Writing how the driver starts each `<invoke>` (`startN()`) and notices its end (`endedN()`):
/// a generated document's machine, or a document known only when the invocation starts
/// (``Invocations/InterpretedDocument``), read then from the driver's folder and run as an
/// `SCXMLSession` whose `#_parent` sends come to the machine by name.
extension SwiftChartWriter {
    /// The driver's folder and read policy for the documents its interpreted invocations read.
    mutating func writeDocumentSource() {
        lines += [
            "        /// The folder the documents an `<invoke srcexpr>` names are read from; `nil`: none.",
            "        private let documentFolder: String?",
            "        /// Which files those documents may be read from.",
            "        private let readPolicy: SCXMLDocument.ReadPolicy",
        ]
    }

    /// `startN()` and `endedN()` of an `<invoke>` whose document is computed when it starts.
    mutating func writeInterpretedRun(_ plan: Invocations.Plan, number: Int) {
        guard let document = plan.interpreted else { return }
        let id = SwiftNames.literal(plan.invokeID)
        let file = SwiftNames.literal("<invoke> at \(plan.invoke.position)")
        lines += [
            "",
            "        /// Starts the `<invoke>` at \(plan.invoke.position) as the run after the last, under the id \(id): its",
            "        /// document, \(document.isFile ? "the file its srcexpr names" : "the text of its <content expr>") now, read and run",
            "        /// interpreted; one that cannot be read is error.execution, and nothing starts (SCXML 6.4).",
            "        private mutating func start\(number)() {",
        ]
        guard writeStartChecks(plan, number: number, readsContext: document.swift.contains("context.")) else { return }
        let read = document.isFile
            ? "SCXMLDocument(reference: \(document.swift), relativeTo: documentFolder, readPolicy: readPolicy)"
            : "SCXMLDocument(xml: \(document.swift), file: \(file), baseDirectory: documentFolder, readPolicy: readPolicy)"
        lines += [
            "            let document: SCXMLDocument",
            "            do {",
            "                document = try \(read)",
            "            } catch {",
            "                raised.append(\(errorExecution))",
            "                return",
            "            }",
            "            let session = SCXMLSession(document: document)",
            "            // Its <send target=\"#_parent\"> comes to the machine by name, without data, now or after its delay.",
            "            session.externalSendHandler = { [links] event, target, delay in",
            "                guard target == \"#_parent\" else { return false }",
            "                let event = Event(scxmlName: event.name)",
            "                if delay > .zero {",
            "                    links.delayed.append((links.now + delay, run, \(number), event))",
            "                } else {",
            "                    links.toMachine.append((run, \(number), event))",
            "                }",
            "                return true",
            "            }",
        ]
        if parentLogs {
            lines.append("            session.logHandler = { [app] label, message in app.log(label: label, message: message) }")
        }
        lines += [
            "            links.running[\(id)] = run",
            "            invoked\(number) = (session, run, now)",
            "            session.start()",
            "            ended\(number)()",
            "        }",
        ]
        writeEnded(plan, number: number)
    }

    /// The first lines of `startN()`: the run's number, the `idlocation` id (stored before the
    /// type is checked and the rest computed, SCXML 6.4.1), the machine's context when the rest
    /// reads it (`readsContext`) or the `typeexpr` does, and the `typeexpr`'s check. An
    /// invocation that fails every time (``Invocations/Plan/failure``) raises `error.execution`
    /// instead, and its `startN()` and `endedN()` are written: then `false`.
    private mutating func writeStartChecks(_ plan: Invocations.Plan, number: Int, readsContext: Bool) -> Bool {
        if plan.failure == nil { lines += ["            runs += 1", "            let run = runs"] }
        if let field = plan.idField {
            lines.append("            // idlocation: the invocation's id, stored before its type is checked and the rest computed (SCXML 6.4.1).")
            lines.append("            machine.updateContext { $0.\(field.swiftName) = \(SwiftNames.literal(plan.invokeID)) }")
        }
        if let failure = plan.failure {
            lines += [
                "            // \(failure.replacingOccurrences(of: "\n", with: " ")): error.execution, and nothing starts (SCXML 6.4).",
                "            raised.append(\(errorExecution))",
                "        }",
            ]
            writeEnded(plan, number: number)
            return false
        }
        if readsContext || plan.typeCheck?.contains("context.") == true {
            lines.append("            let context = machine.context")
        }
        if let type = plan.typeCheck {
            let types = Invocations.scxmlTypes.map(SwiftNames.literal).joined(separator: ", ")
            lines += [
                "            // typeexpr: a type other than SCXML's is error.execution, and nothing starts (SCXML 6.4.1).",
                "            guard [\(types)].contains(\(typeName).scxmlText(\(type))) else {",
                "                raised.append(\(errorExecution))",
                "                return",
                "            }",
            ]
        }
        return true
    }

    /// `startN()` and `endedN()` of one `<invoke>`.
    mutating func writeRun(_ plan: Invocations.Plan, number: Int) {
        let child = plan.typeName
        var arguments: [String] = []
        if !plan.hostRequirements.isEmpty {
            let app = hostRequirements.contains(.log) ? ", app: app" : ""
            arguments.append("host: \(child)Link(links: links, run: run\(app))")
        }
        arguments += plan.passed.map { "\($0.label): \($0.value.swift)" }
        let machine = childContext(plan) != "Void" ? "makeMachine(context: \(child).Context(\(arguments.joined(separator: ", "))))" : "makeMachine()"
        let id = SwiftNames.literal(plan.invokeID)
        lines += [
            "",
            "        /// Starts the `<invoke>` at \(plan.invoke.position) as the run after the last, under the id \(id).",
            "        private mutating func start\(number)() {",
        ]
        let readsContext = plan.passed.contains(where: { $0.value.swift.contains("context.") })
        guard writeStartChecks(plan, number: number, readsContext: readsContext) else { return }
        if readsContext, !plan.passed.isEmpty {
            lines.append("            // The values the <invoke> passes, computed over the machine's data now (SCXML 6.4.4).")
        }
        lines += [
            "            // Not reached: the chart of a checked document is valid.",
            "            guard let chart = try? \(child).makeChart() else { return }",
            "            links.running[\(id)] = run",
            "            invoked\(number) = (chart.\(machine), run, now)",
            "            ended\(number)()",
            "        }",
        ]
        writeEnded(plan, number: number)
    }

    /// `endedN()` of one `<invoke>`.
    mutating func writeEnded(_ plan: Invocations.Plan, number: Int) {
        let id = SwiftNames.literal(plan.invokeID)
        let done = SwiftNames.escaped(eventTable.names["done.invoke." + plan.invokeID] ?? "")
        lines += [
            "",
            "        /// When the invoked machine has reached a top-level final state: `done.invoke.<id>` to the",
            "        /// machine, after what it sent before; the invocation is no longer active.",
            "        private mutating func ended\(number)() {",
            "            guard let run = invoked\(number), \(plan.interpreted == nil ? "run.machine.status == .done" : "run.session.finalState != nil") else { return }",
            "            invoked\(number) = nil",
            "            if links.running[\(id)] == run.run { links.running[\(id)] = nil }",
            "            links.toMachine.append((run.run, \(number), .\(done)))",
            "        }",
        ]
    }
}
