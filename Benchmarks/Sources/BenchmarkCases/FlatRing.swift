import Statecraft

/// The ten states of `flat.ring`, in ring order.
public enum Ring: Int, Hashable, Sendable, CaseIterable {
    /// The states, `s0` first.
    case s0, s1, s2, s3, s4, s5, s6, s7, s8, s9

    /// The state after this one in the ring.
    public var next: Ring { Ring(rawValue: (rawValue + 1) % 10)! }
}

/// The events of `flat.ring`: move one step round the ring, or go back to `s0`.
public enum RingInput: MachineEvent {
    /// One step round the ring; back to `s0`.
    case next, reset
}

/// `flat.ring`: ten states in a ring, `next` moves one step and `reset` returns to `s0` from
/// any state (from `s0` too: an external self-transition). One listener counts entries into
/// `s0`.
///
/// Both sides replay the same stream of ``events``: 4,096 events, about one `reset` in eight,
/// from a fixed pseudo-random sequence, so the two loops see the same branches.
public final class FlatRing {
    /// The counter both listeners increment.
    public let counter = EntryCounter()
    /// The chart, built once.
    public let chart: Statechart<Ring, RingInput, Void>
    /// The event stream both sides replay, cyclically.
    public let events: ContiguousArray<RingInput>
    var machine: Machine<Ring, RingInput, Void>
    var handWritten: HandRing

    /// Builds the chart, a machine with its listener, the baseline and the event stream.
    ///
    /// - Throws: `DefinitionError` if Statecraft rejects the chart (it should not).
    public init() throws {
        chart = try Statechart {
            for state in Ring.allCases {
                Atomic(state) {
                    On(.next, to: state.next)
                    On(.reset, to: .s0)
                }
            }
        }
        var seed: UInt64 = 0x5EED
        events = ContiguousArray((0..<4096).map { _ in
            seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return (seed >> 33) % 8 == 0 ? RingInput.reset : .next
        })
        let counter = counter
        machine = chart.makeMachine()
        machine.onTransition = { step in
            if step.target == .s0 { counter.increment() }
        }
        handWritten = HandRing(listener: { step in
            if step.target == .s0 { counter.increment() }
        })
    }

    /// Sends `count` events of the stream to the Statecraft machine.
    ///
    /// - Returns: The transitions taken plus the entries counted, so the work is observable.
    @inline(never)
    public func runStatecraft(_ count: Int) -> Int {
        var machine = self.machine
        var taken = 0
        for index in 0..<count where machine.send(events[index & 4095]).isTaken {
            taken &+= 1
        }
        self.machine = machine
        return taken &+ counter.count
    }

    /// Sends `count` events of the stream to the hand-written baseline.
    ///
    /// - Returns: The transitions taken plus the entries counted, so the work is observable.
    @inline(never)
    public func runBaseline(_ count: Int) -> Int {
        var machine = handWritten
        var taken = 0
        for index in 0..<count where machine.send(events[index & 4095]).isTaken {
            taken &+= 1
        }
        handWritten = machine
        return taken &+ counter.count
    }
}
