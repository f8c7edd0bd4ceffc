package import StatecraftSCXML

/// The shortest way to every configuration of an SCXML document, and a few paths that take
/// every transition that can be taken: `statecraft paths`.
///
/// The search is breadth first over configurations. A session cannot be copied (its datamodel
/// may hold anything), so each new step replays its path on a fresh session. The steps tried
/// in each configuration are the names of the ``EventAlphabet`` and, when a delayed event
/// waits, letting time pass until it is due. Two sessions count as the same node of the
/// search when their active states and the names of their waiting delayed events are the
/// same (not how many wait, nor when, so that the search ends); their data is not compared, so a state that only a counter in the datamodel leads to (the same event
/// sent three times) can be missed, and is then listed as not reached.
package struct SCXMLPathSearch {
    /// The document searched.
    package let document: SCXMLDocument
    /// The longest path tried.
    package var maxDepth = 20
    /// The most search nodes (configurations with their waiting events) kept.
    package var maxConfigurations = 1_000
    /// The most external events one replayed step may process, so that documents that send
    /// events to themselves forever stay bounded.
    package var eventLimit = 10_000
    /// Events with data to try too, beside the alphabet's names without data: what guards on
    /// `_event.data` need (`statecraft paths --events FILE`).
    package var sampleEvents: [SimulationCommand] = []

    /// Makes a search of `document` with the default bounds.
    ///
    /// - Parameter document: The document.
    package init(document: SCXMLDocument) {
        self.document = document
    }

    /// A node of the search: where a session is.
    struct Key: Hashable {
        var active: [String]
        var finished: Bool
        var waiting: [String]
    }

    struct Node {
        var key: Key
        var path: [SimulationCommand]
        var configuration: [String]
        var waitingDelay: Duration?
        /// The transitions the path takes, replayed from the start.
        var taken: Set<Int>
        /// The states the path entered, even those it left within the same macrostep.
        var entered: Set<String>
        /// The faults the replay reported (`SimulationStep.faultLine`), in order.
        var faults: [String] = []
    }

    /// Runs the search.
    ///
    /// - Returns: The configurations with their shortest paths, the transition-covering paths,
    ///   what was never reached, and whether a bound stopped the search.
    package func run() -> SCXMLPathResult {
        let alphabet = EventAlphabet(document: document)
        var result = SCXMLPathResult()
        var reachedStates: Set<String> = []
        var seen: Set<Key> = []
        var firstTaker: [Int: [SimulationCommand]] = [:]
        var takenAlong: [[SimulationCommand]: Set<Int>] = [:]

        let start = replay([])
        var faultsSeen: Set<String> = []
        func noteFaults(_ node: Node) {
            for line in node.faults where faultsSeen.insert(line).inserted {
                if result.faults.count < SCXMLPathResult.faultMemory {
                    result.faults.append(.init(line: line, steps: node.path))
                } else {
                    result.faultsLeftOut += 1
                }
            }
        }
        noteFaults(start)
        var queue = [start]
        seen.insert(start.key)
        var configurationsSeen: Set<[String]> = []
        func record(_ node: Node) {
            reachedStates.formUnion(node.key.active)
            reachedStates.formUnion(node.configuration)
            reachedStates.formUnion(node.entered)
            if configurationsSeen.insert(node.configuration).inserted {
                result.configurations.append(.init(states: node.configuration, done: node.key.finished, steps: node.path))
            }
            takenAlong[node.path] = node.taken
            for site in node.taken where firstTaker[site] == nil { firstTaker[site] = node.path }
        }
        record(start)
        var head = 0
        search: while head < queue.count {
            let node = queue[head]
            head += 1
            if node.key.finished { continue }
            var steps = alphabet.names.map { SimulationCommand.send(name: $0) } + sampleEvents
            if let delay = node.waitingDelay { steps.append(.wait(delay)) }
            guard node.path.count < maxDepth else {
                if !steps.isEmpty, result.stop == nil { result.stop = .maxDepth(maxDepth) }
                continue
            }
            for step in steps {
                let next = replay(node.path + [step])
                noteFaults(next)
                reachedStates.formUnion(next.entered)
                // What the path takes is known even when the configuration is not new.
                for site in next.taken where firstTaker[site] == nil {
                    firstTaker[site] = next.path
                    takenAlong[next.path] = next.taken
                }
                guard !seen.contains(next.key) else { continue }
                if seen.count >= maxConfigurations {
                    result.stop = .maxConfigurations(maxConfigurations)
                    break search
                }
                seen.insert(next.key)
                queue.append(next)
                record(next)
            }
        }
        result.nodes = seen.count
        result.unreachedStates = document.configurableStateIDs.filter { !reachedStates.contains($0) }
        let sites = document.transitionSites
        result.sitesNeverTaken = sites.indices.filter { firstTaker[$0] == nil }.sorted { sites[$0].position < sites[$1].position }
        result.coveringPaths = Self.cover(firstTaker: firstTaker, takenAlong: takenAlong)
        return result
    }

    /// A small set of paths that together take every transition some path takes: the longest
    /// first, each kept only when it takes a transition the kept ones do not.
    static func cover(firstTaker: [Int: [SimulationCommand]], takenAlong: [[SimulationCommand]: Set<Int>]) -> [SCXMLPathResult.CoveringPath] {
        let candidates = Set(firstTaker.values).sorted {
            $0.count != $1.count ? $0.count > $1.count : $0.map(\.text).lexicographicallyPrecedes($1.map(\.text))
        }
        var covered: Set<Int> = []
        var paths: [SCXMLPathResult.CoveringPath] = []
        for path in candidates {
            let taken = takenAlong[path] ?? []
            guard !taken.isSubset(of: covered) else { continue }
            paths.append(.init(steps: path, transitions: taken.subtracting(covered).sorted()))
            covered.formUnion(taken)
        }
        return paths.sorted { $0.steps.count != $1.steps.count ? $0.steps.count < $1.steps.count : $0.transitions.first ?? 0 < $1.transitions.first ?? 0 }
    }

    /// Runs `path` on a fresh session and says where it ends and what it took.
    func replay(_ path: [SimulationCommand]) -> Node {
        let session = SCXMLSession(document: document)
        session.eventLimit = eventLimit
        // A search runs many macrosteps: a looping condition costs it SCXMLBudgets.tools' time.
        session.budgets.evaluationTime = min(session.budgets.evaluationTime, SCXMLBudgets.tools.evaluationTime)
        var taken: Set<Int> = []
        var entered: Set<String> = []
        session.traceHandler = { entry in
            switch entry {
            case .transition(let site, _): taken.insert(site)
            case .entered(let state): entered.insert(state)
            default: break
            }
        }
        session.start()
        for step in path {
            session.take(step)
        }
        session.traceHandler = nil
        let faults = session.faults.map(SimulationStep.faultLine)
        let waiting = session.isFinished ? [] : session.waitingDelayedEvents
        let configuration: [String]
        if let final = session.finalState, !final.isEmpty {
            configuration = [final]
        } else {
            configuration = session.activeAtomicStates
        }
        return Node(
            key: Key(
                active: session.activeStates, finished: session.isFinished,
                waiting: Set(waiting.map(\.name)).sorted()
            ),
            path: path, configuration: configuration, waitingDelay: waiting.first?.delay, taken: taken, entered: entered,
            faults: faults
        )
    }
}

