#if Inspector
import Synchronization

/// A machine's recent records, oldest first, at most `limit` of them: a ring that drops the
/// oldest when full.
final class Recorder: Sendable {
    private struct Ring {
        var records: [InspectorRecord] = []
        var start = 0
        var nextSequence = 1

        var ordered: [InspectorRecord] {
            Array(records[start...] + records[..<start])
        }
    }

    let limit: Int
    private let ring = Mutex(Ring())

    init(limit: Int) {
        self.limit = max(1, limit)
    }

    /// Adds a record made by `make` from its sequence number, dropping the oldest when full.
    ///
    /// - Returns: The record.
    func append(_ make: (Int) -> InspectorRecord) -> InspectorRecord {
        ring.withLock { ring in
            let record = make(ring.nextSequence)
            ring.nextSequence += 1
            if ring.records.count < limit {
                ring.records.append(record)
            } else {
                ring.records[ring.start] = record
                ring.start = (ring.start + 1) % limit
            }
            return record
        }
    }

    /// The records kept, oldest first.
    var records: [InspectorRecord] {
        ring.withLock { $0.ordered }
    }

    /// The sequence number of the latest record; 0 before the first.
    var latestSequence: Int {
        ring.withLock { $0.nextSequence - 1 }
    }
}
#endif
