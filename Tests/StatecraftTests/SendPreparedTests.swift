import Statecraft
import Testing

/// `Machine.send(_:preparedBy:)`: a host's code that runs right before an event is processed
/// (SCXML's `<finalize>`, W3C SCXML 1.0 6.5 and Appendix D's mainEventLoop).
@Suite struct SendPreparedTests {
    enum S: String, Hashable, Sendable { case waiting, accepted, refused, noted, other }
    enum E: MachineEvent {
        case reply(Int), note, later, unknown
        enum Kind: Hashable, Sendable { case reply, note, later, unknown }
        var kind: Kind {
            switch self {
            case .reply: .reply
            case .note: .note
            case .later: .later
            case .unknown: .unknown
            }
        }
    }
    struct Context: Sendable {
        var answer = 0
        var log: [String] = []
    }

    /// A flat chart (leaf path) whose guard reads what `prepare` stored.
    static func flatChart() throws -> Statechart<S, E, Context> {
        try Statechart<S, E, Context>(initial: .waiting) {
            Atomic(.waiting) {
                On(.reply, to: .accepted, guard: { context, _ in context.answer == 2 })
                On(.reply, to: .refused)
            }
            Atomic(.accepted)
            Atomic(.refused)
        }
    }

    /// 6.5: the finalize code runs before the event's transitions are selected, which see what it stored.
    @Test func guardsSeeWhatPrepareStored() throws {
        var machine = try Self.flatChart().makeMachine(context: Context())
        let result = machine.send(.reply(2)) { context, event, _ in
            if case .reply(let value) = event { context.answer = value }
        }
        #expect(result == .transitioned(from: .waiting, to: .accepted))
        #expect(machine.state == .accepted)
        #expect(machine.context.answer == 2)
    }

    /// Without the prepared value, the same event takes the other transition: the guard is not decided beforehand.
    @Test func withoutPrepareTheOtherTransition() throws {
        var machine = try Self.flatChart().makeMachine(context: Context())
        machine.send(.reply(2))
        #expect(machine.state == .refused)
    }

    /// Appendix D: what finalize raises goes to the internal queue and is processed in the
    /// event's macrostep, after its microstep and eventless transitions, before the events the
    /// event's own actions raised, and before any event sent from outside.
    @Test func raisedEventsJoinTheMacrostepFirst() throws {
        let chart = try Statechart<S, E, Context>(initial: .waiting) {
            Atomic(.waiting) {
                On(.reply, to: .noted) { context, _, effects in
                    context.log.append("reply")
                    effects.raise(.later)
                }
            }
            Atomic(.noted) {
                OnEntry { context, _ in context.log.append("entered noted") }
                On(.note) { context, _ in context.log.append("note") }
                On(.later) { context, _ in context.log.append("later") }
                On(.unknown) { context, _ in context.log.append("unknown (external)") }
            }
        }
        var machine = try chart.makeMachine(context: Context())
        machine.send(.reply(1)) { context, _, effects in
            context.log.append("prepare")
            effects.raise(.note)
            effects.send(.unknown)
        }
        #expect(machine.context.log == ["prepare", "reply", "entered noted", "note", "later", "unknown (external)"])
    }

    /// What prepare raises runs even when no transition takes the event (the macrostep still runs).
    @Test func raisedEventsRunWhenTheEventIsRejected() throws {
        let chart = try Statechart<S, E, Context>(initial: .waiting) {
            Atomic(.waiting) {
                On(.note, to: .noted)
            }
            Atomic(.noted)
        }
        var machine = try chart.makeMachine(context: Context())
        let result = machine.send(.unknown) { _, _, effects in effects.raise(.note) }
        #expect(result == .rejected(Rejection(code: .noTransition, state: .waiting, eventKind: .unknown)))
        #expect(machine.state == .noted)
    }

    /// A delayed send and a cancel from prepare are the machine's timers, as an action's are.
    @Test func scheduledEventsAreTimers() throws {
        let chart = try Statechart<S, E, Context>(initial: .waiting) {
            Atomic(.waiting) {
                On(.later, to: .noted)
                On(.note, to: .other)
            }
            Atomic(.noted)
            Atomic(.other)
        }
        var machine = try chart.makeMachine(context: Context())
        machine.send(.unknown) { _, _, effects in
            effects.send(.later, after: .seconds(2), id: "t")
            effects.send(.note, after: .seconds(1), id: "n")
        }
        machine.send(.unknown) { _, _, effects in effects.cancel("n") }
        #expect(machine.nextDeadline == .seconds(2))
        _ = machine.advance(by: .seconds(3))
        #expect(machine.state == .noted)
    }

    /// A machine that is done runs nothing: prepare does not run, and the event is rejected.
    @Test func doneMachineRunsNothing() throws {
        let chart = try Statechart<S, E, Context>(initial: .waiting) {
            Atomic(.waiting) { On(.note, to: .noted) }
            Final(.noted)
        }
        var machine = try chart.makeMachine(context: Context())
        machine.send(.note)
        #expect(machine.status == .done)
        var ran = false
        let result = machine.send(.note) { _, _, _ in ran = true }
        #expect(!ran)
        #expect(result == .rejected(Rejection(code: .machineDone, state: .noted, eventKind: .note)))
    }

    /// `Effects.isActive(_:)` in prepare answers with the configuration it runs in.
    @Test func isActiveAnswersTheCurrentConfiguration() throws {
        let chart = try Statechart<S, E, Context>(initial: .waiting) {
            Atomic(.waiting) {
                On(.note, to: .noted) { _, _, effects in effects.raise(.unknown) }
            }
            Atomic(.noted) { On(.later, to: .other) }
            Atomic(.other)
        }
        var machine = try chart.makeMachine(context: Context())
        machine.send(.note)
        var answers: [Bool] = []
        machine.send(.later) { _, _, effects in
            answers = [effects.isActive(S.waiting), effects.isActive(S.noted)]
        }
        #expect(answers == [false, true])
        #expect(machine.state == .other)
    }
}
