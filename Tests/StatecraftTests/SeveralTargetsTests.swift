import Statecraft
import Testing

/// `Always(targets:)` and `History(_:_:defaults:)`: an eventless transition and a deep history's
/// default that enter one state in each region of a parallel state (SCXML's `target="a b"`).
@Suite("Several targets for eventless transitions and history defaults")
struct SeveralTargetsTests {
    /// c goes on at once into p's regions (x2, y2); p's deep history hd defaults to x2 and y1.
    static func chart() throws -> Statechart<S, E, Log> {
        try Statechart(initial: .a) {
            Atomic(.a) {
                On(.go, to: .c)
                On(.back, to: .hd)
            }
            Atomic(.c) {
                Always(targets: [.x2, .y2]) { log, _, effects in
                    log.lines.append("always")
                    effects.raise(.ping)
                }
            }
            Compound(.top) {
                History(.hd, .deep, defaults: [.x2, .y1]) { log, _, _ in log.lines.append("default") }
                Parallel(.p) {
                    Compound(.r1) { Atomic(.x1); Atomic(.x2) }
                    Compound(.r2) { Atomic(.y1); Atomic(.y2) { On(.next, to: .y1) } }
                }
                OnEntry { log, _ in log.lines.append("top") }
                On(.ping) { log, _ in log.lines.append("ping") }
                On(.stop, to: .a)
            }
        }
    }

    @Test func anEventlessTransitionEntersOneStateInEachRegion() throws {
        var machine = try Self.chart().makeMachine(context: Log())
        machine.send(.go)
        #expect(machine.activeStates == [.top, .p, .r1, .x2, .r2, .y2])
        // Its action ran before the entries; what it raised after them.
        #expect(machine.context.lines == ["always", "top", "ping"])
    }

    @Test func aDeepHistorysDefaultEntersItsTargetsUntilTheParentIsExited() throws {
        var machine = try Self.chart().makeMachine(context: Log())
        machine.send(.back)
        #expect(machine.activeStates == [.top, .p, .r1, .x2, .r2, .y1])
        // The default's action runs after the parent's entry actions.
        #expect(machine.context.lines == ["top", "default"])
        machine.send(.stop)
        machine.send(.go)
        machine.send(.stop)
        machine.updateContext { $0.lines = [] }
        // Remembered now: x2 and y2, and the default's action does not run.
        machine.send(.back)
        #expect(machine.activeStates == [.top, .p, .r1, .x2, .r2, .y2])
        #expect(machine.context.lines == ["top"])
    }

    @Test func aShallowHistoryWithSeveralDefaultsIsRefused() {
        #expect(throws: DefinitionError.self) {
            try Statechart<S, E, Void> {
                Compound(.top) {
                    History(.h, .shallow, defaults: [.x1, .x2])
                    Atomic(.x1)
                    Atomic(.x2)
                }
            }
        }
    }
}
