import Statecraft

/// Worked too late: the day ends asleep at the desk.
final class SleepingState: ObjectState<Work>, WorkState {
    override func isValidNextState(_ stateType: ObjectState<Work>.Type) -> Bool {
        false
    }

    func writeProgram() {
        context?.report("is dead, asleep")
    }
}
