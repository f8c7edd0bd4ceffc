#if Postgres
import Foundation
import StatecraftTesting
import Statecraft
@testable import StatecraftDurable
import StatecraftSCXML
import Synchronization

/// A folder in the temporary directory, removed when the test ends.
func withTemporaryDirectory<Result>(_ body: (URL) async throws -> Result) async throws -> Result {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("statecraft-durable-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    return try await body(folder)
}

extension ManualClock {
    /// The durable store's clock on this test clock: milliseconds since its zero, so that a
    /// store reopened in the same test reads the same time.
    var durable: DurableClock { DurableClock(self, since: Instant(offset: .zero)) }
}

enum LampState: String, Hashable, Sendable, Codable { case off, on }

enum LampEvent: MachineEvent, Codable, Equatable {
    case toggle
    case relay(to: String)

    enum Kind { case toggle, relay }
    var kind: Kind {
        switch self {
        case .toggle: .toggle
        case .relay: .relay
        }
    }
}

extension LampEvent: PayloadCases {
    struct Cases: Sendable {
        let relay = EventCase<LampEvent, String>(.relay) { event in
            if case .relay(let target) = event { target } else { nil }
        }
    }

    static let cases = Cases()
}

struct Lamp: Sendable, Codable, Equatable {
    var toggles = 0
    var timeouts = 0
    var outgoing: [String] = []
}

/// A lamp that goes off by itself 5 seconds after it went on, and relays a toggle to another lamp.
func makeLampChart(version: Int = 1, migration: TypedDurableChart<LampState, LampEvent, Lamp>.Migration? = nil) throws
    -> TypedDurableChart<LampState, LampEvent, Lamp>
{
    let chart = try Statechart<LampState, LampEvent, Lamp> {
        Atomic(.off) {
            On(.toggle, to: .on) { lamp, _ in lamp.toggles += 1 }
            On(\.relay) { lamp, target in lamp.outgoing.append(target) }
        }
        Atomic(.on) {
            On(.toggle, to: .off) { lamp, _ in lamp.toggles += 1 }
            After(.seconds(5), to: .off) { lamp, _ in lamp.timeouts += 1 }
            On(\.relay) { lamp, target in lamp.outgoing.append(target) }
        }
    }
    return TypedDurableChart(
        name: "lamp", version: version, chart: chart, context: Lamp(),
        outbox: { lamp in
            defer { lamp.outgoing = [] }
            return lamp.outgoing.map { (target: $0, event: LampEvent.toggle) }
        },
        migration: migration
    )
}

/// An SCXML counter: `go` counts and enters busy, which times out after 2 s; `ping` in busy sends
/// `go` to the durable machine `other`.
let counterDocument = """
    <scxml xmlns="http://www.w3.org/2005/07/scxml" version="1.0" initial="idle" datamodel="statecraft">
      <datamodel><data id="count" expr="0"/></datamodel>
      <state id="idle">
        <transition event="go" target="busy"><assign location="count" expr="count + 1"/></transition>
      </state>
      <state id="busy">
        <onentry><send event="timeout" delay="2s"/></onentry>
        <transition event="timeout" target="idle"/>
        <transition event="ping"><send event="go" target="durable:other"/></transition>
      </state>
    </scxml>
    """

/// Opens a store in `folder` and machines on it; closes both after `body`.
func withMachines<Result>(
    in folder: URL, charts: [any DurableChart], clock: ManualClock = ManualClock(now: .seconds(1_000)),
    _ body: (DurableMachines, SQLiteDurableStore) async throws -> Result
) async throws -> Result {
    let store = try await SQLiteDurableStore(path: folder.appendingPathComponent("machines.sqlite").path)
    let machines = DurableMachines(store: store, charts: charts, clock: clock.durable)
    do {
        let result = try await body(machines, store)
        await machines.close()
        try await store.close()
        return result
    } catch {
        await machines.close()
        try? await store.close()
        throw error
    }
}
#endif
