/// A state with child states: while it is active, exactly one of its children is active.
///
/// ```swift
/// Compound(.on, initial: .paused) {
///     Atomic(.playing) { On(.pause, to: .paused) }
///     Atomic(.paused) { On(.play, to: .playing) }
///     On(.power, to: .off)        // taken from either child
///     History(.resume, .shallow)
/// }
/// ```
///
/// Entering it enters its initial child: the one named by `initial:`, or the target of an
/// ``Initial`` transition written inside it (with its actions), or else the first child
/// written. `initial:` and ``Initial`` may also name several descendants, one in each of some
/// regions of a parallel state inside it. Transitions written on it apply in every descendant, after the descendants' own.
public struct Compound<State: Hashable & Sendable, Event: MachineEvent, Context> {
    let declaration: StateDeclaration<State, Event, Context>

    /// Declares a compound state.
    ///
    /// - Parameters:
    ///   - id: The state's identity; unique in the chart.
    ///   - initial: The child to enter by default; a descendant. The first child when `nil`.
    ///   - file: Where the state is written; filled in for you.
    ///   - line: Where the state is written; filled in for you.
    ///   - content: Child states, transitions, and entry and exit actions.
    public init(
        _ id: State,
        initial: State? = nil,
        file: StaticString = #fileID,
        line: UInt = #line,
        @CompoundBuilder<State, Event, Context> _ content: () -> [StateElement<State, Event, Context>]
    ) {
        declaration = StateDeclaration(
            id: id, kind: .compound(initial: initial.map { [$0] } ?? []), elements: content(), location: SourceLocation(file, line)
        )
    }

    /// Declares a compound state entered by default in several states at once: one in each of
    /// some regions of a parallel state inside it, as SCXML's `initial="a b"` says.
    ///
    /// ```swift
    /// Compound(.app, initial: [.playing, .muted]) {
    ///     Parallel(.player) {
    ///         Compound(.playback) { Atomic(.stopped); Atomic(.playing) }
    ///         Compound(.volume) { Atomic(.loud); Atomic(.muted) }
    ///     }
    /// }
    /// ```
    ///
    /// Each state must be a descendant of this one, and no two may lie in one region (two
    /// children of one compound state cannot be active together); a region none of them is in
    /// is entered by its own default. The chart refuses another set with a ``DefinitionError``
    /// (`.invalidInitial` or `.conflictingTargets`).
    ///
    /// - Parameters:
    ///   - id: The state's identity; unique in the chart.
    ///   - initial: The descendants to enter by default; the first child when empty.
    ///   - file: Where the state is written; filled in for you.
    ///   - line: Where the state is written; filled in for you.
    ///   - content: Child states, transitions, and entry and exit actions.
    public init(
        _ id: State,
        initial: [State],
        file: StaticString = #fileID,
        line: UInt = #line,
        @CompoundBuilder<State, Event, Context> _ content: () -> [StateElement<State, Event, Context>]
    ) {
        declaration = StateDeclaration(
            id: id, kind: .compound(initial: initial), elements: content(), location: SourceLocation(file, line)
        )
    }
}

/// A state whose children, its regions, are all active at once.
///
/// ```swift
/// Parallel(.player) {
///     Compound(.playback) { ... }
///     Compound(.volume) { ... }
/// }
/// ```
///
/// Entering it enters every region; an event is offered to every region, and each may take a
/// transition in the same microstep. Regions are entered in the order written and exited in
/// reverse. It is done when every region is done.
public struct Parallel<State: Hashable & Sendable, Event: MachineEvent, Context> {
    let declaration: StateDeclaration<State, Event, Context>

    /// Declares a parallel state.
    ///
    /// - Parameters:
    ///   - id: The state's identity; unique in the chart.
    ///   - file: Where the state is written; filled in for you.
    ///   - line: Where the state is written; filled in for you.
    ///   - content: The regions (child states), transitions, and entry and exit actions.
    public init(
        _ id: State,
        file: StaticString = #fileID,
        line: UInt = #line,
        @CompoundBuilder<State, Event, Context> _ content: () -> [StateElement<State, Event, Context>]
    ) {
        declaration = StateDeclaration(id: id, kind: .parallel, elements: content(), location: SourceLocation(file, line))
    }
}

/// The initial transition of a compound state: which descendant to enter by default, with an
/// action that runs after the compound state's entry actions and before the child's.
///
/// ```swift
/// Compound(.session) {
///     Initial(to: .welcome) { session, _ in session.startedAt = 0 }
///     Atomic(.welcome)
/// }
/// ```
public struct Initial<State: Hashable & Sendable, Event: MachineEvent, Context> {
    let declaration: TransitionDeclaration<State, Event, Context>

    /// The one eventless, external transition every form declares.
    private init(_ targets: [State], _ action: ActionClosure<State, Event, Context>?, _ location: SourceLocation) {
        declaration = TransitionDeclaration(
            trigger: .eventless, targets: targets, type: .external, condition: nil, action: action, location: location
        )
    }

