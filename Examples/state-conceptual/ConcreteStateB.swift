import Statecraft

/// The state that passes the second request back to ``ConcreteStateA``.
final class ConcreteStateB: ObjectState<Context>, RequestHandling {
    override func isValidNextState(_ stateType: ObjectState<Context>.Type) -> Bool {
        stateType == ConcreteStateA.self
    }

    func handle1() {
        context?.log("ConcreteStateB handles request1.")
        context?.log("")
    }

    func handle2() {
        context?.log("ConcreteStateB handles request2.")
        context?.log("ConcreteStateB wants to change the state of the context.")
        context?.log("")
        context?.transition(to: ConcreteStateA.self)
    }
}
