import Testing
import Observation
import Statecraft
import StatecraftRuntime
import StatecraftTesting

@MainActor
@Suite("MachineModel")
struct MachineModelTests {
    /// Waits until the model's snapshot satisfies `condition`, woken by Observation each time
    /// the snapshot changes.
    func waitUntil(_ model: MachineModel<TestMachine>, _ condition: (Snapshot<Phase, Input, Record>) -> Bool) async {
        while !condition(model.snapshot) {
            let changed = Signal()
            withObservationTracking {
                _ = model.snapshot
            } onChange: {
                changed.send("changed")
            }
            if condition(model.snapshot) { return }
            _ = await changed.next()
        }
    }

    @Test func startsWithTheMachinesSnapshot() throws {
        let model = MachineModel(try toggleChart().makeMachine(context: Record()), clock: ManualClock())
        #expect(model.snapshot.activeStates == [.a])
    }

    @Test func followsEveryChangeAndTellsObservers() async throws {
        let model = MachineModel(try toggleChart().makeMachine(context: Record()), clock: ManualClock())
        let changes = Signal()
        withObservationTracking {
            _ = model.snapshot
        } onChange: {
            changes.send("snapshot will change")
        }
        await model.send(.go)
        #expect(await changes.next() == ["snapshot will change"])
        await waitUntil(model) { $0.activeStates == [.b] }
        model.post(.number(3))
        await waitUntil(model) { $0.context.numbers == [3] }
        #expect(model.snapshot.activeStates == [.b])
    }

    @Test func followsTimersToo() async throws {
        let clock = ManualClock()
        let model = MachineModel(try delayChart().makeMachine(context: Record()), clock: clock)
        await model.send(.go)
        clock.advance(by: .seconds(2))
        await model.runtime.settle()
        await waitUntil(model) { $0.activeStates == [.c] }
    }

    @Test func modelGoesAwayWithItsRuntime() async throws {
        weak var releasedModel: MachineModel<TestMachine>?
        weak var releasedRuntime: TestRuntime?
        do {
            let model = MachineModel(try toggleChart().makeMachine(context: Record()), clock: ManualClock())
            releasedModel = model
            releasedRuntime = model.runtime
            await model.send(.go)
            await waitUntil(model) { $0.activeStates == [.b] }
        }
        #expect(releasedModel == nil)
        #expect(releasedRuntime == nil)
    }
}
