import Statecraft

/// The state that passes the first request on to ``ConcreteStateB``.
final class ConcreteStateA: ObjectState<Context>, RequestHandling {
    override func isValidNextState(_ stateType: ObjectState<Context>.Type) -> Bool {
        stateType == ConcreteStateB.self
    }

    func handle1() {
        context?.log("ConcreteStateA handles request1.")
        context?.log("ConcreteStateA wants to change the state of the context.")
        context?.log("")
        context?.transition(to: ConcreteStateB.self)
    }

    func handle2() {
        context?.log("ConcreteStateA handles request2.")
        context?.log("")
    }
}
