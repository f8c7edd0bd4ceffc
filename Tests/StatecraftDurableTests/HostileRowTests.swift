#if Postgres
import Foundation
import StatecraftTesting
import Statecraft
@testable import StatecraftDurable
import Testing

/// Stored rows are hostile input: their numbers are checked on load, a row that does not restore
/// is an error for its machine only, and the other machines go on.
@Suite struct HostileRowTests {
    /// A lamp's stored snapshot JSON with its clock set to `now` (as the snapshot writes a
    /// `Duration`) and its timers as given.
    static func lampSnapshot(now: Duration, state: String = "on", timers: String = "[]") throws -> String {
        let clock = String(decoding: try JSONEncoder().encode(now), as: UTF8.self)
        return #"{"activeStates":["\#(state)"],"context":{"toggles":1,"timeouts":0,"outgoing":[]},"history":[],"now":\#(clock),"#
            + #""status":{"running":{}},"timers":\#(timers)}"#
    }

    /// Creates `ids` as lamps, then sets each row's columns with `update` (SQL assignments).
    static func corrupt(_ store: SQLiteDurableStore, _ id: String, _ assignments: String, _ binds: [String] = []) async throws {
        try await store.run("UPDATE statecraft_machines SET \(assignments) WHERE id = '\(id)'", binds.map { .text($0) })
    }

    @Test func everyNumberOfARowIsCheckedAndNamedWhenWrong() async throws {
        try await withTemporaryDirectory { folder in
            let lamp = try makeLampChart()
            let cases: [(id: String, assignments: String, binds: [String], expected: String)] = [
                ("max-revision", "revision = 9223372036854775807", [], "revision 9223372036854775807"),
                ("zero-revision", "revision = 0", [], "revision 0"),
                ("negative-revision", "revision = -5", [], "revision -5"),
                ("min-revision", "revision = -9223372036854775808", [], "revision -9223372036854775808"),
                ("far-clock", "snapshot = ?", [try Self.lampSnapshot(now: .seconds(Int64.max))], "clock (now)"),
                ("negative-clock", "snapshot = ?", [try Self.lampSnapshot(now: .milliseconds(-1))], "clock (now)"),
                ("far-timer", "snapshot = ?", [try Self.lampSnapshot(
                    now: .seconds(1),
                    timers: #"[{"due":\#(String(decoding: try JSONEncoder().encode(Duration.seconds(Int64.max)), as: UTF8.self)),"#
                        + #""kind":{"delayedTransition":{"source":"on","index":0}}}]"#
                )], "timer 0's due time"),
                ("origin-overflow", "origin = 9223372036854775000, snapshot = ?", [try Self.lampSnapshot(now: .seconds(1))], "origin"),
            ]
            try await withMachines(in: folder, charts: [lamp]) { machines, store in
                try await machines.create("good", chart: "lamp")
                for item in cases {
                    try await machines.create(item.id, chart: "lamp")
                }
            }
            try await withMachines(in: folder, charts: [lamp]) { machines, store in
                for item in cases { try await Self.corrupt(store, item.id, item.assignments, item.binds) }
                for (index, item) in cases.enumerated() {
                    do {
                        _ = try await machines.send(lamp.encode(.toggle), to: item.id, id: "e\(index)")
                        Issue.record("the row of '\(item.id)' was restored")
                    } catch let error as DurableError {
                        #expect(error.code == .corruptRow, "\(item.id): \(error)")
                        #expect(error.machineID == item.id)
                        #expect(error.message.contains(item.expected), "\(item.id): \(error.message)")
                    }
                }
                // Each is reported once, for its machine; the good machine goes on.
                let reported = machines.unloadableMachines()
                #expect(reported.compactMap(\.machineID) == cases.map(\.id).sorted())
                guard case .applied = try await machines.send(lamp.encode(.toggle), to: "good", id: "g1") else {
                    Issue.record("the good machine did not take its event")
                    return
                }
                #expect(try await store.run("SELECT 1 FROM statecraft_journal WHERE event_id LIKE 'e%'").isEmpty)
            }
        }
    }

    @Test func rowsAtTheEndsOfTheirRangesTakeEventsAndLetTimePass() async throws {
        try await withTemporaryDirectory { folder in
            let lamp = try makeLampChart()
            let clock = ManualClock(now: .seconds(1_000))
            try await withMachines(in: folder, charts: [lamp], clock: clock) { machines, store in
                for id in ["near-limit", "low-origin", "high-revision"] { try await machines.create(id, chart: "lamp") }
                // The machine's clock 1 s short of the limit, its origin at zero: a new 5 s timer saturates.
                try await Self.corrupt(store, "near-limit", "origin = 0, snapshot = ?", [try Self.lampSnapshot(now: MachineClock.limit - .seconds(1), state: "off")])
                // An origin at the bottom of the range: now minus it saturates, the clock goes to the limit.
                try await Self.corrupt(store, "low-origin", "origin = -9223372036854775808")
                try await Self.corrupt(store, "high-revision", "revision = 9223372036854775806")
            }
            try await withMachines(in: folder, charts: [lamp], clock: clock) { machines, store in
                for id in ["near-limit", "low-origin", "high-revision"] {
                    guard case .applied = try await machines.send(lamp.encode(.toggle), to: id, id: "on-\(id)") else {
                        Issue.record("'\(id)' did not take its event")
                        continue
                    }
                }
                #expect(try await machines.row("near-limit").nextDue == Int64.max)
                #expect(try await machines.row("low-origin").nextDue == -1)  // origin + limit in ms
                #expect(try await machines.machine("low-origin", of: lamp).now == MachineClock.limit)
                // The revision cannot grow past Int64.max: the next write is refused for that machine.
                #expect(try await machines.row("high-revision").revision == Int64.max)
                clock.advance(by: .milliseconds(6_000))
                _ = try await machines.fireDueTimers()
                _ = try await machines.send(lamp.encode(.toggle), to: "near-limit", id: "again")
                #expect(try await machines.machine("near-limit", of: lamp).now <= MachineClock.limit)
                do {
                    _ = try await machines.send(lamp.encode(.toggle), to: "high-revision", id: "past")
                    Issue.record("a revision of Int64.max was loaded")
                } catch let error as DurableError {
                    #expect(error.code == .corruptRow)
                    #expect(error.machineID == "high-revision")
                }
            }
        }
    }

