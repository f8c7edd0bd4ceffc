/// A `<transition>` written in a state, as the session's trace and the path search name it.
package struct TransitionSite: Hashable, Sendable {
    /// The id of the state it is written in.
    package var source: String
    /// Its `event` attribute as written; `nil` for an eventless transition.
    package var event: String?
    /// Its `cond` attribute, if any.
    package var cond: String?
    /// Its targets, as written.
    package var targets: [String]
    /// Whether it is `type="internal"`.
    package var isInternal: Bool
    /// Where the element starts.
    package var position: TextPosition

    /// `<transition event="go" cond="x &gt; 1" target="s2"> in s1`: the element, short.
    package var summary: String {
        var text = "<transition"
        if let event { text += " event=\"\(event)\"" }
        if let cond { text += " cond=\"\(cond)\"" }
        if !targets.isEmpty { text += " target=\"\(targets.joined(separator: " "))\"" }
        if isInternal { text += " type=\"internal\"" }
        return text + "> in \(source)"
    }
}

/// One thing a session did while it processed an event, in the order it happened: what
/// `statecraft simulate --trace` prints.
package enum SessionTraceEntry: Hashable, Sendable {
    /// The state was exited.
    case exited(String)
    /// The transition at this index of the document's transition sites was taken, on the event
    /// named (`nil` for an eventless transition).
    case transition(site: Int, event: String?)
    /// The state was entered.
    case entered(String)
    /// An event was put on the internal queue: `<raise>`, a send to `#_internal`, an error.
    case raised(String)
    /// A `<send>` delivered or scheduled an event: its name, its target (`nil` for this
    /// session's external queue) and its delay.
    case sent(name: String, target: String?, delay: Duration)
}
