import Foundation
import Statecraft
import StatecraftSCXML

/// An SCXML document as a ``StateSpace``: a state is a session saved as a snapshot; a step
/// restores it, sends an event or lets time pass, and saves it again. `statecraft verify` and
/// `statecraft paths` both explore it.
///
/// For `verify` (``Keying/full``), two sessions are one node when their active states, what
/// their history states remember, their datamodel's variables, whether they have ended, and
/// their waiting delayed events (name and how long until due) are the same. The clock's reading
/// and the send counter are not compared, so that the search ends on documents that only cycle.
/// For `paths` (``Keying/configuration``), the active states, whether they have ended and the
/// names of the waiting delayed events alone; a session that cannot be saved (an ECMAScript
/// function in a variable) is then reached again by replaying its path on a new session.
struct SCXMLStateSpace: StateSpace {
    /// What tells two sessions apart.
    enum Keying {
        /// Everything a session's future depends on: `verify`.
        case full
        /// The configuration and the names of the waiting delayed events: `paths`.
        case configuration
    }

    let document: SCXMLDocument
    /// The events tried in every configuration.
    let events: [SimulationCommand]
    let eventLimit: Int
    /// Whether the document has `<history>` states, whose memory the key must hold.
    let hasHistory: Bool
    /// Whether the soonest delayed event falls due (a `wait` step) or any of them is
    /// delivered next (a `wait for NAME` step each).
    let timerOrder: TimerOrder
    let keying: Keying

    init(
        document: SCXMLDocument, events: [SimulationCommand], eventLimit: Int, timerOrder: TimerOrder = .deadline,
        keying: Keying = .full
    ) {
        self.document = document
        self.events = events
        self.eventLimit = eventLimit
        self.timerOrder = timerOrder
        self.keying = keying
        hasHistory = document.statePositions.count > document.configurableStateIDs.count
    }

    /// The key of a node.
    struct Key: Hashable {
        var active: [String]
        var history: [String: [String]]
        var variables: [SCXMLMember]
        var finished: Bool
        var final: String?
        var waiting: [Waiting]
        /// Set when the session could not be saved: such a node is not expanded.
        var problem: String?
    }

    struct Waiting: Hashable {
        var delay: Duration
        var name: String
    }

    /// What a session is after a step, and what the step did.
    struct State {
        var snapshot: SCXMLSession.Snapshot?
        /// The steps from the start, kept (``Keying/configuration``) to replay a session that
        /// cannot be saved.
        var path: [SimulationCommand] = []
        var active: [String]
        /// The active atomic states (the top-level final state once ended).
        var configuration: [String]
        var waiting: [Waiting]
        var variables: [SCXMLMember]
        var taken: [Int] = []
        var entered: [String] = []
        /// Events the step delivered to the session that no transition took.
        var unhandled: [String] = []
        var faults: [EngineFault] = []
        var problem: String?
    }

    func start() -> StateSpaceArrival<State, Key> {
        let session = SCXMLSession(document: document)
        return run(session, before: []) { $0.start() }
    }

    func steps(from state: State) -> [SimulationCommand] {
        var steps = events
        switch timerOrder {
        case .deadline:
            if let first = state.waiting.first { steps.append(.wait(first.delay)) }
        case .any:
            var names: Set<String> = []
            for waiting in state.waiting where names.insert(waiting.name).inserted { steps.append(.fire(name: waiting.name)) }
        }
        return steps
    }

    func take(_ step: SimulationCommand, from state: State) -> StateSpaceArrival<State, Key> {
        let session: SCXMLSession
        if let snapshot = state.snapshot {
            do {
                session = try SCXMLSession(document: document, snapshot: snapshot)
            } catch {
                var failed = state
                failed.problem = "a saved session cannot be restored: \(error)"
                return StateSpaceArrival(state: failed, key: Key(active: [], history: [:], variables: [], finished: true, waiting: [], problem: failed.problem), isFinal: true, tookTransition: false)
            }
        } else {
            // Only under Keying.configuration: a session that cannot be saved, replayed.
            precondition(keying == .configuration, "a node without a snapshot is not expanded")
            session = SCXMLSession(document: document)
            configure(session)
            session.start()
            for earlier in state.path { session.take(earlier) }
        }
        var fired: String?
        if case .fire(let name) = step { fired = name }
        return run(session, before: state.waiting, path: state.path, step: step, fired: fired) { session in
            session.take(step)
        }
    }

