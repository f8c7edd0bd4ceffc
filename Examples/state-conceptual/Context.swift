import Statecraft

/// The object clients talk to. What it does with a request depends on its current state.
///
/// The context owns a state machine holding one ``ConcreteStateA`` and one ``ConcreteStateB``
/// and forwards each request to whichever of them is current. The states, not the context,
/// decide when to switch.
final class Context {
    private let write: (String) -> Void
    private var machine: ObjectStateMachine<Context>?

    /// Creates a context and enters its first state.
    ///
    /// - Parameters:
    ///   - initialState: The state to start in.
    ///   - write: Receives each line the context and its states report.
    /// - Throws: ``ObjectStateMachineError`` if the state machine cannot be built.
    init(
        startingIn initialState: ObjectState<Context>.Type,
        write: @escaping (String) -> Void
    ) throws(ObjectStateMachineError) {
        self.write = write
        machine = try ObjectStateMachine(context: self, states: [ConcreteStateA(), ConcreteStateB()])
        transition(to: initialState)
    }

    /// Switches to the state of the given class and announces the new state.
    ///
    /// - Parameter stateType: The class of the state to switch to.
    func transition(to stateType: ObjectState<Context>.Type) {
        guard let machine else { return }
        do {
            try machine.transition(to: stateType)
        } catch {
            write("Context: Cannot transition: \(error)")
            return
        }
        if let state = machine.currentState {
            write("Context: Transition to \(state)")
        }
    }

    /// Asks the current state to handle the first request.
    func request1() {
        currentState?.handle1()
    }

    /// Asks the current state to handle the second request.
    func request2() {
        currentState?.handle2()
    }

    /// Writes one line of output.
    func log(_ line: String) {
        write(line)
    }

    private var currentState: (any RequestHandling)? {
        machine?.currentState as? any RequestHandling
    }
}
