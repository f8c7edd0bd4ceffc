import Statecraft
import StatecraftRuntime

/// `runtime.send`: one awaited `send` through `MachineRuntime` per event, on the `flat.toggle`
/// chart and its entry-counting listener.
///
/// The Statecraft loops await `runtime.send(.toggle)` and read the outcome from the delivery;
/// the baseline loops await ``HandActorToggle/send(_:)``, a hand-written actor owning the
/// `switch` machine of ``HandToggle``. Each side has two loops: one isolated to the main actor,
/// as a view model sends events, and one on the global executor, as a server's request handler
/// does.
public final class RuntimeSend: Sendable {
    /// The counter both listeners increment.
    public let counter: EntryCounter
    let runtime: MachineRuntime<Machine<Light, Flip, Void>>
    let handWritten: HandActorToggle

    /// Builds the chart, a runtime running a machine of it, and the baseline actor.
    ///
    /// - Throws: `DefinitionError` if Statecraft rejects the chart (it should not).
    public init() throws {
        let counter = EntryCounter()
        self.counter = counter
        let chart = try Statechart<Light, Flip, Void> {
            Atomic(.off) { On(.toggle, to: .on) }
            Atomic(.on) { On(.toggle, to: .off) }
        }
        var machine = chart.makeMachine()
        machine.onTransition = { step in
            if step.target == .on { counter.increment() }
        }
        runtime = MachineRuntime(machine)
        handWritten = HandActorToggle(listener: { step in
            if step.target == .on { counter.increment() }
        })
    }

    /// Sends `events` toggles through the runtime from the main actor, awaiting each.
    ///
    /// - Returns: The transitions taken plus the entries counted, so the work is observable.
    @MainActor
    @inline(never)
    public func runStatecraftOnMainActor(_ events: Int) async -> Int {
        var taken = 0
        for _ in 0..<events {
            if await runtime.send(.toggle).outcome?.isTaken == true { taken &+= 1 }
        }
        return taken &+ counter.count
    }

    /// Sends `events` toggles to the hand-written actor from the main actor, awaiting each.
    ///
    /// - Returns: The transitions taken plus the entries counted, so the work is observable.
    @MainActor
    @inline(never)
    public func runBaselineOnMainActor(_ events: Int) async -> Int {
        var taken = 0
        for _ in 0..<events {
            if await handWritten.send(.toggle).isTaken { taken &+= 1 }
        }
        return taken &+ counter.count
    }

    /// Sends `events` toggles through the runtime from the global executor, awaiting each.
    ///
    /// - Returns: The transitions taken plus the entries counted, so the work is observable.
    @inline(never)
    public func runStatecraft(_ events: Int) async -> Int {
        var taken = 0
        for _ in 0..<events {
            if await runtime.send(.toggle).outcome?.isTaken == true { taken &+= 1 }
        }
        return taken &+ counter.count
    }

    /// Sends `events` toggles to the hand-written actor from the global executor, awaiting each.
    ///
    /// - Returns: The transitions taken plus the entries counted, so the work is observable.
    @inline(never)
    public func runBaseline(_ events: Int) async -> Int {
        var taken = 0
        for _ in 0..<events {
            if await handWritten.send(.toggle).isTaken { taken &+= 1 }
        }
        return taken &+ counter.count
    }
}
