import Statecraft
import Testing

/// The behaviour a state has before any override: its name and its default hooks.
@Suite
struct ObjectStateTests {
    final class Owner {}
    final class Plain: ObjectState<Owner> {}
    final class Other: ObjectState<Owner> {}
    final class Renamed: ObjectState<Owner> {
        override var description: String { "a renamed state" }
    }

    /// Not a state: shows what `String(describing:)` prints for an ordinary class instance.
    final class OrdinaryObject {}

    @Test
    func descriptionIsTheModuleQualifiedClassName() {
        #expect(Plain().description == "StatecraftTests.ObjectStateTests.Plain")
        #expect(String(describing: Plain()) == "StatecraftTests.ObjectStateTests.Plain")
        #expect("\(Other())" == "StatecraftTests.ObjectStateTests.Other")
    }

    @Test
    func descriptionMatchesWhatAnOrdinaryClassInstancePrints() {
        #expect(String(describing: OrdinaryObject()) == "StatecraftTests.ObjectStateTests.OrdinaryObject")
    }

    @Test
    func subclassCanOverrideDescription() {
        #expect(String(describing: Renamed()) == "a renamed state")
    }

    @Test
    func defaultIsValidNextStateAllowsEveryMove() {
        let plain = Plain()

        #expect(plain.isValidNextState(Other.self))
        #expect(plain.isValidNextState(Plain.self))
    }

    @Test
    func statesWithoutOverridesMoveFreely() throws {
        let owner = Owner()
        let plain = Plain()
        let other = Other()
        let machine = try ObjectStateMachine(context: owner, states: [plain, other])

        #expect(machine.enter(Plain.self))
        #expect(machine.enter(Other.self))
        #expect(machine.enter(Plain.self))
        machine.update(deltaTime: 1)

        #expect(machine.currentState === plain)
        #expect(plain.context === owner)
    }
}
