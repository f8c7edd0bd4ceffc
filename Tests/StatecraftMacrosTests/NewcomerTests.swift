#if Macros
import Statecraft
import StatecraftMacros
import StatecraftRuntime
import Testing

// The code a newcomer writes first (issue 16): an enum of actions with a payload, a chart whose
// transitions name cases and read the payload typed, a runtime, and `print` of what each send
// did. It must compile as written and print lines a person reads.

@MachineEvent
enum Action { case open, close, lock, unlock(code: Int) }

enum Door { case opened, closed, locked }

@Suite("A newcomer's first machine")
struct NewcomerTests {
    /// The door's chart: the context is the code that unlocks it.
    static func door() throws -> Statechart<Door, Action, Int> {
        try Statechart {
            Atomic(.closed) {
                On(.open, to: .opened)
                On(.lock, to: .locked)
            }
            Atomic(.opened) {
                On(.close, to: .closed)
            }
            Atomic(.locked) {
                On(\.unlock, to: .closed, guard: { secret, code in code == secret })
            }
        }
    }

    @Test func theNewcomersCodePrintsReadableLines() async throws {
        let runtime = MachineRuntime(chart: try Self.door(), context: 1234)
        var printed = ""
        print(await runtime.send(.lock), to: &printed)
        print(await runtime.send(.unlock(code: 1111)), to: &printed)
        print(await runtime.send(.unlock(code: 1234)), to: &printed)
        print(await runtime.send(.close), to: &printed)
        await runtime.stop()
        #expect(printed.split(separator: "\n") == [
            "lock: closed -> locked",
            "unlock(code: 1111): rejected: every guard of the transitions on 'unlock' in state 'locked' returned false",
            "unlock(code: 1234): locked -> closed",
            "close: rejected: no transition on 'close' in state 'closed'",
        ])
    }

    @Test func aMachineSaysTheSameWithoutTheRuntime() throws {
        var door = try Self.door().makeMachine(context: 1234)
        #expect("\(door.sendReporting(.lock))" == "lock: closed -> locked")
        #expect("\(door.send(.unlock(code: 1234)))" == "locked -> closed")
        #expect("\(door.snapshot)" == "in closed; context 1234")
    }

    @Test func theMacroDerivesKindsAndTypedCases() {
        #expect(Action.unlock(code: 7).kind == .unlock)
        #expect(Action.Kind.allCases == [.open, .close, .lock, .unlock])
        #expect(Action.cases.unlock.payload(of: .unlock(code: 7)) == 7)
        #expect(Action.cases.unlock.payload(of: .open) == nil)
        #expect(Action.cases.open.payload(of: .open) != nil)
        #expect(Action.cases.unlock.kind == .unlock)
    }
}
#endif
