import Statecraft

/// The requests a state of ``Tracker`` must handle.
protocol TrackingState: ObjectState<Tracker> {
    func startTracking()
    func stopTracking()
    func pauseTracking(for seconds: Double)
    func makeCheckIn()
    func findMyChildren()
}

extension TrackingState {
    /// Moves the tracker to the state of the given class.
    ///
    /// - Parameter stateType: The class of the state to switch to.
    /// - Returns: `true` if the tracker switched; `false` if the machine refused, in which case
    ///   the reason has been written out.
    func switchTracker(to stateType: ObjectState<Tracker>.Type) -> Bool {
        guard let machine else { return false }
        do {
            try machine.transition(to: stateType)
            return true
        } catch {
            context?.log("\(self): \(error)")
            return false
        }
    }
}
