import Statecraft
import Testing

/// `Statechart(lastEvent:)`: the machine writes each event it takes, with its queue, into a field
/// of the context when it takes it, before it selects transitions for it, so that guards read it
/// as SCXML's `_event`, bound when an event is dequeued (W3C SCXML 1.0, 5.10 and Appendix D's
/// `mainEventLoop`: the eventless transitions are selected again after an internal event that
/// selected nothing, with `_event` bound to it).
@Suite struct LastEventFieldTests {
    enum S: String, Hashable, Sendable { case idle, busy, settled, done }
    enum E: MachineEvent, Equatable, Codable {
        case go, ping, tick
        var kind: Self { self }
    }
    struct Watch: Sendable {
        var last: TakenEvent<E>?
        var seen: [String] = []
    }

    /// idle --go--> busy, raising ping, which busy does not take; busy's eventless transition to
    /// settled is guarded by the field: taken once ping, discarded, is the last event.
    static func chart() throws -> Statechart<S, E, Watch> {
        try Statechart<S, E, Watch>(initial: .idle, lastEvent: \.last) {
            Atomic(.idle) {
                On(.go, to: .busy) { watch, _, effects in
                    watch.seen.append("go sees \(watch.last.map { "\($0.event)/\($0.source.rawValue)" } ?? "none")")
                    effects.raise(.ping)
                }
            }
            Atomic(.busy) {
                Always(to: .settled, guard: { watch, _ in watch.last?.event == .ping && watch.last?.source == .internal })
                On(.tick, to: .done)
            }
            Atomic(.settled) {
                On(.tick, to: .done, guard: { watch, _ in watch.last?.source == .external })
            }
            Final(.done)
        }
    }

    @Test func unboundUntilTheFirstEventThenTheEventTakenWithItsQueue() throws {
        var machine = try Self.chart().makeMachine(context: Watch())
        #expect(machine.context.last == nil)
        machine.send(.go)
        // go was in the field for its own transition; ping, selected by nothing, then enabled
        // busy's eventless transition.
        #expect(machine.context.seen == ["go sees go/external"])
        #expect(machine.activeStates == [.settled])
        #expect(machine.context.last == TakenEvent(event: .ping, source: .internal))
        machine.send(.tick)
        #expect(machine.activeStates == [.done])
        #expect(machine.context.last == TakenEvent(event: .tick, source: .external))
    }

    /// Without an event that a guard's condition waits for, nothing moves: the field holds what
    /// was taken, not what a transition named.
    @Test func anEventNoTransitionTakesIsStillWrittenThere() throws {
        var machine = try Self.chart().makeMachine(context: Watch())
        machine.send(.tick)
        #expect(machine.activeStates == [.idle])
        #expect(machine.context.last == TakenEvent(event: .tick, source: .external))
    }

    /// A snapshot keeps the field with the rest of the context, and a machine restored from it
    /// goes on from it.
    @Test func aRestoredMachineKeepsTheField() throws {
        let chart = try Self.chart()
        var machine = chart.makeMachine(context: Watch())
        machine.send(.go)
        var restored = try Machine(chart: chart, snapshot: machine.snapshot)
        #expect(restored.context.last == TakenEvent(event: .ping, source: .internal))
        restored.send(.tick)
        #expect(restored.activeStates == [.done])
    }
}
