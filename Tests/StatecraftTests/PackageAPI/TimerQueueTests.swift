import Statecraft
import Testing

/// `TimerQueue`, the heap every machine's and session group's timers wait in, against a plain
/// list kept sorted by `(due, sequence)` on random operations: both must give the same timers in
/// the same order, whatever is added, taken and cancelled.
@Suite("The timer queue gives timers in (due, sequence) order")
struct TimerQueueTests {
    struct Entry: Scheduled, Equatable {
        var due: Duration
        var sequence: UInt64
        var owner: Int
    }

    /// The oracle: every timer in a list, the soonest found by sorting.
    struct Oracle {
        var entries: [Entry] = []
        var sorted: [Entry] { entries.sorted { ($0.due, $0.sequence) < ($1.due, $1.sequence) } }

        mutating func pop(dueBy instant: Duration) -> Entry? {
            guard let first = sorted.first, first.due <= instant else { return nil }
            entries.removeAll { $0 == first }
            return first
        }

        mutating func pop(where predicate: (Entry) -> Bool) -> Entry? {
            guard let first = sorted.first(where: predicate) else { return nil }
            entries.removeAll { $0 == first }
            return first
        }
    }

    @Test(arguments: [1, 2, 3, 4, 5, 6, 7, 8] as [UInt64])
    func randomOperationsAgreeWithASortedList(seed: UInt64) {
        var random = SplitMix64(state: seed)
        var queue = TimerQueue<Entry>()
        var oracle = Oracle()
        var sequence: UInt64 = 0
        for _ in 0 ..< 2_000 {
            switch random.below(10) {
            case 0 ... 4:
                sequence += 1
                // Few distinct instants, so that ties are decided by the sequence.
                let entry = Entry(due: .seconds(random.below(8)), sequence: sequence, owner: random.below(5))
                queue.insert(entry)
                oracle.entries.append(entry)
            case 5, 6:
                let instant = Duration.seconds(random.below(8))
                #expect(queue.popFirst(dueBy: instant) == oracle.pop(dueBy: instant))
            case 7:
                let owner = random.below(5)
                let removed = queue.removeAll { $0.owner == owner }
                let before = oracle.entries.count
                oracle.entries.removeAll { $0.owner == owner }
                #expect(removed == before - oracle.entries.count)
            case 8:
                let owner = random.below(5)
                #expect(queue.popFirst { $0.owner == owner } == oracle.pop { $0.owner == owner })
            default:
                let position = random.below(queue.count + 2) - 1
                let expected = position >= 0 && position < oracle.entries.count ? oracle.sorted[position] : nil
                #expect(queue.remove(sortedPosition: position) == expected)
                if let expected { oracle.entries.removeAll { $0 == expected } }
            }
            #expect(queue.count == oracle.entries.count)
            #expect(queue.first == oracle.sorted.first)
        }
        #expect(queue.sorted() == oracle.sorted)
    }

    @Test func timersDueAtOneInstantComeInTheOrderTheyWereScheduled() {
        var queue = TimerQueue<Entry>()
        for sequence in (1 ... 50).reversed() { queue.insert(Entry(due: .seconds(1), sequence: UInt64(sequence), owner: 0)) }
        queue.insert(Entry(due: .zero, sequence: 99, owner: 0))
        var order: [UInt64] = []
        while let entry = queue.popFirst(dueBy: .seconds(1)) { order.append(entry.sequence) }
        #expect(order == [99] + Array(1 ... 50))
        #expect(queue.isEmpty)
    }

    @Test func nothingIsTakenBeforeItIsDue() {
        var queue = TimerQueue<Entry>()
        queue.insert(Entry(due: .seconds(2), sequence: 1, owner: 0))
        #expect(queue.popFirst(dueBy: .seconds(1)) == nil)
        #expect(queue.count == 1)
        #expect(queue.popFirst(dueBy: .seconds(2))?.sequence == 1)
    }
}
