import Statecraft
import Testing

/// `Effects.lastEvent` with `StatechartOptions.actionsSeeLastEvent`: SCXML's `_event`, bound to
/// the event taken most recently and kept through the eventless transitions and entries after it
/// (W3C SCXML 1.0, 5.10), with the queue it came from (5.10.1, `_event.type`).
@Suite struct LastEventTests {
    enum S: String, Hashable, Sendable { case idle, busy, settled, done }
    enum E: MachineEvent, Equatable, Codable {
        case go, ping, pong, tick
        var kind: Self { self }
    }
    struct Log: Sendable, Equatable {
        var seen: [String] = []
    }

    /// What an action notes of `effects.lastEvent`: `none`, or the event and its queue.
    static func note(_ effects: Effects<E>) -> String {
        guard let last = effects.lastEvent else { return "none" }
        return "\(last.event)/\(last.source.rawValue)"
    }

    /// idle --go--> busy (raises ping, sends pong); busy's eventless transition to settled runs
    /// on whatever was taken last; settled takes ping and pong without moving.
    static func chart(seesLastEvent: Bool = true) throws -> Statechart<S, E, Log> {
        try Statechart<S, E, Log>(initial: .idle, options: StatechartOptions(actionsSeeLastEvent: seesLastEvent)) {
            Atomic(.idle) {
                OnEntry { log, _, effects in log.seen.append("enter idle: " + LastEventTests.note(effects)) }
                On(.go, to: .busy) { log, _, effects in
                    log.seen.append("go: " + LastEventTests.note(effects))
                    effects.raise(.ping)
                    effects.send(.pong)
                }
                On(.tick, to: .done)
            }
            Atomic(.busy) {
                OnEntry { log, _, effects in log.seen.append("enter busy: " + LastEventTests.note(effects)) }
                Always(to: .settled) { log, _, effects in log.seen.append("always: " + LastEventTests.note(effects)) }
            }
            Atomic(.settled) {
                OnEntry { log, _, effects in log.seen.append("enter settled: " + LastEventTests.note(effects)) }
                On(.ping) { log, _, effects in log.seen.append("ping: " + LastEventTests.note(effects)) }
                On(.pong) { log, _, effects in log.seen.append("pong: " + LastEventTests.note(effects)) }
                On(.tick, to: .done)
            }
            Final(.done)
        }
    }

    /// Nothing is bound before the first event; the event taken is seen by its transition, and
    /// stays through the eventless transition and the entries after it; a raised event is
    /// internal, a sent one external.
    @Test func boundFromTheFirstEventOnAndKeptThroughEventlessSteps() throws {
        var machine = try Self.chart().makeMachine(context: Log())
        #expect(machine.context.seen == ["enter idle: none"])
        machine.send(.go)
        #expect(machine.context.seen == [
            "enter idle: none",
            "go: go/external",
            "enter busy: go/external",
            "always: go/external",
            "enter settled: go/external",
            "ping: ping/internal",
            "pong: pong/external",
        ])
    }

    /// An event no transition takes is taken all the same: SCXML binds `_event` on dequeue.
    @Test func anEventThatSelectsNothingIsStillTheLastOne() throws {
        let chart = try Statechart<S, E, Log>(initial: .idle, options: StatechartOptions(actionsSeeLastEvent: true)) {
            Atomic(.idle) {
                On(.go, to: .busy)
            }
            Atomic(.busy) {
                OnEntry { log, _, effects in log.seen.append("enter busy: " + LastEventTests.note(effects)) }
            }
        }
        var machine = chart.makeMachine(context: Log())
        machine.send(.tick)
        machine.send(.go)
        #expect(machine.context.seen == ["enter busy: go/external"])
        #expect(machine.snapshot.lastEvent == TakenEvent(event: .go, source: .external))
    }

    /// Without the option, actions see no event, and the machine keeps its fast paths' answers.
    @Test func withoutTheOptionNothingIsSeen() throws {
        var machine = try Self.chart(seesLastEvent: false).makeMachine(context: Log())
        machine.send(.go)
        #expect(machine.context.seen.allSatisfy { $0.hasSuffix(": none") })
        #expect(machine.context.seen.count == 7)
        #expect(machine.snapshot.lastEvent == nil)
    }

    /// A done event the options make is internal; a delayed send is external when its timer fires;
    /// a delayed transition's timer is no event and leaves the answer as it was.
    @Test func doneEventsAndTimers() throws {
        enum N: String, Hashable, Sendable { case outer, inner, end, after, waiting, late }
        let chart = try Statechart<N, E, Log>(
            initial: .outer,
            options: StatechartOptions(doneEvent: { _, _ in .pong }, actionsSeeLastEvent: true)
        ) {
            Compound(.outer) {
                Atomic(.inner) { On(.go, to: .end) }
                Final(.end)
                On(.pong, to: .after) { log, _, effects in log.seen.append("done: " + LastEventTests.note(effects)) }
            }
            Atomic(.after) {
                OnEntry { _, _, effects in effects.send(.tick, after: .seconds(1)) }
                On(.tick, to: .waiting) { log, _, effects in log.seen.append("tick: " + LastEventTests.note(effects)) }
            }
            Atomic(.waiting) {
                After(.seconds(1), to: .late)
            }
            Atomic(.late) {
                OnEntry { log, _, effects in log.seen.append("late: " + LastEventTests.note(effects)) }
            }
        }
        var machine = chart.makeMachine(context: Log())
        machine.send(.go)
        machine.advance(by: .seconds(1))
        machine.advance(by: .seconds(1))
        #expect(machine.state == .late)
        #expect(machine.context.seen == ["done: pong/internal", "tick: tick/external", "late: tick/external"])
    }

    /// A snapshot keeps the last event, and a machine made from it answers with it.
    @Test func snapshotsKeepIt() throws {
        let chart = try Self.chart()
        var machine = chart.makeMachine(context: Log())
        machine.send(.go)
        let snapshot = machine.snapshot
        #expect(snapshot.lastEvent == TakenEvent(event: .pong, source: .external))
        #expect(snapshot.description.hasSuffix("last event pong (external)"))
        var resumed = try Machine(chart: chart, snapshot: snapshot)
        resumed.send(.tick)
        #expect(resumed.snapshot.lastEvent == TakenEvent(event: .tick, source: .external))
        // The machine the snapshot was taken from keeps its own.
        #expect(machine.snapshot.lastEvent == TakenEvent(event: .pong, source: .external))
    }
}
