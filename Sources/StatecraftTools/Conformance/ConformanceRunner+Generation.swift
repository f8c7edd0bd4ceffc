import Foundation
package import StatecraftSCXML

/// The W3C tests as generated Swift (`statecraft conformance --generate-into DIR`, which
/// `scripts/generated-conformance` compiles and runs): each test the interpreter passes,
/// translated for the profile as for the interpreter, turned into Swift by
/// ``SCXMLSwiftGenerator``, with a function that runs it on the typed engine.
extension ConformanceRunner {
    /// One test as generated Swift, or why it cannot be generated.
    package enum GeneratedTest: Sendable {
        /// The Swift file: the generated type `typeName` and its `runGenerated()`, which returns
        /// `nil` when the machine ends in the final state `pass`, else what happened; and the
        /// documents its invocations name when they start (file name → text, translated as the
        /// interpreter reads them), which its driver reads from `documentsFolder`.
        case generated(typeName: String, swift: String, documents: [String: String])
        /// The document could not be generated: every refusal at its line and column.
        case refused(String)
    }

    /// The test `name` (`test147`, `test403a`) of this runner's folder as generated Swift; `nil`
    /// when it does not apply to the profile (skipped, manual, or uses the Basic HTTP processor).
    ///
    /// - Parameters:
    ///   - name: The test.
    ///   - documentsFolder: Where the documents its invocations name when they start are to be
    ///     written (the caller writes them): its driver reads them there.
    package func generatedTest(named name: String, documentsFolder: String? = nil) -> GeneratedTest? {
        let number = name.dropFirst("test".count).prefix { $0.isNumber }
        let path = "\(directory)/\(number)/\(name).txml"
        // A manual test is judged by the runner from what the session logged: not by a final state.
        let manifest = loadManifest()
        if (manifest["\(number)/\(name).txml"] ?? manifest["#\(number)"])?.isManual ?? false { return nil }
        guard case .ready(let document, let basicHTTP) = prepare(path), !basicHTTP else { return nil }
        let typeName = "W3C" + profile.name.prefix(1).uppercased() + profile.name.dropFirst() + name.dropFirst(4)
        let shape: SCXMLSwiftGenerator.Shape
        do {
            shape = try SCXMLSwiftGenerator(document: document, typeName: typeName).generateWithShape()
        } catch {
            return .refused(error.refusals.map(\.description).joined(separator: "; "))
        }
        var documents: [String: String] = [:]
        if shape.interpretsInvocations {
            // The test's other documents, as the interpreter's loader supplies them (`name.scxml` from `name.txml`).
            let folder = "\(directory)/\(number)"
            let files = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
            for file in files.sorted() where file.hasSuffix(".txml") && file != "\(name).txml" {
                let scxml = String(file.dropLast(".txml".count)) + ".scxml"
                if let text = supplement("\(folder)/\(scxml)") { documents[scxml] = text }
            }
        }
        let harness = Self.harness(typeName: typeName, shape: shape, documentFolder: documentsFolder)
        return .generated(typeName: typeName, swift: shape.source + harness, documents: documents)
    }

    /// `runGenerated()` for the generated type: starts its machine (with a context and a host
    /// that records nothing when the chart has them), lets every timer fire, and judges where it ends.
    private static func harness(typeName: String, shape: SCXMLSwiftGenerator.Shape, documentFolder: String?) -> String {
        var lines = ["", "extension \(typeName) {"]
        var machine = "makeMachine()"
        if !shape.hostRequirements.isEmpty {
            lines.append("    struct TestHost: Host {")
            if shape.hostRequirements.contains(.log) {
                lines.append("        func log(label: String, message: String) {}")
            }
            // Takes no event, as a session without an external send handler.
            if shape.hostRequirements.contains(.deliver) {
                lines.append("        func deliver(_ event: Outgoing, to target: String) -> Bool { false }")
            }
            lines.append("    }")
            lines.append("")
            machine = "makeMachine(context: Context(host: TestHost()))"
        } else if shape.contextType == "Context" {
            machine = "makeMachine(context: Context())"
        }
        var start = "makeChart().\(machine)"
        // A document that invokes others runs with them, under its driver, which takes the host
        // when the document has one.
        if shape.hasInvocations {
            var arguments = shape.hostRequirements.isEmpty ? [] : ["host: TestHost()"]
            // The documents an <invoke srcexpr> names, written beside the test's Swift as the interpreter reads them.
            if shape.interpretsInvocations, let documentFolder { arguments.append("documentFolder: \(SwiftNames.literal(documentFolder))") }
            start = "Invocations(\(arguments.joined(separator: ", ")))"
        }
        lines += [
            "    /// `nil` when the machine ends in `pass`, else where it ended.",
            "    static func runGenerated() -> String? {",
            "        do {",
            "            var machine = try \(start)",
            "            var rounds = 0",
            "            while machine.status != .done, let deadline = machine.nextDeadline, rounds < 1000 {",
            "                _ = machine.advance(to: deadline)",
            "                rounds += 1",
            "            }",
            "            let states = machine.activeStates.map(\\.rawValue)",
            "            return states.contains(\"pass\") ? nil : \"ended in \" + (states.isEmpty ? \"no state\" : states.joined(separator: \", \"))",
            "        } catch {",
            "            return \"the chart is not valid: \\(error)\"",
            "        }",
            "    }",
            "}",
        ]
        return lines.joined(separator: "\n") + "\n"
    }
}

/// Writes the generated tests of one conformance run into a folder.
package enum GeneratedConformance {
    /// Appends to `folder`: a Swift file per test of `tests` that can be generated, its type's
    /// name as a line of `generated.txt`, and `name: why` as a line of `refused.txt` for the others.
    ///
    /// - Throws: ``SCXMLError`` when the folder cannot be written.
    package static func write(_ tests: [String], of runner: ConformanceRunner, into folder: String) throws(SCXMLError) {
        var generated = ""
        var refused = ""
        do {
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            // The documents the tests' invocations name when they start, in a folder per test.
            let documents = URL(fileURLWithPath: folder).standardizedFileURL.path + "/documents"
            for test in tests {
                let testDocuments = "\(documents)/\(runner.profile.name)-\(test)"
                switch runner.generatedTest(named: test, documentsFolder: testDocuments) {
                case .generated(let typeName, let swift, let texts)?:
                    try Data(swift.utf8).write(to: URL(fileURLWithPath: "\(folder)/\(typeName).swift"))
                    generated += typeName + "\n"
                    if !texts.isEmpty {
                        try FileManager.default.createDirectory(atPath: testDocuments, withIntermediateDirectories: true)
                        for (file, text) in texts {
                            try Data(text.utf8).write(to: URL(fileURLWithPath: "\(testDocuments)/\(file)"))
                        }
                    }
                case .refused(let reason)?:
                    refused += "\(runner.profile.name) \(test): \(reason)\n"
                case nil:
                    continue
                }
            }
            for (file, text) in [("generated.txt", generated), ("refused.txt", refused)] {
                let url = URL(fileURLWithPath: "\(folder)/\(file)")
                let old = (try? String(contentsOf: url, encoding: .utf8)) ?? ""
                try Data((old + text).utf8).write(to: url)
            }
        } catch {
            throw SCXMLError(code: .unreadableFile, message: "cannot write the generated tests into '\(folder)': \(error)", file: folder)
        }
    }
}
