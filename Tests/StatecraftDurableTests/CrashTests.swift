#if Postgres
import Foundation
@testable import Orders
@testable import StatecraftDurable
import StatecraftDurablePostgres
import Testing

/// The `orders` example killed with SIGKILL at random instants, then run again until it ends.
@Suite struct CrashTests {
    /// The `orders` executable beside this test binary (both are products of one build).
    static var ordersExecutable: URL? {
        var folders = [URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent(), Bundle.main.bundleURL.deletingLastPathComponent()]
        // The package's own build folder, for runners that start tests from elsewhere.
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        folders.append(root.appendingPathComponent(".build/debug"))
        return folders.map { $0.appendingPathComponent("orders") }.first { FileManager.default.isExecutableFile(atPath: $0.path) }
    }

    /// Runs `orders` on a store, killing it after `killAfter` when given; returns its output lines and
    /// whether it ran to its end. Nothing here blocks a thread of the task pool: the process is
    /// read and awaited through handlers (a blocking wait held one of this machine's two pool
    /// threads per run and stalled the other suites).
    static func runOrders(_ executable: URL, store: String, arguments: [String], killAfter: Duration?) async throws -> (lines: [String], finished: Bool) {
        let run = try WatchedProcess(executable, arguments: ["--store", store] + arguments)
        if let killAfter {
            // A dispatch timer, not a task's sleep: the kill comes at its instant however busy the
            // task pool is.
            let pid = run.processIdentifier
            let (seconds, attoseconds) = killAfter.components
            let nanoseconds = Int(seconds) * 1_000_000_000 + Int(attoseconds / 1_000_000_000)
            DispatchQueue.global().asyncAfter(deadline: .now() + .nanoseconds(nanoseconds)) { kill(pid, SIGKILL) }
        }
        let status = try await run.wait(within: .seconds(600))
        let lines = run.output.split(separator: "\n").map(String.init)
        return (lines, status == 0 && !run.wasSignalled)
    }

    @Test func killedAtRandomInstantsResumesToTheDigestOfAnUninterruptedRun() async throws {
        guard let executable = Self.ordersExecutable else {
            Issue.record("the orders executable is not beside the tests; build it with `swift build --traits Postgres` (scripts/test builds it)")
            return
        }
        try await withTemporaryDirectory { folder in
            try await Self.killRepeatedly(executable, reference: folder.appendingPathComponent("reference.sqlite").path) { round in
                folder.appendingPathComponent("killed-\(round).sqlite").path
            } journal: { path in
                let store = try await SQLiteDurableStore(path: path)
                let rows = try await store.run("SELECT event_id FROM statecraft_journal WHERE kind = 'event'")
                try await store.close()
                return rows.compactMap { $0.column("event_id")?.string }
            }
        }
    }

    @Test(.enabled(if: PostgresServer.isGiven, PostgresServer.missing))
    func killedAtRandomInstantsOnPostgresResumesToTheDigestOfAnUninterruptedRun() async throws {
        guard let executable = Self.ordersExecutable else {
            Issue.record("the orders executable is not beside the tests; build it with `swift build --traits Postgres` (scripts/test builds it)")
            return
        }
        try await withTemporaryDirectory { folder in
            try await PostgresServer.withDatabase { url in
                // A run that ends before its kill starts over on empty tables. They are made here, not
                // by the run: one killed before it made them would leave nothing to read.
                try await Self.killRepeatedly(executable, reference: folder.appendingPathComponent("reference.sqlite").path) { _ in
                    try await PostgresServer.execute(url, "DROP TABLE IF EXISTS statecraft_machines, statecraft_journal, statecraft_outbox")
                    try await PostgresDurableStore(url: url).close()
                    return url
                } journal: { url in
                    try await PostgresServer.strings(url, "SELECT event_id FROM statecraft_journal WHERE kind = 'event'")
                }
            }
        }
    }

