import Foundation
import PostgresNIO
import StatecraftDurable
import StatecraftDurablePostgres

/// `compare durable [--postgres URL] [--events N] [--rounds R]`: durable sends
/// (issue 13) against the bare work on the same database, on SQLite and, given a server, on
/// PostgreSQL. See "Durable machines (issue 13)" in `Benchmarks/README.md`.
///
/// - `--postgres URL` (or `STATECRAFT_POSTGRES_URL`): a server on which a fresh database is
///   created for the run and dropped after it. Without it, only SQLite is measured.
/// - `--events N`: events of each one-at-a-time case (default 1,000); the cases with many
///   senders send `8 × N`, rounded up to a multiple of 256.
/// - `--rounds R`: every case is run `R` times (default 3), in turn, and the median is kept.
/// - `--in-memory`: SQLite in memory instead of files, to see the costs other than the disk's.
/// - `--only sqlite` or `--only postgres`: one database's cases.
enum DurableReport {
    /// The machines of the cases with many senders.
    static let machineCount = 1_000
    /// The senders of those cases.
    static let senderCounts = [64, 256]
    /// Connections of the bare PostgreSQL case with the same concurrency (the server allows 100).
    static let bareConnections = 64

    struct Options {
        var postgres: String?
        var events = 1_000
        var rounds = 3
        var inMemory = false
        /// `sqlite` or `postgres` to run only that database's cases.
        var only: String?
    }

    static func parse(_ arguments: [String]) throws -> Options {
        var options = Options()
        options.postgres = ProcessInfo.processInfo.environment["STATECRAFT_POSTGRES_URL"].flatMap { $0.isEmpty ? nil : $0 }
        var rest = arguments[...]
        while let argument = rest.popFirst() {
            func value() throws -> String {
                guard let next = rest.popFirst() else { throw DurableSends.Failure(description: "\(argument) needs a value") }
                return next
            }
            switch argument {
            case "--postgres": options.postgres = try value()
            case "--events": options.events = max(64, Int(try value()) ?? 1_000)
            case "--rounds": options.rounds = max(1, Int(try value()) ?? 3)
            case "--in-memory": options.inMemory = true
            case "--only":
                let only = try value()
                guard ["sqlite", "postgres"].contains(only) else {
                    throw DurableSends.Failure(description: "--only takes sqlite or postgres, not '\(only)'")
                }
                options.only = only
            default:
                throw DurableSends.Failure(
                    description: "usage: compare durable [--postgres URL] [--events N] [--rounds R] [--in-memory] [--only sqlite|postgres]"
                )
            }
        }
        return options
    }

    /// The events of the cases with many senders: `8 × events`, rounded up so that every sender
    /// of every case sends as many.
    static func manyEvents(_ options: Options) -> Int {
        let lanes = senderCounts.reduce(bareConnections) { $0 * $1 / gcd($0, $1) }
        return (options.events * 8 + lanes - 1) / lanes * lanes
    }

    static func gcd(_ a: Int, _ b: Int) -> Int { b == 0 ? a : gcd(b, a % b) }

    /// One case's runs: the seconds of each round, what the store was asked, and the parts of the
    /// transactions; the median round's are reported.
    struct Row {
        let database: String
        let name: String
        let detail: String
        let events: Int
        var seconds: [Double] = []
        /// What a durable case asked of the store in each round.
        var countsByRound: [StoreCounts] = []
        /// The parts of a bare case's transactions in each round (a durable case's are in its counts).
        var phasesByRound: [Phases] = []

        mutating func add(_ run: (seconds: Double, phases: Phases)) {
            seconds.append(run.seconds)
            phasesByRound.append(run.phases)
        }

        mutating func add(_ seconds: Double, _ counts: StoreCounts) {
            self.seconds.append(seconds)
            countsByRound.append(counts)
        }

        /// The round of the median time, whose counts and parts are reported with it.
        var medianRound: Int { seconds.indices.sorted { seconds[$0] < seconds[$1] }[seconds.count / 2] }
        var median: Double { seconds[medianRound] }
        var counts: StoreCounts? { countsByRound.indices.contains(medianRound) ? countsByRound[medianRound] : nil }
        var phases: Phases? { phasesByRound.indices.contains(medianRound) ? phasesByRound[medianRound] : nil }
        var microsecondsPerEvent: Double { median / Double(events) * 1e6 }
        var eventsPerSecond: Double { Double(events) / median }
    }

