import Statecraft

/// From one to five o'clock: steady work.
final class AfternoonState: ObjectState<Work>, WorkState {
    override func isValidNextState(_ stateType: ObjectState<Work>.Type) -> Bool {
        stateType == EveningState.self
    }

    func writeProgram() {
        guard let work = context else { return }
        if work.hour < 17 {
            work.report("afternoon status is not bad, continue to work")
        } else {
            handOver(to: EveningState.self)
        }
    }
}
