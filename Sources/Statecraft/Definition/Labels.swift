// Labels name a chart's guards and actions for drawings, lints and exports. They change nothing
// the machine does, and they work with every closure shape the DSL accepts.

extension On {
    /// Names this transition's guard and action, so that a drawing of the chart can say
    /// `coin [enough coins] / count coin`.
    ///
    /// ```swift
    /// On(.coin, to: .unlocked, guard: { till, _ in till.cents >= 25 }) { till, _ in till.coins += 1 }
    ///     .labelled(guard: "enough coins", action: "count coin")
    /// ```
    ///
    /// A label is only a name: it does not change what the machine does. A transition without
    /// labels is drawn with `[guard]` for its guard and no action text.
    ///
    /// - Parameters:
    ///   - guardLabel: What to call the guard, or `nil` to keep the name it has.
    ///   - actionLabel: What to call the action, or `nil` to keep the name it has.
    /// - Returns: The same transition with the labels.
    public func labelled(guard guardLabel: String? = nil, action actionLabel: String? = nil) -> Self {
        var copy = self
        copy.declaration.guardLabel = guardLabel ?? declaration.guardLabel
        copy.declaration.actionLabel = actionLabel ?? declaration.actionLabel
        return copy
    }
}

extension Always {
    /// Names this eventless transition's guard and action for drawings of the chart.
    ///
    /// ```swift
    /// Always(to: .empty, guard: { till, _ in till.cents == 0 }).labelled(guard: "till empty")
    /// ```
    ///
    /// - Parameters:
    ///   - guardLabel: What to call the guard, or `nil` to keep the name it has.
    ///   - actionLabel: What to call the action, or `nil` to keep the name it has.
    /// - Returns: The same transition with the labels.
    public func labelled(guard guardLabel: String? = nil, action actionLabel: String? = nil) -> Self {
        var copy = self
        copy.declaration.guardLabel = guardLabel ?? declaration.guardLabel
        copy.declaration.actionLabel = actionLabel ?? declaration.actionLabel
        return copy
    }
}

extension OnDone {
    /// Names this done transition's guard and action for drawings of the chart.
    ///
    /// ```swift
    /// OnDone(to: .finished, guard: { log, _ in log.isComplete }).labelled(guard: "complete")
    /// ```
    ///
    /// - Parameters:
    ///   - guardLabel: What to call the guard, or `nil` to keep the name it has.
    ///   - actionLabel: What to call the action, or `nil` to keep the name it has.
    /// - Returns: The same transition with the labels.
    public func labelled(guard guardLabel: String? = nil, action actionLabel: String? = nil) -> Self {
        var copy = self
        copy.declaration.guardLabel = guardLabel ?? declaration.guardLabel
        copy.declaration.actionLabel = actionLabel ?? declaration.actionLabel
        return copy
    }
}

extension After {
    /// Names this delayed transition's guard and action for drawings of the chart.
    ///
    /// ```swift
    /// After(.seconds(30), to: .idle).labelled(action: "log time-out")
    /// ```
    ///
    /// - Parameters:
    ///   - guardLabel: What to call the guard, or `nil` to keep the name it has.
    ///   - actionLabel: What to call the action, or `nil` to keep the name it has.
    /// - Returns: The same transition with the labels.
    public func labelled(guard guardLabel: String? = nil, action actionLabel: String? = nil) -> Self {
        var copy = self
        copy.declaration.guardLabel = guardLabel ?? declaration.guardLabel
        copy.declaration.actionLabel = actionLabel ?? declaration.actionLabel
        return copy
    }
}

extension OnEntry {
    /// Names this entry action, so that a drawing of the chart can say `entry / start motor`.
    ///
    /// ```swift
    /// OnEntry { player, _ in player.tracksStarted += 1 }.labelled("count track")
    /// ```
    ///
    /// - Parameter label: What to call the action.
    /// - Returns: The same action with the label.
    public func labelled(_ label: String) -> Self {
        var copy = self
        copy.label = label
        return copy
    }
}

extension OnExit {
    /// Names this exit action, so that a drawing of the chart can say `exit / stop motor`.
    ///
    /// ```swift
    /// OnExit { till, _ in till.passages += 1 }.labelled("count passage")
    /// ```
    ///
    /// - Parameter label: What to call the action.
    /// - Returns: The same action with the label.
    public func labelled(_ label: String) -> Self {
        var copy = self
        copy.label = label
        return copy
    }
}
