/// Work a ``MachineRuntime`` attaches to states: asynchronous entry and exit work that it
/// awaits between transitions, and invoked operations that run while a state is active.
///
/// ```swift
/// let hooks = StateHooks<Screen, ScreenEvent> { hooks in
///     hooks.onEntry(.loading) { await spinner.fadeIn() }
///     hooks.onExit(.loading) { await spinner.fadeOut() }      // the next state waits for it
///     hooks.invoke(in: .loading) {
///         .loaded(try await api.fetchArticles())
///     } onError: { error in
///         .failed("\(error)")
///     }
/// }
/// let runtime = MachineRuntime(chart.makeMachine(), hooks: hooks)
/// ```
///
/// **Entry and exit work** runs after the macrostep that entered or exited the state: the
/// machine has already moved, and the runtime awaits the exit work of the states it left
/// (innermost first), then the entry work of the states it entered (outermost first), one
/// after another, before it takes the next event. Hooks of one state run in the order they
/// were added; hooks for every state (``onEveryEntry(perform:)``) are part of that order.
///
/// **An invocation** starts when its state is entered, right after the macrostep, as a task of
/// its own. When the operation returns, its event goes to the machine; when it throws, the
/// event `onError` makes of the error does (or nothing, for `nil`). When the state exits
/// first, the task is cancelled and whatever it returns is ignored. Stopping the runtime
/// cancels every invocation.
///
/// A state that a macrostep enters and leaves again (through an eventless transition, say)
/// gets neither work nor invocation; a state that a transition exits and enters again gets
/// both: its exit work, then its entry work, and a fresh invocation.
///
/// Closures given with an `owner` receive it as an argument and hold it weakly: once the
/// owner is gone, its hooks do nothing. Closures without owner are held until the runtime
/// stops.
public struct StateHooks<StateID: Hashable & Sendable, Event: Sendable>: Sendable {
    /// Entry or exit work, for one state or for every state.
    @usableFromInline
    struct Hook: Sendable {
        /// The state it is for; `nil` for every state.
        let state: StateID?
        let work: @Sendable (StateID) async -> Void
    }

    /// An operation run while a state is active.
    @usableFromInline
    struct Invocation: Sendable {
        let state: StateID
        /// Returns the event to send, or `nil` to send none.
        let operation: @Sendable () async throws -> Event?
        let onError: @Sendable (any Error) -> Event?
    }

    @usableFromInline var entries: [Hook] = []
    @usableFromInline var exits: [Hook] = []
    @usableFromInline var invocations: [Invocation] = []

    /// Creates hooks that do nothing.
    public init() {}

    /// Creates hooks and lets `configure` add to them.
    ///
    /// - Parameter configure: Adds work and invocations.
    public init(_ configure: (inout StateHooks) -> Void) {
        configure(&self)
    }

    /// Whether no work and no invocation was added.
    public var isEmpty: Bool {
        entries.isEmpty && exits.isEmpty && invocations.isEmpty
    }

    /// Adds everything `other` holds after what these hooks hold.
    ///
    /// - Parameter other: More hooks.
    @inlinable
    public mutating func merge(_ other: StateHooks) {
        entries += other.entries
        exits += other.exits
        invocations += other.invocations
    }

    // MARK: Entry and exit work

    /// Adds work the runtime awaits after `state` is entered.
    ///
    /// - Parameters:
    ///   - state: The state.
    ///   - work: The work: present a screen, start an animation and wait for its end.
    public mutating func onEntry(_ state: StateID, perform work: @escaping @Sendable () async -> Void) {
        entries.append(Hook(state: state) { _ in await work() })
    }

    /// Adds work the runtime awaits after `state` is entered, given `owner`, which it holds
    /// weakly.
    ///
    /// - Parameters:
    ///   - state: The state.
    ///   - owner: The object the work needs; the work is skipped once it is gone.
    ///   - work: The work.
    public mutating func onEntry<Owner: AnyObject & Sendable>(
        _ state: StateID, owner: Owner, perform work: @escaping @Sendable (Owner) async -> Void
    ) {
        entries.append(Hook(state: state) { [weak owner] _ in
            if let owner { await work(owner) }
        })
    }

    /// Adds work the runtime awaits after `state` is exited, before it enters the next state.
    ///
    /// - Parameters:
    ///   - state: The state.
    ///   - work: The work: dismiss a screen, wait for an animation to end.
    public mutating func onExit(_ state: StateID, perform work: @escaping @Sendable () async -> Void) {
        exits.append(Hook(state: state) { _ in await work() })
    }

