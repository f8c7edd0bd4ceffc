import Statecraft
import StatecraftRuntime
import Testing

/// What a delivery, a step and a snapshot print: one line a person reads (issue 16).
@Suite("Readable deliveries")
struct DescriptionTests {
    /// `go` moves a to b, and b's eventless transition goes on to c; `tick` waits in c.
    static func chart() throws -> Statechart<Phase, Input, Record> {
        try Statechart {
            Atomic(.a) { On(.go, to: .b) }
            Atomic(.b) { Always(to: .c) }
            Atomic(.c) {
                On(.number) { record, input in
                    if case .number(let number) = input { record.numbers.append(number) }
                }
                After(.seconds(5), to: .a)
            }
        }
    }

    @Test func aStepListsEveryTransitionOfItsMacrostep() async throws {
        let runtime = TestRuntime(chart: try Self.chart(), context: Record())
        let delivery = await runtime.send(.go)
        #expect("\(delivery)" == "go: a -> b, then b -> c")
        #expect(delivery.step?.transitions.count == 2)
        #expect("\(await runtime.send(.number(7)))" == "number(7): handled in c")
        #expect("\(await runtime.send(.back))" == "back: rejected: no transition on 'back' in state 'c'")
        await runtime.stop()
        #expect("\(await runtime.send(.go))" == "discarded: the runtime is stopped")
    }

    @Test func aSnapshotSaysWhereTheMachineIsAndWhatWaits() throws {
        var machine = try Self.chart().makeMachine(context: Record())
        #expect("\(machine.snapshot)" == "in a; context Record(numbers: [], lines: [])")
        machine.send(.go)
        machine.send(.number(3))
        machine.advance(by: .seconds(1))
        #expect("\(machine.snapshot)"
            == "in c; context Record(numbers: [3], lines: []); clock at 1.0 seconds; 1 timer pending, next at 5.0 seconds")
    }

    @Test func aSnapshotOfAFinishedMachineSaysDone() throws {
        let chart = try Statechart<Phase, Input, Record> {
            Atomic(.a) { On(.stop, to: .b) }
            Final(.b)
        }
        var machine = chart.makeMachine(context: Record())
        machine.send(.stop)
        #expect("\(machine.snapshot)" == "in b; context Record(numbers: [], lines: []); done")
    }
}
