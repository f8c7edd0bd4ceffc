package import StatecraftSCXML

/// `statecraft paths` output: a path search's result as text or as one JSON object.
package struct PathReport {
    /// What the paths are printed for.
    package enum Cover: String, Sendable {
        /// Every configuration, with the shortest path to it.
        case states
        /// A few paths that together take every transition taken.
        case transitions
    }

    let document: SCXMLDocument
    let result: SCXMLPathResult
    let cover: Cover
    let statePositions: [String: TextPosition]

    /// Makes the report.
    ///
    /// - Parameters:
    ///   - document: The document searched.
    ///   - result: What the search found.
    ///   - cover: Which paths to print.
    package init(document: SCXMLDocument, result: SCXMLPathResult, cover: Cover) {
        self.document = document
        self.result = result
        self.cover = cover
        statePositions = document.statePositions
    }

    private var takenCount: Int { document.transitionSites.count - result.sitesNeverTaken.count }

    private var summary: String {
        let transitions = "\(takenCount) of \(document.transitionSites.count) transitions taken"
        let outcome = result.stop == nil ? "search complete" : "search stopped by a bound"
        func count(_ number: Int, _ noun: String) -> String { "\(number) \(noun)\(number == 1 ? "" : "s")" }
        switch cover {
        case .states: return "\(count(result.configurations.count, "configuration")), \(transitions), \(outcome)"
        case .transitions: return "\(count(result.coveringPaths.count, "path")), \(transitions), \(outcome)"
        }
    }

    /// The report as lines of text; each path as the lines of a simulation script.
    package var text: String {
        var lines = [summary]
        switch cover {
        case .states:
            for configuration in result.configurations {
                lines.append(configuration.states.joined(separator: ", ") + (configuration.done ? " (done)" : ""))
                lines.append(contentsOf: configuration.steps.isEmpty ? ["  (start)"] : configuration.steps.map { "  \($0.text)" })
            }
        case .transitions:
            for (number, path) in result.coveringPaths.enumerated() {
                let sites = path.transitions.map { "\(document.transitionSites[$0].position)" }.joined(separator: ", ")
                lines.append("path \(number + 1), first to take the transitions at \(sites)")
                lines.append(contentsOf: path.steps.isEmpty ? ["  (start)"] : path.steps.map { "  \($0.text)" })
            }
        }
        if !result.unreachedStates.isEmpty {
            lines.append("states never active:")
            for id in result.unreachedStates {
                lines.append("  " + (statePositions[id].map { "\($0) " } ?? "") + id)
            }
        }
        if !result.sitesNeverTaken.isEmpty {
            lines.append("transitions never taken:")
            for index in result.sitesNeverTaken {
                let site = document.transitionSites[index]
                lines.append("  \(site.position) \(site.summary)")
            }
        }
        if let stop = result.stop { lines.append("note: \(stop)") }
        for fault in result.faults {
            let path = fault.steps.isEmpty ? "(start)" : fault.steps.map(\.text).joined(separator: ", ")
            lines.append("fault: \(fault.line) (after: \(path))")
        }
        if result.faultsLeftOut > 0 { lines.append("note: \(result.faultsLeftOut) more distinct faults were met and not listed") }
        return lines.joined(separator: "\n") + "\n"
    }

    /// The report as one JSON object.
    package var json: String {
        var members: [SCXMLMember] = [
            SCXMLMember("file", document.file.map { .string($0) } ?? .null),
            SCXMLMember("cover", .string(cover.rawValue)),
            SCXMLMember("complete", .bool(result.stop == nil)),
            SCXMLMember("stop", result.stop.map { .string($0.description) } ?? .null),
            SCXMLMember("transitions", .number(Double(document.transitionSites.count))),
            SCXMLMember("taken", .number(Double(takenCount))),
        ]
        func steps(_ steps: [SimulationCommand]) -> SCXMLValue { .array(steps.map { .string($0.text) }) }
        switch cover {
        case .states:
            members.append(SCXMLMember("configurations", .array(result.configurations.map { configuration in
                .object([
                    SCXMLMember("configuration", .array(configuration.states.map(SCXMLValue.string))),
                    SCXMLMember("done", .bool(configuration.done)),
                    SCXMLMember("steps", steps(configuration.steps)),
                ])
            })))
        case .transitions:
            members.append(SCXMLMember("paths", .array(result.coveringPaths.map { path in
                .object([
                    SCXMLMember("steps", steps(path.steps)),
                    SCXMLMember("transitions", .array(path.transitions.map { site(document.transitionSites[$0]) })),
                ])
            })))
        }
        members.append(SCXMLMember("statesNeverActive", .array(result.unreachedStates.map { id in
            var state = [SCXMLMember("id", .string(id))]
            if let position = statePositions[id] {
                state.append(SCXMLMember("line", .number(Double(position.line))))
                state.append(SCXMLMember("column", .number(Double(position.column))))
            }
            return .object(state)
        })))
        members.append(SCXMLMember("transitionsNeverTaken", .array(result.sitesNeverTaken.map { site(document.transitionSites[$0]) })))
        if !result.faults.isEmpty {
            members.append(SCXMLMember("faults", .array(result.faults.map { fault in
                .object([SCXMLMember("fault", .string(fault.line)), SCXMLMember("steps", steps(fault.steps))])
            })))
        }
        if result.faultsLeftOut > 0 { members.append(SCXMLMember("faultsLeftOut", .number(Double(result.faultsLeftOut)))) }
        return SCXMLValue.object(members).jsonText
    }

    private func site(_ site: TransitionSite) -> SCXMLValue {
        .object([
            SCXMLMember("source", .string(site.source)),
            SCXMLMember("event", site.event.map { .string($0) } ?? .null),
            SCXMLMember("cond", site.cond.map { .string($0) } ?? .null),
            SCXMLMember("targets", .array(site.targets.map(SCXMLValue.string))),
            SCXMLMember("line", .number(Double(site.position.line))),
            SCXMLMember("column", .number(Double(site.position.column))),
        ])
    }
}
