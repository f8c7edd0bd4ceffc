@testable import LocationTracker
import Testing

/// The location-tracker example reproduces the reference output of the real-world example.
@Suite
struct LocationTrackerTests {
    @Test
    func exampleWritesTheReferenceOutput() {
        var lines: [String] = []

        LocationTracker.runExample { lines.append($0) }

        #expect(lines.filter { !$0.isEmpty } == [
            "Client: I'm starting working with a location tracker",
            "EnabledTrackingState: startTracking is invoked",
            "EnabledTrackingState: tracking location....1",
            "EnabledTrackingState: tracking location....2",
            "EnabledTrackingState: tracking location....3",
            "EnabledTrackingState: Received 'pause tracking' for 2.0 seconds",
            "EnabledTrackingState: Changing state to 'disabled'...",
            "DisabledTrackingState: Pause tracking for 2.0 seconds",
            "DisabledTrackingState: pause...0",
            "DisabledTrackingState: pause...1",
            "DisabledTrackingState: pause...2",
            "DisabledTrackingState: Time is over",
            "DisabledTrackingState: Returning to 'enabled state'...",
            "EnabledTrackingState: startTracking is invoked",
            "EnabledTrackingState: tracking location....1",
            "EnabledTrackingState: tracking location....2",
            "EnabledTrackingState: tracking location....3",
            "EnabledTrackingState: performing check-in at the current location",
            "EnabledTrackingState: searching for children...",
            "EnabledTrackingState: Received 'stop tracking'",
            "EnabledTrackingState: Changing state to 'disabled'...",
            "DisabledTrackingState: Received 'stop tracking'",
            "DisabledTrackingState: Do nothing...",
        ])
    }

    @Test
    func disabledTrackerReenablesItselfToFindTheChildren() throws {
        var lines: [String] = []
        let tracker = try Tracker { lines.append($0) }
        tracker.stopTracking()
        lines.removeAll()

        tracker.findMyChildren()
        tracker.makeCheckIn()

        #expect(lines == [
            "DisabledTrackingState: Received 'find my children'",
            "DisabledTrackingState: Changing state to 'enabled'...",
            "EnabledTrackingState: searching for children...",
            "EnabledTrackingState: performing check-in at the current location",
        ])
    }

    @Test
    func startTrackingWhileDisabledOnlySwitchesTrackingOn() throws {
        var lines: [String] = []
        let tracker = try Tracker { lines.append($0) }
        tracker.stopTracking()
        lines.removeAll()

        tracker.startTracking()
        tracker.startTracking()

        #expect(lines == [
            "DisabledTrackingState: Received 'start tracking'",
            "DisabledTrackingState: Changing state to 'enabled'...",
            "EnabledTrackingState: startTracking is invoked",
            "EnabledTrackingState: tracking location....1",
            "EnabledTrackingState: tracking location....2",
            "EnabledTrackingState: tracking location....3",
        ])
    }

    @Test
    func pauseOutsideOneDayIsRefusedWithoutCrashing() throws {
        var lines: [String] = []
        let tracker = try Tracker { lines.append($0) }

        tracker.pauseTracking(for: -1)

        #expect(lines.filter { !$0.isEmpty } == [
            "EnabledTrackingState: Received 'pause tracking' for -1.0 seconds",
            "EnabledTrackingState: Changing state to 'disabled'...",
            "DisabledTrackingState: Cannot pause for -1.0 seconds; pause for 0 to 86400",
        ])
    }
}
