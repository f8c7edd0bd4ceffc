import Statecraft

/// From five o'clock: home if the task is finished, otherwise overtime until nine, then sleep.
final class EveningState: ObjectState<Work>, WorkState {
    override func isValidNextState(_ stateType: ObjectState<Work>.Type) -> Bool {
        stateType == RestState.self || stateType == SleepingState.self
    }

    func writeProgram() {
        guard let work = context else { return }
        if work.isTaskFinished {
            handOver(to: RestState.self)
        } else if work.hour < 21 {
            work.report("overtime Oh, exhausted extreme")
        } else {
            handOver(to: SleepingState.self)
        }
    }
}
