import Statecraft

/// Before noon: fresh and productive.
final class ForenoonState: ObjectState<Work>, WorkState {
    override func isValidNextState(_ stateType: ObjectState<Work>.Type) -> Bool {
        stateType == NoonState.self
    }

    func writeProgram() {
        guard let work = context else { return }
        if work.hour < 12 {
            work.report("morning work, Spirit Hundredfold")
        } else {
            handOver(to: NoonState.self)
        }
    }
}
