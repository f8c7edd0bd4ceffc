import Foundation
import FuzzSupport
import Statecraft
@testable import StatecraftDurable
import StatecraftDurableSCXML
import StatecraftSCXML

/// Fuzzes what a durable store hands back: bytes read as a machine's row (its chart, version,
/// origin, next deadline and revision on a first line, then the stored snapshot) and restored
/// the way `DurableMachines` restores a row, into a typed chart (`TypedDurableChart`) or an
/// SCXML document (`SCXMLDurableChart`).
///
/// The first line is `<chart> <version> <origin> <nextDue or -> <revision>`; a field missing or
/// not a number takes a default, so the snapshot bytes are fuzzed with sane numbers too.
///
/// Properties checked on every input:
/// - restoring never traps: a row that cannot be restored is a `DurableError` that names the
///   machine and says what is wrong;
/// - a restored machine takes every event of its chart and lets time pass, with the durable
///   clock at ordinary readings and at the ends of its range, without trapping;
/// - the row it would write next restores, with its revision one higher.
///
/// With `FUZZ_WRITE_SEEDS=<folder>` in the environment the target writes rows of both charts'
/// machines at each step of a short run into the folder and exits: the seed corpus in
/// `Fuzz/Seeds/durable-row` was made that way.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzDurableRow(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = FuzzInput.bytes(data, size)
    let newline = bytes.firstIndex(of: UInt8(ascii: "\n")) ?? bytes.count
    let header = String(decoding: bytes[..<newline], as: UTF8.self).split(separator: " ").map(String.init)
    let snapshot = Data(bytes[min(newline + 1, bytes.count)...])
    func number(_ index: Int, _ fallback: Int64) -> Int64 {
        header.indices.contains(index) ? Int64(header[index]) ?? fallback : fallback
    }
    let chart = header.first ?? "lamp"
    let row = StoredMachine(
        id: "fuzzed", chart: chart, version: Int(number(1, 1)), snapshot: snapshot, origin: number(2, 1_000),
        nextDue: header.indices.contains(3) ? Int64(header[3]) : nil, revision: number(4, 1)
    )
    exercise(row)
    return 0
}

/// Restores `row`, checks what a restored machine promises, and drives it.
func exercise(_ row: StoredMachine) {
    let held: HeldMachine
    do {
        held = try HeldMachine.restore(row, charts: DurableRowFixture.charts)
    } catch {
        require(!error.message.isEmpty, "a DurableError without a message")
        require(error.machineID == row.id, "a refused row's error does not name its machine: \(error)")
        return
    }
    let events = row.chart == "lamp" ? DurableRowFixture.lampEvents : DurableRowFixture.counterEvents
    // Readings of the durable clock: around the origin, and the ends of its range.
    let readings: [Int64] = [
        row.origin, row.origin.saturatingAdd(700), row.origin.saturatingAdd(6_000), .min, 0,
        Int64.max - 1, .max,
    ]
    var writes = PendingWrites()
    for (index, reading) in readings.enumerated() {
        _ = try? held.instance.apply(events[index % events.count])
        _ = try? held.fireTimers(now: reading, into: &writes)
    }
    let next: StoredMachine
    do {
        next = try held.nextRow(version: 1)
    } catch {
        require(error.machineID == row.id, "a row that cannot be written does not name its machine: \(error)")
        return
    }
    require(next.revision == row.revision + 1, "the next row's revision \(next.revision) is not \(row.revision) + 1")
    do {
        _ = try HeldMachine.restore(next, charts: DurableRowFixture.charts)
    } catch {
        require(false, "the row a restored machine writes does not restore: \(error)")
    }
}

/// Makes the charts before fuzzing starts; writes the seed rows when `FUZZ_WRITE_SEEDS` is set.
@_cdecl("LLVMFuzzerInitialize")
public func initializeDurableRow(
    _ argc: UnsafeMutablePointer<CInt>,
    _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>>
) -> CInt {
    _ = DurableRowFixture.charts
    guard let folder = ProcessInfo.processInfo.environment["FUZZ_WRITE_SEEDS"] else { return 0 }
    var count = 0
    for (name, events) in [("lamp", DurableRowFixture.lampEvents), ("counter", DurableRowFixture.counterEvents)] {
        guard let chart = DurableRowFixture.charts[name], let instance = try? chart.makeHeld() else { continue }
        let held = HeldMachine(
            instance: instance,
            row: StoredMachine(id: "seed", chart: name, version: 1, snapshot: Data(), origin: 1_000, nextDue: nil, revision: 1)
        )
        var writes = PendingWrites()
        for (index, event) in (events + events).enumerated() {
            guard let row = try? held.nextRow(version: 1) else { continue }
            count += 1
            let text = "\(name) 1 \(row.origin) \(row.nextDue.map(String.init) ?? "-") \(row.revision)\n"
            try? (Data(text.utf8) + row.snapshot).write(to: URL(fileURLWithPath: folder).appendingPathComponent(String(format: "%02d.row", count)))
            held.row = row
            _ = try? held.instance.apply(event)
            _ = try? held.fireTimers(now: 1_000 + Int64(index) * 1_500, into: &writes)
        }
    }
    exit(0)
}

enum LampState: String, Hashable, Sendable, Codable { case off, on }

enum LampEvent: String, MachineEvent, Codable, CaseIterable { case toggle, relay }

struct Lamp: Sendable, Codable, Equatable {
    var toggles = 0
    var outgoing: [String] = []
}

/// The charts rows are restored into: a typed lamp with a delayed transition and an outbox, and
/// an SCXML counter with a delayed send and a `<send>` to another durable machine.
enum DurableRowFixture {
    static let charts: [String: any DurableChart] = {
        do {
            let lamp = try Statechart<LampState, LampEvent, Lamp> {
                Atomic(.off) {
                    On(.toggle, to: .on) { lamp, _ in lamp.toggles += 1 }
                    On(.relay) { lamp, _ in lamp.outgoing.append("other") }
                }
                Atomic(.on) {
                    On(.toggle, to: .off) { lamp, _ in lamp.toggles += 1 }
                    After(.seconds(5), to: .off)
                    On(.relay) { lamp, _ in lamp.outgoing.append("other") }
                }
            }
            let typed = TypedDurableChart(
                name: "lamp", version: 1, chart: lamp, context: Lamp(),
                outbox: { lamp in
                    defer { lamp.outgoing = [] }
                    return lamp.outgoing.map { (target: $0, event: LampEvent.toggle) }
                }
            )
            let counter = SCXMLDurableChart(name: "counter", version: 1, document: try SCXMLDocument(xml: counterXML))
            return ["lamp": typed, "counter": counter]
        } catch {
            fatalError("the fuzzer's charts do not compile: \(error)")
        }
    }()

    static let lampEvents = LampEvent.allCases.map { Data("\"\($0.rawValue)\"".utf8) } + [Data("{}".utf8)]
    static let counterEvents = ["go", "ping", "timeout", "stray"].map { Data("{\"name\":\"\($0)\"}".utf8) } + [Data("[]".utf8)]

    static let counterXML = """
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
}
