import Testing
@testable import Statecraft

/// `StatechartOptions.actionsSeeStateChanges`: `Effects.isActive(_:)` answers with the
/// configuration as the microstep changes it, as SCXML's `In()` in executable content
/// (Appendix D: `exitStates` deletes a state after its onexit, `enterStates` adds one before its
/// onentry), on every kind of chart the fast paths would otherwise take.
@Suite("Actions that see the configuration change state by state")
struct ActionsSeeStateChangesTests {
    @Test(arguments: [(true, false), (false, false), (false, true)])
    func aStateLeavesAfterItsExitActionsAndJoinsBeforeItsEntryActions(generalPath: Bool, plans: Bool) throws {
        // The option keeps the chart on the general path whatever the fast paths compiled.
        let chart = try ActionsReadConfigurationTests.chart(generalPath: generalPath, plans: plans, live: true)
        var machine = chart.makeMachine(context: Log())
        // The initial configuration: x1 (r1's first) was entered before y1.
        #expect(machine.context.lines == ["enter y1 y1=true x2=false x1=true"])
        machine.send(.go)
        #expect(machine.context.lines.dropFirst() == [
            "exit x1 y1=true x2=false x1=true",  // still there during its own exit actions
            "go y1=true x2=false x1=false",  // gone, and x2 not yet there
            "enter x2 y1=true x2=true x1=false",  // there before its entry actions
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
