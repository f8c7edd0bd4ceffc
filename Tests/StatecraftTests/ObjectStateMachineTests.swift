import Statecraft
import Testing

/// Entering states, hook order, validation, registration and updates.
///
/// The fixtures nested here are shared by the other `ObjectStateMachineTests` suites, which
/// extend this type.
@Suite
struct ObjectStateMachineTests {
    // MARK: Fixtures

    /// A context that records what its states do, and owns its machine as a real context would.
    final class Journal {
        var entries: [String] = []
        var machine: ObjectStateMachine<Journal>?
    }

    /// A state that writes its hooks into its context's journal and can run extra behaviour.
    ///
    /// Each `on…` closure runs once and is then cleared, so a test of a broken re-entrancy rule
    /// fails on its expectations instead of recursing until the stack overflows.
    class RecordingState: ObjectState<Journal> {
        /// The classes this state lets the machine move to; `nil` allows every move.
        var allowedNextStates: [ObjectState<Journal>.Type]?
        var onIsValidNextState: ((RecordingState) -> Void)?
        var onWillExit: ((RecordingState) -> Void)?
        var onDidEnter: ((RecordingState) -> Void)?
        var onUpdate: ((RecordingState) -> Void)?
        private(set) var updates: [Double] = []

        /// Returns the hook stored at `keyPath` and clears it.
        private func takeHook(
            _ keyPath: ReferenceWritableKeyPath<RecordingState, ((RecordingState) -> Void)?>
        ) -> ((RecordingState) -> Void)? {
            let hook = self[keyPath: keyPath]
            self[keyPath: keyPath] = nil
            return hook
        }

        static func name(of state: ObjectState<Journal>?) -> String {
            state.map { String(describing: type(of: $0)) } ?? "nil"
        }

        override func isValidNextState(_ stateType: ObjectState<Journal>.Type) -> Bool {
            takeHook(\.onIsValidNextState)?(self)
            guard let allowedNextStates else { return true }
            return allowedNextStates.contains { $0 == stateType }
        }

        override func willExit(to nextState: ObjectState<Journal>) {
            let current = Self.name(of: machine?.currentState)
            context?.entries.append("\(Self.name(of: self)).willExit(to: \(Self.name(of: nextState))) current: \(current)")
            takeHook(\.onWillExit)?(self)
        }

        override func didEnter(from previousState: ObjectState<Journal>?) {
            let current = Self.name(of: machine?.currentState)
            context?.entries.append("\(Self.name(of: self)).didEnter(from: \(Self.name(of: previousState))) current: \(current)")
            takeHook(\.onDidEnter)?(self)
        }

        override func update(deltaTime seconds: Double) {
            updates.append(seconds)
            takeHook(\.onUpdate)?(self)
        }
    }

    final class Idle: RecordingState {}
    final class Running: RecordingState {}
    final class Paused: RecordingState {}
    final class Unregistered: RecordingState {}

    /// Creates a journal that owns a machine holding the given states.
    static func makeJournal(_ states: RecordingState...) throws -> Journal {
        let journal = Journal()
        journal.machine = try ObjectStateMachine(context: journal, states: states)
        return journal
    }

    // MARK: Entering

    @Test
    func machineStartsWithNoCurrentState() throws {
        let journal = try Self.makeJournal(Idle(), Running())
        let machine = try #require(journal.machine)

        #expect(machine.currentState == nil)
        #expect(journal.entries.isEmpty)
    }

    @Test
    func firstEntryCallsDidEnterWithNoPreviousState() throws {
        let idle = Idle()
        let journal = try Self.makeJournal(idle, Running())
        let machine = try #require(journal.machine)

        #expect(machine.enter(Idle.self))

        #expect(machine.currentState === idle)
        #expect(journal.entries == ["Idle.didEnter(from: nil) current: Idle"])
    }

    @Test
    func anyRegisteredStateMayBeEnteredBeforeTheFirstEntry() throws {
        let journal = try Self.makeJournal(Idle(), Running())
        let machine = try #require(journal.machine)

        #expect(machine.canEnterState(Idle.self))
        #expect(machine.canEnterState(Running.self))
        #expect(!machine.canEnterState(Unregistered.self))
    }

