import Statecraft

/// Tracking is on: the tracker reports locations and serves requests directly.
final class EnabledTrackingState: ObjectState<Tracker>, TrackingState {
    override func isValidNextState(_ stateType: ObjectState<Tracker>.Type) -> Bool {
        stateType == DisabledTrackingState.self
    }

    override var description: String {
        "EnabledTrackingState"
    }

    func startTracking() {
        context?.log("EnabledTrackingState: startTracking is invoked")
        for reading in 1...3 {
            context?.log("EnabledTrackingState: tracking location....\(reading)")
        }
    }

    func stopTracking() {
        guard let tracker = context else { return }
        tracker.log("EnabledTrackingState: Received 'stop tracking'")
        tracker.log("EnabledTrackingState: Changing state to 'disabled'...")
        if switchTracker(to: DisabledTrackingState.self) {
            tracker.stopTracking()
        }
    }

    func pauseTracking(for seconds: Double) {
        guard let tracker = context else { return }
        tracker.log("EnabledTrackingState: Received 'pause tracking' for \(seconds) seconds")
        tracker.log("EnabledTrackingState: Changing state to 'disabled'...")
        if switchTracker(to: DisabledTrackingState.self) {
            tracker.pauseTracking(for: seconds)
        }
    }

    func makeCheckIn() {
        context?.log("EnabledTrackingState: performing check-in at the current location")
    }

    func findMyChildren() {
        context?.log("EnabledTrackingState: searching for children...")
    }
}
