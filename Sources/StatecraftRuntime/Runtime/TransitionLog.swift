/// Where the machine's listener writes the transitions of the step being processed.
@usableFromInline
final class TransitionLog<Transition: Sendable>: @unchecked Sendable {
    // Safe to share: the listener that appends runs only inside the machine's send(_:) and
    // advance(to:), and `take()` is called after them, by the same task: the one the runtime
    // has handed its machine to. The runtime hands the machine over through its mutex, one
    // task at a time, which orders every access.
    @usableFromInline @exclusivity(unchecked) var items: [Transition] = []

    @usableFromInline
    init() {}

    @inlinable
    func append(_ transition: Transition) {
        items.append(transition)
    }

    /// Whether no transition was written since the last `take()` or `clear()`.
    @inlinable
    var isEmpty: Bool { items.isEmpty }

    /// Empties the log, keeping its storage for the next step.
    ///
    /// - Returns: No transitions, for symmetry with `take()`.
    @inlinable
    func clear() -> [Transition] {
        if !items.isEmpty { items.removeAll(keepingCapacity: true) }
        return []
    }

    /// The transitions written since the last call; empties the log.
    @inlinable
    func take() -> [Transition] {
        guard !items.isEmpty else { return [] }
        defer { items = [] }
        return items
    }
}