    static func run(_ arguments: [String]) async throws {
        let options: Options
        do {
            options = try parse(arguments)
            // A URL that is not one fails now, not after the SQLite cases.
            if let url = options.postgres, options.only != "sqlite" { _ = try BarePostgres.Target(url) }
        } catch {
            print("compare durable: \(error)")
            exit(2)
        }
        let chart = try makeDurableToggle()
        let payload = try chart.encode(.toggle)
        var rows = options.only == "postgres" ? [] : try await sqlite(options, payload: payload)
        if options.only == "sqlite" {
            print("durable postgres: not run (--only sqlite)")
        } else if let url = options.postgres {
            rows += try await postgres(url, options: options, payload: payload)
        } else {
            print("durable postgres: SKIPPED (no server: give --postgres URL or set STATECRAFT_POSTGRES_URL; "
                + "scripts/postgres start prints the URL of a private one)")
        }
        let step = try DurableStepCost.measure()
        print("durable.step apply_us=\(fixed(step.apply)) encode_snapshot_us=\(fixed(step.encode)) "
            + "(the machine's work in a send, no database: decode the event and step; encode the snapshot)")
        report(rows)
    }

    // MARK: SQLite

    static func sqlite(_ options: Options, payload: Data) async throws -> [Row] {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let location = options.inMemory ? "storage=memory" : "folder=\(folder) filesystem=\(filesystem(of: folder))"
        let chart = try makeDurableToggle()
        let text = String(decoding: payload, as: UTF8.self)
        let snapshot = try await toggleSnapshot()
        print("durable sqlite \(location) rounds=\(options.rounds) (WAL, synchronous=FULL) "
            + "event_bytes=\(payload.count) snapshot_bytes=\(snapshot.utf8.count)")
        let many = manyEvents(options)
        var files = 0
        func path() -> String {
            files += 1
            return options.inMemory ? ":memory:" : "\(folder)/case-\(files).sqlite"
        }
        func durable() async throws -> (CountingStore, DurableMachines) {
            let store = CountingStore(try await SQLiteDurableStore(path: path()))
            return (store, DurableMachines(store: store, charts: [chart]))
        }

        var bare = Row(database: "SQLite", name: "bare", detail: "one sender, `BEGIN IMMEDIATE`, one `INSERT`, `COMMIT`", events: options.events)
        var state = Row(
            database: "SQLite", name: "bare.state", detail: "the same and an `UPDATE` of one row to a snapshot", events: options.events
        )
        var one = Row(database: "SQLite", name: "one", detail: "one machine, one sender awaiting each send", events: options.events)
        var crowds = senderCounts.map {
            Row(database: "SQLite", name: "many.\($0)", detail: "\(machineCount) machines, \($0) senders", events: many)
        }
        var batches = senderCounts.map {
            Row(database: "SQLite", name: "bare.batch.\($0)", detail: "one sender, \($0) `INSERT`s per transaction", events: many)
        }
        for round in 0 ..< options.rounds {
            do {
                let connection = try await BareSQLite.open(path())
                _ = try await BareSQLite.sequential(20, on: connection, payload: text, prefix: "warm")
                bare.add(try await BareSQLite.sequential(options.events, on: connection, payload: text, prefix: "bare"))
                try await connection.close()
                let stateConnection = try await BareSQLite.open(path())
                state.add(
                    try await BareSQLite.batched(options.events, batch: 1, on: stateConnection, payload: text, prefix: "state", state: snapshot)
                )
                try await stateConnection.close()
            }
            do {
                let (store, machines) = try await durable()
                try await machines.create("toggle", chart: "toggle")
                _ = try await DurableSends.sequential(20, to: "toggle", on: machines, payload: payload, prefix: "warm")
                _ = store.take()
                let seconds = try await DurableSends.sequential(options.events, to: "toggle", on: machines, payload: payload, prefix: "one")
                one.add(seconds, store.take())
                await machines.close()
                try await store.close()
            }
            for (index, senders) in senderCounts.enumerated() {
                let (store, machines) = try await durable()
                let ids = (0 ..< machineCount).map { "toggle-\($0)" }
                try await DurableSends.create(ids, on: machines, concurrency: senders)
                _ = store.take()
                let seconds = try await DurableSends.concurrent(many, senders: senders, to: ids, on: machines, payload: payload, prefix: "many")
                crowds[index].add(seconds, store.take())
                await machines.close()
                try await store.close()

                let connection = try await BareSQLite.open(path())
                batches[index].add(
                    try await BareSQLite.batched(many, batch: senders, on: connection, payload: text, prefix: "batch")
                )
                try await connection.close()
            }
            print("durable sqlite round \(round + 1) of \(options.rounds) done")
        }
        print("durable.sqlite.bare.concurrent: not measured: a SQLite file has one writer at a time, so bare transactions "
            + "from many senders on one connection are the sequential case, and on several connections they wait on the file's lock")
        return [bare, state, one] + crowds + batches
    }

