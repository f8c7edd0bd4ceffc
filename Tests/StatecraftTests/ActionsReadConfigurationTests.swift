import Testing
@testable import Statecraft

/// Actions read the configuration through `Effects.isActive(_:)`: the configuration the
/// microstep's transitions were selected in, the same on every path.
@Suite("Actions read the configuration")
struct ActionsReadConfigurationTests {
    /// A parallel chart whose actions write down whether `y1`, `x2` and `x1` are active; with
    /// `live`, made with `StatechartOptions.actionsSeeStateChanges` (`ActionsSeeStateChangesTests`).
    static func chart(generalPath: Bool, plans: Bool, live: Bool = false) throws -> Statechart<S, E, Log> {
        @Sendable func note(_ label: String, _ log: inout Log, _ effects: Effects<E>) {
            log.lines.append("\(label) y1=\(effects.isActive(S.y1)) x2=\(effects.isActive(S.x2)) x1=\(effects.isActive(S.x1))")
        }
        return try ChartCompilationOptions.$skipsRegionSteps.withValue(generalPath) {
            try ChartCompilationOptions.$skipsPlans.withValue(!plans) {
                try Statechart<S, E, Log>(options: StatechartOptions(actionsSeeStateChanges: live)) {
                    Parallel(.p) {
                        Compound(.r1) {
                            Atomic(.x1) {
                                OnExit { log, _, effects in note("exit x1", &log, effects) }
                                On(.go, to: .x2) { log, _, effects in note("go", &log, effects) }
                            }
                            Atomic(.x2) {
                                OnEntry { log, _, effects in note("enter x2", &log, effects) }
                            }
                        }
                        Compound(.r2) {
                            Atomic(.y1) {
                                OnEntry { log, _, effects in note("enter y1", &log, effects) }
                                On(.next, to: .y2)
                            }
                            Atomic(.y2)
                        }
                    }
                }
            }
        }
    }

    @Test(arguments: [(true, false), (false, false), (false, true)])
    func everyActionOfAMicrostepSeesTheConfigurationItWasSelectedIn(generalPath: Bool, plans: Bool) throws {
        let chart = try Self.chart(generalPath: generalPath, plans: plans)
        var machine = chart.makeMachine(context: Log())
        // The initial configuration's entry actions: nothing was active before it.
        #expect(machine.context.lines == ["enter y1 y1=false x2=false x1=false"])
        machine.send(.go)
        #expect(machine.context.lines.dropFirst() == [
            "exit x1 y1=true x2=false x1=true", "go y1=true x2=false x1=true", "enter x2 y1=true x2=false x1=true",
        ])
        #expect(machine.isActive(.x2))
    }

    @Test func aStateOfAnotherTypeOrOutsideTheChartIsNotActive() throws {
        enum Other: Hashable, Sendable { case y1 }
        let chart = try Statechart<S, E, Log> {
            Atomic(.a) {
                On(.go) { log, _, effects in
                    log.lines = ["\(effects.isActive(S.a)) \(effects.isActive(Other.y1)) \(effects.isActive(S.b)) \(effects.isActive("a"))"]
                }
            }
        }
        var machine = chart.makeMachine(context: Log())
        machine.send(.go)
        #expect(machine.context.lines == ["true false false false"])
    }

    @Test func exitActionsRunWhenTheMachineFinishesSeeTheFinalConfiguration() throws {
        let chart = try Statechart<S, E, Log> {
            Atomic(.a) { On(.go, to: .done) }
            Final(.done) {
                OnExit { log, _, effects in log.lines.append("exit done=\(effects.isActive(S.done)) a=\(effects.isActive(S.a))") }
            }
        }
        var machine = chart.makeMachine(context: Log())
        machine.send(.go)
        #expect(machine.context.lines == ["exit done=true a=false"])
    }

    /// An `Effects` value copied out of its action is not a way into freed memory: it answers
    /// for the machine while the machine lives (its workspace's current selection), and `false`
    /// once the machine and its copies are gone.
    @Test func effectsKeptPastTheActionAnswerFalseOnceTheMachineIsGone() throws {
        final class Keeper: @unchecked Sendable { var effects: Effects<E>? }
        let keeper = Keeper()
        let chart = try Statechart<S, E, Log> {
            Compound(.top) {
                Atomic(.a) { On(.go, to: .b) { _, _, effects in keeper.effects = effects } }
                Atomic(.b)
            }
        }
        do {
            var machine = chart.makeMachine(context: Log())
            machine.send(.go)
            let kept = try #require(keeper.effects)
            #expect(kept.isActive(S.top))
            #expect(machine.isActive(.b))
        }
        let kept = try #require(keeper.effects)
        #expect(!kept.isActive(S.top))
        #expect(!kept.isActive(S.a))
    }
}
