/// A state that carries its own behaviour, for use with an ``ObjectStateMachine``.
///
/// Subclass `ObjectState` once per state of your object, override the hooks you need, and add
/// the methods your context forwards to the current state. The machine creates no states of its
/// own: you hand it one instance of each subclass, and it keeps that instance for its lifetime,
/// so a state may keep data between visits.
///
/// A state reaches the object it works for through ``context`` and moves the machine on through
/// ``machine``. Both references are weak, so a context that owns its machine, which owns its
/// states, forms no retain cycle.
///
/// ```swift
/// final class Closed: ObjectState<Door> {
///     override func isValidNextState(_ stateType: ObjectState<Door>.Type) -> Bool {
///         stateType == Open.self
///     }
///
///     override func didEnter(from previousState: ObjectState<Door>?) {
///         context?.lamp = .red
///     }
/// }
/// ```
///
/// ### Threading
///
/// A state is not `Sendable`. It belongs to the isolation domain of its machine (one thread, one
/// actor, or the main actor, as UIKit objects do) and must only be touched from there.
open class ObjectState<Context: AnyObject>: CustomStringConvertible {
    /// The machine this state is registered with, or `nil` before registration.
    ///
    /// ``ObjectStateMachine/init(context:states:)`` sets this property. The reference is weak: the
    /// machine owns its states, not the other way round. A state uses it to move the machine on,
    /// for example `machine?.enter(Idle.self)`.
    public internal(set) weak var machine: ObjectStateMachine<Context>?

    /// The object the machine works for, or `nil` if the state is unregistered or the context
    /// has been released.
    ///
    /// The state reaches the context through its machine, which holds it weakly, so a state can
    /// call back into its context without keeping it alive.
    ///
    /// ```swift
    /// override func didEnter(from previousState: ObjectState<Player>?) {
    ///     context?.speed = 0
    /// }
    /// ```
    public var context: Context? {
        machine?.context
    }

    /// Creates a state that is not yet registered with a machine.
    ///
    /// Pass the new instance to ``ObjectStateMachine/init(context:states:)``; an instance can
    /// belong to only one machine at a time.
    public init() {}

    /// Returns whether the machine may move from this state to a state of the given class.
    ///
    /// ``ObjectStateMachine`` asks the current state before every move, from
    /// ``ObjectStateMachine/canEnterState(_:)``, ``ObjectStateMachine/enter(_:)`` and
    /// ``ObjectStateMachine/transition(to:)``. The default implementation allows every move,
    /// including a move to the state's own class. Override it to describe the edges of your
    /// graph. Answer the question only: a transition requested from this method is refused.
    ///
    /// ```swift
    /// override func isValidNextState(_ stateType: ObjectState<Door>.Type) -> Bool {
    ///     stateType == Open.self || stateType == Locked.self
    /// }
    /// ```
    ///
    /// - Parameter stateType: The class of the state the machine would enter.
    /// - Returns: `true` if the move is allowed; otherwise `false`.
    open func isValidNextState(_ stateType: ObjectState<Context>.Type) -> Bool {
        true
    }

    /// Called after the machine has made this state its current state.
    ///
    /// When this method runs, ``ObjectStateMachine/currentState`` is already this state and the
    /// previous state has finished exiting, so the move is complete. You may enter another state
    /// from here; the new move runs to completion before this method returns. The default
    /// implementation does nothing.
    ///
    /// - Parameter previousState: The state the machine left, or `nil` on the first entry.
    open func didEnter(from previousState: ObjectState<Context>?) {}

    /// Called while this state is still current, just before the machine leaves it.
    ///
    /// Use it to undo what ``didEnter(from:)`` set up. The move is in progress: the machine
    /// refuses any transition requested from this method with
    /// `ObjectStateMachineError.Code.reentrantTransition`. The default implementation does
    /// nothing.
    ///
    /// - Parameter nextState: The state the machine is about to enter.
    open func willExit(to nextState: ObjectState<Context>) {}

    /// Performs the per-frame or per-tick work of this state.
    ///
    /// ``ObjectStateMachine/update(deltaTime:)`` forwards to the current state only. The default
    /// implementation does nothing. You may enter another state from here.
    ///
    /// - Parameter seconds: The time elapsed since the previous update, in seconds.
    open func update(deltaTime seconds: Double) {}

    /// The module-qualified name of the state's class, such as `MyGame.Walking`.
    ///
    /// This is what `String(describing:)` prints for a plain class instance. Override it to give
    /// a state a friendlier name in logs.
    open var description: String {
        String(reflecting: type(of: self))
    }
}
