/// Where the machine's listener writes the transitions of the step being processed.
///
/// The first transition of a step is kept apart from the others, so that the usual step, which
/// takes one transition, hands it over without allocating an array.
@usableFromInline
final class TransitionLog<Transition: Sendable>: @unchecked Sendable {
    // Safe to share: the listener that appends runs only inside the machine's send(_:) and
    // advance(to:), and `take()` is called after them, by the same task: the one the runtime
    // has handed its machine to. The runtime hands the machine over through its mutex, one
    // task at a time, which orders every access.
    @usableFromInline @exclusivity(unchecked) var first: Transition?
    @usableFromInline @exclusivity(unchecked) var rest: [Transition] = []

    @usableFromInline
    init() {}

    @inlinable
    func append(_ transition: Transition) {
        if first == nil {
            first = transition
        } else {
            rest.append(transition)
        }
    }

    /// Whether no transition was written since the last `take()` or `clear()`.
    @inlinable
    var isEmpty: Bool { first == nil }

    /// Empties the log, keeping its storage for the next step.
    ///
    /// - Returns: No transitions, for symmetry with `take()`.
    @inlinable
    func clear() -> StepTransitions<Transition> {
        first = nil
        if !rest.isEmpty { rest.removeAll(keepingCapacity: true) }
        return StepTransitions()
    }

    /// The transitions written since the last call; empties the log.
    @inlinable
    func take() -> StepTransitions<Transition> {
        guard let taken = first else { return StepTransitions() }
        first = nil
        guard !rest.isEmpty else { return StepTransitions(first: taken) }
        defer { rest = [] }
        return StepTransitions(first: taken, rest: rest)
    }
}

/// The transitions of one step, in order, with the first kept apart from the rest: a step
/// that takes one transition, the usual case, holds it with no array.
@usableFromInline
struct StepTransitions<Transition: Sendable>: Sendable {
    @usableFromInline let first: Transition?
    /// The transitions after the first, when there are any: `nil` rather than an empty array,
    /// which costs nothing to copy or drop.
    @usableFromInline let rest: [Transition]?

    @inlinable
    init(first: Transition? = nil, rest: [Transition]? = nil) {
        self.first = first
        self.rest = rest
    }

    @inlinable
    var isEmpty: Bool { first == nil }

    /// The transitions as an array.
    @inlinable
    var array: [Transition] {
        guard let first else { return [] }
        return [first] + (rest ?? [])
    }

    /// Calls `body` with each transition, in order.
    @inlinable
    func forEach(_ body: (Transition) -> Void) {
        guard let first else { return }
        body(first)
        for transition in rest ?? [] { body(transition) }
    }
}
