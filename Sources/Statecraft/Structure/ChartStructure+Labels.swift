extension ChartStructure {
    /// The text a drawing writes on a transition: its trigger, its guard in brackets and its
    /// action after a slash, such as `coin [enough coins] / count coin`.
    ///
    /// The trigger is the event names separated by spaces, `done` for a done transition,
    /// `after 2s` for a delayed one, and nothing for an eventless one. A guard without a label
    /// is written `[guard]`; an action without a label is left out.
    ///
    /// - Parameter transition: A transition's index.
    /// - Returns: The label; empty for an eventless transition without guard or labelled action.
    public func label(ofTransition transition: Int) -> String {
        let transition = transitions[transition]
        var parts: [String] = []
        switch transition.trigger {
        case .events(let names): parts.append(names.joined(separator: " "))
        case .eventless: break
        case .done: parts.append("done")
        case .after(let delay): parts.append("after \(Self.durationText(delay))")
        }
        if transition.hasGuard { parts.append("[\(transition.guardLabel ?? "guard")]") }
        if let action = transition.actionLabel { parts.append("/ \(action)") }
        return parts.joined(separator: " ")
    }

    /// The lines a drawing writes inside a state below its name: `entry / …` and `exit / …`
    /// for labelled entry and exit actions, then the label of each transition without targets.
    ///
    /// - Parameter state: A state's index.
    /// - Returns: The lines, possibly none.
    public func detailLines(ofState state: Int) -> [String] {
        let state = states[state]
        var lines = state.entry.compactMap { $0.map { "entry / \($0)" } }
        lines += state.exit.compactMap { $0.map { "exit / \($0)" } }
        for transition in state.transitions where transitions[transition].targets.isEmpty {
            let label = label(ofTransition: transition)
            lines.append(label.isEmpty ? "(eventless, no target)" : label)
        }
        return lines
    }

    /// A duration as SCXML and CSS write one: `2s`, `1.5s`, `150ms`, `20us`, `7ns`.
    ///
    /// - Parameter duration: A non-negative duration.
    /// - Returns: Its shortest exact spelling in seconds, milliseconds, microseconds or
    ///   nanoseconds (a fraction of a nanosecond is dropped).
    package static func durationText(_ duration: Duration) -> String {
        let (seconds, attoseconds) = duration.components
        let nanoseconds = attoseconds / 1_000_000_000
        if nanoseconds == 0 { return "\(seconds)s" }
        if nanoseconds % 1_000_000 == 0 {
            let milliseconds = seconds * 1_000 + nanoseconds / 1_000_000
            if milliseconds % 100 == 0 { return "\(seconds).\(nanoseconds / 100_000_000)s" }
            return "\(milliseconds)ms"
        }
        if nanoseconds % 1_000 == 0 { return "\(seconds * 1_000_000 + nanoseconds / 1_000)us" }
        return "\(seconds * 1_000_000_000 + nanoseconds)ns"
    }

    /// The child states of a state, or the top-level states for `nil`.
    func children(of state: Int?) -> [Int] {
        state.map { states[$0].children } ?? topLevelStates
    }

    /// Whether a state is, or is inside, another.
    func isSelfOrDescendant(_ state: Int, of ancestor: Int) -> Bool {
        state == ancestor || isDescendant(state, of: ancestor)
    }
}