    /// A new folder for the SQLite files, in the temporary directory unless that is in memory
    /// (tmpfs), where an fsync costs nothing and the figures would say nothing of a disk.
    static func temporaryFolder() throws -> String {
        var base = FileManager.default.temporaryDirectory.path
        if filesystem(of: base) == "tmpfs" {
            base = filesystem(of: "/var/tmp") == "tmpfs" ? FileManager.default.currentDirectoryPath : "/var/tmp"
        }
        let folder = "\(base)/statecraft-durable-bench-\(UUID().uuidString.prefix(8))"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        return folder
    }

    /// The type of the filesystem a path is on, from `/proc/mounts` (`unknown` elsewhere).
    static func filesystem(of path: String) -> String {
        guard let mounts = try? String(contentsOfFile: "/proc/mounts", encoding: .utf8) else { return "unknown" }
        var best = (length: -1, type: "unknown")
        for line in mounts.split(separator: "\n") {
            let fields = line.split(separator: " ")
            guard fields.count > 2 else { continue }
            let point = String(fields[1])
            let inside = point == "/" || path == point || path.hasPrefix(point + "/")
            if inside, point.count > best.length { best = (point.count, String(fields[2])) }
        }
        return best.type
    }

    /// The snapshot a toggle machine stores, as `bare.state` writes it.
    static func toggleSnapshot() async throws -> String {
        let store = try await SQLiteDurableStore(path: ":memory:")
        let machines = DurableMachines(store: store, charts: [try makeDurableToggle()])
        try await machines.create("toggle", chart: "toggle")
        _ = try await machines.send(try makeDurableToggle().encode(.toggle), to: "toggle", id: "first")
        let row = try await machines.row("toggle")
        await machines.close()
        try await store.close()
        return String(decoding: row.snapshot, as: UTF8.self)
    }

    // MARK: PostgreSQL

    static func postgres(_ url: String, options: Options, payload: Data) async throws -> [Row] {
        let server = try BarePostgres.Target(url)
        let name = "bench_" + UUID().uuidString.replacingOccurrences(of: "-", with: "").lowercased().prefix(12)
        let admin = try await server.connect()
        try await BarePostgres.run(admin, PostgresQuery(unsafeSQL: "CREATE DATABASE \(name)"))
        let target = server.database(name)
        print("durable postgres server=\(server.host):\(server.port) database=\(name) rounds=\(options.rounds) (synchronous_commit on)")
        do {
            let rows = try await postgresCases(target, options: options, payload: payload)
            try? await BarePostgres.run(admin, PostgresQuery(unsafeSQL: "DROP DATABASE \(name) WITH (FORCE)"))
            try? await admin.close()
            return rows
        } catch {
            try? await BarePostgres.run(admin, PostgresQuery(unsafeSQL: "DROP DATABASE \(name) WITH (FORCE)"))
            try? await admin.close()
            throw error
        }
    }

    static func postgresCases(_ target: BarePostgres.Target, options: Options, payload: Data) async throws -> [Row] {
        let chart = try makeDurableToggle()
        let store = CountingStore(try await PostgresDurableStore(url: target.url))
        let connection = try await target.connect()
        for statement in BarePostgres.schema { try await BarePostgres.run(connection, statement) }
        var lanes: [PostgresConnection] = []
        for lane in 0 ..< bareConnections { lanes.append(try await target.connect(id: 10 + lane)) }
        let many = manyEvents(options)

        var bare = Row(database: "PostgreSQL", name: "bare", detail: "one connection, `BEGIN`, one `INSERT`, `COMMIT`", events: options.events)
        var state = Row(
            database: "PostgreSQL", name: "bare.state", detail: "the same and an `UPDATE` of one row to a snapshot", events: options.events
        )
        let snapshot = Data(try await toggleSnapshot().utf8)
        var one = Row(database: "PostgreSQL", name: "one", detail: "one machine, one sender awaiting each send", events: options.events)
        var crowds = senderCounts.map {
            Row(database: "PostgreSQL", name: "many.\($0)", detail: "\(machineCount) machines, \($0) senders", events: many)
        }
        var batches = senderCounts.map {
            Row(database: "PostgreSQL", name: "bare.batch.\($0)", detail: "one connection, \($0) `INSERT`s per transaction", events: many)
        }
        var concurrent = Row(
            database: "PostgreSQL", name: "bare.concurrent.\(bareConnections)",
            detail: "\(bareConnections) connections at once, one `INSERT` per transaction", events: many
        )
        for round in 0 ..< options.rounds {
            let prefix = "r\(round)"
            try await BarePostgres.insert(20, batch: 1, on: connection, payload: payload, prefix: "\(prefix)-warm")
            bare.add(try await BarePostgres.batched(options.events, batch: 1, on: connection, payload: payload, prefix: "\(prefix)-bare"))
            state.add(
                try await BarePostgres.batched(
                    options.events, batch: 1, on: connection, payload: payload, prefix: "\(prefix)-state", state: snapshot
                )
            )
            do {
                let machines = DurableMachines(store: store, charts: [chart])
                let id = "\(prefix)-toggle"
                try await machines.create(id, chart: "toggle")
                _ = try await DurableSends.sequential(20, to: id, on: machines, payload: payload, prefix: "\(prefix)-warm")
                _ = store.take()
                let seconds = try await DurableSends.sequential(options.events, to: id, on: machines, payload: payload, prefix: "\(prefix)-one")
                one.add(seconds, store.take())
                await machines.close()
            }
            for (index, senders) in senderCounts.enumerated() {
                let machines = DurableMachines(store: store, charts: [chart])
                let ids = (0 ..< machineCount).map { "\(prefix)-\(senders)-toggle-\($0)" }
                try await DurableSends.create(ids, on: machines, concurrency: senders)
                _ = store.take()
                let seconds = try await DurableSends.concurrent(
                    many, senders: senders, to: ids, on: machines, payload: payload, prefix: "\(prefix)-many-\(senders)"
                )
                crowds[index].add(seconds, store.take())
                await machines.close()
                batches[index].add(
                    try await BarePostgres.batched(many, batch: senders, on: connection, payload: payload, prefix: "\(prefix)-batch-\(senders)")
                )
            }
            concurrent.seconds.append(try await BarePostgres.concurrent(many, on: lanes, payload: payload, prefix: "\(prefix)-lanes"))
            print("durable postgres round \(round + 1) of \(options.rounds) done")
        }
        for lane in lanes { try? await lane.close() }
        try? await connection.close()
        try await store.close()
        return [bare, state, one] + crowds + batches + [concurrent]
    }

