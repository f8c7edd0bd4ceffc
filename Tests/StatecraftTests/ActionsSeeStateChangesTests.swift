import Testing
import Statecraft

/// `StatechartOptions.actionsSeeStateChanges`: `Effects.isActive(_:)` answers with the
/// configuration as the microstep changes it, as SCXML's `In()` in executable content
/// (Appendix D: `exitStates` deletes a state after its onexit, `enterStates` adds one before its
/// onentry), on every kind of chart the fast paths would otherwise take.
@Suite("Actions that see the configuration change state by state")
struct ActionsSeeStateChangesTests {
    /// A parallel chart whose actions write down whether `x1`, `x2` and `y1` are active.
    static func parallel(live: Bool) throws -> Statechart<S, E, Log> {
        @Sendable func note(_ label: String, _ log: inout Log, _ effects: Effects<E>) {
            log.lines.append("\(label) x1=\(effects.isActive(S.x1)) x2=\(effects.isActive(S.x2)) y1=\(effects.isActive(S.y1))")
        }
        return try Statechart<S, E, Log>(options: StatechartOptions(actionsSeeStateChanges: live)) {
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
                    }
                }
            }
        }
    }

    @Test func aStateLeavesAfterItsExitActionsAndJoinsBeforeItsEntryActions() throws {
        var machine = try Self.parallel(live: true).makeMachine(context: Log())
        // The initial configuration: x1 (r1's first) was entered before y1.
        #expect(machine.context.lines == ["enter y1 x1=true x2=false y1=true"])
        machine.send(.go)
        #expect(machine.context.lines.dropFirst() == [
            "exit x1 x1=true x2=false y1=true",  // still there during its own exit actions
            "go x1=false x2=false y1=true",  // gone, and x2 not yet there
            "enter x2 x1=false x2=true y1=true",  // there before its entry actions
        ])
    }

    @Test func withoutTheOptionEveryActionSeesTheConfigurationItWasSelectedIn() throws {
        var machine = try Self.parallel(live: false).makeMachine(context: Log())
        #expect(machine.context.lines == ["enter y1 x1=false x2=false y1=false"])
        machine.send(.go)
        #expect(machine.context.lines.dropFirst() == [
            "exit x1 x1=true x2=false y1=true", "go x1=true x2=false y1=true", "enter x2 x1=true x2=false y1=true",
        ])
    }

    /// W3C tests 409 and 411 in the DSL: a descendant already exited is not active in its
    /// parent's exit actions; a state entered is active in its own entry actions, not in its
    /// parent's.
    @Test(arguments: [false, true])
    func exitedDescendantsAndEnteredStates(copiedBeforeTheEvent: Bool) throws {
        let chart = try Statechart<S, E, Log>(options: StatechartOptions(actionsSeeStateChanges: true)) {
            Compound(.a) {
                OnEntry { log, _, effects in log.lines.append("enter a: a1=\(effects.isActive(S.a1))") }
                Compound(.a1) {
                    OnEntry { log, _, effects in log.lines.append("enter a1: a1=\(effects.isActive(S.a1))") }
                    OnExit { log, _, effects in log.lines.append("exit a1: a2=\(effects.isActive(S.a2))") }
                    Atomic(.a2) {
                        On(.go, to: .b)
                    }
                }
                Atomic(.b)
            }
        }
        var machine = chart.makeMachine(context: Log())
        if copiedBeforeTheEvent {
            // A copy shares nothing mutable: it answers for itself.
            let copy = machine
            machine = copy
        }
        machine.send(.go)
        #expect(machine.context.lines == ["enter a: a1=false", "enter a1: a1=true", "exit a1: a2=false"])
        #expect(machine.isActive(.b))
    }
}