    /// Adds work the runtime awaits after `state` is exited, given `owner`, which it holds
    /// weakly.
    ///
    /// - Parameters:
    ///   - state: The state.
    ///   - owner: The object the work needs; the work is skipped once it is gone.
    ///   - work: The work.
    public mutating func onExit<Owner: AnyObject & Sendable>(
        _ state: StateID, owner: Owner, perform work: @escaping @Sendable (Owner) async -> Void
    ) {
        exits.append(Hook(state: state) { [weak owner] _ in
            if let owner { await work(owner) }
        })
    }

    /// Adds work the runtime awaits after any state is entered; it receives the state.
    ///
    /// - Parameter work: The work.
    public mutating func onEveryEntry(perform work: @escaping @Sendable (StateID) async -> Void) {
        entries.append(Hook(state: nil, work: work))
    }

    /// Adds work the runtime awaits after any state is entered, given `owner`, which it holds
    /// weakly.
    ///
    /// - Parameters:
    ///   - owner: The object the work needs; the work is skipped once it is gone.
    ///   - work: The work; it receives the owner and the state.
    public mutating func onEveryEntry<Owner: AnyObject & Sendable>(
        owner: Owner, perform work: @escaping @Sendable (Owner, StateID) async -> Void
    ) {
        entries.append(Hook(state: nil) { [weak owner] state in
            if let owner { await work(owner, state) }
        })
    }

    /// Adds work the runtime awaits after any state is exited; it receives the state.
    ///
    /// - Parameter work: The work.
    public mutating func onEveryExit(perform work: @escaping @Sendable (StateID) async -> Void) {
        exits.append(Hook(state: nil, work: work))
    }

    /// Adds work the runtime awaits after any state is exited, given `owner`, which it holds
    /// weakly.
    ///
    /// - Parameters:
    ///   - owner: The object the work needs; the work is skipped once it is gone.
    ///   - work: The work; it receives the owner and the state.
    public mutating func onEveryExit<Owner: AnyObject & Sendable>(
        owner: Owner, perform work: @escaping @Sendable (Owner, StateID) async -> Void
    ) {
        exits.append(Hook(state: nil) { [weak owner] state in
            if let owner { await work(owner, state) }
        })
    }

    // MARK: Invocations

    /// Adds an operation that runs while `state` is active and sends the machine its result.
    ///
    /// - Parameters:
    ///   - state: The state.
    ///   - operation: The work (a network request, say); it is cancelled when the state exits.
    ///     Its result is the event sent to the machine.
    ///   - onError: Makes the event to send when the operation throws, or `nil` to send none.
    public mutating func invoke(
        in state: StateID,
        _ operation: @escaping @Sendable () async throws -> Event,
        onError: @escaping @Sendable (any Error) -> Event?
    ) {
        invocations.append(Invocation(state: state, operation: { try await operation() }, onError: onError))
    }

    /// Adds an operation that runs while `state` is active, given `owner`, which it holds
    /// weakly, and sends the machine its result.
    ///
    /// - Parameters:
    ///   - state: The state.
    ///   - owner: The object the operation needs; nothing runs once it is gone.
    ///   - operation: The work; it is cancelled when the state exits. Its result is the event
    ///     sent to the machine.
    ///   - onError: Makes the event to send when the operation throws, or `nil` to send none.
    public mutating func invoke<Owner: AnyObject & Sendable>(
        in state: StateID,
        owner: Owner,
        _ operation: @escaping @Sendable (Owner) async throws -> Event,
        onError: @escaping @Sendable (any Error) -> Event?
    ) {
        invocations.append(Invocation(state: state, operation: { [weak owner] in
            guard let owner else { return nil }
            return try await operation(owner)
        }, onError: onError))
    }

    // MARK: What the runtime runs

    /// The entry work for `states`, in their order, each state's hooks in the order added.
    @usableFromInline
    func entryWork(for states: [StateID]) -> [@Sendable () async -> Void] {
        work(entries, for: states)
    }

    /// The exit work for `states`, in their order, each state's hooks in the order added.
    @usableFromInline
    func exitWork(for states: [StateID]) -> [@Sendable () async -> Void] {
        work(exits, for: states)
    }

    private func work(_ hooks: [Hook], for states: [StateID]) -> [@Sendable () async -> Void] {
        guard !hooks.isEmpty else { return [] }
        var work: [@Sendable () async -> Void] = []
        for state in states {
            for hook in hooks where hook.state == nil || hook.state == state {
                let run = hook.work
                work.append { await run(state) }
            }
        }
        return work
    }
}
