/// Something that waits on a clock: due at an instant, and numbered in the order it was
/// scheduled, so that of two due at the same instant the one scheduled first comes first.
@usableFromInline
package protocol Scheduled {
    /// When it is due, on its clock.
    var due: Duration { get }
    /// Its place in the order of scheduling: unique in its queue.
    var sequence: UInt64 { get }
}

extension Scheduled {
    /// Whether it comes before `other`: due earlier, or due at the same instant and scheduled
    /// first.
    @inlinable
    package func precedes(_ other: some Scheduled) -> Bool {
        due < other.due || (due == other.due && sequence < other.sequence)
    }
}

/// The timers waiting on one clock, soonest first: a binary heap ordered by `(due, sequence)`.
///
/// The one place timers wait: a `Machine`'s delayed transitions and delayed sends
/// (`Workspace.timers`) and the delayed sends of an SCXML session group (`SessionGroup`). Adding
/// a timer and taking the soonest cost `O(log n)` and reading the soonest `O(1)`, so a document
/// or chart that schedules many timers cannot make each one that fires scan them all; cancelling
/// by a predicate (a state's exit, a `<cancel>`) is one pass and rebuilds the heap only when
/// something was removed.
@usableFromInline
package struct TimerQueue<Element: Scheduled> {
    /// The heap: each element precedes its children (`2i + 1`, `2i + 2`).
    @usableFromInline var heap = ContiguousArray<Element>()

    /// An empty queue.
    @inlinable
    package init() {}

    /// How many timers wait.
    @inlinable
    package var count: Int { heap.count }

    /// Whether no timer waits.
    @inlinable
    package var isEmpty: Bool { heap.isEmpty }

    /// The soonest timer, if any.
    @inlinable
    package var first: Element? { heap.first }

    /// Every waiting timer, in no particular order.
    @inlinable
    package var unordered: ContiguousArray<Element> { heap }

    /// Every waiting timer, soonest first.
    @inlinable
    package func sorted() -> [Element] {
        heap.sorted { $0.precedes($1) }
    }

    /// Adds a timer.
    @inlinable
    package mutating func insert(_ element: Element) {
        heap.append(element)
        siftUp(heap.count - 1)
    }

    /// Takes the soonest timer out, if it is due by `instant`.
    ///
    /// - Parameter instant: The latest due time taken.
    /// - Returns: The timer, or `nil` when none is due by then.
    @inlinable
    package mutating func popFirst(dueBy instant: Duration) -> Element? {
        guard let first = heap.first, first.due <= instant else { return nil }
        return remove(at: 0)
    }

    /// Takes the soonest of the timers that satisfy `predicate` out.
    ///
    /// - Parameter predicate: Which timers may be taken.
    /// - Returns: The timer, or `nil` when none satisfies `predicate`.
    @inlinable
    package mutating func popFirst(where predicate: (Element) throws -> Bool) rethrows -> Element? {
        var best: Int?
        for index in heap.indices where try predicate(heap[index]) {
            if let current = best, !heap[index].precedes(heap[current]) { continue }
            best = index
        }
        return best.map { remove(at: $0) }
    }

    /// Takes out the timer at `position` in the order of ``sorted()`` (0 is the soonest).
    ///
    /// - Parameter position: A position in `0 ..< count`.
    /// - Returns: The timer, or `nil` when `position` is out of range.
    @inlinable
    package mutating func remove(sortedPosition position: Int) -> Element? {
        guard position >= 0, position < heap.count else { return nil }
        let order = heap.indices.sorted { heap[$0].precedes(heap[$1]) }
        return remove(at: order[position])
    }

    /// Removes every timer that satisfies `predicate`.
    ///
    /// - Parameter predicate: Which timers go.
    /// - Returns: How many timers went.
    @inlinable
    @discardableResult
    package mutating func removeAll(where predicate: (Element) throws -> Bool) rethrows -> Int {
        let before = heap.count
        try heap.removeAll(where: predicate)
        let removed = before - heap.count
        if removed > 0, heap.count > 1 {
            // Rebuilt bottom-up: each parent, last first, sinks to its place.
            for index in stride(from: heap.count / 2 - 1, through: 0, by: -1) { siftDown(index) }
        }
        return removed
    }

    /// Removes every timer.
    @inlinable
    package mutating func removeAll() {
        heap.removeAll()
    }

    /// Whether the heap's order holds (every timer precedes its children) and no two timers
    /// share a sequence number, for the first ``checkedPrefix`` timers of the heap; checked with
    /// the machine's and the session group's invariants in debug builds. The bound keeps a debug
    /// build's step from costing time in the number of waiting timers.
    ///
    /// - Returns: `true`; a violation stops the program with a message naming the timers.
    package func checkInvariants() -> Bool {
        let checked = heap.prefix(Self.checkedPrefix)
        for index in checked.indices.dropFirst() {
            let parent = (index - 1) / 2
            precondition(!heap[index].precedes(heap[parent]),
                         "Statecraft: timer \(index) (due \(heap[index].due)) precedes its parent \(parent) (due \(heap[parent].due)) in the timer queue")
        }
        var sequences = Set<UInt64>()
        for element in checked {
            precondition(sequences.insert(element.sequence).inserted,
                         "Statecraft: two timers in one queue have the sequence number \(element.sequence)")
        }
        return true
    }

    /// How many timers, from the top of the heap, ``checkInvariants()`` checks.
    package static var checkedPrefix: Int { 256 }

    /// Takes the element at `index` of the heap out, keeping the heap's order.
    @inlinable
    mutating func remove(at index: Int) -> Element {
        let last = heap.count - 1
        if index != last { heap.swapAt(index, last) }
        let element = heap.removeLast()
        if index < heap.count {
            siftDown(index)
            siftUp(index)
        }
        return element
    }

    @inlinable
    mutating func siftUp(_ start: Int) {
        var child = start
        while child > 0 {
            let parent = (child - 1) / 2
            guard heap[child].precedes(heap[parent]) else { return }
            heap.swapAt(child, parent)
            child = parent
        }
    }

    @inlinable
    mutating func siftDown(_ start: Int) {
        var parent = start
        while true {
            let left = 2 * parent + 1
            guard left < heap.count else { return }
            let right = left + 1
            let child = right < heap.count && heap[right].precedes(heap[left]) ? right : left
            guard heap[child].precedes(heap[parent]) else { return }
            heap.swapAt(child, parent)
            parent = child
        }
    }
}

extension TimerQueue: Sendable where Element: Sendable {}
