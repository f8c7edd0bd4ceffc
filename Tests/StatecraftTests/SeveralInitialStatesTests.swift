import Testing
import Statecraft

/// Several initial states (SCXML 3.3 and 3.6: `initial="a b"`, `<initial><transition target="a b">`):
/// the chart's `initial:`, a compound state's `initial:` and `Initial(targets:)` each name states
/// in different regions of a parallel state, and the rest is entered by default.
@Suite("Several initial states")
struct SeveralInitialStatesTests {
    /// `p` has regions `r1` (x1, x2) and `r2` (y1, y2); `c` holds `p` and `c1`.
    @ChartBuilder<S, E, Log>
    static func states() -> [ChartElement<S, E, Log>] {
        Atomic(.a) { On(.go, to: .c) }
        Compound(.c) {
            Atomic(.c1)
            Parallel(.p) {
                OnEntry { log, _ in log.lines.append("enter p") }
                Compound(.r1) {
                    Atomic(.x1) { OnEntry { log, _ in log.lines.append("enter x1") } }
                    Atomic(.x2) { OnEntry { log, _ in log.lines.append("enter x2") } }
                }
                Compound(.r2) {
                    Atomic(.y1) { OnEntry { log, _ in log.lines.append("enter y1") } }
                    Atomic(.y2) { OnEntry { log, _ in log.lines.append("enter y2") } }
                }
            }
        }
    }

    @Test func theChartStartsInSeveralStates() throws {
        let chart = try Statechart<S, E, Log>(initial: [.x2, .y2], Self.states)
        let machine = chart.makeMachine(context: Log())
        #expect(machine.activeStates == [.c, .p, .r1, .x2, .r2, .y2])
        #expect(machine.context.lines == ["enter p", "enter x2", "enter y2"])
    }

    @Test func aRegionNoInitialStateNamesIsEnteredByDefault() throws {
        let chart = try Statechart<S, E, Log>(initial: [.y2], Self.states)
        #expect(chart.makeMachine(context: Log()).activeStates == [.c, .p, .r1, .x1, .r2, .y2])
    }

    @Test func anEmptyListStartsInTheFirstState() throws {
        let chart = try Statechart<S, E, Log>(initial: [], Self.states)
        #expect(chart.makeMachine(context: Log()).activeStates == [.a])
    }

    @Test func aCompoundStateEntersItsSeveralInitialStates() throws {
        let chart = try Statechart<S, E, Log> {
            Atomic(.a) { On(.go, to: .c) }
            Compound(.c, initial: [.y2, .x2]) {
                Parallel(.p) {
                    Compound(.r1) { Atomic(.x1); Atomic(.x2) }
                    Compound(.r2) { Atomic(.y1); Atomic(.y2) }
                }
            }
        }
        var machine = chart.makeMachine(context: Log())
        machine.send(.go)
        #expect(machine.activeStates == [.c, .p, .r1, .x2, .r2, .y2])
    }

    @Test func anInitialTransitionToSeveralStatesRunsItsActionThenEntersThem() throws {
        let chart = try Statechart<S, E, Log> {
            Atomic(.a) { On(.go, to: .c) }
            Compound(.c) {
                OnEntry { log, _ in log.lines.append("enter c") }
                Initial(targets: [.x2, .y1]) { log, _ in log.lines.append("initial") }
                Parallel(.p) {
                    Compound(.r1) { Atomic(.x1); Atomic(.x2) { OnEntry { log, _ in log.lines.append("enter x2") } } }
                    Compound(.r2) { Atomic(.y1) { OnEntry { log, _ in log.lines.append("enter y1") } }; Atomic(.y2) }
                }
            }
        }
        var machine = chart.makeMachine(context: Log())
        machine.send(.go)
        #expect(machine.activeStates == [.c, .p, .r1, .x2, .r2, .y1])
        #expect(machine.context.lines == ["enter c", "initial", "enter x2", "enter y1"])
    }

    @Test func theSingleStateFormsStillWork() throws {
        let chart = try Statechart<S, E, Log>(initial: .c) {
            Atomic(.a)
            Compound(.c, initial: .c2) { Atomic(.c1); Atomic(.c2) }
        }
        #expect(chart.makeMachine(context: Log()).activeStates == [.c, .c2])
    }

    // MARK: Refused sets

    @Test func twoInitialStatesInOneRegionAreRefused() throws {
        let error = try #require(throws: DefinitionError.self) {
            try Statechart<S, E, Log>(initial: [.x1, .x2], Self.states)
        }
        #expect(error.code == .conflictingTargets)
        #expect(error.message == "the initial states of the chart include 'x1' and 'x2', which cannot be active together: "
            + "only one child of 'r1' is active at a time; several initial states name at most one state in each region "
            + "of a parallel state")
    }

    @Test func initialStatesInTwoChildrenOfACompoundStateAreRefused() throws {
        let error = try #require(throws: DefinitionError.self) {
            try Statechart<S, E, Log> {
                Compound(.c, initial: [.c1, .x1]) {
                    Atomic(.c1)
                    Parallel(.p) { Compound(.r1) { Atomic(.x1) } }
                }
            }
        }
        #expect(error.code == .conflictingTargets)
        #expect(error.message.hasPrefix("the initial states of 'c' include 'c1' and 'x1'"))
        #expect(error.message.contains("only one child of 'c' is active at a time"))
    }

    @Test func anInitialStateOutsideTheCompoundStateIsRefused() throws {
        let error = try #require(throws: DefinitionError.self) {
            try Statechart<S, E, Log> {
                Atomic(.a)
                Compound(.c) {
                    Initial(targets: [.x1, .a])
                    Parallel(.p) { Compound(.r1) { Atomic(.x1) } }
                }
            }
        }
        #expect(error.code == .invalidInitial)
        #expect(error.message == "the initial state of 'c' must be one of its descendants; 'a' is not")
    }

    @Test func anUnknownInitialStateIsRefused() throws {
        let error = try #require(throws: DefinitionError.self) {
            try Statechart<S, E, Log> {
                Compound(.c, initial: [.x1, .b]) {
                    Parallel(.p) { Compound(.r1) { Atomic(.x1) } }
                }
            }
        }
        #expect(error.code == .unknownInitialState)
        #expect(error.message.hasPrefix("the initial state 'b' of 'c' is not a state of the chart"))
    }

    @Test func anUnknownStateInTheChartsInitialSetIsRefused() throws {
        let error = try #require(throws: DefinitionError.self) {
            try Statechart<S, E, Log>(initial: [.x1, .b], Self.states)
        }
        #expect(error.code == .unknownInitialState)
        #expect(error.message.hasPrefix("the initial state 'b' of the chart is not a state of the chart"))
    }

    @Test func initialStatesTwiceAreRefused() throws {
        let error = try #require(throws: DefinitionError.self) {
            try Statechart<S, E, Log> {
                Compound(.c, initial: [.x1]) {
                    Initial(targets: [.x1])
                    Parallel(.p) { Compound(.r1) { Atomic(.x1) } }
                }
            }
        }
        #expect(error.code == .misplacedElement)
        #expect(error.message.contains("names its initial state more than once"))
    }
}
