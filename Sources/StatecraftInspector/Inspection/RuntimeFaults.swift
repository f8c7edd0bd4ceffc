#if Inspector
import Statecraft
import StatecraftRuntime

/// The faults a runtime reported, as a snapshot shows them: how many in all, and the most
/// recent ones (an eventless loop cut at the microstep limit, an invocation past its depth).
struct RuntimeFaults: Sendable {
    /// How many faults the runtime reported since it started.
    var count: Int
    /// The most recent ones, oldest first: at most ``shown``.
    var recent: [EngineFault]

    /// How many of the most recent faults a snapshot lists.
    static let shown = 10

    /// Reads a runtime's faults now.
    init<Base>(_ runtime: MachineRuntime<Base>) {
        count = runtime.faultCount
        recent = Array(runtime.recentFaults.suffix(Self.shown))
    }

    /// `faultCount` and `faults` (each `{"code", "message", "location"}`), for a snapshot object.
    var members: [(String, String)] {
        let faults = recent.map { fault in
            JSONText.object([
                ("code", JSONText.string(fault.code.name)),
                ("message", JSONText.string(fault.message)),
                ("location", JSONText.string(fault.location.map { "\($0)" })),
            ])
        }
        return [("faultCount", String(count)), ("faults", JSONText.array(faults))]
    }
}
#endif
