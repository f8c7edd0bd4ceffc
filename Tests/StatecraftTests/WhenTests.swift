import Testing
import Statecraft

/// Transitions conditioned on the configuration (`When`): SCXML's `In()`.
@Suite("State conditions")
struct WhenTests {
    /// p(r1(x1, x2), r2(y1, y2)): r2's `next` needs x2 active; its `back` needs x1 not active.
    static func chart() throws -> Statechart<S, E, Log> {
        try Statechart {
            Parallel(.p) {
                Compound(.r1) {
                    Atomic(.x1) { On(.go, to: .x2) }
                    Atomic(.x2) { On(.go, to: .x1) }
                }
                Compound(.r2) {
                    Atomic(.y1) {
                        When(in: .x2) {
                            On(.next, to: .y2) { log, _ in log.lines.append("y1->y2") }
                        }
                    }
                    Atomic(.y2) {
                        When(notIn: .x1) { On(.back, to: .y1) }
                    }
                }
            }
        }
    }

    @Test func aTransitionInsideWhenIsEnabledOnlyWhileTheStateIsActive() throws {
        var machine = try Self.chart().makeMachine(context: Log())
        #expect(machine.send(.next).rejection?.code == .guardsDeclined)
        #expect(machine.isActive(.y1))
        machine.send(.go)
        #expect(machine.send(.next) == .transitioned(from: .y1, to: .y2))
        #expect(machine.context.lines == ["y1->y2"])
    }

    @Test func whenNotInDisablesTheTransitionWhileTheStateIsActive() throws {
        var machine = try Self.chart().makeMachine(context: Log())
        machine.send(.go)
        machine.send(.next)
        machine.send(.go)
        #expect(machine.isActive(.x1))
        #expect(machine.send(.back).rejection?.code == .guardsDeclined)
        machine.send(.go)
        #expect(machine.send(.back) == .transitioned(from: .y2, to: .y1))
    }

    @Test func theConditionIsCheckedBeforeTheGuardWhichRunsOnlyWhenItHolds() throws {
        let chart = try Statechart<S, E, Log> {
            Compound(.a) {
                Atomic(.a1) {
                    When(in: .a2) {
                        On(.go, to: .b, guard: { _, _ in throw GuardBroke() })
                    }
                    On(.go, to: .c)
                }
                Atomic(.a2)
            }
            Atomic(.b)
            Atomic(.c)
        }
        var machine = chart.makeMachine(context: Log())
        // a2 is not active, so the throwing guard is never asked and the second transition wins.
        #expect(machine.send(.go) == .transitioned(from: .a1, to: .c))
    }

    @Test func nestedWhensNeedBothConditionsAndWorkOnAFlatChart() throws {
        let chart = try Statechart<S, E, Log> {
            Atomic(.a) {
                When(in: .a) {
                    When(notIn: .b) { On(.go, to: .b) }
                }
            }
            Atomic(.b) {
                When(in: .a) { On(.back, to: .a) }
            }
        }
        var machine = chart.makeMachine(context: Log())
        #expect(machine.send(.go) == .transitioned(from: .a, to: .b))
        #expect(machine.send(.back).rejection?.code == .guardsDeclined)
    }

    @Test func eventlessTransitionsCanWaitForAState() throws {
        let chart = try Statechart<S, E, Log> {
            Parallel(.p) {
                Compound(.r1) {
                    Atomic(.x1) { On(.go, to: .x2) }
                    Atomic(.x2)
                }
                Compound(.r2) {
                    Atomic(.y1) { When(in: .x2) { Always(to: .y2) } }
                    Atomic(.y2)
                }
            }
        }
        var machine = chart.makeMachine(context: Log())
        #expect(machine.isActive(.y1))
        machine.send(.go)
        #expect(machine.isActive(.y2))
    }

    @Test func aConditionOnAnUnknownStateIsADefinitionError() throws {
        let line = #line + 3
        let build = {
            try Statechart<String, E, Log> {
                Atomic("a") { When(in: "nowhere") { On(.go, to: "a") } }
            }
        }
        let error = try #require(throws: DefinitionError.self) { try build() }
        #expect(error.code == .unknownState)
        #expect(error.location?.line == line)
        #expect(error.message.contains("'nowhere'"))
    }
}
