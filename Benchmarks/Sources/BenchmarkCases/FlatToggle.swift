import Statecraft

/// The two states of `flat.toggle`.
public enum Light: Hashable, Sendable {
    /// Off, the initial state; on.
    case off, on
}

/// The single event of `flat.toggle`.
public enum Flip: MachineEvent {
    /// Moves to the other state.
    case toggle
}

/// `flat.toggle`: a two-state machine flipped by one event, with one transition listener
/// that counts entries into `.on`.
///
/// ``runStatecraft(_:)`` sends `.toggle` to a Statecraft `Machine`; ``runBaseline(_:)`` sends
/// it to ``HandToggle``, an enum `switch` with a `let` closure listener. Both loops count the
/// taken transitions from the returned result, and both listeners count entries into `.on`.
public final class FlatToggle {
    /// The counter both listeners increment.
    public let counter = EntryCounter()
    /// The chart, built once.
    public let chart: Statechart<Light, Flip, Void>
    var machine: Machine<Light, Flip, Void>
    var handWritten: HandToggle

    /// Builds the chart, a machine with its listener, and the baseline.
    ///
    /// - Throws: `DefinitionError` if Statecraft rejects the chart (it should not).
    public init() throws {
        chart = try Statechart {
            Atomic(.off) { On(.toggle, to: .on) }
            Atomic(.on) { On(.toggle, to: .off) }
        }
        let counter = counter
        machine = chart.makeMachine()
        machine.onTransition = { step in
            if step.target == .on { counter.increment() }
        }
        handWritten = HandToggle(listener: { step in
            if step.target == .on { counter.increment() }
        })
    }

    /// Sends `events` toggles to the Statecraft machine.
    ///
    /// - Returns: The transitions taken plus the entries counted, so the work is observable.
    @inline(never)
    public func runStatecraft(_ events: Int) -> Int {
        var machine = self.machine
        var taken = 0
        for _ in 0..<events where machine.send(.toggle).isTaken {
            taken &+= 1
        }
        self.machine = machine
        return taken &+ counter.count
    }

    /// Sends `events` toggles to the hand-written baseline.
    ///
    /// - Returns: The transitions taken plus the entries counted, so the work is observable.
    @inline(never)
    public func runBaseline(_ events: Int) -> Int {
        var machine = handWritten
        var taken = 0
        for _ in 0..<events where machine.send(.toggle).isTaken {
            taken &+= 1
        }
        handWritten = machine
        return taken &+ counter.count
    }
}
