import Foundation
import Testing
import Statecraft

@Suite("Snapshots")
struct SnapshotTests {
    /// A chart with history, a delayed transition and a delayed send.
    static func chart() throws -> Statechart<S, E, Log> {
        try Statechart {
            Compound(.a) {
                Atomic(.a1) {
                    On(.next, to: .b)
                    On(.ping) { log, _, effects in
                        log.count += 1
                        effects.send(.data(log.count), after: .seconds(3), id: "later")
                    }
                    On(.data) { log, event in log.lines.append("\(event)") }
                }
                Compound(.b) {
                    Atomic(.b1) {
                        After(.seconds(2), to: .b2)
                        On(.next, to: .b2)
                    }
                    Atomic(.b2)
                }
                History(.hd, .deep)
                On(.go, to: .c)
            }
            Atomic(.c) { On(.back, to: .hd) }
            Final(.done)
        }
    }

    @Test func snapshotDescribesTheMachine() throws {
        var machine = try Self.chart().makeMachine(context: Log())
        machine.send(.ping)
        machine.send(.next)
        let snapshot = machine.snapshot
        #expect(snapshot.activeStates == [.a, .b, .b1])
        #expect(snapshot.history.isEmpty)
        #expect(snapshot.context.count == 1)
        #expect(snapshot.status == .running)
        #expect(snapshot.timers == [
            SnapshotTimer(due: .seconds(2), kind: .delayedTransition(source: .b1, index: 0)),
            SnapshotTimer(due: .seconds(3), kind: .event(.data(1), id: "later")),
        ])
    }

    @Test func lazySnapshotIsTheMachineAtTheMomentItWasTaken() throws {
        var machine = try Self.chart().makeMachine(context: Log())
        machine.send(.ping)
        machine.send(.next)
        let kept = machine.lazySnapshot
        let expected = machine.snapshot
        // Later steps change the machine's storage, which the kept value shares until then.
        machine.send(.go)
        machine.send(.back)
        machine.advance(by: .seconds(5))
        #expect(machine.snapshot.activeStates != expected.activeStates)
        #expect(kept.snapshot.activeStates == expected.activeStates)
        #expect(kept.snapshot.context.count == expected.context.count)
        #expect(kept.snapshot.timers == expected.timers)
        #expect(kept.snapshot.now == expected.now)
        #expect(kept.snapshot.history.isEmpty)
    }

    @Test func lazySnapshotOfAFlatMachineKeepsItsState() throws {
        let chart = try Statechart<S, E, Int> {
            Atomic(.a) { On(.next, to: .c) }
            Atomic(.c) { On(.back, to: .a) }
        }
        var machine = chart.makeMachine(context: 7)
        let before = machine.lazySnapshot
        machine.send(.next)
        #expect(before.snapshot.activeStates == [.a])
        #expect(before.snapshot.context == 7)
        #expect(machine.lazySnapshot.snapshot.activeStates == [.c])
    }

    @Test func restoredMachineGoesOnExactlyAsTheOriginal() throws {
        let chart = try Self.chart()
        var original = chart.makeMachine(context: Log())
        original.send(.next)
        original.send(.next)
        original.send(.go)
        original.send(.back)
        original.send(.go)
        original.advance(by: .milliseconds(500))
        var restored = try Machine(chart: chart, snapshot: original.snapshot)
        #expect(restored.snapshot == original.snapshot)
        original.send(.back)
        restored.send(.back)
        #expect(restored.activeStates == [.a, .b, .b2])
        #expect(restored.snapshot == original.snapshot)
    }

    @Test func snapshotSurvivesJSONAndPendingTimersStillFire() throws {
        let chart = try Self.chart()
        var machine = chart.makeMachine(context: Log())
        machine.send(.ping)
        machine.send(.next)
        machine.advance(by: .seconds(1))
        let data = try JSONEncoder().encode(machine.snapshot)
        let decoded = try JSONDecoder().decode(Snapshot<S, E, Log>.self, from: data)
        #expect(decoded == machine.snapshot)
        var resumed = try Machine(chart: chart, snapshot: decoded)
        #expect(resumed.now == .seconds(1))
        #expect(resumed.advance(by: .seconds(1)) == 1)
        #expect(resumed.activeStates == [.a, .b, .b2])
        #expect(resumed.pendingTimerCount == 1)
    }

    @Test func flatMachineSnapshotRoundTrips() throws {
        let chart = try Statechart<Light, Switch, Int> {
            Atomic(.off) { On(.toggle, to: .on) { count, _ in count += 1 } }
            Atomic(.on) { On(.toggle, to: .off) }
        }
        var machine = chart.makeMachine(context: 0)
        machine.send(.toggle)
        var restored = try Machine(chart: chart, snapshot: machine.snapshot)
        #expect(restored.state == .on)
        #expect(restored.context == 1)
        #expect(restored.send(.toggle) == .transitioned(from: .on, to: .off))
    }

    func restoreError(_ snapshot: Snapshot<S, E, Log>) throws -> SnapshotError {
        let chart = try Self.chart()
        do {
            _ = try Machine(chart: chart, snapshot: snapshot)
        } catch {
            return error
        }
        Issue.record("the snapshot was accepted")
        throw SnapshotError(code: .unknownState, message: "accepted")
    }

    @Test func unknownStateIsRefused() throws {
        let chart = try Statechart<S, E, Log> { Atomic(.a) }
        do {
            _ = try Machine(chart: chart, snapshot: Snapshot(activeStates: [.top], context: Log()))
            Issue.record("accepted")
        } catch {
            #expect(error.code == .unknownState)
            #expect(error.message == "the snapshot's active state 'top' is not a state of this chart")
        }
    }

    @Test func configurationsTheChartCannotBeInAreRefused() throws {
        let cases: [([S], MachineStatus, String)] = [
            ([], .running, "no active state"),
            ([.a, .a1, .b, .b1], .running, "exactly one child of 'a' must be active; the snapshot has 'a1', 'b'"),
            ([.b, .b1], .running, "'b' is active but its parent 'a' is not"),
            ([.a], .running, "exactly one child of 'a' must be active; the snapshot has none"),
            ([.a, .a1, .c], .running, "exactly one child of the chart must be active"),
            ([.c], .done, "no top-level final state is active"),
            ([.done], .running, "the snapshot says it is running"),
            ([.a, .hd, .a1], .running, "history states are never active"),
        ]
        for (states, status, message) in cases {
            let error = try restoreError(Snapshot(activeStates: states, context: Log(), status: status))
            #expect(error.code == .invalidConfiguration, "\(states)")
            #expect(error.message.contains(message), "\(error.message)")
        }
    }

    @Test func badHistoryIsRefused() throws {
        let notHistory = try restoreError(Snapshot(activeStates: [.c], history: [.a: [.a1]], context: Log()))
        #expect(notHistory.code == .invalidHistory)
        let wrongState = try restoreError(Snapshot(activeStates: [.c], history: [.hd: [.b]], context: Log()))
        #expect(wrongState.code == .invalidHistory)
        #expect(wrongState.message.contains("deep history state 'hd' cannot remember 'b'"))
        let empty = try restoreError(Snapshot(activeStates: [.c], history: [.hd: []], context: Log()))
        #expect(empty.code == .invalidHistory)
    }

    /// Each state a deep history remembers may fit, and the whole still not be a configuration
    /// exiting the parent records (SCXML 3.11): restoring it would give a compound state two
    /// active children.
    @Test func historyThatIsNotALegalConfigurationIsRefused() throws {
        let siblings = try restoreError(Snapshot(activeStates: [.c], history: [.hd: [.a1, .b1]], context: Log()))
        #expect(siblings.code == .invalidHistory)
        #expect(siblings.message.contains("history state 'hd' remembers 2 of the 2 children of compound state 'a'"), "\(siblings.message)")
        let nested = try restoreError(Snapshot(activeStates: [.c], history: [.hd: [.b1, .b2]], context: Log()))
        #expect(nested.code == .invalidHistory)
        #expect(nested.message.contains("remembers 2 of the 2 children of compound state 'b'"), "\(nested.message)")
        let legal = try Machine(chart: Self.chart(), snapshot: Snapshot(activeStates: [.c], history: [.hd: [.b2]], context: Log()))
        #expect(legal.activeStates == [.c])
    }

    @Test func badTimersAreRefused() throws {
        let inactive = try restoreError(Snapshot(
            activeStates: [.c], context: Log(),
            timers: [SnapshotTimer(due: .seconds(1), kind: .delayedTransition(source: .b1, index: 0))]
        ))
        #expect(inactive.code == .invalidTimer)
        #expect(inactive.message.contains("'b1' is not active"))
        let missing = try restoreError(Snapshot(
            activeStates: [.a, .b, .b1], context: Log(),
            timers: [SnapshotTimer(due: .seconds(1), kind: .delayedTransition(source: .b1, index: 3))]
        ))
        #expect(missing.message.contains("has 1 delayed transitions"))
    }

    @Test func corruptJSONIsADecodingErrorNotACrash() throws {
        let chart = try Self.chart()
        let data = try JSONEncoder().encode(chart.makeMachine(context: Log()).snapshot)
        var text = try #require(String(data: data, encoding: .utf8))
        text = text.replacingOccurrences(of: "\"a1\"", with: "\"zz\"")
        #expect(throws: DecodingError.self) {
            _ = try JSONDecoder().decode(Snapshot<S, E, Log>.self, from: Data(text.utf8))
        }
        #expect(throws: DecodingError.self) {
            _ = try JSONDecoder().decode(Snapshot<S, E, Log>.self, from: Data("{\"activeStates\": 3}".utf8))
        }
    }
}
