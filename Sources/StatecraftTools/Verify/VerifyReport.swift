package import StatecraftSCXML

/// `statecraft verify` output: a verification as text or as one JSON object.
package struct VerifyReport {
    let document: SCXMLDocument
    let result: SCXMLVerification

    /// Makes the report.
    package init(document: SCXMLDocument, result: SCXMLVerification) {
        self.document = document
        self.result = result
    }

    /// 0 when nothing was found, 3 when a finding or a state never entered was (transitions
    /// never taken are listed but do not count: a guard may wait on data the search did not try).
    package var status: Int32 { result.findings.isEmpty && result.statesNeverEntered.isEmpty ? 0 : 3 }

    private var summary: String {
        let milliseconds = Double(result.elapsed.components.attoseconds) / 1e15 + Double(result.elapsed.components.seconds) * 1_000
        let scope = result.isComplete
            ? "search complete: what follows holds for every run under the events tried"
            : "search NOT complete: what follows holds only for the configurations explored, it is not a proof"
        let timers = result.timerOrder == .any ? ", delayed events in any order" : ""
        return "\(result.nodes) configuration\(result.nodes == 1 ? "" : "s"), \(result.edges) steps\(timers), "
            + "\(Int(milliseconds.rounded())) ms; \(scope)"
    }

    /// The report as lines of text; each counterexample as a `statecraft simulate` script.
    package var text: String {
        var lines = [summary]
        if let cut = result.cut { lines.append("note: \(cut.text)") }
        for problem in result.problems { lines.append("note: \(problem)") }
        let positions = document.statePositions
        if !result.statesNeverEntered.isEmpty {
            lines.append("states never entered:")
            for id in result.statesNeverEntered { lines.append("  " + (positions[id].map { "\($0) " } ?? "") + id) }
        }
        if !result.sitesNeverTaken.isEmpty {
            lines.append("transitions never taken:")
            for index in result.sitesNeverTaken {
                let site = document.transitionSites[index]
                lines.append("  \(site.position) \(site.summary)")
            }
        }
        for finding in result.findings {
            let title = finding.property.map { "property '\($0)' violated" } ?? finding.kind.rawValue
            lines.append("\(title): \(finding.message)")
            lines.append("  in: \(finding.configuration.joined(separator: ", "))")
            if let file = document.file, !finding.configuration.isEmpty {
                lines.append("  draw: statecraft draw \(file) --highlight \(finding.configuration.joined(separator: " "))")
            }
            lines.append("  counterexample (a statecraft simulate script):")
            if finding.steps.isEmpty { lines.append("    (start)") }
            for (index, step) in finding.steps.enumerated() {
                if index == finding.loopStart { lines.append("    # from here the run repeats") }
                lines.append("    \(step.text)")
            }
        }
        // The last line says what the exit status counts: findings and states never entered.
        let found = result.findings.count
        let unentered = result.statesNeverEntered.count
        var parts: [String] = []
        if found > 0 { parts.append("\(found) problem\(found == 1 ? "" : "s") found") }
        if unentered > 0 { parts.append("\(unentered) state\(unentered == 1 ? "" : "s") never entered") }
        lines.append(parts.isEmpty ? "no problem found" : parts.joined(separator: ", "))
        return lines.joined(separator: "\n") + "\n"
    }

    /// The report as one JSON object.
    package var json: String {
        func number(_ value: Int) -> SCXMLValue { .number(Double(value)) }
        let members: [SCXMLMember] = [
            SCXMLMember("file", document.file.map { .string($0) } ?? .null),
            SCXMLMember("complete", .bool(result.isComplete)),
            SCXMLMember("cut", result.cut.map { .string($0.text) } ?? .null),
            SCXMLMember("notes", .array(result.problems.map(SCXMLValue.string))),
            SCXMLMember("configurations", number(result.nodes)),
            SCXMLMember("steps", number(result.edges)),
            SCXMLMember("timers", .string(result.timerOrder == .any ? "any" : "deadline")),
            SCXMLMember("bytesPerConfiguration", number(result.bytesPerNode)),
            SCXMLMember("statesNeverEntered", .array(result.statesNeverEntered.map(SCXMLValue.string))),
            SCXMLMember("transitionsNeverTaken", .array(result.sitesNeverTaken.map { index in
                let site = document.transitionSites[index]
                return .object([
                    SCXMLMember("source", .string(site.source)),
                    SCXMLMember("event", site.event.map { .string($0) } ?? .null),
                    SCXMLMember("line", number(site.position.line)),
                    SCXMLMember("column", number(site.position.column)),
                ])
            })),
            SCXMLMember("findings", .array(result.findings.map { finding in
                .object([
                    SCXMLMember("kind", .string(finding.kind.rawValue)),
                    SCXMLMember("property", finding.property.map { .string($0.description) } ?? .null),
                    SCXMLMember("message", .string(finding.message)),
                    SCXMLMember("configuration", .array(finding.configuration.map(SCXMLValue.string))),
                    SCXMLMember("steps", .array(finding.steps.map { .string($0.text) })),
                    SCXMLMember("loopStart", finding.loopStart.map(number) ?? .null),
                ])
            })),
        ]
        return SCXMLValue.object(members).jsonText
    }
}