    @Test func workerKeepsServingGoodMachinesWhenCorruptOnesAreDueFirst() async throws {
        try await withTemporaryDirectory { folder in
            let lamp = try makeLampChart()
            let clock = ManualClock(now: .seconds(1_000))
            let store = try await SQLiteDurableStore(path: folder.appendingPathComponent("machines.sqlite").path)
            // Batches of two: four corrupt machines due first would fill every batch if they were not set aside.
            let machines = DurableMachines(store: store, charts: [lamp], clock: clock.durable, maxBatch: 2)
            for index in 0 ..< 3 {
                try await machines.create("good-\(index)", chart: "lamp")
                _ = try await machines.send(lamp.encode(.toggle), to: "good-\(index)", id: "on-\(index)")
            }
            for index in 0 ..< 4 { try await machines.create("bad-\(index)", chart: "lamp") }
            await machines.close()
            try await store.run("UPDATE statecraft_machines SET snapshot = 'not json', next_due = 0 WHERE id LIKE 'bad-%'")
            try await store.run("UPDATE statecraft_machines SET chart = 'kettle', next_due = 1 WHERE id = 'bad-3'")
            let restarted = DurableMachines(store: store, charts: [lamp], clock: clock.durable, maxBatch: 2)
            clock.advance(by: .milliseconds(6_000))
            let worker = DurableWorker(machines: restarted)
            let round = await worker.round()
            #expect(round.timers == 3)
            for index in 0 ..< 3 {
                let machine = try await restarted.machine("good-\(index)", of: lamp)
                #expect(machine.activeStates == [.off])
                #expect(machine.context.timeouts == 1)
            }
            let reported = restarted.unloadableMachines()
            #expect(reported.compactMap(\.machineID) == ["bad-0", "bad-1", "bad-2", "bad-3"])
            #expect(reported.map(\.code) == [.corruptRow, .corruptRow, .corruptRow, .unknownChart])
            // A second round finds them again, still reported once each, and fires nothing twice.
            #expect(await worker.round().timers == 0)
            #expect(restarted.unloadableMachines().count == 4)
            // A send to one fails with its machine's error; repaired, it leaves the report.
            do {
                _ = try await restarted.send(lamp.encode(.toggle), to: "bad-0", id: "b0")
                Issue.record("a corrupt row took an event")
            } catch let error as DurableError {
                #expect(error.code == .corruptRow && error.machineID == "bad-0")
            }
            let good = try await restarted.row("good-0")
            try await store.run("UPDATE statecraft_machines SET snapshot = ? WHERE id = 'bad-0'", [.text(String(decoding: good.snapshot, as: UTF8.self))])
            _ = try await restarted.send(lamp.encode(.toggle), to: "bad-0", id: "b0")
            #expect(restarted.unloadableMachines().compactMap(\.machineID) == ["bad-1", "bad-2", "bad-3"])
            await restarted.close()
            try await store.close()
        }
    }

    @Test func clientIDsInTheStoresNamespacesAreRefused() async throws {
        try await withTemporaryDirectory { folder in
            let lamp = try makeLampChart()
            try await withMachines(in: folder, charts: [lamp]) { machines, _ in
                try await machines.create("a", chart: "lamp")
                try await machines.create("b", chart: "lamp")
                for id in ["timer:", "timer:a:1005000", "message:", "message:0:evt-1", "timer:b:9223372036854775807"] {
                    do {
                        _ = try await machines.send(lamp.encode(.toggle), to: "a", id: id)
                        Issue.record("the client id '\(id)' was taken")
                    } catch let error as DurableError {
                        #expect(error.code == .invalidArgument)
                        #expect(error.message.contains("reserved"), "\(error.message)")
                    }
                }
                // The message a relay sends is journalled under an id in the store's namespace.
                _ = try await machines.send(lamp.encode(.relay(to: "b")), to: "a", id: "evt-1")
                #expect(try await machines.deliverMessages() == 1)
                #expect(try await machines.isJournalled("message:0:evt-1"))
                // Ids that only resemble the store's are the client's own: the old message form, other cases.
                for id in ["evt-1#0", "Timer:a:1", "my-timer:1", "messages:0", " timer:a"] {
                    guard case .applied = try await machines.send(lamp.encode(.toggle), to: "b", id: id) else {
                        Issue.record("the client id '\(id)' was not applied")
                        continue
                    }
                }
                #expect(try await machines.machine("b", of: lamp).context.toggles == 6)
            }
        }
    }
}
#endif
