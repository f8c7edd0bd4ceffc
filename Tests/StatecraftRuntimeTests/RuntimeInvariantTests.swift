import Statecraft
@testable import StatecraftRuntime
import Testing

/// The runtime's shared state checks its invariants each time its lock is released (in debug
/// builds, which the tests are). These tests drive `RuntimeState` directly: its moves keep the
/// invariants, and a state that breaks one stops the process.
@Suite("The runtime's invariants")
struct RuntimeInvariantTests {
    typealias State = RuntimeState<Machine<Phase, Input, Record>>

    /// A runtime's state at rest, holding a machine of the toggle chart.
    static func restingState() throws -> State {
        State(cell: MachineCell(try toggleChart().makeMachine(context: Record())))
    }

    @Test func everyMoveOfAProcessingRoundKeepsThem() throws {
        var state = try Self.restingState()
        #expect(state.checkInvariants())

        // A sender finds the runtime idle and takes the machine.
        let took = state.takeIfIdle()
        #expect(took)
        #expect(state.phase == .running && !state.isHome)
        #expect(state.checkInvariants())

        // While it runs, an event and a timer tick wait; a second tick is ignored.
        guard case .wait = state.arrive(.event(.go, reply: nil), policy: .queue) else {
            Issue.record("an event that arrives while the machine runs should wait")
            return
        }
        guard case .wait = state.arrive(.tick, policy: .queue) else {
            Issue.record("a tick that arrives while the machine runs should wait")
            return
        }
        guard case .ignore = state.arrive(.tick, policy: .queue) else {
            Issue.record("a second tick should be ignored while one waits")
            return
        }
        #expect(state.tickQueued && state.queue.count == 2)
        #expect(state.checkInvariants())

        // The worker takes both items in order, then stores the machine.
        let held = state.home
        guard case .next(.event) = state.next(held) else {
            Issue.record("the event should come first")
            return
        }
        #expect(state.checkInvariants())
        guard case .next(.tick) = state.next(held) else {
            Issue.record("the tick should come second")
            return
        }
        #expect(!state.tickQueued && state.queue.isEmpty && state.head == 0)
        #expect(state.checkInvariants())
        guard case .idle = state.next(held) else {
            Issue.record("with nothing waiting the runtime should go idle")
            return
        }
        #expect(state.phase == .idle && state.isHome)
        #expect(state.checkInvariants())

        // Stopping leaves nothing behind.
        _ = state.stop()
        #expect(state.phase == .stopped)
        #expect(state.checkInvariants())
    }

    @Test func anIdleRuntimeWhoseMachineIsAwayStopsTheProcess() async {
        await #expect(processExitsWith: .failure) {
            var state = try RuntimeInvariantTests.restingState()
            state.isHome = false
            _ = state.checkInvariants()
        }
    }

    @Test func aTickFlagWithNoTickWaitingStopsTheProcess() async {
        await #expect(processExitsWith: .failure) {
            var state = try RuntimeInvariantTests.restingState()
            _ = state.takeIfIdle()
            _ = state.arrive(.event(.go, reply: nil), policy: .queue)
            state.tickQueued = true
            _ = state.checkInvariants()
        }
    }

    @Test func anInvocationListedUnderNoStateStopsTheProcess() async {
        await #expect(processExitsWith: .failure) {
            var state = try RuntimeInvariantTests.restingState()
            state.liveInvocations[7] = .a
            _ = state.checkInvariants()
        }
    }

    @Test func theLockChecksThemAfterEveryBody() async {
        await #expect(processExitsWith: .failure) {
            try RuntimeInvariantTests.moveTheQueueHeadOutside()
        }
    }

    /// Moves a runtime's queue head past its end under the runtime's lock.
    static func moveTheQueueHeadOutside() throws {
        let runtime = MachineRuntime(try toggleChart().makeMachine(context: Record()), faultLog: .none)
        runtime.core.withLockAnnotated { state in state.head = 5 }
    }
}
