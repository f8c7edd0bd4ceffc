import Foundation
import Statecraft
import Testing

/// Events that leave the machine after a delay (`Effects.send(_:to:after:id:)`): SCXML's
/// `<send delay>` to another target (6.2). The machine keeps the timer on its clock, never takes
/// the event, and hands it to the chart's outbound handler when it falls due; a cancel removes
/// it, a machine that finishes drops it (6.2: a session that terminates discards what it has not
/// sent), and the handler's raised events are processed at once.
@Suite("Events that leave the machine after a delay")
struct OutboundTests {
    /// Delivers to `log.lines`; refuses the target `nowhere` by raising `.stop`.
    static let handler: Statechart<S, E, Log>.OutboundHandler = { log, outbound, effects in
        guard outbound.target != "nowhere" else {
            effects.raise(.stop)
            return
        }
        log.lines.append("\(outbound.event) to \(outbound.target)" + (outbound.id.map { " (\($0))" } ?? ""))
    }

    static func chart(handler: Statechart<S, E, Log>.OutboundHandler? = Self.handler) throws -> Statechart<S, E, Log> {
        try Statechart(options: StatechartOptions(actionsSeeLastEvent: true), outbound: handler) {
            Atomic(.a) {
                On(.ping) { _, _, effects in effects.send(.tick, to: "app:log", after: .seconds(2), id: "t1") }
                On(.next) { _, _, effects in effects.send(.tick, to: "nowhere", after: .seconds(1)) }
                On(.reset) { _, _, effects in effects.cancel("t1") }
                // The machine never takes the event it sends out, even one it has a transition for.
                On(.tick) { log, _ in log.lines.append("taken tick") }
                On(.stop, to: .b) { log, _, effects in
                    log.lines.append("refused; last event \(effects.lastEvent.map { "\($0.event)" } ?? "none")")
                }
                On(.go, to: .done)
            }
            Atomic(.b)
            Final(.done)
        }
    }

    @Test func anOutboundEventIsHandedOverWhenDueAndNeverTaken() throws {
        var machine = try Self.chart().makeMachine(context: Log())
        machine.send(.ping)
        #expect(machine.nextDeadline == .seconds(2))
        #expect(machine.pendingTimers.map(\.kind) == [.outbound(.tick, target: "app:log", id: "t1")])
        #expect(machine.advance(by: .milliseconds(1_999)) == 0)
        #expect(machine.context.lines.isEmpty)
        #expect(machine.advance(by: .milliseconds(1)) == 1)
        #expect(machine.context.lines == ["tick to app:log (t1)"])
        #expect(machine.isActive(.a) && machine.pendingTimerCount == 0 && machine.lastFault == nil)
        // Not taken: the event the machine took last is still the one that scheduled it.
        #expect(machine.snapshot.lastEvent?.event == .ping)
    }

    @Test func whatTheHandlerRaisesIsProcessedAndTheLastEventStaysAsItWas() throws {
        var machine = try Self.chart().makeMachine(context: Log())
        machine.send(.next)
        machine.advance(by: .seconds(1))
        // The handler raised `.stop`, which the machine took at once, from its internal queue.
        #expect(machine.isActive(.b) && machine.snapshot.lastEvent?.source == .internal)
        #expect(machine.context.lines == ["refused; last event stop"])
    }

    @Test func cancellingRemovesItAndFinishingDropsIt() throws {
        var machine = try Self.chart().makeMachine(context: Log())
        machine.send(.ping)
        machine.send(.reset)
        #expect(machine.pendingTimerCount == 0)
        machine.send(.ping)
        machine.send(.go)
        #expect(machine.status == .done && machine.pendingTimerCount == 0)
        machine.advance(by: .seconds(5))
        #expect(machine.context.lines.isEmpty)
    }

    @Test func withoutAHandlerItIsAFaultAndTheMachineGoesOn() throws {
        var machine = try Self.chart(handler: nil).makeMachine(context: Log())
        machine.send(.ping)
        #expect(machine.advance(by: .seconds(2)) == 1)
        let fault = try #require(machine.lastFault)
        #expect(fault.code == .noOutboundHandler)
        #expect(fault.message.contains("'app:log'") && fault.message.contains("no outbound handler"))
        #expect(machine.send(.go).isTaken && machine.status == .done)
    }

    @Test func aSnapshotKeepsItAndARestoredMachineHandsItOver() throws {
        var machine = try Self.chart().makeMachine(context: Log())
        machine.advance(by: .seconds(1))
        machine.send(.ping)
        let snapshot = machine.snapshot
        #expect(snapshot.timers == [SnapshotTimer(due: .seconds(3), kind: .outbound(.tick, target: "app:log", id: "t1"))])
        #expect(snapshot.timers[0].description == "tick to app:log (id t1) at 3.0 seconds")
        let decoded = try JSONDecoder().decode(Snapshot<S, E, Log>.self, from: JSONEncoder().encode(snapshot))
        #expect(decoded == snapshot)
        var restored = try Machine(chart: Self.chart(), snapshot: decoded)
        restored.advance(by: .seconds(2))
        #expect(restored.context.lines == ["tick to app:log (t1)"])
        // A chart that cannot deliver it does not take the snapshot.
        let refusing = try Self.chart(handler: nil)
        let error = #expect(throws: SnapshotError.self) { try Machine(chart: refusing, snapshot: decoded) }
        #expect(error?.code == .invalidTimer && error?.message.contains("no outbound handler") == true)
    }
}
