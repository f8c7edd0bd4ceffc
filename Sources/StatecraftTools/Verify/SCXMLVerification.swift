package import Statecraft
import StatecraftSCXML

/// What ``SCXMLVerifier`` found.
package struct SCXMLVerification {
    /// Nodes explored.
    package var nodes = 0
    /// Steps between distinct nodes.
    package var edges = 0
    /// The bound that cut the search, or `nil`.
    package var cut: StateSpaceCut?
    /// Why some nodes were not expanded (a session that cannot be saved), at most 10.
    package var problems: [String] = []
    /// States never active, history states aside, in document order.
    package var statesNeverEntered: [String] = []
    /// Indices of the document's transition sites never taken.
    package var sitesNeverTaken: [Int] = []
    /// What can go wrong, each with a counterexample.
    package var findings: [VerificationFinding] = []
    /// How long the search took.
    package var elapsed: Duration = .zero
    /// An estimate of the search's memory per node.
    package var bytesPerNode = 0
    /// The order delayed events were let fall due in.
    package var timerOrder = TimerOrder.deadline

    /// Whether the search tried every step of every reachable configuration: only then is a
    /// clean result a proof (for the events tried).
    package var isComplete: Bool { cut == nil && problems.isEmpty }
}

/// One thing that can go wrong, and the shortest way to it.
package struct VerificationFinding: Hashable, Sendable {
    /// What kind of thing.
    package enum Kind: String, Hashable, Sendable {
        /// A configuration that is not final where nothing changes anything.
        case deadlock
        /// A step that never settles, or configurations from which no final state is reached.
        case livelock
        /// An event sent that nothing takes.
        case unhandledEvent = "unhandled-event"
        /// A limit that cut a step short.
        case fault
        /// A stated property that does not hold.
        case property
    }

    /// What kind.
    package var kind: Kind
    /// The stated property, for ``Kind/property``.
    package var property: VerifyProperty?
    /// What is wrong.
    package var message: String
    /// The steps from the start that show it: a `statecraft simulate` script.
    package var steps: [SimulationCommand]
    /// Where in ``steps`` a repeating part starts, when the counterexample is a cycle.
    package var loopStart: Int?
    /// The active atomic states where it shows.
    package var configuration: [String]

    /// Makes a finding.
    package init(
        kind: Kind, property: VerifyProperty? = nil, message: String, steps: [SimulationCommand], loopStart: Int? = nil,
        configuration: [String]
    ) {
        self.kind = kind
        self.property = property
        self.message = message
        self.steps = steps
        self.loopStart = loopStart
        self.configuration = configuration
    }

    /// The counterexample as a `statecraft simulate` script, a comment first.
    package var script: String {
        var lines = ["# \(kind.rawValue): \(message)"]
        for (index, step) in steps.enumerated() {
            if index == loopStart { lines.append("# from here the run repeats") }
            lines.append(step.text)
        }
        return lines.joined(separator: "\n") + "\n"
    }
}

extension StateSpaceCut {
    /// What the cut means, naming the option that sets the bound.
    package var text: String {
        switch self {
        case .configurations(let count):
            "the search stopped after \(count) configurations (--max-configurations \(count))"
        case .depth(let depth):
            "the search stopped at paths of \(depth) step\(depth == 1 ? "" : "s") (--max-depth \(depth))"
        case .time(let time):
            "the search stopped after \(time.components.seconds) seconds (--max-time \(time.components.seconds))"
        }
    }
}
