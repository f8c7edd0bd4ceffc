package import StatecraftSCXML
import Statecraft

/// The shortest way to every configuration of an SCXML document, and a few paths that take
/// every transition that can be taken: `statecraft paths`.
///
/// The search is the one `statecraft verify` runs (``SCXMLStateSpace`` on the core's
/// explorer), breadth first over configurations, each step restoring a saved session (or
/// replaying its path on a new one when it cannot be saved). The steps tried in each
/// configuration are the names of the ``EventAlphabet`` and, when a delayed event waits,
/// letting time pass until it is due. Two sessions count as the same node of the search when
/// their active states and the names of their waiting delayed events are the same (not how
/// many wait, nor when, so that the search ends); their data is not compared, so a state that
/// only a counter in the datamodel leads to (the same event sent three times) can be missed,
/// and is then listed as not reached.
package struct SCXMLPathSearch {
    /// The document searched.
    package let document: SCXMLDocument
    /// The longest path tried.
    package var maxDepth = 20
    /// The most search nodes (configurations with their waiting events) kept.
    package var maxConfigurations = 1_000
    /// The most external events one step may process, so that documents that send events to
    /// themselves forever stay bounded.
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

    /// Where a path ends: the node it was taken from and its last step (`nil`, `nil`: the start).
    private struct Ending {
        var source: Int?
        var step: SimulationCommand?
    }

    /// Runs the search.
    ///
    /// - Returns: The configurations with their shortest paths, the transition-covering paths,
    ///   what was never reached, and whether a bound stopped the search.
    package func run() -> SCXMLPathResult {
        let space = SCXMLStateSpace(
            document: document,
            events: EventAlphabet(document: document).names.map { SimulationCommand.send(name: $0) } + sampleEvents,
            eventLimit: eventLimit, keying: .configuration
        )
        var reachedStates: Set<String> = []
        // Per node, the transitions its shortest path takes.
        var takenAlong: [Int: Set<Int>] = [:]
        // Per transition site, the first path that takes it and what that path takes.
        var firstTaker: [Int: (ending: Ending, taken: Set<Int>)] = [:]
        var configurations: [(node: Int, states: [String], done: Bool)] = []
        var configurationsSeen: Set<[String]> = []
        var faults: [(line: String, ending: Ending)] = []
        var faultsSeen: Set<String> = []
        var faultsLeftOut = 0
        let bounds = StateSpaceBounds(maxConfigurations: maxConfigurations, maxDepth: maxDepth, maxTime: nil)
        let graph = StateSpaceExplorer.explore(space, bounds: bounds) { visit in
            let state = visit.arrival.state
            let ending = Ending(source: visit.source, step: visit.step)
            for line in state.faults.map(SimulationStep.faultLine) where faultsSeen.insert(line).inserted {
                if faults.count < SCXMLPathResult.faultMemory { faults.append((line, ending)) } else { faultsLeftOut += 1 }
            }
            // What a step takes is known even when the configuration is not new.
            let along = visit.source.map { takenAlong[$0] ?? [] }.map { $0.union(state.taken) } ?? Set(state.taken)
            for site in state.taken where firstTaker[site] == nil { firstTaker[site] = (ending, along) }
            reachedStates.formUnion(state.entered)
            guard visit.isNew else { return }
            takenAlong[visit.target] = along
            reachedStates.formUnion(state.active)
            reachedStates.formUnion(state.configuration)
            if configurationsSeen.insert(state.configuration).inserted {
                configurations.append((visit.target, state.configuration, visit.arrival.key.finished))
            }
        }
        func path(_ ending: Ending) -> [SimulationCommand] {
            guard let source = ending.source, let step = ending.step else { return [] }
            return graph.path(to: source) + [step]
        }
        var result = SCXMLPathResult()
        result.nodes = graph.count
        result.stop = switch graph.cut {
        case .depth(let depth): .maxDepth(depth)
        case .configurations(let count): .maxConfigurations(count)
        case .time, nil: nil
        }
        result.configurations = configurations.map { .init(states: $0.states, done: $0.done, steps: graph.path(to: $0.node)) }
        result.faults = faults.map { .init(line: $0.line, steps: path($0.ending)) }
        result.faultsLeftOut = faultsLeftOut
        result.unreachedStates = document.configurableStateIDs.filter { !reachedStates.contains($0) }
        let sites = document.transitionSites
        result.sitesNeverTaken = sites.indices.filter { firstTaker[$0] == nil }.sorted { sites[$0].position < sites[$1].position }
        var pathsByTaker: [Int: [SimulationCommand]] = [:]
        var takenByPath: [[SimulationCommand]: Set<Int>] = [:]
        for (site, taker) in firstTaker {
            let steps = path(taker.ending)
            pathsByTaker[site] = steps
            takenByPath[steps] = taker.taken
        }
        result.coveringPaths = Self.cover(firstTaker: pathsByTaker, takenAlong: takenByPath)
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
