import Statecraft
import StatecraftTesting
import Testing

private enum Request: Hashable, Sendable { case idle, waiting, timedOut, done }

private enum Reply: MachineEvent { case send, answer, retry }

/// `TestModel.timerOrder = .any`: every order of the pending timers, whatever their delays.
@Suite("TestModel.verify: timers in any order")
struct TestModelTimerOrderTests {
    /// A request whose answer is scheduled 2 s after it is sent, with a 5 s time-out that
    /// nothing handles: in deadline order the answer always wins; when the network is slower
    /// than written, the time-out fires first and the machine is stuck in `timedOut`.
    private func request() throws -> Statechart<Request, Reply, Int> {
        try Statechart {
            Atomic(.idle) {
                On(.send, to: .waiting) { _, _, effects in effects.send(.answer, after: .seconds(2)) }
            }
            Atomic(.waiting) {
                After(.seconds(5), to: .timedOut)
                On(.answer, to: .done)
            }
            Atomic(.timedOut)
            Final(.done)
        }
    }

    @Test func inDeadlineOrderTheTimeOutNeverFires() throws {
        let model = TestModel(chart: try request(), context: 0, events: [.send])
        let result = model.verify()
        #expect(result.isComplete)
        #expect(result.statesNeverEntered == [.timedOut])
        #expect(result.findings.isEmpty)
    }

    @Test func inAnyOrderTheTimeOutIsFoundWithAReplayablePath() throws {
        var model = TestModel(chart: try request(), context: 0, events: [.send])
        model.timerOrder = .any
        let result = model.verify()
        #expect(result.isComplete)
        #expect(result.statesNeverEntered.isEmpty)
        #expect(result.findings.map(\.kind) == [.unhandledEvent, .deadlock, .livelock])
        let deadlock = try #require(result.findings.first { $0.kind == .deadlock })
        #expect(deadlock.configuration == [.timedOut])
        // The answer, still pending, is delivered in timedOut and nothing takes it.
        #expect(deadlock.path.steps.map(\.description) == ["send", "fire after #0 of waiting", "fire answer"])
        let unhandled = try #require(result.findings.first { $0.kind == .unhandledEvent })
        #expect(unhandled.path.steps.map(\.description) == ["send", "fire after #0 of waiting", "fire answer"])
        // What the article VerifyingCharts prints.
        #expect(result.findings.map(\.description) == [
            "unhandledEvent: the machine sends itself answer and no transition takes it; counterexample: send, fire after #0 of waiting, fire answer -> timedOut",
            "deadlock: no event and no timer changes anything in timedOut; counterexample: send, fire after #0 of waiting, fire answer -> timedOut",
            "livelock: no final state can be reached from timedOut; counterexample: send, fire after #0 of waiting -> timedOut",
        ])
        for finding in result.findings {
            try model.test(finding.path, checks: [:])
            #expect(finding.path.configuration == finding.configuration)
        }
    }

    @Test func theClockNeverMovesSoNoWaitIsTried() throws {
        var model = TestModel(chart: try request(), context: 0, events: [.send])
        model.timerOrder = .any
        let paths = model.shortestPaths().paths
        let steps = paths.flatMap(\.steps)
        #expect(!steps.contains { if case .wait = $0 { true } else { false } })
        #expect(Set(paths.map(\.configuration)) == [[.idle], [.waiting], [.timedOut], [.done]])
    }

    @Test func aPathWhoseTimerIsNotPendingFailsClearly() throws {
        let model = TestModel(chart: try request(), context: 0, events: [.send])
        let stale = ModelPath<Request, Reply>(
            steps: [.send(.send), .fire(ModelTimer(position: 0, label: "after #0 of waiting"))],
            configuration: [.timedOut], isDone: false, transitions: []
        )
        // Position 0 is the answer (due at 2 s), not the time-out (5 s).
        let failure = #expect(throws: ModelTestFailure.self) { try model.test(stale, checks: [:]) }
        #expect(failure?.reason == "the path fires 'after #0 of waiting', but timer #0 is 'answer'")
        #expect(failure?.step == 2)
        let missing = ModelPath<Request, Reply>(
            steps: [.fire(ModelTimer(position: 0, label: "answer"))], configuration: [.idle], isDone: false, transitions: []
        )
        let none = #expect(throws: ModelTestFailure.self) { try model.test(missing, checks: [:]) }
        #expect(none?.reason == "the path fires 'answer', timer #0, but 0 timers are pending")
    }
}
