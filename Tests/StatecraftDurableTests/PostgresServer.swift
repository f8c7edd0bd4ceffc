#if Postgres
import Foundation
import StatecraftTesting
import Logging
import PostgresNIO
@testable import StatecraftDurable
@testable import StatecraftDurablePostgres
import Testing

/// The PostgreSQL server the tests use: `STATECRAFT_POSTGRES_URL`, which `scripts/test` and
/// `.ci/run` set after starting a private server (`scripts/postgres`). Without it the tests that
/// need a server are skipped, saying so; CI fails when they are.
enum PostgresServer {
    static let url: String? = ProcessInfo.processInfo.environment["STATECRAFT_POSTGRES_URL"].flatMap { $0.isEmpty ? nil : $0 }

    static var isGiven: Bool { url != nil }

    /// Why a test that needs the server did not run.
    static let missing: Comment = "no PostgreSQL server: STATECRAFT_POSTGRES_URL is not set (scripts/test starts a private one); skipped"

    /// A new, empty database on the server, dropped after `body`: each test has tables of its own.
    static func withDatabase<Result>(_ body: (String) async throws -> Result) async throws -> Result {
        let base = try #require(url)
        let name = "statecraft_test_" + UUID().uuidString.replacingOccurrences(of: "-", with: "").lowercased().prefix(16)
        try await execute(base, PostgresQuery(unsafeSQL: "CREATE DATABASE \(name)"))
        var components = try #require(URLComponents(string: base))
        components.path = "/" + name
        let databaseURL = try #require(components.string)
        do {
            let result = try await body(databaseURL)
            try? await execute(base, PostgresQuery(unsafeSQL: "DROP DATABASE \(name) WITH (FORCE)"))
            return result
        } catch {
            try? await execute(base, PostgresQuery(unsafeSQL: "DROP DATABASE \(name) WITH (FORCE)"))
            throw error
        }
    }

    /// Runs a statement on its own connection.
    static func execute(_ url: String, _ query: PostgresQuery) async throws {
        _ = try await rows(url, query) { _ in () }
    }

    /// The first column of every row, as text.
    static func strings(_ url: String, _ query: PostgresQuery) async throws -> [String] {
        try await rows(url, query) { try $0.decode(String.self) }
    }

    /// The first column of the first row, as a whole number.
    static func integer(_ url: String, _ query: PostgresQuery) async throws -> Int64 {
        try #require(try await rows(url, query) { try $0.decode(Int64.self) }.first)
    }

    static func rows<Row>(_ url: String, _ query: PostgresQuery, _ decode: (PostgresRow) throws -> Row) async throws -> [Row] {
        let target = try PostgresURL(url)
        let connection = try await PostgresConnection.connect(configuration: target.connection(), id: 1, logger: Logger(label: "test"))
        do {
            var result: [Row] = []
            for try await row in try await connection.query(query, logger: Logger(label: "test")) {
                result.append(try decode(row))
            }
            try await connection.close()
            return result
        } catch {
            try? await connection.close()
            throw error
        }
    }
}

/// Opens `count` hosts (a store and its machines each, as separate processes would have) on one
/// database; closes them after `body`.
func withPostgresHosts<Result>(
    _ url: String, count: Int, charts: [any DurableChart], clock: ManualClock = ManualClock(now: .seconds(1_000)),
    _ body: ([DurableMachines]) async throws -> Result
) async throws -> Result {
    var stores: [PostgresDurableStore] = []
    var hosts: [DurableMachines] = []
    do {
        for _ in 0 ..< count {
            let store = try await PostgresDurableStore(url: url)
            stores.append(store)
            hosts.append(DurableMachines(store: store, charts: charts, clock: clock.durable))
        }
        let result = try await body(hosts)
        for host in hosts { await host.close() }
        for store in stores { try await store.close() }
        return result
    } catch {
        for host in hosts { await host.close() }
        for store in stores { try? await store.close() }
        throw error
    }
}
#endif
