import Statecraft

/// From noon to one o'clock: lunch and a nap.
final class NoonState: ObjectState<Work>, WorkState {
    override func isValidNextState(_ stateType: ObjectState<Work>.Type) -> Bool {
        stateType == AfternoonState.self
    }

    func writeProgram() {
        guard let work = context else { return }
        if work.hour < 13 {
            work.report("hungry, lunch, sleepy, Siesta")
        } else {
            handOver(to: AfternoonState.self)
        }
    }
}
