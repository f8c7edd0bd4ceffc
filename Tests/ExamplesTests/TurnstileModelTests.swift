import Statecraft
import StatecraftTesting
import Testing
@testable import Turnstile

@Suite("turnstile example: model-based tests from its chart")
struct TurnstileModelTests {
    /// A coin too small for the guard, one large enough, a push and a kick.
    private let sample: [Input] = [.coin(cents: 10), .coin(cents: 25), .push, .kick]

    private let checks: [Gate: TestModel<Gate, Input, Till>.StateCheck] = [
        .locked: { machine in
            #expect(!machine.canSend(.push))
            #expect(!machine.canSend(.coin(cents: 10)))
            #expect(machine.canSend(.coin(cents: 25)))
        },
        .unlocked: { machine in
            #expect(machine.canSend(.push))
            #expect(machine.context.cents >= 25)
        },
        .broken: { machine in
            #expect(machine.status == .done)
            #expect(!machine.canSend(.coin(cents: 25)))
        },
    ]

    @Test func shortestPathsReachEveryStateAndPassTheirChecks() throws {
        let model = TestModel(chart: try makeTurnstile(), context: Till(), events: sample)
        let result = model.shortestPaths()
        #expect(result.isComplete)
        #expect(result.paths.map(\.description) == [
            "(start) -> locked",
            "coin(cents: 25) -> unlocked",
            "kick -> broken (done)",
        ])
        #expect(result.statesNeverActive.isEmpty)
        let checked = try model.testAll(result.paths, checks: checks, requireEveryState: true)
        #expect(checked == [.locked, .unlocked, .broken])
    }

    @Test func transitionPathsTakeAllFiveTransitions() throws {
        let model = TestModel(chart: try makeTurnstile(), context: Till(), events: sample)
        let result = model.transitionPaths()
        #expect(Set(result.paths.flatMap(\.transitions)) == [
            ModelTransition(source: .locked, target: .unlocked, eventKind: .coin),
            ModelTransition(source: .locked, target: .broken, eventKind: .kick),
            ModelTransition(source: .unlocked, target: .locked, eventKind: .push),
            ModelTransition(source: .unlocked, target: nil, eventKind: .coin),
            ModelTransition(source: .unlocked, target: .broken, eventKind: .kick),
        ])
        #expect(result.eventKindsNeverTaken.isEmpty)
        // The kick ends the first walk; the second goes back through the gate to kick it open.
        #expect(result.paths.map(\.description) == [
            "coin(cents: 25), coin(cents: 10), push, kick -> broken (done)",
            "coin(cents: 25), kick -> broken (done)",
        ])
        try model.testAll(result.paths, checks: checks)
    }

    @Test func withoutALargeCoinInTheSampleTheGateNeverOpens() throws {
        let model = TestModel(chart: try makeTurnstile(), context: Till(), events: [.coin(cents: 10), .push])
        let result = model.shortestPaths()
        #expect(result.paths.map(\.configuration) == [[.locked]])
        #expect(result.statesNeverActive == [.unlocked, .broken])
        #expect(result.eventKindsNeverTaken == [.coin, .kick, .push])
    }
}
