import Statecraft

/// Tracking is off: requests that need a location switch tracking back on first.
final class DisabledTrackingState: ObjectState<Tracker>, TrackingState {
    override func isValidNextState(_ stateType: ObjectState<Tracker>.Type) -> Bool {
        stateType == EnabledTrackingState.self
    }

    override var description: String {
        "DisabledTrackingState"
    }

    func startTracking() {
        context?.log("DisabledTrackingState: Received 'start tracking'")
        context?.log("DisabledTrackingState: Changing state to 'enabled'...")
        _ = switchTracker(to: EnabledTrackingState.self)
    }

    func stopTracking() {
        context?.log("DisabledTrackingState: Received 'stop tracking'")
        context?.log("DisabledTrackingState: Do nothing...")
    }

    /// Waits out the pause, counting each second, then resumes tracking.
    ///
    /// A pause outside 0 to 86,400 seconds (one day) is refused and tracking stays disabled.
    func pauseTracking(for seconds: Double) {
        guard let tracker = context else { return }
        guard (0...86_400).contains(seconds) else {
            tracker.log("DisabledTrackingState: Cannot pause for \(seconds) seconds; pause for 0 to 86400")
            return
        }
        tracker.log("DisabledTrackingState: Pause tracking for \(seconds) seconds")
        for second in 0...Int(seconds) {
            tracker.log("DisabledTrackingState: pause...\(second)")
        }
        tracker.log("DisabledTrackingState: Time is over")
        tracker.log("DisabledTrackingState: Returning to 'enabled state'...")
        tracker.log("")
        if switchTracker(to: EnabledTrackingState.self) {
            tracker.startTracking()
        }
    }

    func makeCheckIn() {
        guard let tracker = context else { return }
        tracker.log("DisabledTrackingState: Received 'make check-in'")
        tracker.log("DisabledTrackingState: Changing state to 'enabled'...")
        if switchTracker(to: EnabledTrackingState.self) {
            tracker.makeCheckIn()
        }
    }

    func findMyChildren() {
        guard let tracker = context else { return }
        tracker.log("DisabledTrackingState: Received 'find my children'")
        tracker.log("DisabledTrackingState: Changing state to 'enabled'...")
        if switchTracker(to: EnabledTrackingState.self) {
            tracker.findMyChildren()
        }
    }
}
