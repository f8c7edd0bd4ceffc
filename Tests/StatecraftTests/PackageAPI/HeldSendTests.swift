import Statecraft
import Testing

/// `Machine`'s held sends (package): delayed sends among the machine's timers that the host
/// orders by its own sequence numbers and delivers itself, as the SCXML session group does.
@Suite("Held sends: timers a host delivers")
struct HeldSendTests {
    private func machine() throws -> Machine<S, E, Log> {
        let chart = try Statechart<S, E, Log> {
            Atomic(.a) { On(.data) { log, event in log.lines.append("\(event)") } }
        }
        return chart.makeMachine(context: Log())
    }

    @Test func theHostsSequenceOrdersSendsDueAtOneInstant() throws {
        var machine = try machine()
        machine.hold(.data(1), for: nil, due: .seconds(2), id: nil, sequence: 9)
        machine.hold(.data(2), for: "#_scxml_7", due: .seconds(2), id: "b", sequence: 4)
        machine.hold(.data(3), for: nil, due: .seconds(1), id: "c", sequence: 12)
        #expect(machine.heldSends.map(\.sequence) == [12, 4, 9])
        #expect(machine.nextHeldSend?.due == .seconds(1))
        #expect(machine.nextDeadline == .seconds(1))

        let first = machine.takeNextHeldSend()
        #expect(first?.event == .data(3))
        #expect(first?.target == nil)
        #expect(machine.now == .seconds(1))
        let second = machine.takeNextHeldSend()
        #expect(second?.event == .data(2))
        #expect(second?.target == "#_scxml_7")
        #expect(second?.id == "b")
        #expect(machine.now == .seconds(2))
        // Taken, not processed: the host routes them.
        #expect(machine.context.lines.isEmpty)
    }

    @Test func cancelDropsEverySendWithTheIdAndAnEarlyTakeLeavesTheClock() throws {
        var machine = try machine()
        machine.hold(.data(1), for: nil, due: .seconds(1), id: "x", sequence: 1)
        machine.hold(.data(2), for: nil, due: .seconds(2), id: "y", sequence: 2)
        machine.hold(.data(3), for: "#_scxml_2", due: .seconds(3), id: "x", sequence: 3)
        machine.cancelHeldSends(id: "x")
        #expect(machine.heldSends.map(\.event) == [.data(2)])
        machine.hold(.data(4), for: nil, due: .seconds(5), id: nil, sequence: 4)
        let early = machine.takeHeldSend { $0.event == .data(4) }
        #expect(early?.due == .seconds(5))
        #expect(machine.now == .zero)
        #expect(machine.takeHeldSend { $0.event == .data(4) } == nil)
    }

    @Test func theClockMovesOnlyForwardAndStopsAtItsLimit() throws {
        var machine = try machine()
        machine.moveClock(to: .seconds(3))
        machine.moveClock(to: .seconds(1))
        #expect(machine.now == .seconds(3))
        machine.hold(.data(1), for: nil, due: MachineClock.limit + .seconds(1), id: nil, sequence: 1)
        #expect(machine.nextHeldSend?.due == MachineClock.limit)
        machine.moveClock(to: MachineClock.limit + .seconds(5))
        #expect(machine.now == MachineClock.limit)
    }
}