/// What ``SCXMLPathSearch`` found.
package struct SCXMLPathResult {
    /// A configuration and the shortest path to it.
    package struct Configuration: Hashable, Sendable {
        /// The active atomic states, in document order (the top-level final state once done).
        package var states: [String]
        /// Whether the session has ended there.
        package var done: Bool
        /// The steps from the start.
        package var steps: [SimulationCommand]
    }

    /// A path of the transition-covering set and the transitions it is kept for.
    package struct CoveringPath: Hashable, Sendable {
        /// The steps from the start.
        package var steps: [SimulationCommand]
        /// The transition sites it takes that no path before it in the set takes.
        package var transitions: [Int]
    }

    /// Why the search stopped before it had tried everything.
    package enum Stop: Hashable, Sendable, CustomStringConvertible {
        /// Paths reached the depth bound with steps left to try.
        case maxDepth(Int)
        /// The bound on configurations was reached.
        case maxConfigurations(Int)

        package var description: String {
            switch self {
            case .maxDepth(let depth):
                "the search stopped at paths of \(depth) step\(depth == 1 ? "" : "s") (--max-depth \(depth)); configurations and transitions further away are not listed"
            case .maxConfigurations(let count):
                "the search stopped after \(count) configurations (--max-configurations \(count)); the rest are not listed"
            }
        }
    }

    /// Each configuration reached, in the order found (shortest paths first).
    package var configurations: [Configuration] = []
    /// Paths that together take every transition taken in the search.
    package var coveringPaths: [CoveringPath] = []
    /// States (history pseudo-states aside) never active, not even within a macrostep that left
    /// them again, in document order.
    package var unreachedStates: [String] = []
    /// Indices of the document's transition sites never taken, in document order.
    package var sitesNeverTaken: [Int] = []
    /// How many search nodes were kept.
    package var nodes = 0
    /// The bound that stopped the search, or `nil` when it tried everything.
    package var stop: Stop?

    /// A fault a replayed path met (a limit that cut a session short), with the first path
    /// that met it.
    package struct Fault: Hashable, Sendable {
        /// `<code>: <location>: <message>`.
        package var line: String
        /// The steps from the start.
        package var steps: [SimulationCommand]
    }

    /// How many distinct faults ``faults`` keeps.
    static let faultMemory = 100
    /// The distinct faults the search met, in the order met (at most 100).
    package var faults: [Fault] = []
    /// How many more distinct faults were met than ``faults`` keeps.
    package var faultsLeftOut = 0
}
