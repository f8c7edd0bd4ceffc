import Testing
import Statecraft
import StatecraftRuntime
import StatecraftTesting
import Synchronization

/// A runtime logs every fault of the machine it runs (a loop cut at the engine's limit), keeps
/// the recent ones and publishes them, so that no cut goes unnoticed.
@Suite("Faults of a running machine")
struct FaultTests {
    /// `b` has an eventless transition without a target that is always enabled: every event
    /// processed in `b` runs it until the engine cuts the loop (`microstepLimit`).
    static func loopingChart() throws -> Statechart<Phase, Input, Record> {
        try Statechart<Phase, Input, Record> {
            Atomic(.a) { On(.go, to: .b) }
            Atomic(.b) {
                Always(guard: { _, _ in true }) { _, _, _ in }
                On(.back, to: .a)
            }
        }
    }

    /// A fault log that keeps what it is given.
    final class Collected: Sendable {
        let faults = Mutex<[EngineFault]>([])
        var log: RuntimeFaultLog { RuntimeFaultLog { fault in self.faults.withLock { $0.append(fault) } } }
        var codes: [EngineFault.Code] { faults.withLock { $0.map(\.code) } }
    }

    @Test func eachFaultIsLoggedKeptAndCountedOnceForTheStepThatMadeIt() async throws {
        let collected = Collected()
        let runtime = TestRuntime(chart: try Self.loopingChart(), context: Record(), clock: ManualClock(), faultLog: collected.log)
        #expect(collected.codes.isEmpty)
        _ = await runtime.send(.go)
        #expect(collected.codes == [.microstepLimit])
        // An event in `b` runs the loop again: a fault of its own, not the old one told twice.
        _ = await runtime.send(.ping)
        #expect(collected.codes == [.microstepLimit, .microstepLimit])
        _ = await runtime.send(.back)
        _ = await runtime.send(.ping)
        #expect(collected.codes.count == 2)
        #expect(runtime.faultCount == 2)
        #expect(runtime.recentFaults.map(\.code) == [.microstepLimit, .microstepLimit])
        #expect(runtime.recentFaults.first?.message.contains("without settling") == true)
    }

    @Test func aFaultOfTheInitialStepIsLoggedWhenTheRuntimeTakesTheMachine() throws {
        let chart = try Statechart<Phase, Input, Record> {
            Atomic(.a) { Always(to: .b) }
            Atomic(.b) { Always(to: .a) }
        }
        let collected = Collected()
        let runtime = TestRuntime(chart: chart, context: Record(), clock: ManualClock(), faultLog: collected.log)
        #expect(collected.codes == [.microstepLimit])
        #expect(runtime.faultCount == 1)
    }

    @Test func subscribersGetEveryFaultInOrderAndTheSequenceEndsWithTheRuntime() async throws {
        let runtime = TestRuntime(chart: try Self.loopingChart(), context: Record(), clock: ManualClock(), faultLog: .none)
        let faults = runtime.faults()
        _ = await runtime.send(.go)
        _ = await runtime.send(.ping)
        await runtime.stop()
        var received: [EngineFault.Code] = []
        for await fault in faults { received.append(fault.code) }
        #expect(received == [.microstepLimit, .microstepLimit])
    }

    struct Refused: Error {}

    @Test func theRecentFaultsAreBounded() async throws {
        // A guard that throws in an eventless transition: a cheap fault (`guardFailed`) per event.
        let chart = try Statechart<Phase, Input, Record> {
            Atomic(.a) { On(.go, to: .b) }
            Atomic(.b) { Always(to: .a, guard: { _, _ in throw Refused() }) }
        }
        let runtime = TestRuntime(chart: chart, context: Record(), clock: ManualClock(), faultLog: .none)
        _ = await runtime.send(.go)
        for _ in 0..<120 { runtime.post(.ping) }
        await runtime.settle()
        #expect(runtime.faultCount == 121)
        #expect(runtime.recentFaults.count == 100)
        #expect(runtime.recentFaults.allSatisfy { $0.code == .guardFailed })
    }

    @Test func aMachineWithoutFaultsReportsNone() async throws {
        let collected = Collected()
        let runtime = TestRuntime(chart: try toggleChart(), context: Record(), clock: ManualClock(), faultLog: collected.log)
        for _ in 0..<10 { _ = await runtime.send(.go); _ = await runtime.send(.back) }
        #expect(collected.codes.isEmpty)
        #expect(runtime.recentFaults.isEmpty)
    }
}
