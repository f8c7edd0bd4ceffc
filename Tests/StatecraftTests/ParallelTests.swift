import Testing
import Statecraft

@Suite("Parallel states")
struct ParallelTests {
    /// p has regions r1 (x1, x2) and r2 (y1, y2); a outside.
    static func chart() throws -> Statechart<S, E, Log> {
        try Statechart {
            Atomic(.a) {
                On(.go, to: .p)
                On(.next, targets: [.x2, .y2])
            }
            Parallel(.p) {
                OnEntry { log, _ in log.lines.append("enter p") }
                OnExit { log, _ in log.lines.append("exit p") }
                Compound(.r1) {
                    OnEntry { log, _ in log.lines.append("enter r1") }
                    OnExit { log, _ in log.lines.append("exit r1") }
                    Atomic(.x1) {
                        OnEntry { log, _ in log.lines.append("enter x1") }
                        OnExit { log, _ in log.lines.append("exit x1") }
                        On(.next, to: .x2) { log, _ in log.lines.append("x1->x2") }
                        On(.stop, to: .a) { log, _ in log.lines.append("x1->a") }
                    }
                    Atomic(.x2) {
                        OnEntry { log, _ in log.lines.append("enter x2") }
                        OnExit { log, _ in log.lines.append("exit x2") }
                    }
                }
                Compound(.r2) {
                    OnEntry { log, _ in log.lines.append("enter r2") }
                    OnExit { log, _ in log.lines.append("exit r2") }
                    Atomic(.y1) {
                        OnEntry { log, _ in log.lines.append("enter y1") }
                        OnExit { log, _ in log.lines.append("exit y1") }
                        On(.next, to: .y2) { log, _ in log.lines.append("y1->y2") }
                        On(.stop, to: .y2) { log, _ in log.lines.append("y1->y2 on stop") }
                    }
                    Atomic(.y2) {
                        OnEntry { log, _ in log.lines.append("enter y2") }
                        OnExit { log, _ in log.lines.append("exit y2") }
                    }
                }
                On(.reset, to: .p)
            }
        }
    }

    @Test func enteringAParallelStateEntersEveryRegionInDocumentOrder() throws {
        var machine = try Self.chart().makeMachine(context: Log())
        machine.send(.go)
        #expect(machine.activeStates == [.p, .r1, .x1, .r2, .y1])
        #expect(machine.context.lines == ["enter p", "enter r1", "enter x1", "enter r2", "enter y1"])
    }

    @Test func oneEventMovesBothRegionsInOneMicrostep() throws {
        var machine = try Self.chart().makeMachine(context: Log())
        machine.send(.go)
        let before = machine.context.lines.count
        #expect(machine.send(.next) == .transitioned(from: .x1, to: .x2))
        #expect(machine.activeStates == [.p, .r1, .x2, .r2, .y2])
        #expect(Array(machine.context.lines.dropFirst(before)) == ["exit y1", "exit x1", "x1->x2", "y1->y2", "enter x2", "enter y2"])
    }

    @Test func transitionLeavingTheParallelStatePreemptsALaterRegionsTransition() throws {
        var machine = try Self.chart().makeMachine(context: Log())
        machine.send(.go)
        let before = machine.context.lines.count
        #expect(machine.send(.stop) == .transitioned(from: .x1, to: .a))
        #expect(machine.activeStates == [.a])
        #expect(Array(machine.context.lines.dropFirst(before)) == ["exit y1", "exit r2", "exit x1", "exit r1", "exit p", "x1->a"])
    }

