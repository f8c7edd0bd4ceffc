/// A state of a ``StateMachine``: a value and four optional hooks.
///
/// ```swift
/// let passed = State("Passed")
/// passed.willEnterState = { state in print("\(state.value) willEnterState") }
/// ```
///
/// When the machine moves from `source` to `destination`, the hooks run in this order:
/// `destination.willEnterState`, `source.willExitState`, (the current state changes),
/// `source.didExitState`, `destination.didEnterState`. Each hook receives its own state.
///
/// A state belongs to the thread or isolation domain of its machine; see ``StateMachine``.
///
/// The class is open, so a state may carry data of its own; the hooks are final stored
/// properties (reading one is a plain load, which firing does seven times), and they skip
/// dynamic exclusivity checks because reading or setting a hook is a single instant access.
open class State<T: Hashable> {
    /// The type of a hook: it receives the state it belongs to.
    public typealias Hook = (_ state: State<T>) -> Void

    /// The value that identifies this state in its machine.
    public let value: T
    /// Runs before the machine enters this state, before the source state's `willExitState`.
    @exclusivity(unchecked) public final var willEnterState: Hook?
    /// Runs after the machine entered this state: the last hook of a move.
    @exclusivity(unchecked) public final var didEnterState: Hook?
    /// Runs before the machine leaves this state, after the destination's `willEnterState`.
    @exclusivity(unchecked) public final var willExitState: Hook?
    /// Runs after the machine left this state, before the destination's `didEnterState`.
    @exclusivity(unchecked) public final var didExitState: Hook?

    /// Creates a state with no hooks.
    ///
    /// - Parameter value: The value that identifies the state.
    public init(_ value: T) {
        self.value = value
    }
}

extension State: CustomStringConvertible {
    /// The state's value.
    public var description: String { "\(value)" }
}
