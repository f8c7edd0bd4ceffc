import Testing
import Synchronization
@testable import Statecraft

/// A state of two bytes: `TakenTransition`s of it are packed into a word with padding.
struct Wide: Hashable, Sendable {
    var raw: UInt16
}

/// A state of three bytes, whose optional takes four: a transition of it does not pack.
struct Triple: Hashable, Sendable {
    var red, green, blue: UInt8
}

/// An event whose payload leaves it (and its optional) one byte.
enum Key: MachineEvent, Equatable {
    case press(shifted: Bool)
    case release

    enum Kind: Hashable, Sendable { case press, release }
    var kind: Kind {
        switch self {
        case .press: .press
        case .release: .release
        }
    }
}

/// An event with a payload, so its kind is a separate type.
enum Nudge: MachineEvent, Equatable {
    case by(UInt8)
    case stop

    enum Kind: Hashable, Sendable { case by, stop }
    var kind: Kind {
        switch self {
        case .by: .by
        case .stop: .stop
        }
    }
}

@Suite("Transition listener")
struct ListenerTests {
    /// The bytes `TakenTransition.packed` computes must be the transition's own bytes.
    func expectPackedMatchesMemory<State, Event>(_ taken: TakenTransition<State, Event>) {
        guard let word = TakenTransition<State, Event>.packed(taken.source, taken.target, taken.event) else {
            Issue.record("\(TakenTransition<State, Event>.self) was not packed")
            return
        }
        var memory = [UInt8](repeating: 0, count: 8)
        memory.withUnsafeMutableBytes { $0.storeBytes(of: taken, as: TakenTransition<State, Event>.self) }
        let size = MemoryLayout<TakenTransition<State, Event>>.size
        // Padding bytes hold nothing; compare the fields' bytes.
        let offsets: [(Int, Int)] = [
            (MemoryLayout<TakenTransition<State, Event>>.offset(of: \.source)!, MemoryLayout<State>.size),
            (MemoryLayout<TakenTransition<State, Event>>.offset(of: \.target)!, MemoryLayout<State?>.size),
            (MemoryLayout<TakenTransition<State, Event>>.offset(of: \.event)!, MemoryLayout<Event?>.size),
        ]
        for (offset, length) in offsets {
            for byte in offset ..< offset + length where byte < size {
                #expect(UInt8(truncatingIfNeeded: word >> (8 * UInt64(byte))) == memory[byte], "byte \(byte) of \(taken)")
            }
        }
        // The leaf path's precomputed word, without the event, gives the same word with it.
        let withoutEvent = TakenTransition<State, Event>.packed(taken.source, taken.target, nil)
        #expect(withoutEvent.flatMap { TakenTransition<State, Event>.packed($0 & ~TakenTransition<State, Event>.eventMask, event: taken.event) } == word)
    }

    @Test func packedWordsAreTheTransitionsBytes() {
        expectPackedMatchesMemory(TakenTransition<Light, Switch>(source: .on, target: .dim, event: .dimmer))
        expectPackedMatchesMemory(TakenTransition<Light, Switch>(source: .off, target: nil, event: nil))
        // Fields of one, two and one bytes: the optional target takes two.
        expectPackedMatchesMemory(TakenTransition<UInt8, Key>(source: 0xA5, target: 0x5A, event: .press(shifted: true)))
        expectPackedMatchesMemory(TakenTransition<UInt8, Key>(source: 0xFF, target: nil, event: .release))
        expectPackedMatchesMemory(TakenTransition<Bool, Key>(source: true, target: false, event: nil))
    }

    @Test func largeOddOrReferenceTransitionsAreNotPacked() {
        #expect(TakenTransition<Int, Switch>.packed(1, 2, .toggle) == nil)
        #expect(TakenTransition<String, Switch>.packed("a", "b", .toggle) == nil)
        // An optional `Wide` and an optional `Nudge` take three bytes each.
        #expect(TakenTransition<Wide, Switch>.packed(Wide(raw: 1), nil, .toggle) == nil)
        #expect(TakenTransition<Bool, Nudge>.packed(true, false, .stop) == nil)
        let triple = Triple(red: 1, green: 2, blue: 3)
        #expect(TakenTransition<Triple, Switch>.packed(triple, nil, .toggle) == nil)
        #expect(TakenTransition<Triple, Switch>.packed(0, event: .toggle) == nil)
    }

    /// Runs `events` through a two-state chart of `Wide` states and reports what the listener saw.
    @Test func listenerSeesEachTransitionOfSmallTypes() throws {
        let low = Wide(raw: 0x0102), high = Wide(raw: 0xA0B0)
        let chart = try Statechart<Wide, Nudge, Int> {
            Atomic(low) {
                On(.by, to: high)
                On(.stop)
            }
            Atomic(high) {
                On(.by, to: low) { total, event in if case .by(let step) = event { total += Int(step) } }
            }
        }
        let seen = Mutex<[String]>([])
        var machine = chart.makeMachine(context: 0)
        machine.onTransition = { step in
            seen.withLock { $0.append("\(step.source.raw) \(step.target.map { "\($0.raw)" } ?? "-") \(step.event.map { "\($0)" } ?? "-")") }
        }
        for event in [Nudge.by(3), .by(4), .stop, .by(250), .stop] { machine.send(event) }
        #expect(seen.withLock { $0 } == [
            "258 41136 by(3)", "41136 258 by(4)", "258 - stop", "258 41136 by(250)",
        ])
        #expect(machine.context == 4)
    }

    @Test func listenerSeesEachTransitionOfPackedTypes() throws {
        let chart = try Statechart<UInt8, Key, Void> {
            Atomic(1) { On(.press, to: 200) }
            Atomic(200) {
                On(.release, to: 1)
                On(.press)
            }
        }
        let seen = Mutex<[String]>([])
        var machine = chart.makeMachine()
        machine.onTransition = { step in
            seen.withLock { $0.append("\(step.source) \(step.target.map { "\($0)" } ?? "-") \(step.event.map { "\($0)" } ?? "-")") }
        }
        for event in [Key.press(shifted: true), .press(shifted: false), .release, .release] { machine.send(event) }
        #expect(seen.withLock { $0 } == ["1 200 press(shifted: true)", "200 - press(shifted: false)", "200 1 release"])
    }

    @Test func listenerSeesEachTransitionOfOneByteTypes() throws {
        let seen = Mutex<[String]>([])
        var machine = try Statechart<Light, Switch, Void> {
            Atomic(.off) { On(.toggle, to: .on) }
            Atomic(.on) {
                On(.toggle, to: .off)
                On(.dimmer, to: .dim)
            }
            Atomic(.dim) { On(.toggle, to: .off) }
        }.makeMachine()
        machine.onTransition = { step in
            seen.withLock { $0.append("\(step.source) \(step.target.map { "\($0)" } ?? "-") \(step.event.map { "\($0)" } ?? "-")") }
        }
        for event in [Switch.toggle, .dimmer, .toggle, .dimmer, .toggle] { machine.send(event) }
        #expect(seen.withLock { $0 } == ["off on toggle", "on dim dimmer", "dim off toggle", "off on toggle"])
    }
}