    @Test func exitIsInReverseDocumentOrderAndReentryInDocumentOrder() throws {
        var machine = try Self.chart().makeMachine(context: Log())
        machine.send(.go)
        let before = machine.context.lines.count
        machine.send(.reset)
        #expect(Array(machine.context.lines.dropFirst(before)) == [
            "exit y1", "exit r2", "exit x1", "exit r1", "exit p",
            "enter p", "enter r1", "enter x1", "enter r2", "enter y1",
        ])
    }

    @Test func transitionWithATargetInEachRegionEntersBoth() throws {
        var machine = try Self.chart().makeMachine(context: Log())
        machine.send(.next)
        #expect(machine.activeStates == [.p, .r1, .x2, .r2, .y2])
        #expect(machine.context.lines == ["enter p", "enter r1", "enter x2", "enter r2", "enter y2"])
    }

    @Test func targetInOneRegionEntersTheOtherRegionsByDefault() throws {
        let chart = try Statechart<S, E, Log> {
            Atomic(.a) { On(.go, to: .y2) }
            Parallel(.p) {
                Compound(.r1) { Atomic(.x1); Atomic(.x2) }
                Compound(.r2) { Atomic(.y1); Atomic(.y2) }
            }
        }
        var machine = chart.makeMachine(context: Log())
        machine.send(.go)
        #expect(machine.activeStates == [.p, .r1, .x1, .r2, .y2])
    }

    @Test func firstRegionInDocumentOrderWinsAConflict() throws {
        let chart = try Statechart<S, E, Log> {
            Parallel(.p) {
                Compound(.r1) { Atomic(.x1) { On(.go, to: .a) { log, _ in log.lines.append("r1 wins") } } }
                Compound(.r2) { Atomic(.y1) { On(.go, to: .b) { log, _ in log.lines.append("r2 wins") } } }
            }
            Atomic(.a)
            Atomic(.b)
        }
        var machine = chart.makeMachine(context: Log())
        #expect(machine.send(.go) == .transitioned(from: .x1, to: .a))
        #expect(machine.context.lines == ["r1 wins"])
        #expect(machine.activeStates == [.a])
    }

    /// `state` never picks one region's leaf among several: it names the parallel state that
    /// holds them, and `isActive` answers for each leaf (issue 16).
    @Test func stateIsTheParallelStateThatHoldsEveryActiveLeaf() throws {
        var machine = try Self.chart().makeMachine(context: Log())
        #expect(machine.state == .a)
        machine.send(.go)
        #expect(machine.activeStates == [.p, .r1, .x1, .r2, .y1])
        #expect(machine.state == .p)
        #expect(machine.isActive(.x1) && machine.isActive(.y1))
        machine.send(.stop)
        #expect(machine.state == .a)
    }

    /// Inside a compound state under a parallel region, the holder is the innermost state whose
    /// descendants include every active leaf: with one leaf active in each of two regions of an
    /// inner parallel state, that inner state.
    @Test func stateIsTheInnermostHolderOfANestedParallelState() throws {
        let chart = try Statechart<S, E, Log> {
            Compound(.p) {
                Atomic(.a) { On(.go, to: .r1) }
                Parallel(.r1) {
                    Compound(.x1) { Atomic(.x2) }
                    Compound(.y1) { Atomic(.y2) }
                }
            }
        }
        var machine = chart.makeMachine(context: Log())
        #expect(machine.state == .a)
        machine.send(.go)
        #expect(machine.activeStates == [.p, .r1, .x1, .x2, .y1, .y2])
        #expect(machine.state == .r1)
    }
    /// `canSend` answers what `send` would do: a region whose guard throws makes `send` reject
    /// the event even when an earlier region has a transition for it. Found by the Appendix D
    /// oracle (seed 67).
    @Test func canSendIsFalseWhenALaterRegionsGuardThrows() throws {
        struct Broken: Error {}
        let chart = try Statechart<S, E, Log> {
            Parallel(.p) {
                Compound(.r1) { Atomic(.x1) { On(.go, to: .x2) }; Atomic(.x2) }
                Compound(.r2) { Atomic(.y1) { On(.go, to: .y2, guard: { _, _ in throw Broken() }) }; Atomic(.y2) }
            }
        }
        var machine = chart.makeMachine(context: Log())
        #expect(!machine.canSend(.go))
        #expect(machine.send(.go).rejection?.code == .guardFailed)
        #expect(machine.activeStates == [.p, .r1, .x1, .r2, .y1])
    }
}
