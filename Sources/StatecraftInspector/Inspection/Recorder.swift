#if Inspector
import Foundation
import Statecraft
import Synchronization

/// A machine's recent records, oldest first: at most `limit` of them and at most `byteLimit`
/// bytes of their JSON, the oldest dropped first. A record larger than the whole byte budget
/// is kept as a small record that says so (``InspectorRecord/tooLargeBytes``), so that no
/// step vanishes without a trace.
final class Recorder: Sendable {
    private struct Ring {
        /// The records from `start` on are kept; those before it are dropped and not yet
        /// compacted away.
        var records: [InspectorRecord] = []
        var start = 0
        var bytes = 0
        var nextSequence = 1
        var dropped = 0
        var tooLarge = 0

        var kept: ArraySlice<InspectorRecord> { records[start...] }
    }

    /// The most records kept.
    let limit: Int
    /// The most bytes of records' JSON kept.
    let byteLimit: Int
    private let ring = Mutex(Ring())

    init(limit: Int, byteLimit: Int) {
        self.limit = max(1, limit)
        self.byteLimit = max(1, byteLimit)
    }

    /// Adds a record made by `make` from its sequence number, dropping the oldest while the
    /// records kept pass either bound; the newest is always kept.
    ///
    /// - Returns: The record kept: the one made, or the small one that stands for it when it
    ///   was larger than `byteLimit`.
    func append(_ make: (Int) -> InspectorRecord) -> InspectorRecord {
        ring.withLock { ring in
            var record = make(ring.nextSequence)
            ring.nextSequence += 1
            if record.json.utf8.count > byteLimit {
                record = Self.placeholder(for: record, byteLimit: byteLimit)
                ring.tooLarge += 1
            }
            ring.records.append(record)
            ring.bytes += record.json.utf8.count
            while ring.records.count - ring.start > 1, ring.records.count - ring.start > limit || ring.bytes > byteLimit {
                ring.bytes -= ring.records[ring.start].json.utf8.count
                ring.start += 1
                ring.dropped += 1
            }
            if ring.start > 64, ring.start * 2 > ring.records.count {
                ring.records.removeFirst(ring.start)
                ring.start = 0
            }
            return record
        }
    }

    /// The records kept, oldest first.
    var records: [InspectorRecord] {
        ring.withLock { Array($0.kept) }
    }

    /// The sequence number of the latest record; 0 before the first.
    var latestSequence: Int {
        ring.withLock { $0.nextSequence - 1 }
    }

    /// How many records were dropped from the history (by either bound), and how many were
    /// kept only as a note that they were too large.
    var losses: (dropped: Int, tooLarge: Int) {
        ring.withLock { ($0.dropped, $0.tooLarge) }
    }

    /// The bytes of JSON kept.
    var bytes: Int {
        ring.withLock { $0.bytes }
    }

    /// The small record that stands for `record`: its number, kind, event name and active
    /// states (when short), no data, transitions or context, and `tooLarge` with the sizes.
    static func placeholder(for record: InspectorRecord, byteLimit: Int) -> InspectorRecord {
        let size = record.json.utf8.count
        let name = record.eventName.map { $0.excerpt() }
        let states = JSONText.array(record.activeStates.map { JSONText.string($0) })
        let shownStates = states.utf8.count <= 512 ? states : "[]"
        let milliseconds = Int64((Date().timeIntervalSince1970 * 1000).rounded())
        let note = "record \(record.sequence) was \(size) bytes, more than the history's budget of \(byteLimit) bytes "
            + "(InspectorConfiguration.historyByteLimit): its data, transitions and snapshot were not kept"
        let json = JSONText.object([
            ("sequence", String(record.sequence)),
            ("kind", JSONText.string(record.kind.rawValue)),
            ("time", String(milliseconds)),
            ("event", name.map { JSONText.object([("name", JSONText.string($0)), ("data", "null"), ("text", JSONText.string($0))]) } ?? "null"),
            ("outcome", JSONText.string(note)),
            ("transitions", "[]"),
            ("snapshot", JSONText.object([
                ("activeStates", shownStates), ("status", "null"), ("timers", "[]"), ("context", "null"),
                ("contextEncodable", "false"), ("omitted", "true"),
            ])),
            ("tooLarge", JSONText.object([("bytes", String(size)), ("limit", String(byteLimit))])),
        ])
        return InspectorRecord(
            sequence: record.sequence, kind: record.kind, eventName: record.eventName, activeStates: record.activeStates,
            json: json, tooLargeBytes: size
        )
    }
}
#endif
