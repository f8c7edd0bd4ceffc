@testable import Statecraft
import Testing

/// Done events and guard errors delivered as ordinary named events.
@Suite("Statechart options")
struct StatechartOptionsTests {
    typealias Named = NamedEvent<Int>

    struct Boom: Error {}

    static let options = StatechartOptions<S, Named>(
        doneEvent: { state, data in Named("done.state.\(state)", payload: data?.payload) },
        guardErrorEvent: { _ in Named("error.execution") }
    )

    @Test("A done event with options is a named event carrying the done data, matched by descriptor")
    func doneEventIsNamed() throws {
        let chart = try Statechart<S, Named, Log>(options: Self.options) {
            Compound(.a) {
                Atomic(.a1) { On("go", to: .f) }
                Final(.f) { DoneData { _ in Named("data", payload: 7) } }
                On("done.state.a") { log, event in log.lines.append("done a \(event.payload ?? -1)") }
                On("done.state.b") { log, _ in log.lines.append("wrong state") }
            }
        }
        var machine = chart.makeMachine(context: Log())
        _ = machine.send(Named("go"))
        #expect(machine.context.lines == ["done a 7"])
    }

    @Test("Done data that gives nothing still sends the done event, once")
    func doneWithoutData() throws {
        let chart = try Statechart<S, Named, Log>(options: Self.options) {
            Compound(.a) {
                Atomic(.a1) { On("go", to: .f) }
                Final(.f) { DoneData { _ in nil } }
                On("*") { log, event in log.lines.append(event.name) }
            }
        }
        var machine = chart.makeMachine(context: Log())
        _ = machine.send(Named("go"))
        #expect(machine.context.lines == ["done.state.a"])
    }

    @Test("A parallel state's done event is named too")
    func parallelDone() throws {
        let chart = try Statechart<S, Named, Log>(options: Self.options) {
            Compound(.top) {
                Parallel(.p) {
                    Compound(.r1) { Atomic(.x1) { On("go", to: .x2) }; Final(.x2) }
                    Compound(.r2) { Final(.y1) }
                }
                On("done.state") { log, event in log.lines.append(event.name) }
            }
        }
        var machine = chart.makeMachine(context: Log())
        #expect(machine.context.lines == ["done.state.r2"])
        _ = machine.send(Named("go"))
        #expect(machine.context.lines == ["done.state.r2", "done.state.r1", "done.state.p"])
    }

    @Test("A throwing guard raises the error event, counts as false, and selection goes on")
    func guardErrorRaisesEvent() throws {
        let chart = try Statechart<S, Named, Log>(options: Self.options) {
            Atomic(.a) {
                On("go", to: .b, guard: { _, _ in throw Boom() })
                On("go") { log, _ in log.lines.append("second candidate") }
                On("error.execution") { log, _ in log.lines.append("error seen") }
            }
            Atomic(.b)
        }
        var machine = chart.makeMachine(context: Log())
        let result = machine.send(Named("go"))
        #expect(result.isTaken)
        #expect(machine.state == .a)
        #expect(machine.context.lines == ["second candidate", "error seen"])
    }

    @Test("With the error event, canSend looks past a throwing guard as send does")
    func canSendLooksPastThrowingGuard() throws {
        let chart = try Statechart<S, Named, Log>(options: Self.options) {
            Atomic(.a) {
                On("go", to: .b, guard: { _, _ in throw Boom() })
                On("go") { log, _ in log.lines.append("second candidate") }
            }
            Atomic(.b)
        }
        var machine = chart.makeMachine(context: Log())
        #expect(machine.canSend(Named("go")))
        #expect(machine.send(Named("go")).isTaken)
    }

    @Test("A guard error raised while no transition is selected is processed in the same macrostep on the region path")
    func guardErrorWithoutTransitionOnTheRegionPath() throws {
        struct Broken: Error {}
        let options = StatechartOptions<S, E>(guardErrorEvent: { _ in .tick })
        let chart = try Statechart<S, E, Log>(options: options) {
            // Two regions: a chart the engine compiles with region steps.
            Parallel(.p) {
                Compound(.r1) {
                    Atomic(.x1) {
                        On(.go, guard: { _, _ in throw Broken() })
                        On(.tick) { log, _ in log.lines.append("error seen") }
                    }
                }
                Compound(.r2) { Atomic(.y1) }
            }
        }
        var machine = chart.makeMachine(context: Log())
        #expect(machine.send(.go).rejection?.code == .guardsDeclined)
        #expect(machine.context.lines == ["error seen"])
    }

