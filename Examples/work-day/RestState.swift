import Statecraft

/// The task is finished: the day ends at home.
final class RestState: ObjectState<Work>, WorkState {
    override func isValidNextState(_ stateType: ObjectState<Work>.Type) -> Bool {
        false
    }

    func writeProgram() {
        context?.report("to go home from work")
    }
}