    @Test
    func transitionCallsWillExitThenSwitchesThenCallsDidEnter() throws {
        let journal = try Self.makeJournal(Idle(), Running())
        let machine = try #require(journal.machine)
        try machine.transition(to: Idle.self)

        try machine.transition(to: Running.self)

        #expect(journal.entries == [
            "Idle.didEnter(from: nil) current: Idle",
            "Idle.willExit(to: Running) current: Idle",
            "Running.didEnter(from: Idle) current: Running",
        ])
        #expect(machine.currentState is Running)
    }

    @Test
    func enteringTheCurrentStateAgainRunsBothHooksWhenAllowed() throws {
        let idle = Idle()
        let journal = try Self.makeJournal(idle)
        let machine = try #require(journal.machine)
        machine.enter(Idle.self)

        #expect(machine.enter(Idle.self))

        #expect(journal.entries == [
            "Idle.didEnter(from: nil) current: Idle",
            "Idle.willExit(to: Idle) current: Idle",
            "Idle.didEnter(from: Idle) current: Idle",
        ])
        #expect(machine.currentState === idle)
    }

    // MARK: Validation

    @Test
    func moveRefusedByIsValidNextStateLeavesTheMachineUnchanged() throws {
        let idle = Idle()
        idle.allowedNextStates = [Running.self]
        let journal = try Self.makeJournal(idle, Running(), Paused())
        let machine = try #require(journal.machine)
        machine.enter(Idle.self)

        let error = #expect(throws: ObjectStateMachineError.self) {
            try machine.transition(to: Paused.self)
        }

        #expect(error?.code == .invalidNextState)
        #expect(machine.currentState === idle)
        #expect(journal.entries == ["Idle.didEnter(from: nil) current: Idle"])
        #expect(!machine.enter(Paused.self))
        #expect(machine.currentState === idle)
    }

    @Test
    func canEnterStateFollowsTheCurrentStatesAnswer() throws {
        let idle = Idle()
        idle.allowedNextStates = [Running.self]
        let journal = try Self.makeJournal(idle, Running(), Paused())
        let machine = try #require(journal.machine)
        machine.enter(Idle.self)

        #expect(machine.canEnterState(Running.self))
        #expect(!machine.canEnterState(Paused.self))
        #expect(!machine.canEnterState(Idle.self))
        #expect(journal.entries == ["Idle.didEnter(from: nil) current: Idle"])
    }

    @Test
    func enteringAnUnregisteredClassThrowsUnknownStateAndChangesNothing() throws {
        let idle = Idle()
        let journal = try Self.makeJournal(idle, Running())
        let machine = try #require(journal.machine)
        machine.enter(Idle.self)

        let error = #expect(throws: ObjectStateMachineError.self) {
            try machine.transition(to: Unregistered.self)
        }

        #expect(error?.code == .unknownState)
        #expect(machine.currentState === idle)
        #expect(journal.entries == ["Idle.didEnter(from: nil) current: Idle"])
        #expect(!machine.enter(Unregistered.self))
    }

    @Test
    func enteringAnUnregisteredClassBeforeTheFirstEntryLeavesNoCurrentState() throws {
        let journal = try Self.makeJournal(Idle())
        let machine = try #require(journal.machine)

        #expect(!machine.enter(Unregistered.self))

        #expect(machine.currentState == nil)
        #expect(journal.entries.isEmpty)
    }

    @Test
    func machineWithoutStatesRefusesEveryMove() throws {
        let journal = try Self.makeJournal()
        let machine = try #require(journal.machine)

        let error = #expect(throws: ObjectStateMachineError.self) {
            try machine.transition(to: Idle.self)
        }

        #expect(error?.code == .unknownState)
        #expect(machine.currentState == nil)
    }

    // MARK: Registration

    @Test
    func twoInstancesOfOneClassAreRejected() throws {
        let first = Idle()
        let second = Idle()
        let journal = Journal()

        let error = #expect(throws: ObjectStateMachineError.self) {
            try ObjectStateMachine(context: journal, states: [first, Running(), second])
        }

        #expect(error?.code == .duplicateState)
        #expect(first.machine == nil)
        #expect(second.machine == nil)
    }

    @Test
    func oneInstancePassedTwiceIsRejectedAsADuplicate() throws {
        let idle = Idle()

        let error = #expect(throws: ObjectStateMachineError.self) {
            try ObjectStateMachine(context: Journal(), states: [idle, idle])
        }

        #expect(error?.code == .duplicateState)
        #expect(idle.machine == nil)
    }

    @Test
    func statesOfARejectedMachineCanJoinAnotherMachine() throws {
        let idle = Idle()
        let running = Running()
        let journal = Journal()
        #expect(throws: ObjectStateMachineError.self) {
            try ObjectStateMachine(context: journal, states: [idle, running, Running()])
        }

        let machine = try ObjectStateMachine(context: journal, states: [idle, running])

        #expect(idle.machine === machine)
        #expect(running.machine === machine)
    }

    @Test
    func stateOwnedByAnotherMachineIsRejected() throws {
        let idle = Idle()
        let owner = try Self.makeJournal(idle)
        let other = Journal()

        let error = #expect(throws: ObjectStateMachineError.self) {
            try ObjectStateMachine(context: other, states: [Running(), idle])
        }

        #expect(error?.code == .stateAlreadyRegistered)
        #expect(idle.machine === owner.machine)
    }

    @Test
    func registrationSetsEachStatesMachine() throws {
        let idle = Idle()
        let running = Running()

        let journal = try Self.makeJournal(idle, running)

        let machine = try #require(journal.machine)
        #expect(idle.machine === machine)
        #expect(running.machine === machine)
    }

    // MARK: Lookup

    @Test
    func stateLookupReturnsTheRegisteredInstance() throws {
        let idle = Idle()
        let running = Running()
        let journal = try Self.makeJournal(idle, running)
        let machine = try #require(journal.machine)

        #expect(machine.state(Idle.self) === idle)
        #expect(machine.state(Running.self) === running)
        #expect(machine.state(Unregistered.self) == nil)
    }

    class Vehicle: RecordingState {}
    final class Car: Vehicle {}

    @Test
    func stateLookupAndEntryMatchTheExactClassOnly() throws {
        let car = Car()
        let journal = try Self.makeJournal(car)
        let machine = try #require(journal.machine)

        #expect(machine.state(Car.self) === car)
        #expect(machine.state(Vehicle.self) == nil)
        #expect(!machine.canEnterState(Vehicle.self))
        #expect(!machine.enter(Vehicle.self))
        #expect(machine.enter(Car.self))
    }

    // MARK: Updates

    @Test
    func updateBeforeTheFirstEntryDoesNothing() throws {
        let idle = Idle()
        let journal = try Self.makeJournal(idle)
        let machine = try #require(journal.machine)

        machine.update(deltaTime: 0.5)

        #expect(idle.updates.isEmpty)
        #expect(machine.currentState == nil)
    }

    @Test
    func updateIsForwardedToTheCurrentStateOnly() throws {
        let idle = Idle()
        let running = Running()
        let journal = try Self.makeJournal(idle, running)
        let machine = try #require(journal.machine)
        machine.enter(Idle.self)

        machine.update(deltaTime: 0.5)
        machine.update(deltaTime: 0.25)
        machine.enter(Running.self)
        machine.update(deltaTime: 1.0 / 60.0)

        #expect(idle.updates == [0.5, 0.25])
        #expect(running.updates == [1.0 / 60.0])
    }

    @Test
    func stateMayMoveTheMachineFromItsUpdate() throws {
        let idle = Idle()
        idle.onUpdate = { state in state.machine?.enter(Running.self) }
        let journal = try Self.makeJournal(idle, Running())
        let machine = try #require(journal.machine)
        machine.enter(Idle.self)

        machine.update(deltaTime: 0.1)

        #expect(machine.currentState is Running)
        #expect(journal.entries == [
            "Idle.didEnter(from: nil) current: Idle",
            "Idle.willExit(to: Running) current: Idle",
            "Running.didEnter(from: Idle) current: Running",
        ])
    }
}
