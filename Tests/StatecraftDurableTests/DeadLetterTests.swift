#if Postgres
import Foundation
import StatecraftTesting
import PostgresNIO
import Statecraft
@testable import StatecraftDurable
@testable import StatecraftDurablePostgres
import Testing

/// Messages that cannot be delivered are kept as dead letters with why, never dropped, and can
/// be retried once the cause is fixed; on SQLite and on PostgreSQL.
@Suite struct DeadLetterTests {
    /// Opens machines of `charts` on the store under test; the closure closes them.
    typealias Open = ([any DurableChart], ManualClock) async throws -> (DurableMachines, () async throws -> Void)

    @Test func undeliverableMessagesAreDeadLettersUntilRetriedOnSQLite() async throws {
        try await withTemporaryDirectory { folder in
            let path = folder.appendingPathComponent("machines.sqlite").path
            let side = try await SQLiteDurableStore(path: path)
            try await Self.scenario(
                open: { charts, clock in
                    let store = try await SQLiteDurableStore(path: path)
                    let machines = DurableMachines(store: store, charts: charts, clock: clock.durable)
                    return (machines, { await machines.close(); try await store.close() })
                },
                execute: { try await side.run($0) }
            )
            try await side.close()
        }
    }

    @Test(.enabled(if: PostgresServer.isGiven, PostgresServer.missing))
    func undeliverableMessagesAreDeadLettersUntilRetriedOnPostgres() async throws {
        try await PostgresServer.withDatabase { url in
            try await Self.scenario(
                open: { charts, clock in
                    let store = try await PostgresDurableStore(url: url)
                    let machines = DurableMachines(store: store, charts: charts, clock: clock.durable)
                    return (machines, { await machines.close(); try await store.close() })
                },
                execute: { try await PostgresServer.execute(url, PostgresQuery(unsafeSQL: $0)) }
            )
        }
    }

    /// Each cause of an undeliverable message (no target, a target of a chart not registered, of
    /// another version, a corrupt target row, a payload that is not an event of the target's
    /// chart) lands in the dead letters with its reason and time; fixed, each is retried and
    /// delivered once.
    static func scenario(open: Open, execute: (String) async throws -> Void) async throws {
        let lamp = try makeLampChart()
        let clock = ManualClock(now: .seconds(1_000))
        let targets = ["gone": "unknownMachine", "k": "unknownChart", "v": "versionMismatch", "c": "corruptRow"]
        var (machines, close) = try await open([lamp], clock)
        do {
            try await machines.create("a", chart: "lamp")
            for id in ["k", "v", "c", "b"] { try await machines.create(id, chart: "lamp") }
            try await close()
            try await execute("UPDATE statecraft_machines SET chart = 'kettle' WHERE id = 'k'")
            try await execute("UPDATE statecraft_machines SET version = 2 WHERE id = 'v'")
            try await execute("UPDATE statecraft_machines SET snapshot = 'garbage' WHERE id = 'c'")
            try await execute("INSERT INTO statecraft_outbox (id, source, target, payload) VALUES ('manual-1', 'outside', 'b', 'not json')")
            (machines, close) = try await open([lamp], clock)
            for target in targets.keys.sorted() {
                _ = try await machines.send(lamp.encode(.relay(to: target)), to: "a", id: "r-\(target)")
            }
            #expect(try await machines.deliverMessages() == 0)
            let letters = try await machines.deadLetters()
            #expect(letters.count == 5)
            var expected = Dictionary(uniqueKeysWithValues: targets.map { ("message:0:r-\($0.key)", $0.value) })
            expected["manual-1"] = "invalidEvent"
            for letter in letters {
                #expect(expected[letter.message.id] == letter.code, "\(letter)")
                #expect(letter.reason.contains("'\(letter.message.target)'"), "\(letter.reason)")
                #expect(letter.failedAt == clock.durable.milliseconds())
                #expect(try await !machines.isJournalled(letter.message.id))
            }
            #expect(Set(letters.map(\.message.id)) == Set(expected.keys))
            // Not retried by themselves, and not lost when the process stops.
            #expect(try await machines.deliverMessages() == 0)
            try await close()

            // Fixed: the missing machine made, the corrupt one made anew, the foreign chart registered,
            // a migration given for the other version.
            let migrating = try makeLampChart(version: 1) { data, _ in data }
            let kettle = TypedDurableChart(name: "kettle", version: 1, chart: lamp.chart, context: Lamp())
            try await execute("DELETE FROM statecraft_machines WHERE id = 'c'")
            (machines, close) = try await open([migrating, kettle], clock)
            #expect(try await machines.deadLetters().count == 5)
            try await machines.create("gone", chart: "lamp")
            try await machines.create("c", chart: "lamp")
            clock.advance(by: .milliseconds(10))
            for target in targets.keys { #expect(try await machines.retryDeadLetter("message:0:r-\(target)")) }
            #expect(try await !machines.retryDeadLetter("message:0:r-gone"))
            #expect(try await !machines.retryDeadLetter("no-such-letter"))
            #expect(try await machines.deliverMessages() == 4)
            for target in targets.keys {
                let row = try await machines.row(target)
                let chart = row.chart == "kettle" ? kettle : migrating
                #expect(try await machines.machine(target, of: chart).context.toggles == 1, "\(target)")
                #expect(try await machines.isJournalled("message:0:r-\(target)"))
            }
            // The payload that is no event stays a dead letter: retried, it is refused again, later.
            #expect(try await machines.retryDeadLetter("manual-1"))
            #expect(try await machines.deliverMessages() == 0)
            let left = try await machines.deadLetters()
            #expect(left.map(\.message.id) == ["manual-1"])
            #expect(left.first?.code == "invalidEvent")
            #expect(left.first?.failedAt == clock.durable.milliseconds())
            #expect(try await machines.deliverMessages() == 0)
            try await close()
        } catch {
            try? await close()
            throw error
        }
    }
}
#endif