    // MARK: Report

    /// A value rounded to a whole number (`fixed` needs at least one digit after the point).
    static func whole(_ value: Double) -> String {
        value.isFinite ? String(Int(value.rounded())) : "\(value)"
    }

    static func report(_ rows: [Row]) {
        for database in ["SQLite", "PostgreSQL"] {
            let mine = rows.filter { $0.database == database }
            guard let bare = mine.first(where: { $0.name == "bare" }) else { continue }
            let key = database.lowercased()
            for row in mine {
                var line = "durable.\(key).\(row.name) events=\(row.events) us_per_event=\(fixed(row.microsecondsPerEvent)) "
                    + "events_per_s=\(whole(row.eventsPerSecond)) ratio=\(fixed(row.microsecondsPerEvent / bare.microsecondsPerEvent))"
                    + " runs_s=\(row.seconds.map { fixed($0, 3) }.joined(separator: ","))"
                if let phases = row.phases ?? row.counts?.phases {
                    line += " " + phases.perEvent(row.events)
                }
                if let counts = row.counts {
                    line += " events_per_transaction=\(fixed(Double(row.events) / Double(max(1, counts.transactions))))"
                        + " round_trips_per_event=\(fixed(Double(counts.roundTrips) / Double(row.events)))"
                        + " statements_per_event=(\(counts.perEvent(row.events)))"
                        + " in_transaction_us=\(fixed(counts.transactionSeconds / Double(row.events) * 1e6))"
                        + " outside_us=\(fixed(row.microsecondsPerEvent - counts.transactionSeconds / Double(row.events) * 1e6))"
                        + " statement_us=(\(counts.microsecondsPerEvent(row.events)))"
                }
                print(line)
            }
            if let one = mine.first(where: { $0.name == "one" }) {
                let ratio = one.microsecondsPerEvent / bare.microsecondsPerEvent
                print(Compare.target("durable.\(key).one", "ratio<=1.5", holds: ratio <= 1.5, fixed(ratio)))
            }
            for row in mine where row.name.hasPrefix("many.") {
                let ratio = row.microsecondsPerEvent / bare.microsecondsPerEvent
                print(Compare.target("durable.\(key).\(row.name)", "ratio<1 (beats the bare transaction)", holds: ratio < 1, fixed(ratio)))
            }
        }
        print("")
        print("| database | case | what | events | µs per event | events/s | × bare | events per transaction |")
        print("|---|---|---|---|---|---|---|---|")
        for row in rows {
            guard let bare = rows.first(where: { $0.database == row.database && $0.name == "bare" }) else { continue }
            let perTransaction = row.counts.map { fixed(Double(row.events) / Double(max(1, $0.transactions)), 1) }
                ?? (row.name.hasPrefix("bare.batch.") ? row.name.split(separator: ".").last.map(String.init) ?? "" : "1")
            print("| \(row.database) | `\(row.name)` | \(row.detail) | \(row.events) | \(whole(row.microsecondsPerEvent)) "
                + "| \(whole(row.eventsPerSecond)) | \(fixed(row.microsecondsPerEvent / bare.microsecondsPerEvent)) | \(perTransaction) |")
        }
    }
}
