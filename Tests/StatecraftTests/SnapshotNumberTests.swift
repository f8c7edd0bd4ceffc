import Statecraft
import Testing

/// The numbers of a restored snapshot are hostile input: each is checked against its rule
/// (`MachineClock`), and no arithmetic on a restored value, or on a delay, traps afterwards.
@Suite("Snapshot numbers")
struct SnapshotNumberTests {
    /// The largest value a `Duration` holds.
    static let durationMax = Duration(secondsComponent: Int64.max, attosecondsComponent: 999_999_999_999_999_999)
    /// The smallest.
    static let durationMin = Duration(secondsComponent: Int64.min, attosecondsComponent: -999_999_999_999_999_999)
    /// Clock readings outside `0 ... MachineClock.limit`.
    static let outside: [Duration] = [
        .nanoseconds(-1), .seconds(-1), durationMin, MachineClock.limit + .nanoseconds(1), .seconds(Int64.max),
        .milliseconds(Int64.max) + .milliseconds(1), durationMax,
    ]

    static func expectRefused<Context>(
        _ snapshot: Snapshot<S, E, Context>, into chart: Statechart<S, E, Context>, naming field: String
    ) {
        do {
            _ = try Machine(chart: chart, snapshot: snapshot)
            Issue.record("a snapshot with \(field) out of range was restored")
        } catch {
            #expect(error.code == .outOfRange, "\(error)")
            #expect(error.message.contains(field), "\(error.message)")
            #expect(error.message.contains("negative") || error.message.contains("past the clock's range"), "\(error.message)")
        }
    }

    @Test("A clock outside 0 ... MachineClock.limit is refused, naming the field, in a nested and a flat chart")
    func clockOutOfRange() throws {
        let nested = try SnapshotTests.chart()
        let flat = try Statechart<S, E, Log> {
            Atomic(.a) { On(.next, to: .c) }
            Atomic(.c) { On(.back, to: .a) }
        }
        for now in Self.outside {
            Self.expectRefused(Snapshot(activeStates: [.a, .a1], context: Log(), now: now), into: nested, naming: "clock (now)")
            Self.expectRefused(Snapshot(activeStates: [.a], context: Log(), now: now), into: flat, naming: "clock (now)")
        }
    }

    @Test("A timer due outside the clock's range is refused, naming which timer")
    func timerOutOfRange() throws {
        let chart = try SnapshotTests.chart()
        for due in Self.outside {
            let snapshot = Snapshot<S, E, Log>(
                activeStates: [.a, .b, .b1], context: Log(), now: .seconds(1),
                timers: [
                    SnapshotTimer(due: .seconds(2), kind: .delayedTransition(source: .b1, index: 0)),
                    SnapshotTimer(due: due, kind: .event(.data(1), id: "later")),
                ]
            )
            Self.expectRefused(snapshot, into: chart, naming: "timer 1's due time")
        }
    }

    @Test("The ends of the range are accepted")
    func endsOfTheRange() throws {
        let chart = try SnapshotTests.chart()
        for now in [Duration.zero, MachineClock.limit] {
            let machine = try Machine(
                chart: chart,
                snapshot: Snapshot(
                    activeStates: [.a, .b, .b1], context: Log(), now: now,
                    timers: [SnapshotTimer(due: MachineClock.limit, kind: .delayedTransition(source: .b1, index: 0))]
                )
            )
            #expect(machine.now == now)
            #expect(machine.nextDeadline == MachineClock.limit)
        }
    }

    @Test("Near the limit, delays and advances saturate at it: timers fire there and nothing traps")
    func delaysSaturateAtTheLimit() throws {
        let chart = try SnapshotTests.chart()
        var machine = try Machine(
            chart: chart, snapshot: Snapshot(activeStates: [.a, .a1], context: Log(), now: MachineClock.limit - .milliseconds(500))
        )
        machine.send(.ping)  // a send after 3 s: due at the limit, not past it
        machine.send(.next)  // enters b1, whose 2 s timer is due at the limit too
        #expect(machine.snapshot.timers.map(\.due) == [MachineClock.limit, MachineClock.limit])
        #expect(machine.advance(by: .seconds(1)) == 2)
        #expect(machine.now == MachineClock.limit)
        #expect(machine.activeStates.contains(.b2))
        // Past the limit, time does not move and nothing overflows.
        for step in [Duration.seconds(Int64.max), Self.durationMax, .nanoseconds(1)] {
            #expect(machine.advance(by: step) == 0)
            #expect(machine.now == MachineClock.limit)
        }
        #expect(machine.advance(to: Self.durationMax) == 0)
        // A negative step changes nothing.
        #expect(machine.advance(by: Self.durationMin) == 0)
        #expect(machine.now == MachineClock.limit)
        // The machine's own snapshot restores.
        let again = try Machine(chart: chart, snapshot: machine.snapshot)
        #expect(again.snapshot == machine.snapshot)
        // At the limit, a timer is due at the limit: time cannot pass it, so it waits, and nothing traps.
        var atLimit = try Machine(chart: chart, snapshot: Snapshot(activeStates: [.a, .a1], context: Log(), now: MachineClock.limit))
        atLimit.send(.ping)
        #expect(atLimit.nextDeadline == MachineClock.limit)
        #expect(atLimit.advance(by: Self.durationMax) == 0)
        #expect(atLimit.now == MachineClock.limit)
        #expect(atLimit.context.count == 1)
    }

    @Test("A fresh machine's advance by the largest durations stops at the limit")
    func freshMachineSaturates() throws {
        var machine = try SnapshotTests.chart().makeMachine(context: Log())
        machine.send(.next)
        #expect(machine.advance(by: Self.durationMax) == 1)
        #expect(machine.now == MachineClock.limit)
        #expect(machine.activeStates.contains(.b2))
        var flat = try Statechart<S, E, Int> { Atomic(.a) { On(.next, to: .a) } }.makeMachine(context: 0)
        flat.advance(by: Self.durationMax)
        flat.advance(by: Self.durationMax)
        #expect(flat.now == MachineClock.limit)
    }

    @Test("MachineClock.adding saturates for every sign and size")
    func addingSaturates() {
        let instants: [Duration] = [.zero, .seconds(1), MachineClock.limit - .nanoseconds(1), MachineClock.limit]
        let delays: [Duration] = [Self.durationMin, .seconds(-1), .zero, .nanoseconds(1), .seconds(5), MachineClock.limit, Self.durationMax]
        for instant in instants {
            for delay in delays {
                let sum = MachineClock.adding(delay, to: instant)
                #expect(sum <= MachineClock.limit)
                if delay >= .zero { #expect(sum >= instant) }
                if delay >= .zero, MachineClock.limit - instant > delay { #expect(sum == instant + delay) }
            }
        }
    }
}
