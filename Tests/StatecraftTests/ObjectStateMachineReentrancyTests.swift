import Statecraft
import Testing

extension ObjectStateMachineTests {
    /// Transitions requested while the machine is calling a state's code.
    @Suite
    struct Reentrancy {
        @Test
        func transitionRequestedFromWillExitIsRefusedAndTheMoveInProgressFinishes() throws {
            let idle = Idle()
            var nestedError: ObjectStateMachineError?
            var nestedEnterResult: Bool?
            idle.onWillExit = { state in
                do throws(ObjectStateMachineError) {
                    try state.machine?.transition(to: Paused.self)
                } catch {
                    nestedError = error
                }
                nestedEnterResult = state.machine?.enter(Paused.self)
            }
            let running = Running()
            let journal = try makeJournal(idle, running, Paused())
            let machine = try #require(journal.machine)
            machine.enter(Idle.self)

            #expect(machine.enter(Running.self))

            #expect(nestedError?.code == .reentrantTransition)
            #expect(nestedEnterResult == false)
            #expect(machine.currentState === running)
            #expect(journal.entries == [
                "Idle.didEnter(from: nil) current: Idle",
                "Idle.willExit(to: Running) current: Idle",
                "Running.didEnter(from: Idle) current: Running",
            ])
        }

        @Test
        func refusalFromWillExitNamesTheStatesAndTheRemedy() throws {
            let idle = Idle()
            var nestedError: ObjectStateMachineError?
            idle.onWillExit = { state in
                do throws(ObjectStateMachineError) {
                    try state.machine?.transition(to: Paused.self)
                } catch {
                    nestedError = error
                }
            }
            let journal = try makeJournal(idle, Running(), Paused())
            let machine = try #require(journal.machine)
            machine.enter(Idle.self)

            machine.enter(Running.self)

            let error = try #require(nestedError)
            #expect(error.message == "Cannot enter StatecraftTests.ObjectStateMachineTests.Paused while "
                + "StatecraftTests.ObjectStateMachineTests.Idle is exiting to "
                + "StatecraftTests.ObjectStateMachineTests.Running: a transition requested from "
                + "willExit(to:) would interrupt the one in progress. Request it from "
                + "StatecraftTests.ObjectStateMachineTests.Running.didEnter(from:) instead, once the "
                + "move is complete.")
        }

        @Test
        func canEnterStateIsFalseWhileAStateIsExiting() throws {
            let idle = Idle()
            var answers: [Bool] = []
            idle.onWillExit = { state in
                answers.append(state.machine?.canEnterState(Paused.self) ?? true)
                answers.append(state.machine?.canEnterState(Running.self) ?? true)
            }
            let journal = try makeJournal(idle, Running(), Paused())
            let machine = try #require(journal.machine)
            machine.enter(Idle.self)

            machine.enter(Running.self)

            #expect(answers == [false, false])
            #expect(machine.canEnterState(Paused.self))
        }

        @Test
        func machineAcceptsTransitionsAgainAfterRefusingOneFromWillExit() throws {
            let idle = Idle()
            idle.onWillExit = { state in state.machine?.enter(Paused.self) }
            let journal = try makeJournal(idle, Running(), Paused())
            let machine = try #require(journal.machine)
            machine.enter(Idle.self)
            machine.enter(Running.self)

            #expect(machine.enter(Paused.self))

            #expect(machine.currentState is Paused)
            #expect(journal.entries.suffix(2) == [
                "Running.willExit(to: Paused) current: Running",
                "Paused.didEnter(from: Running) current: Paused",
            ])
        }

        @Test
        func transitionRequestedFromDidEnterRunsToCompletionBeforeTheOuterCallReturns() throws {
            let running = Running()
            var stateSeenAfterNestedMove: String?
            running.onDidEnter = { state in
                let moved = state.machine?.enter(Paused.self)
                stateSeenAfterNestedMove = "\(moved.map(String.init(describing:)) ?? "nil") "
                    + RecordingState.name(of: state.machine?.currentState)
            }
            let paused = Paused()
            let journal = try makeJournal(Idle(), running, paused)
            let machine = try #require(journal.machine)
            machine.enter(Idle.self)

            #expect(machine.enter(Running.self))

            #expect(stateSeenAfterNestedMove == "true Paused")
            #expect(machine.currentState === paused)
            #expect(journal.entries == [
                "Idle.didEnter(from: nil) current: Idle",
                "Idle.willExit(to: Running) current: Idle",
                "Running.didEnter(from: Idle) current: Running",
                "Running.willExit(to: Paused) current: Running",
                "Paused.didEnter(from: Running) current: Paused",
            ])
        }

        @Test
        func transitionFromDidEnterStillAsksTheNewStateForPermission() throws {
            let running = Running()
            running.allowedNextStates = [Idle.self]
            var nestedError: ObjectStateMachineError?
            running.onDidEnter = { state in
                do throws(ObjectStateMachineError) {
                    try state.machine?.transition(to: Paused.self)
                } catch {
                    nestedError = error
                }
            }
            let journal = try makeJournal(Idle(), running, Paused())
            let machine = try #require(journal.machine)
            machine.enter(Idle.self)

            #expect(machine.enter(Running.self))

            #expect(nestedError?.code == .invalidNextState)
            #expect(machine.currentState === running)
        }

        @Test
        func transitionRequestedFromIsValidNextStateIsRefused() throws {
            let idle = Idle()
            var nestedError: ObjectStateMachineError?
            idle.onIsValidNextState = { state in
                do throws(ObjectStateMachineError) {
                    try state.machine?.transition(to: Paused.self)
                } catch {
                    nestedError = error
                }
            }
            let running = Running()
            let journal = try makeJournal(idle, running, Paused())
            let machine = try #require(journal.machine)
            machine.enter(Idle.self)

            #expect(machine.enter(Running.self))

            #expect(nestedError?.code == .reentrantTransition)
            #expect(machine.currentState === running)
            #expect(journal.entries == [
                "Idle.didEnter(from: nil) current: Idle",
                "Idle.willExit(to: Running) current: Idle",
                "Running.didEnter(from: Idle) current: Running",
            ])
        }
    }
}
