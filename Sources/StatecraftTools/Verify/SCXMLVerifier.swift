package import Statecraft
package import StatecraftSCXML

/// `statecraft verify`: explores every configuration of an SCXML document reachable under its
/// events within bounds, and reports what can go wrong, each with the shortest event sequence
/// that shows it.
///
/// Found without being asked: states never entered, transitions never taken, deadlocks (a
/// configuration that is not final where no event and no timer changes anything), steps that
/// never settle (an eventless or `<raise>` loop, cut by the session's limits), configurations
/// from which no final state can be reached (for documents with a top-level final state),
/// events the document sends itself that no transition takes. Stated properties:
/// ``VerifyProperty``.
package struct SCXMLVerifier {
    /// The document.
    package let document: SCXMLDocument
    /// The bounds of the search.
    package var bounds = StateSpaceBounds(maxConfigurations: 100_000, maxDepth: 1_000, maxTime: .seconds(60))
    /// Events with data to try besides the names the transitions use.
    package var sampleEvents: [SimulationCommand] = []
    /// The properties to check.
    package var properties: [VerifyProperty] = []
    /// The most external events one step may process.
    package var eventLimit = 10_000
    /// Whether delayed events fall due in deadline order or may come in any order.
    package var timerOrder = TimerOrder.deadline

    /// Makes a verifier of `document` with the default bounds.
    package init(document: SCXMLDocument) {
        self.document = document
    }

    /// Runs the search and checks every property.
    package func run() -> SCXMLVerification {
        let space = SCXMLStateSpace(
            document: document,
            events: EventAlphabet(document: document).names.map { SimulationCommand.send(name: $0) } + sampleEvents,
            eventLimit: eventLimit, timerOrder: timerOrder
        )
        let clock = ContinuousClock()
        let started = clock.now
        var record = Record(datamodelName: document.datamodelName, conditions: properties.compactMap { if case .always(let condition) = $0 { condition } else { nil } })
        let graph = StateSpaceExplorer.explore(space, bounds: bounds) { record.note($0) }
        var result = SCXMLVerification()
        result.elapsed = clock.now - started
        result.nodes = graph.count
        result.edges = graph.edgeTarget.count
        result.cut = graph.cut
        result.bytesPerNode = graph.bytesPerNode
        result.timerOrder = timerOrder
        result.problems = record.problems
        let reached = record.entered
        result.statesNeverEntered = document.configurableStateIDs.filter { !reached.contains($0) }
        result.sitesNeverTaken = document.transitionSites.indices.filter { !record.taken.contains($0) }
        var findings: [VerificationFinding] = []
        func at(_ node: Int) -> [String] { record.tables.atomic[Int(record.configuration[node])] }
        for (kind, message, source, step, node) in record.faults {
            findings.append(.init(kind: kind, message: message, steps: graph.path(to: source) + [step], configuration: at(node)))
        }
        for (name, source, step, node) in record.unhandled {
            findings.append(.init(
                kind: .unhandledEvent, message: "the event '\(name)' is sent and no transition takes it",
                steps: graph.path(to: source) + [step], configuration: at(node)
            ))
        }
        var shown: Set<Int32> = []
        for node in graph.deadlocks() where shown.insert(record.configuration[node]).inserted && shown.count <= 10 {
            findings.append(.init(
                kind: .deadlock, message: "no event and no timer changes anything in \(at(node).joined(separator: ", "))",
                steps: graph.path(to: node), configuration: at(node)
            ))
        }
        if graph.isComplete, record.problems.isEmpty, let node = graph.cannotReachFinal().first {
            let count = graph.cannotReachFinal().count
            findings.append(.init(
                kind: .livelock,
                message: "no final state can be reached from \(at(node).joined(separator: ", "))"
                    + (count > 1 ? " (nor from \(count - 1) other configuration\(count == 2 ? "" : "s"))" : ""),
                steps: graph.path(to: node), configuration: at(node)
            ))
        }
        for property in properties {
            if let finding = check(property, graph: graph, record: record) { findings.append(finding) }
        }
        result.findings = findings
        return result
    }

    /// The counterexample to `property`, or `nil` when it holds in what was explored.
    private func check(_ property: VerifyProperty, graph: StateSpaceGraph<SimulationCommand>, record: Record) -> VerificationFinding? {
        func holds(_ state: String) -> [Bool] {
            let tables = record.tables.active.map { $0.contains(state) }
            return record.configuration.map { tables[Int($0)] }
        }
        func at(_ node: Int) -> [String] { record.tables.atomic[Int(record.configuration[node])] }
        switch property {
        case .never(let states):
            let each = states.map(holds)
            guard let node = (0 ..< graph.count).first(where: { node in each.allSatisfy { $0[node] } }) else { return nil }
            return .init(
                kind: .property, property: property, message: "\(states.joined(separator: ", ")) are active together",
                steps: graph.path(to: node), configuration: at(node)
            )
        case .eventually(let from, let to):
            let isFrom = holds(from)
            let avoiding = graph.avoiding(holds(to))
            guard let node = (0 ..< graph.count).first(where: { isFrom[$0] && avoiding[$0] }) else { return nil }
            let (run, loop, end) = graph.lasso(from: node, within: avoiding)
            let prefix = graph.path(to: node)
            return .init(
                kind: .property, property: property,
                message: "from \(at(node).joined(separator: ", ")), a run never reaches \(to)"
                    + (loop == nil ? " (it stops in \(at(end).joined(separator: ", ")))" : " (it cycles)"),
                steps: prefix + run, loopStart: loop.map { prefix.count + $0 }, configuration: at(end)
            )
        case .within(let event, let state, let steps):
            let goal = holds(state)
            for (source, target) in record.after[event] ?? [] {
                guard let (run, end) = graph.run(from: target, avoiding: goal, for: steps) else { continue }
                return .init(
                    kind: .property, property: property,
                    message: "after \(event), \(state) is not active within \(steps) step\(steps == 1 ? "" : "s")",
                    steps: graph.path(to: source) + [.send(name: event, data: nil)] + run, configuration: at(end)
                )
            }
            return nil
        case .always(let condition):
            guard let (node, failure) = record.conditionFailures[condition] else { return nil }
            return .init(
                kind: .property, property: property,
                message: failure ?? "the condition is false in \(at(node).joined(separator: ", "))",
                steps: graph.path(to: node), configuration: at(node)
            )
        }
    }

    /// What the verifier keeps of each visit.
    private struct Record {
        var tables = ConfigurationTables()
        /// Per node, its configuration's number in ``tables``.
        var configuration: [Int32] = []
        var entered: Set<String> = []
        var taken: Set<Int> = []
        var problems: [String] = []
        var faults: [(VerificationFinding.Kind, String, Int, SimulationCommand, Int)] = []
        var faultsSeen: Set<String> = []
        var unhandled: [(String, Int, SimulationCommand, Int)] = []
        var unhandledSeen: Set<String> = []
        /// Per event name, each node the event led to where it took a transition, with the first
        /// node it was sent in.
        var after: [String: [(source: Int, target: Int)]] = [:]
        var afterSeen: Set<String> = []
        /// The `always` conditions, and the first node where each fails (with the error when
        /// it cannot be evaluated).
        let datamodelName: String
        let conditions: [String]
        var conditionFailures: [String: (Int, String?)] = [:]

        init(datamodelName: String, conditions: [String]) {
            self.datamodelName = datamodelName
            self.conditions = conditions
        }

        /// Evaluates the `always` conditions on the variables of a new node.
        mutating func evaluateConditions(_ state: SCXMLStateSpace.State, datamodel name: String, node: Int) {
            let active = Set(state.active)
            let environment = SCXMLDatamodelEnvironment(isActive: { active.contains($0) })
            let datamodel: any SCXMLDatamodel = name == "null"
                ? SCXMLNullDatamodel(environment: environment) : SCXMLExpressionDatamodel(environment: environment)
            try? datamodel.importVariables(state.variables)
            for condition in conditions where conditionFailures[condition] == nil {
                do {
                    if try !datamodel.evaluateCondition(condition) { conditionFailures[condition] = (node, nil) }
                } catch {
                    conditionFailures[condition] = (node, "the condition cannot be evaluated: \(error)")
                }
            }
        }

        mutating func note(_ visit: StateSpaceVisit<SCXMLStateSpace>) {
            let state = visit.arrival.state
            if visit.isNew {
                configuration.append(tables.number(active: state.active, atomic: state.configuration))
                entered.formUnion(state.active)
                if !conditions.isEmpty { evaluateConditions(state, datamodel: datamodelName, node: visit.target) }
                if let problem = state.problem, problems.count < 10, !problems.contains(problem) { problems.append(problem) }
            }
            entered.formUnion(state.entered)
            taken.formUnion(state.taken)
            guard let source = visit.source, let step = visit.step else { return }
            for fault in state.faults where faultsSeen.insert("\(fault.code)").inserted {
                let settles = fault.code != .microstepLimit && fault.code != .eventLimit
                faults.append((settles ? .fault : .livelock, SimulationStep.faultLine(fault), source, step, visit.target))
            }
            for name in state.unhandled where unhandledSeen.insert(name).inserted {
                unhandled.append((name, source, step, visit.target))
            }
            if visit.arrival.tookTransition, case .send(let name, nil) = step, afterSeen.insert("\(visit.target) \(name)").inserted {
                after[name, default: []].append((source, visit.target))
            }
        }
    }
}

/// Configurations told apart by their states alone, numbered, so that each node keeps a number.
struct ConfigurationTables {
    var active: [Set<String>] = []
    var atomic: [[String]] = []
    var numbers: [[String]: Int32] = [:]

    mutating func number(active states: [String], atomic configuration: [String]) -> Int32 {
        let key = states + ["|"] + configuration
        if let number = numbers[key] { return number }
        active.append(Set(states + configuration))
        atomic.append(configuration)
        numbers[key] = Int32(atomic.count - 1)
        return Int32(atomic.count - 1)
    }
}
