import Statecraft

/// A location tracker whose answers depend on whether tracking is enabled.
///
/// The tracker forwards each request to its current state, an ``EnabledTrackingState`` or a
/// ``DisabledTrackingState``. Tracking is enabled when the tracker is created.
final class Tracker {
    private let write: (String) -> Void
    private var machine: ObjectStateMachine<Tracker>?

    /// Creates a tracker with tracking enabled.
    ///
    /// - Parameter write: Receives each line the tracker's states report.
    /// - Throws: ``ObjectStateMachineError`` if the state machine cannot be built.
    init(write: @escaping (String) -> Void) throws(ObjectStateMachineError) {
        self.write = write
        let machine = try ObjectStateMachine(
            context: self,
            states: [EnabledTrackingState(), DisabledTrackingState()]
        )
        try machine.transition(to: EnabledTrackingState.self)
        self.machine = machine
    }

    func startTracking() {
        currentState?.startTracking()
    }

    func stopTracking() {
        currentState?.stopTracking()
    }

    func pauseTracking(for seconds: Double) {
        currentState?.pauseTracking(for: seconds)
    }

    func makeCheckIn() {
        currentState?.makeCheckIn()
    }

    func findMyChildren() {
        currentState?.findMyChildren()
    }

    /// Writes one line of output.
    func log(_ line: String) {
        write(line)
    }

    private var currentState: (any TrackingState)? {
        machine?.currentState as? any TrackingState
    }
}
