/// Plays a client session against a ``Tracker`` and writes what the tracker reports.
///
/// The client starts tracking, pauses it for two seconds, checks in, looks for the children,
/// and stops tracking; the tracker's current state decides how each request is handled.
///
/// - Parameter write: Receives each line of output, in order. It is not kept after the call.
func runExample(write: (String) -> Void) {
    withoutActuallyEscaping(write) { write in
        write("Client: I'm starting working with a location tracker")
        let tracker: Tracker
        do {
            tracker = try Tracker(write: write)
        } catch {
            write("Client: The tracker could not start: \(error)")
            return
        }
        write("")
        tracker.startTracking()
        write("")
        tracker.pauseTracking(for: 2)
        write("")
        tracker.makeCheckIn()
        write("")
        tracker.findMyChildren()
        write("")
        tracker.stopTracking()
    }
}