    /// The session's limits for a search: `eventLimit`, and SCXMLBudgets.tools' time, since a
    /// search runs many macrosteps.
    private func configure(_ session: SCXMLSession) {
        session.eventLimit = eventLimit
        session.budgets.evaluationTime = min(session.budgets.evaluationTime, SCXMLBudgets.tools.evaluationTime)
    }

    /// Runs `body` on `session` with its trace recorded, and saves it.
    private func run(
        _ session: SCXMLSession, before waiting: [Waiting], path: [SimulationCommand] = [], step: SimulationCommand? = nil,
        fired: String? = nil, _ body: (SCXMLSession) -> Void
    ) -> StateSpaceArrival<State, Key> {
        configure(session)
        let faultsBefore = session.faultCount
        var taken: [Int] = []
        var entered: [String] = []
        var delivered: [String] = []
        var handled: Set<String> = []
        session.traceHandler = { entry in
            switch entry {
            case .transition(let site, let event):
                taken.append(site)
                if let event { handled.insert(event) }
            case .entered(let state): entered.append(state)
            case .raised(let name): delivered.append(name)
            case .sent(name: let name, target: nil, delay: let delay) where delay == .zero: delivered.append(name)
            default: break
            }
        }
        let clockBefore = session.now
        body(session)
        session.traceHandler = nil
        // The delayed events of this session that fell due in the step were delivered too.
        let elapsed = session.now - clockBefore
        delivered += waiting.filter { $0.delay <= elapsed }.map(\.name)
        if let fired { delivered.append(fired) }
        let unhandled = delivered.filter { name in
            !handled.contains(name) && !name.hasPrefix("done.") && !name.hasPrefix("error.")
        }
        let finished = session.isFinished
        let nowWaiting = finished ? [] : session.waitingDelayedEvents.map { Waiting(delay: $0.delay, name: $0.name) }
        let configuration: [String]
        if let final = session.finalState, !final.isEmpty { configuration = [final] } else { configuration = session.activeAtomicStates }
        var state = State(
            snapshot: nil, active: session.activeStates, configuration: configuration, waiting: nowWaiting, variables: [],
            taken: taken, entered: entered, unhandled: unhandled, faults: Array(session.faults.suffix(max(0, session.faultCount - faultsBefore)))
        )
        if keying == .configuration {
            state.path = path + (step.map { [$0] } ?? [])
            // A session that cannot be saved is replayed from its path instead.
            state.snapshot = try? session.snapshot()
            let names = Set(nowWaiting.map(\.name)).sorted().map { Waiting(delay: .zero, name: $0) }
            let key = Key(active: state.active, history: [:], variables: [], finished: finished, final: nil, waiting: names, problem: nil)
            return StateSpaceArrival(state: state, key: key, isFinal: finished, tookTransition: !taken.isEmpty)
        }
        var history: [String: [String]] = [:]
        do {
            let snapshot = try session.snapshot()
            state.snapshot = snapshot
            state.variables = snapshot.variables
            if hasHistory { history = try Self.history(of: snapshot) }
        } catch {
            state.problem = "the session cannot be saved, so the search does not go on from here: \(error)"
        }
        let key = Key(
            active: state.active, history: history, variables: state.variables, finished: finished,
            final: session.finalState, waiting: nowWaiting, problem: state.problem
        )
        return StateSpaceArrival(state: state, key: key, isFinal: finished || state.problem != nil, tookTransition: !taken.isEmpty)
    }

    /// What the history states of a snapshot remember, read from its JSON form (the only
    /// public way to it).
    private static func history(of snapshot: SCXMLSession.Snapshot) throws -> [String: [String]] {
        struct Saved: Decodable {
            struct Session: Decodable { var history: [String: [String]] }
            var session: Session
        }
        return try JSONDecoder().decode(Saved.self, from: JSONEncoder().encode(snapshot)).session.history
    }
}
