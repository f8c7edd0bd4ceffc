import Statecraft
import StatecraftSCXML

/// `scxml.generated`: one SCXML document (`Benchmarks/Documents/generated-ring.scxml`, the
/// `flat.ring` chart) run three ways on the same stream of events: as the Swift
/// `statecraft generate` wrote for it (``GeneratedRing``, checked in), as the same chart written
/// by hand in the DSL, and interpreted by an `SCXMLSession` (issue 29, item 5).
///
/// No listener on any side: each run returns the transitions taken plus whether `s0` is active,
/// so the three sides do the same observable work.
public final class GeneratedCase {
    /// The hand-written twin's events.
    public enum Input: MachineEvent {
        /// One step round the ring; back to `s0`.
        case next, reset
    }

    /// The event stream every side replays: `flat.ring`'s, 4,096 events, about one `reset` in eight.
    let events: ContiguousArray<Input>
    var generated: Machine<GeneratedRing.State, GeneratedRing.Event, Void>
    var handWritten: Machine<Ring, Input, Void>
    let session: SCXMLSession
    let names: [SCXMLEvent]

    /// Builds the three sides.
    ///
    /// - Parameter document: The text of `generated-ring.scxml`.
    public init(document: String) throws {
        generated = try GeneratedRing.makeChart().makeMachine()
        handWritten = try Statechart<Ring, Input, Void> {
            for state in Ring.allCases {
                Atomic(state) {
                    On(.next, to: state.next)
                    On(.reset, to: .s0)
                }
            }
        }.makeMachine()
        session = SCXMLSession(document: try SCXMLDocument(xml: document))
        session.start()
        var seed: UInt64 = 0x5EED
        events = ContiguousArray((0..<4096).map { _ in
            seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return (seed >> 33) % 8 == 0 ? Input.reset : .next
        })
        names = events.map { SCXMLEvent($0 == .next ? "next" : "reset") }
    }

    /// Sends `count` events of the stream to the generated machine.
    @inline(never)
    public func runGenerated(_ count: Int) -> Int {
        var machine = generated
        var taken = 0
        for index in 0..<count where machine.send(events[index & 4095] == .next ? .next : .reset).isTaken {
            taken &+= 1
        }
        generated = machine
        return taken &+ (machine.isActive(.s0) ? 1 : 0)
    }

    /// Sends `count` events of the stream to the chart written by hand.
    @inline(never)
    public func runHandWritten(_ count: Int) -> Int {
        var machine = handWritten
        var taken = 0
        for index in 0..<count where machine.send(events[index & 4095]).isTaken { taken &+= 1 }
        handWritten = machine
        return taken &+ (machine.isActive(.s0) ? 1 : 0)
    }

    /// Sends `count` events of the stream to the session; every event is taken there.
    @inline(never)
    public func runInterpreted(_ count: Int) -> Int {
        for index in 0..<count { session.send(names[index & 4095]) }
        return count &+ (session.isActive("s0") ? 1 : 0)
    }
}
