/// Which states a ``History`` state remembers.
public enum HistoryKind: Hashable, Sendable, Codable {
    /// The active child of the parent when it was last exited.
    case shallow
    /// The active atomic descendants of the parent when it was last exited.
    case deep
}

/// A history pseudo-state: a transition that targets it goes back to where its parent was
/// when last exited.
///
/// ```swift
/// Compound(.on) {
///     Atomic(.playing)
///     Atomic(.paused)
///     History(.resume, .deep, default: .paused)
/// }
/// Atomic(.off) { On(.power, to: .resume) }
/// ```
///
/// When the parent was never exited, the default transition is taken: to `default`, or, when
/// none is given, the parent's own default entry. A history state is never active itself.
public struct History<State: Hashable & Sendable, Event: MachineEvent, Context> {
    let declaration: StateDeclaration<State, Event, Context>

    private init(
        _ id: State, _ kind: HistoryKind, _ targets: [State], _ action: ActionClosure<State, Event, Context>?,
        _ location: SourceLocation
    ) {
        let transition = TransitionDeclaration<State, Event, Context>(
            trigger: .eventless, targets: targets, type: .external,
            condition: nil, action: action, location: location
        )
        declaration = StateDeclaration(id: id, kind: .history(kind), elements: [StateElement(storage: .initial(transition))], location: location)
    }

    /// Declares a history state.
    ///
    /// - Parameters:
    ///   - id: The pseudo-state's identity; unique in the chart.
    ///   - kind: Whether it remembers the parent's active child or its active atomic descendants.
    ///   - target: Where to go when nothing is remembered yet: a descendant of the parent (a
    ///     child for shallow history). The parent's default entry when `nil`.
    ///   - file: Where the state is written; filled in for you.
    ///   - line: Where the state is written; filled in for you.
    public init(
        _ id: State,
        _ kind: HistoryKind = .shallow,
        default target: State? = nil,
        file: StaticString = #fileID,
        line: UInt = #line
    ) {
        self.init(id, kind, target.map { [$0] } ?? [], nil, SourceLocation(file, line))
    }

    /// Declares a history state whose default transition has an action.
    ///
    /// - Parameters:
    ///   - id: The pseudo-state's identity; unique in the chart.
    ///   - kind: Whether it remembers the parent's active child or its active atomic descendants.
    ///   - target: Where to go when nothing is remembered yet: a descendant of the parent (a
    ///     child for shallow history). The parent's default entry when `nil`.
    ///   - file: Where the state is written; filled in for you.
    ///   - line: Where the state is written; filled in for you.
    ///   - action: Runs when the default transition is taken.
    public init(
        _ id: State,
        _ kind: HistoryKind = .shallow,
        default target: State? = nil,
        file: StaticString = #fileID,
        line: UInt = #line,
        action: @escaping ChartClosures<Context, Event>.Action<Event?>
    ) {
        self.init(id, kind, target.map { [$0] } ?? [], .plain(action), SourceLocation(file, line))
    }

    /// Declares a history state whose default transition has an action that may also raise,
    /// send or cancel events.
    ///
    /// - Parameters:
    ///   - id: The pseudo-state's identity; unique in the chart.
    ///   - kind: Whether it remembers the parent's active child or its active atomic descendants.
    ///   - target: Where to go when nothing is remembered yet: a descendant of the parent (a
    ///     child for shallow history). The parent's default entry when `nil`.
    ///   - file: Where the state is written; filled in for you.
    ///   - line: Where the state is written; filled in for you.
    ///   - action: Runs when the default transition is taken.
    public init(
        _ id: State,
        _ kind: HistoryKind = .shallow,
        default target: State? = nil,
        file: StaticString = #fileID,
        line: UInt = #line,
        action: @escaping ChartClosures<Context, Event>.EffectAction<Event?>
    ) {
        self.init(id, kind, target.map { [$0] } ?? [], .withEffects(action), SourceLocation(file, line))
    }

    /// Declares a deep history state whose default is several states, one in each of some
    /// parallel regions of the parent (SCXML's `<history type="deep">` whose `<transition>` names
    /// several targets).
    ///
    /// - Parameters:
    ///   - id: The pseudo-state's identity; unique in the chart.
    ///   - kind: Whether it remembers the parent's active child or its active atomic descendants;
    ///     a shallow history's default is one child.
    ///   - targets: Where to go when nothing is remembered yet: descendants of the parent, no
    ///     two in the same region.
    ///   - file: Where the state is written; filled in for you.
    ///   - line: Where the state is written; filled in for you.
    public init(
        _ id: State,
        _ kind: HistoryKind = .deep,
        defaults targets: [State],
        file: StaticString = #fileID,
        line: UInt = #line
    ) {
        self.init(id, kind, targets, nil, SourceLocation(file, line))
    }

    /// Declares a history state whose default is several states, with an action that may also
    /// raise, send or cancel events, run when the default transition is taken.
    ///
    /// - Parameters:
    ///   - id: The pseudo-state's identity; unique in the chart.
    ///   - kind: Whether it remembers the parent's active child or its active atomic descendants;
    ///     a shallow history's default is one child.
    ///   - targets: Where to go when nothing is remembered yet: descendants of the parent, no
    ///     two in the same region.
    ///   - file: Where the state is written; filled in for you.
    ///   - line: Where the state is written; filled in for you.
    ///   - action: Runs when the default transition is taken.
    public init(
        _ id: State,
        _ kind: HistoryKind = .deep,
        defaults targets: [State],
        file: StaticString = #fileID,
        line: UInt = #line,
        action: @escaping ChartClosures<Context, Event>.EffectAction<Event?>
    ) {
        self.init(id, kind, targets, .withEffects(action), SourceLocation(file, line))
    }
}
