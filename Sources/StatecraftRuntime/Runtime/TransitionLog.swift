/// Where the machine's listener writes the transitions of the step being processed.
final class TransitionLog<Transition: Sendable>: @unchecked Sendable {
    // Safe to share: the listener that appends runs only inside the machine's send(_:) and
    // advance(to:), and `take()` is called after them, by the same task: the one the runtime
    // has handed its machine to. The runtime hands the machine over through its mutex, one
    // task at a time, which orders every access.
    private var items: [Transition] = []

    func append(_ transition: Transition) {
        items.append(transition)
    }

    /// The transitions written since the last call; empties the log.
    func take() -> [Transition] {
        guard !items.isEmpty else { return [] }
        defer { items = [] }
        return items
    }
}
