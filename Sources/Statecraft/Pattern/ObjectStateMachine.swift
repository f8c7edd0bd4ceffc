/// A finite-state machine whose states are objects that carry their own behaviour.
///
/// `ObjectStateMachine` implements the State pattern in the manner of GameplayKit's
/// `GKStateMachine`: you subclass ``ObjectState`` once per state, register one instance of each
/// subclass, and the machine keeps track of which one is current. Your context object forwards
/// its requests to ``currentState``, and the states decide when to move the machine on.
///
/// ```swift
/// final class Door {
///     private(set) var machine: ObjectStateMachine<Door>?
///
///     init() throws(ObjectStateMachineError) {
///         machine = try ObjectStateMachine(context: self, states: [Closed(), Open()])
///         machine?.enter(Closed.self)
///     }
/// }
/// ```
///
/// ### Moving between states
///
/// ``enter(_:)`` and ``transition(to:)`` move to the registered state of a class. A move is
/// allowed when the class is registered, the machine is not in the middle of another move, and
/// the current state's ``ObjectState/isValidNextState(_:)`` returns `true` (with no current
/// state, any registered state may be entered). An allowed move runs, in this order:
///
/// 1. `current.willExit(to: next)`, while `current` is still ``currentState``;
/// 2. ``currentState`` becomes `next`;
/// 3. `next.didEnter(from: current)`.
///
/// A refused move changes nothing and runs no hook.
///
/// ### Re-entrancy
///
/// A transition requested from ``ObjectState/willExit(to:)`` or from
/// ``ObjectState/isValidNextState(_:)`` is refused with
/// `ObjectStateMachineError.Code.reentrantTransition`; the move in progress finishes as planned.
/// A transition requested from ``ObjectState/didEnter(from:)`` is allowed, because the previous
/// move is complete by then; it runs to completion before `didEnter(from:)` returns, so
/// ``currentState`` may have changed again by the time the outer call returns.
///
/// ### Memory
///
/// The machine keeps a weak reference to its context and strong references to its states, and
/// each state keeps a weak reference to the machine. A context may therefore own its machine
/// without creating a retain cycle: releasing the context releases the machine and its states.
///
/// ### Threading
///
/// A machine and its states are not `Sendable`. Like UIKit objects, they belong to one
/// isolation domain (a thread, an actor, or the main actor): create them there and call them
/// only from there.
public final class ObjectStateMachine<Context: AnyObject> {
    /// The object the machine works for, or `nil` once it has been released.
    ///
    /// The machine holds its context weakly, so the context may own the machine. States usually
    /// read it through ``ObjectState/context``.
    public private(set) weak var context: Context?

    /// The state the machine is in, or `nil` until a state is first entered.
    ///
    /// During ``ObjectState/willExit(to:)`` this is still the state being left; during
    /// ``ObjectState/didEnter(from:)`` it is already the state being entered.
    public private(set) var currentState: ObjectState<Context>?

    /// The registered states, keyed by the identity of their class.
    private let statesByClass: [ObjectIdentifier: ObjectState<Context>]

    /// The registered states' classes, in the order they were passed in, for error messages.
    private let registeredClasses: [ObjectState<Context>.Type]

    /// What the machine is doing while it calls out to a state's code.
    private var activity: Activity = .idle

    /// Creates a machine for a context with one instance of each state class.
    ///
    /// The machine starts with no current state; call ``enter(_:)`` to enter the first one.
    /// Each state's ``ObjectState/machine`` is set to the new machine. If the initializer
    /// throws, no state is registered and every instance can be used again.
    ///
    /// ```swift
    /// let machine = try ObjectStateMachine(context: door, states: [Closed(), Open()])
    /// ```
    ///
    /// - Parameters:
    ///   - context: The object the states work for. The machine holds it weakly.
    ///   - states: One instance of each state class. The order does not matter.
    /// - Throws: ``ObjectStateMachineError`` with code
    ///   `ObjectStateMachineError.Code.duplicateState` if two instances share a class, or
    ///   `ObjectStateMachineError.Code.stateAlreadyRegistered` if an instance already belongs
    ///   to another machine.
    /// - Complexity: O(*n*), where *n* is the number of states.
    public init(context: Context, states: [ObjectState<Context>]) throws(ObjectStateMachineError) {
        var statesByClass: [ObjectIdentifier: ObjectState<Context>] = [:]
        var registeredClasses: [ObjectState<Context>.Type] = []
        for state in states {
            let stateClass = type(of: state)
            if state.machine != nil {
                throw .stateAlreadyRegistered(stateClass)
            }
            let key = ObjectIdentifier(stateClass)
            if statesByClass[key] != nil {
                let count = states.count { ObjectIdentifier(type(of: $0)) == key }
                throw .duplicateState(stateClass, count: count)
            }
            statesByClass[key] = state
            registeredClasses.append(stateClass)
        }
        self.context = context
        self.statesByClass = statesByClass
        self.registeredClasses = registeredClasses
        for state in states {
            state.machine = self
        }
    }

