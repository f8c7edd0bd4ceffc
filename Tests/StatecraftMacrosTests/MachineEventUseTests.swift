#if Macros
// Public: the conformances @MachineEvent adds to the public enum below need it (the compiler
// still warns that it is unused: it does not count the macro's expansion).
public import Statecraft
import StatecraftMacros
import Testing

// What `@MachineEvent` derives, used as a user would: payloads of one value, of several values
// with and without labels, of none; keyword case names; a public enum; a generic enum; an enum
// that already says `: MachineEvent`.

@MachineEvent
public enum Command {
    case play
    case seek(seconds: Double)
    case move(x: Int, y: Int)
    case pair(Int, String)
    case `default`
}

@MachineEvent
enum Message<Body: Sendable & Equatable>: MachineEvent {
    case deliver(Body)
    case drop
}

struct Moves: Sendable, Equatable {
    var log: [String] = []
}

@Suite("@MachineEvent in use")
struct MachineEventUseTests {
    @Test func payloadsAreTypedAsTheCaseDeclaresThem() {
        let seconds: Double? = Command.cases.seek.payload(of: .seek(seconds: 1.5))
        #expect(seconds == 1.5)
        let move = Command.cases.move.payload(of: .move(x: 3, y: 4))
        #expect(move?.x == 3 && move?.y == 4)
        let pair = Command.cases.pair.payload(of: .pair(1, "one"))
        #expect(pair?.0 == 1 && pair?.1 == "one")
        #expect(Command.cases.default.payload(of: .default) != nil)
        #expect(Command.default.kind == .default)
        #expect(Command.cases.seek.payload(of: .play) == nil)
    }

    @Test func aGenericEnumGetsItsCasesForEachBody() {
        #expect(Message<String>.cases.deliver.payload(of: .deliver("hi")) == "hi")
        #expect(Message<Int>.deliver(3).kind == .deliver)
        #expect(Message<Int>.Kind.allCases == [.deliver, .drop])
    }

    /// Transitions name cases: the guard and the action get the payload, tuples with their
    /// labels; a kind still names the case for transitions that want the whole event.
    @Test func transitionsReadPayloadsInGuardsAndActions() throws {
        enum Spot: Hashable { case idle, moved, sought }
        let chart = try Statechart<Spot, Command, Moves> {
            Atomic(.idle) {
                On(\.move, to: .moved, guard: { _, move in move.x >= 0 && move.y >= 0 }) { moves, move in
                    moves.log.append("move \(move.x),\(move.y)")
                }
                On(\.seek, to: .sought) { moves, seconds, effects in
                    moves.log.append("seek \(seconds)")
                    effects.raise(.play)
                }
            }
            Atomic(.moved) {
                On(.pair) { moves, event in moves.log.append("whole \(event)") }
                On(\.pair) { moves, pair in moves.log.append("pair \(pair.0) \(pair.1)") }
            }
            Atomic(.sought) {
                On(\.play, to: .idle) { moves, _ in moves.log.append("play") }
            }
        }
        var machine = chart.makeMachine(context: Moves())
        #expect(machine.send(.move(x: -1, y: 2)).rejection?.code == .guardsDeclined)
        #expect(machine.send(.move(x: 1, y: 2)) == .transitioned(from: .idle, to: .moved))
        #expect(machine.send(.pair(7, "seven")) == .handled(in: .moved))
        #expect(machine.context.log == ["move 1,2", "whole pair(7, \"seven\")"])

        var other = chart.makeMachine(context: Moves())
        let report = other.sendReporting(.seek(seconds: 2))
        #expect(report.description == "seek(seconds: 2.0): idle -> sought, then play: sought -> idle")
        #expect(other.context.log == ["seek 2.0", "play"])
    }

    /// `OnDone(\.case)` reads the done data's payload; done data of another case does not take it.
    @Test func doneDataIsReadTypedThroughItsCase() throws {
        enum Step: Hashable { case work, working, finished, thanks, other }
        let chart = try Statechart<Step, Command, Moves> {
            Compound(.work) {
                Atomic(.working) { On(.play, to: .finished) }
                Final(.finished) { DoneData { _ in .seek(seconds: 9) } }
                OnDone(\.move, to: .other)
                OnDone(\.seek, to: .thanks, guard: { _, seconds in seconds > 1 }) { moves, seconds in
                    moves.log.append("done after \(seconds)")
                }
            }
            Atomic(.thanks)
            Atomic(.other)
        }
        var machine = chart.makeMachine(context: Moves())
        machine.send(.play)
        #expect(machine.state == .thanks)
        #expect(machine.context.log == ["done after 9.0"])
    }

    /// A transition written with a case checks the case itself; a drawing shows a guard only
    /// where the chart has one of its own.
    @Test func aDrawingShowsOnlyTheGuardsTheChartWrote() throws {
        enum Spot: Hashable { case idle, moved }
        let chart = try Statechart<Spot, Command, Moves> {
            Atomic(.idle) {
                On(\.seek, to: .moved)
                On(\.move, to: .moved, guard: { _, move in move.x > 0 })
            }
            Atomic(.moved)
        }
        let guards = chart.structure.transitions.map(\.hasGuard)
        #expect(guards == [false, true])
    }
}
#endif
