import Statecraft
import StatecraftInspector
import StatecraftRuntime

/// `runtime.send.inspected`: what an inspector attached to a runtime costs per event.
///
/// Both sides await `runtime.send(.toggle)` on the `flat.toggle` chart, from the global
/// executor. The Statecraft side's runtime is shown by a started ``Inspector`` (listening on a
/// free loopback port, no page connected): each event makes a step and a snapshot, and the
/// inspector's own task writes the record as JSON. A run ends only once the inspector has
/// recorded every event it sent, so the recording is in the time. The baseline is the same
/// runtime with no inspector attached.
public final class InspectedSend: Sendable {
    let plain: MachineRuntime<Machine<Light, Flip, Void>>
    let inspected: MachineRuntime<Machine<Light, Flip, Void>>
    /// The inspector the Statecraft side's runtime is attached to.
    public let inspector: Inspector

    /// Builds both runtimes and starts the inspector on a free port.
    ///
    /// - Throws: `DefinitionError` if Statecraft rejects the chart, `InspectorError` if the
    ///   inspector cannot listen.
    public init() async throws {
        let chart = try Statechart<Light, Flip, Void> {
            Atomic(.off) { On(.toggle, to: .on) }
            Atomic(.on) { On(.toggle, to: .off) }
        }
        plain = MachineRuntime(chart.makeMachine())
        inspected = MachineRuntime(chart.makeMachine())
        inspector = Inspector(configuration: InspectorConfiguration(port: 0, historyLimit: 500))
        try inspector.inspect(inspected, chart: chart, id: "toggle", events: .cases([.toggle]))
        try await inspector.start()
    }

    /// Sends `events` toggles through the inspected runtime, 500 at a time, waiting after each
    /// batch until the inspector has recorded it (at most a minute in all).
    ///
    /// - Returns: The transitions taken plus the last record's number, so the work is observable.
    @inline(never)
    public func runStatecraft(_ events: Int) async -> Int {
        let start = inspector.latestSequence(of: "toggle") ?? 0
        var taken = 0
        var sent = 0
        let clock = ContinuousClock()
        let deadline = clock.now + .seconds(60)
        // In batches smaller than the inspector's backlog, so that it drops nothing: each
        // batch waits until the inspector has recorded it, checking every 0.2 ms (a loop of
        // `Task.yield()` would spin on the second core and slow the recording it waits for).
        while sent < events {
            let batch = min(500, events - sent)
            for _ in 0..<batch {
                if await inspected.send(.toggle).outcome?.isTaken == true { taken &+= 1 }
            }
            sent += batch
            while (inspector.latestSequence(of: "toggle") ?? 0) < start + sent, clock.now < deadline {
                try? await Task.sleep(for: .microseconds(200))
            }
        }
        return taken &+ (inspector.latestSequence(of: "toggle") ?? 0) - start
    }

    /// Sends `events` toggles through the runtime no inspector is attached to.
    ///
    /// - Returns: The transitions taken plus the events sent, as the inspected side counts.
    @inline(never)
    public func runBaseline(_ events: Int) async -> Int {
        var taken = 0
        for _ in 0..<events {
            if await plain.send(.toggle).outcome?.isTaken == true { taken &+= 1 }
        }
        return taken &+ events
    }

    /// Stops the inspector's server.
    public func stop() async {
        await inspector.stop()
    }
}