    /// Returns the registered state of the given class.
    ///
    /// Use it to configure a state or read its data:
    ///
    /// ```swift
    /// machine.state(Open.self)?.autoCloseDelay = 5
    /// ```
    ///
    /// - Parameter type: The exact class of the state; a subclass or superclass does not match.
    /// - Returns: The registered instance, or `nil` if no state of that class is registered.
    /// - Complexity: O(1).
    public func state<S: ObjectState<Context>>(_ type: S.Type) -> S? {
        statesByClass[ObjectIdentifier(type)] as? S
    }

    /// Returns whether ``enter(_:)`` would move to a state of the given class now.
    ///
    /// The answer is `true` when the class is registered, the machine is not in the middle of
    /// another move, and the current state's ``ObjectState/isValidNextState(_:)`` allows the
    /// move. With no current state, any registered state may be entered.
    ///
    /// - Parameter type: The class of the state to enter.
    /// - Returns: `true` if entering a state of that class would succeed; otherwise `false`.
    public func canEnterState(_ type: ObjectState<Context>.Type) -> Bool {
        do {
            _ = try validatedNextState(type)
            return true
        } catch {
            return false
        }
    }

    /// Moves to the registered state of the given class, if the move is allowed.
    ///
    /// This is ``transition(to:)`` for callers that only need to know whether the move happened.
    ///
    /// ```swift
    /// if !machine.enter(Open.self) { print("The door stays as it is.") }
    /// ```
    ///
    /// - Parameter type: The class of the state to enter.
    /// - Returns: `true` if the machine moved; `false` if it refused and nothing changed.
    @discardableResult
    public func enter(_ type: ObjectState<Context>.Type) -> Bool {
        do {
            try transition(to: type)
            return true
        } catch {
            return false
        }
    }

    /// Moves to the registered state of the given class, or says why it cannot.
    ///
    /// The move calls `willExit(to:)` on the current state, makes the new state current, then
    /// calls `didEnter(from:)` on it. See the type's discussion for the re-entrancy rule.
    ///
    /// ```swift
    /// do {
    ///     try machine.transition(to: Open.self)
    /// } catch {
    ///     print(error.message)
    /// }
    /// ```
    ///
    /// - Parameter type: The class of the state to enter.
    /// - Throws: ``ObjectStateMachineError`` with code
    ///   `ObjectStateMachineError.Code.unknownState` if no state of that class is registered,
    ///   `ObjectStateMachineError.Code.invalidNextState` if the current state refuses the move,
    ///   or `ObjectStateMachineError.Code.reentrantTransition` if another move is in progress.
    ///   The machine is unchanged when it throws.
    public func transition(to type: ObjectState<Context>.Type) throws(ObjectStateMachineError) {
        let next = try validatedNextState(type)
        let previous = currentState
        if let previous {
            activity = .exiting(from: previous, to: next)
            previous.willExit(to: next)
            activity = .idle
        }
        currentState = next
        next.didEnter(from: previous)
    }

    /// Calls ``ObjectState/update(deltaTime:)`` on the current state, if there is one.
    ///
    /// Call it from your run loop or game loop. The current state may enter another state from
    /// its update.
    ///
    /// - Parameter seconds: The time elapsed since the previous update, in seconds.
    public func update(deltaTime seconds: Double) {
        currentState?.update(deltaTime: seconds)
    }
}

extension ObjectStateMachine {
    /// What the machine is doing while a state's code runs.
    private enum Activity {
        /// No state's code is running on the machine's behalf, or only `didEnter(from:)` or
        /// `update(deltaTime:)`, which may start a new move.
        case idle

        /// The current state's `isValidNextState(_:)` is deciding whether `candidate` may follow.
        case asking(current: ObjectState<Context>, candidate: ObjectState<Context>.Type)

        /// `from.willExit(to: to)` is running.
        case exiting(from: ObjectState<Context>, to: ObjectState<Context>)
    }

    /// Returns the registered state of `type` if the machine may move to it now.
    private func validatedNextState(
        _ type: ObjectState<Context>.Type
    ) throws(ObjectStateMachineError) -> ObjectState<Context> {
        switch activity {
        case .idle:
            break
        case let .asking(current, candidate):
            throw .reentrantWhileAsking(type, asking: Swift.type(of: current), about: candidate)
        case let .exiting(from, to):
            throw .reentrantWhileExiting(type, exiting: Swift.type(of: from), to: Swift.type(of: to))
        }
        guard let next = statesByClass[ObjectIdentifier(type)] else {
            throw .unknownState(type, registered: registeredClasses)
        }
        if let current = currentState {
            activity = .asking(current: current, candidate: type)
            let allowed = current.isValidNextState(type)
            activity = .idle
            guard allowed else {
                throw .invalidNextState(type, from: Swift.type(of: current))
            }
        }
        return next
    }
}
