import Statecraft
import Testing

/// The codes and messages of ``ObjectStateMachineError``.
@Suite
struct ObjectStateMachineErrorTests {
    final class Door {}
    final class Closed: ObjectState<Door> {
        override func isValidNextState(_ stateType: ObjectState<Door>.Type) -> Bool {
            stateType == Open.self
        }
    }
    final class Open: ObjectState<Door> {}
    final class Locked: ObjectState<Door> {}

    @Test
    func duplicateStateMessageNamesTheClassAndTheCount() throws {
        let error = #expect(throws: ObjectStateMachineError.self) {
            try ObjectStateMachine(context: Door(), states: [Closed(), Open(), Closed(), Closed()])
        }

        #expect(error?.message == "Cannot create the state machine: `states` holds 3 instances of "
            + "StatecraftTests.ObjectStateMachineErrorTests.Closed. Pass exactly one instance of each "
            + "state class.")
    }

    @Test
    func stateAlreadyRegisteredMessageNamesTheClass() throws {
        let door = Door()
        let open = Open()
        let machine = try ObjectStateMachine(context: door, states: [open])

        let error = #expect(throws: ObjectStateMachineError.self) {
            try ObjectStateMachine(context: door, states: [open])
        }

        #expect(open.machine === machine)
        #expect(error?.message == "Cannot create the state machine: the "
            + "StatecraftTests.ObjectStateMachineErrorTests.Open instance in `states` already belongs "
            + "to another ObjectStateMachine. Create a new "
            + "StatecraftTests.ObjectStateMachineErrorTests.Open for each machine.")
    }

    @Test
    func unknownStateMessageListsTheRegisteredClassesInOrder() throws {
        let machine = try ObjectStateMachine(context: Door(), states: [Open(), Closed()])

        let error = #expect(throws: ObjectStateMachineError.self) {
            try machine.transition(to: Locked.self)
        }

        #expect(error?.message == "Cannot enter StatecraftTests.ObjectStateMachineErrorTests.Locked: "
            + "no state of that class is registered with this machine (registered: "
            + "StatecraftTests.ObjectStateMachineErrorTests.Open, "
            + "StatecraftTests.ObjectStateMachineErrorTests.Closed). Add a "
            + "StatecraftTests.ObjectStateMachineErrorTests.Locked instance to `states` when you "
            + "create the machine.")
    }

    @Test
    func unknownStateMessageSaysWhenNoStateIsRegistered() throws {
        let machine = try ObjectStateMachine(context: Door(), states: [])

        let error = #expect(throws: ObjectStateMachineError.self) {
            try machine.transition(to: Open.self)
        }

        #expect(error?.message.contains("(registered: none)") == true)
    }

    @Test
    func invalidNextStateMessageNamesBothStatesAndTheRefusingMethod() throws {
        let machine = try ObjectStateMachine(context: Door(), states: [Closed(), Open(), Locked()])
        try machine.transition(to: Closed.self)

        let error = #expect(throws: ObjectStateMachineError.self) {
            try machine.transition(to: Locked.self)
        }

        #expect(error?.message == "Cannot enter StatecraftTests.ObjectStateMachineErrorTests.Locked "
            + "from StatecraftTests.ObjectStateMachineErrorTests.Closed: "
            + "StatecraftTests.ObjectStateMachineErrorTests.Closed.isValidNextState(_:) returned "
            + "false. Enter a state that StatecraftTests.ObjectStateMachineErrorTests.Closed allows, "
            + "or allow StatecraftTests.ObjectStateMachineErrorTests.Locked there.")
    }

    @Test
    func descriptionIsTheMessage() {
        let error = ObjectStateMachineError(code: .unknownState, message: "No such state.")

        #expect(error.description == "No such state.")
        #expect(String(describing: error) == "No such state.")
    }

    @Test
    func errorsAreEqualWhenCodeAndMessageAreEqual() {
        let error = ObjectStateMachineError(code: .invalidNextState, message: "A")

        #expect(error == ObjectStateMachineError(code: .invalidNextState, message: "A"))
        #expect(error != ObjectStateMachineError(code: .invalidNextState, message: "B"))
        #expect(error != ObjectStateMachineError(code: .unknownState, message: "A"))
    }

    @Test(arguments: [
        (ObjectStateMachineError.Code.duplicateState, "duplicateState"),
        (.stateAlreadyRegistered, "stateAlreadyRegistered"),
        (.unknownState, "unknownState"),
        (.invalidNextState, "invalidNextState"),
        (.reentrantTransition, "reentrantTransition"),
    ])
    func codeDescriptionIsItsName(code: ObjectStateMachineError.Code, name: String) {
        #expect(code.description == name)
    }

    @Test
    func codesAreDistinct() {
        let codes: Set<ObjectStateMachineError.Code> = [
            .duplicateState, .stateAlreadyRegistered, .unknownState, .invalidNextState, .reentrantTransition,
        ]

        #expect(codes.count == 5)
    }
}
