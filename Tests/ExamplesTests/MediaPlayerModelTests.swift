import Statecraft
import StatecraftTesting
import Testing
@testable import MediaPlayer

@Suite("media-player example: model-based tests from its chart")
struct MediaPlayerModelTests {
    private let buttons: [Remote] = [.power, .play, .pause, .stop, .mute, .unmute]

    /// A check for every state, compound and parallel ones included.
    private let checks: [Player: TestModel<Player, Remote, Session>.StateCheck] = [
        .off: { machine in #expect(machine.activeStates == [.off]) },
        .on: { machine in
            #expect(machine.isActive(.playback) && machine.isActive(.audio))
            #expect(machine.canSend(.power))
        },
        .playback: { machine in #expect(machine.isActive(.on)) },
        .audio: { machine in #expect(machine.isActive(.loud) != machine.isActive(.muted)) },
        .stopped: { machine in #expect(!machine.canSend(.pause)) },
        .buffering: { machine in #expect(machine.nextDeadline == machine.now + .seconds(2)) },
        .playing: { machine in #expect(machine.context.tracksStarted >= 1) },
        .paused: { machine in #expect(machine.canSend(.play)) },
        .loud: { machine in #expect(machine.canSend(.mute)) },
        .muted: { machine in #expect(machine.canSend(.unmute)) },
    ]

    @Test func shortestPathsReachTheNineConfigurations() throws {
        let model = TestModel(chart: try makePlayer(), context: Session(), events: buttons)
        let result = model.shortestPaths()
        #expect(result.isComplete)
        let configurations = Set(result.paths.map(\.configuration))
        var expected: Set<[Player]> = [[.off]]
        for playback in [Player.stopped, .buffering, .playing, .paused] {
            for audio in [Player.loud, .muted] { expected.insert([playback, audio]) }
        }
        #expect(configurations == expected)
        #expect(result.paths.count == 9)
        // Breadth first, with buttons tried before time: muting comes before the wait.
        #expect(result.paths.first { $0.configuration == [.paused, .muted] }?.description
            == "power, play, mute, wait 2.0 seconds, pause -> paused, muted")
        // History pseudo-states are never active and are not listed.
        #expect(result.statesNeverActive.isEmpty)
        let checked = try model.testAll(result.paths, checks: checks, requireEveryState: true)
        #expect(Set(checked) == Set(checks.keys))
    }

    @Test func transitionPathsTakeEveryTransitionIncludingTheDelayedOne() throws {
        let model = TestModel(chart: try makePlayer(), context: Session(), events: buttons)
        let result = model.transitionPaths()
        let taken = Set(result.paths.flatMap(\.transitions))
        #expect(taken == Set(model.shortestPaths().transitionsTaken))
        #expect(taken.contains(ModelTransition(source: .buffering, target: .playing, eventKind: nil)))
        #expect(taken.contains(ModelTransition(source: .muted, target: .loud, eventKind: .unmute)))
        #expect(result.paths.count < model.shortestPaths().paths.count)
        try model.testAll(result.paths, checks: checks)
    }

    /// With the remembered configuration in its identity while the player is off, the search
    /// tells apart the player switched off in each configuration, and power brings each back.
    @Test func historyInTheIdentityFindsEveryRememberedConfiguration() throws {
        let model = TestModel(chart: try makePlayer(), context: { Session() }, events: buttons) { machine in
            HistoryKey(states: machine.activeStates, history: machine.isActive(.off) ? machine.snapshot.history : [:])
        }
        let result = model.shortestPaths()
        #expect(result.isComplete)
        // Off before the first power, off after each of the eight configurations, and those eight.
        #expect(result.paths.count == 17)
        #expect(result.paths.filter { $0.configuration == [.off] }.count == 9)
        for path in result.paths where path.configuration == [.off] && !path.steps.isEmpty {
            let resumed = ModelPath<Player, Remote>(
                steps: path.steps + [.send(.power)],
                configuration: result.paths.first { $0.steps == Array(path.steps.dropLast()) }?.configuration ?? [],
                isDone: false, transitions: []
            )
            try model.test(resumed, checks: checks)
        }
    }
}

private struct HistoryKey: Hashable {
    var states: [Player]
    var history: [Player: [Player]]
}