    /// Runs `orders` once to its end on `reference`, then on another store killed with SIGKILL at
    /// random instants dozens of times and run again until it ends; after each restart, checks that
    /// every acknowledged event is journalled once and that the journal holds a prefix of the run.
    ///
    /// - Parameters:
    ///   - fresh: The store for the killed runs, new when a run ended before its kill (given the round).
    ///   - journal: The event ids journalled in a store.
    static func killRepeatedly(
        _ executable: URL, reference: String, fresh: (Int) async throws -> String, journal: (String) async throws -> [String]
    ) async throws {
        let machines = 25, events = 800, seed: UInt64 = 42
        let arguments = ["--machines", "\(machines)", "--events", "\(events)", "--seed", "\(seed)"]
        let uninterrupted = try await runOrders(executable, store: reference, arguments: arguments, killAfter: nil)
        #expect(uninterrupted.finished)
        let expected = try #require(uninterrupted.lines.last)
        #expect(expected.hasPrefix("done: \(events) events, \(machines) machines, digest "))

        var store = try await fresh(0)
        var instants = SplitMix64(seed: 2026)
        var kills = 0
        var acknowledged: Set<String> = []
        var last = ""
        // Dozens of kills, then one run to the end; each round is bounded, and so is their number.
        for round in 0 ..< 150 {
            let killing = kills < 40
            let delay = Duration.milliseconds(40 + Int(instants.next() % 400))
            let run = try await runOrders(executable, store: store, arguments: arguments, killAfter: killing ? delay : nil)
            if !run.finished { kills += 1 }
            for line in run.lines where line.hasPrefix("ack ") { acknowledged.insert(String(line.dropFirst(4))) }
            let journalled = try await journal(store)
            #expect(Set(journalled).count == journalled.count, "round \(round): an event id journalled twice")
            #expect(acknowledged.isSubset(of: Set(journalled)), "round \(round): an acknowledged event is missing")
            #expect(Set(journalled) == Set((0 ..< journalled.count).map { "\(seed)-\($0)" }), "round \(round): not a prefix")
            if run.finished {
                last = run.lines.last ?? ""
                if !killing { break }
                // It ended before the kill (a busy machine): check it, then start over on a new store.
                #expect(last == expected, "round \(round): a run ended with another digest")
                store = try await fresh(round + 1)
                acknowledged = []
            }
        }
        print("crash test: \(kills) runs killed with SIGKILL, \(acknowledged.count) events acknowledged, final: \(last)")
        #expect(kills >= 24, "only \(kills) runs were killed before they ended")
        #expect(last == expected)
        #expect(acknowledged.count == events)
    }

    @Test func inProcessRunsOfOneSeedAgree() async throws {
        try await withTemporaryDirectory { folder in
            let options = OrderOptions(store: folder.appendingPathComponent("a.sqlite").path, machines: 7, events: 300, seed: 9)
            var other = options
            other.store = folder.appendingPathComponent("b.sqlite").path
            let first = try await Orders.runOrders(options) { _ in }
            #expect(try await Orders.runOrders(other) { _ in } == first)
            // Run again on a finished store: every event is a duplicate, and the digest is the same.
            #expect(try await Orders.runOrders(options) { _ in } == first)
            var seed = options
            seed.seed = 10
            seed.store = folder.appendingPathComponent("c.sqlite").path
            #expect(try await Orders.runOrders(seed) { _ in } != first)
        }
    }

    @Test func optionsAreReadAndBadOnesRefused() {
        let parsed = OrderOptions.parse(["--store", "x.sqlite", "--machines", "3", "--events", "10", "--seed", "5", "--workers", "1"])
        #expect(parsed == .success(OrderOptions(store: "x.sqlite", machines: 3, events: 10, seed: 5, workers: 1)))
        #expect(OrderOptions.parse(["--machines", "3", "--events", "1", "--seed", "1"]) == .success(OrderOptions(machines: 3, events: 1, seed: 1)))
        #expect(OrderOptions.parse(["--machines", "3", "--events", "1"]) == .failure(OrderOptionsError("--seed is required")))
        #expect(OrderOptions.parse(["--machines", "-1", "--events", "1", "--seed", "1"])
            == .failure(OrderOptionsError("--machines takes a whole number from 0 to 100000000, not '-1'")))
        #expect(OrderOptions.parse(["--fast"]) == .failure(OrderOptionsError("unknown argument '--fast'")))
        #expect(OrderOptions.parse(["--machines"]) == .failure(OrderOptionsError("--machines needs a value")))
        #expect(OrderOptions.parse(["--machines", "3", "--events", "1", "--seed", "1", "--workers", "3"])
            == .failure(OrderOptionsError("--workers above 1 needs a postgres:// store: a SQLite file has one writer")))
        let postgres = ["--store", "postgres://u@h/d", "--machines", "3", "--events", "1", "--seed", "1", "--workers", "3"]
        #expect(OrderOptions.parse(postgres + ["--worker", "3"]) == .failure(OrderOptionsError("--worker must be below --workers")))
        #expect(OrderOptions.parse(postgres + ["--worker", "2"])
            == .success(OrderOptions(store: "postgres://u@h/d", machines: 3, events: 1, seed: 1, workers: 3, worker: 2)))
        #expect(OrderOptions.parse(["--machines", "3", "--events", "1", "--seed", "1", "--workers", "65"])
            == .failure(OrderOptionsError("--workers must be at most 64")))
    }

    @Test func generatorAndDigestAreTheSameOnEveryPlatform() {
        var generator = SplitMix64(seed: 0)
        // SplitMix64's first outputs for seed 0, as its authors publish them.
        #expect(generator.next() == 0xE220_A839_7B1D_CDAF)
        #expect(generator.next() == 0x6E78_9E6A_A1B9_65F4)
        var digest = FNV1a64()
        digest.add("a")
        #expect(digest.hex == "af63dc4c8601ec8c")
    }
}
#endif