    @Test("Without options a throwing guard still rejects your event")
    func withoutOptionsGuardRejects() throws {
        let chart = try Statechart<S, Named, Log> {
            Atomic(.a) { On("go", to: .b, guard: { _, _ in throw Boom() }) }
            Atomic(.b)
        }
        var machine = chart.makeMachine(context: Log())
        #expect(machine.send(Named("go")).rejection?.code == .guardFailed)
    }
}

/// A flat chart (one that would take the leaf path) honours the guard-error option too.
@Suite("Statechart options on flat charts")
struct FlatStatechartOptionsTests {
    enum Step: Hashable, Sendable { case a, b }
    enum Input: MachineEvent { case go, failed }
    struct Boom: Error {}

    @Test("A throwing guard raises the error event on a flat chart")
    func flatGuardError() throws {
        let options = StatechartOptions<Step, Input>(guardErrorEvent: { _ in .failed })
        let chart = try Statechart<Step, Input, Int>(options: options) {
            Atomic(.a) {
                On(.go, to: .b, guard: { _, _ in throw Boom() })
                On(.failed) { count, _ in count += 1 }
            }
            Atomic(.b)
        }
        var machine = chart.makeMachine(context: 0)
        _ = machine.send(.go)
        #expect(machine.state == .a)
        #expect(machine.context == 1)
    }
}

/// A chart whose events take the region steps (parallel regions, kinds matched by equality)
/// processes the guard-error event in the same macrostep, as the general path does.
@Suite("Statechart options on the region steps")
struct RegionStatechartOptionsTests {
    enum Input: MachineEvent { case go, failed }
    struct Boom: Error {}

    static func chart(options: StatechartOptions<S, Input>) throws -> Statechart<S, Input, Log> {
        try Statechart(options: options) {
            Parallel(.p) {
                Compound(.r1) {
                    Atomic(.x1) {
                        On(.go, to: .x2, guard: { _, _ in throw Boom() })
                        On(.failed, to: .x2) { log, _ in log.lines.append("error seen") }
                    }
                    Atomic(.x2)
                }
                Compound(.r2) { Atomic(.y1); Atomic(.y2) }
            }
        }
    }

    @Test("A throwing guard with nothing else selected still gets its error event processed")
    func guardErrorWithNothingSelected() throws {
        let options = StatechartOptions<S, Input>(guardErrorEvent: { _ in .failed })
        let chart = try ChartCompilationOptions.$skipsPlans.withValue(true) { try Self.chart(options: options) }
        #expect(chart.runsRegionSteps && chart.plans.isEmpty)
        var machine = chart.makeMachine(context: Log())
        let result = machine.send(.go)
        #expect(result.rejection?.code == .guardsDeclined)
        #expect(machine.activeStates == [.p, .r1, .x2, .r2, .y1])
        #expect(machine.context.lines == ["error seen"])
    }

    @Test("So do the microstep plans")
    func plansAgree() throws {
        let chart = try Self.chart(options: StatechartOptions(guardErrorEvent: { _ in .failed }))
        var machine = chart.makeMachine(context: Log())
        #expect(machine.send(.go).rejection?.code == .guardsDeclined)
        #expect(machine.activeStates == [.p, .r1, .x2, .r2, .y1])
        #expect(machine.context.lines == ["error seen"])
    }

    @Test("The general path agrees")
    func generalPathAgrees() throws {
        let options = StatechartOptions<S, Input>(guardErrorEvent: { _ in .failed })
        let chart = try ChartCompilationOptions.$skipsRegionSteps.withValue(true) { try Self.chart(options: options) }
        #expect(!chart.runsRegionSteps)
        var machine = chart.makeMachine(context: Log())
        #expect(machine.send(.go).rejection?.code == .guardsDeclined)
        #expect(machine.activeStates == [.p, .r1, .x2, .r2, .y1])
        #expect(machine.context.lines == ["error seen"])
    }
}