    /// Declares the initial transition.
    ///
    /// - Parameters:
    ///   - target: The descendant to enter.
    ///   - file: Where it is written; filled in for you.
    ///   - line: Where it is written; filled in for you.
    public init(
        to target: State,
        file: StaticString = #fileID,
        line: UInt = #line
    ) {
        self.init([target], nil, SourceLocation(file, line))
    }

    /// Declares the initial transition with an action.
    ///
    /// - Parameters:
    ///   - target: The descendant to enter.
    ///   - file: Where it is written; filled in for you.
    ///   - line: Where it is written; filled in for you.
    ///   - action: Runs between the compound state's entry actions and the child's.
    public init(
        to target: State,
        file: StaticString = #fileID,
        line: UInt = #line,
        action: @escaping ChartClosures<Context, Event>.Action<Event?>
    ) {
        self.init([target], .plain(action), SourceLocation(file, line))
    }

    /// Declares the initial transition with an action that may also raise, send or cancel
    /// events.
    ///
    /// - Parameters:
    ///   - target: The descendant to enter.
    ///   - file: Where it is written; filled in for you.
    ///   - line: Where it is written; filled in for you.
    ///   - action: Runs between the compound state's entry actions and the child's.
    public init(
        to target: State,
        file: StaticString = #fileID,
        line: UInt = #line,
        action: @escaping ChartClosures<Context, Event>.EffectAction<Event?>
    ) {
        self.init([target], .withEffects(action), SourceLocation(file, line))
    }

    /// Declares an initial transition to several states at once: one in each of some regions of
    /// a parallel state inside the compound state, as SCXML's `<initial><transition target="a b">`.
    ///
    /// ```swift
    /// Compound(.app) {
    ///     Initial(targets: [.playing, .muted])
    ///     Parallel(.player) { ... }
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - targets: The descendants to enter; no two in one region (two children of one compound state cannot be active together).
    ///   - file: Where it is written; filled in for you.
    ///   - line: Where it is written; filled in for you.
    public init(
        targets: [State],
        file: StaticString = #fileID,
        line: UInt = #line
    ) {
        self.init(targets, nil, SourceLocation(file, line))
    }

    /// Declares an initial transition to several states at once, with an action.
    ///
    /// - Parameters:
    ///   - targets: The descendants to enter; no two in one region.
    ///   - file: Where it is written; filled in for you.
    ///   - line: Where it is written; filled in for you.
    ///   - action: Runs between the compound state's entry actions and the children's.
    public init(
        targets: [State],
        file: StaticString = #fileID,
        line: UInt = #line,
        action: @escaping ChartClosures<Context, Event>.Action<Event?>
    ) {
        self.init(targets, .plain(action), SourceLocation(file, line))
    }

    /// Declares an initial transition to several states at once, with an action that may also
    /// raise, send or cancel events.
    ///
    /// - Parameters:
    ///   - targets: The descendants to enter; no two in one region.
    ///   - file: Where it is written; filled in for you.
    ///   - line: Where it is written; filled in for you.
    ///   - action: Runs between the compound state's entry actions and the children's.
    public init(
        targets: [State],
        file: StaticString = #fileID,
        line: UInt = #line,
        action: @escaping ChartClosures<Context, Event>.EffectAction<Event?>
    ) {
        self.init(targets, .withEffects(action), SourceLocation(file, line))
    }
}

/// The data a ``Final`` state gives to its parent's done event, as one of your events.
///
/// ```swift
/// Final(.paid) {
///     DoneData { order in .receipt(total: order.total) }
/// }
/// ```
///
/// ``OnDone`` transitions receive it: as the event with `OnDone()`, as the case's payload with
/// `OnDone(\.receipt)`.
public struct DoneData<State: Hashable & Sendable, Event: MachineEvent, Context> {
    let make: DoneDataClosure<Event, Context>

    /// Declares done data.
    ///
    /// - Parameter make: Computes the data from the context when the final state is entered.
    public init(_ make: @escaping @Sendable (_ context: Context) -> Event?) {
        self.make = { context, _ in make(context) }
    }

    /// Declares done data whose computation may fail, as SCXML's `<donedata>` may (SCXML 5.7):
    /// `make` raises an event through `effects` (an `error.execution` of yours) and returns
    /// `nil`, and the done event is then queued after that event, without data.
    ///
    /// ```swift
    /// Final(.paid) {
    ///     DoneData { order, effects in
    ///         guard let total = order.total else {
    ///             effects.raise(.invalidTotal)
    ///             return nil
    ///         }
    ///         return .receipt(total: total)
    ///     }
    /// }
    /// ```
    ///
    /// - Parameter make: Computes the data when the final state is entered; the events it
    ///   raises come before the done event.
    public init(_ make: @escaping @Sendable (_ context: inout Context, _ effects: inout Effects<Event>) -> Event?) {
        self.make = make
    }
}
