/// A transition as the path search tells transitions apart: where from, where to, and on what
/// kind of event.
///
/// Two transitions of one state on one kind of event to one target (differing only by their
/// guards) count as one.
public struct ModelTransition<State: Hashable & Sendable, EventKind: Hashable & Sendable>: Hashable, Sendable {
    /// The state the transition is written in (or the one it stayed in, without a target).
    public var source: State
    /// The state it entered, or `nil` for a transition without target.
    public var target: State?
    /// The kind of event that took it; `nil` for an eventless or delayed transition.
    public var eventKind: EventKind?

    /// Creates a transition record.
    ///
    /// - Parameters:
    ///   - source: The state it leaves.
    ///   - target: The state it enters, if any.
    ///   - eventKind: The kind of event that takes it, if any.
    @inlinable
    public init(source: State, target: State?, eventKind: EventKind?) {
        self.source = source
        self.target = target
        self.eventKind = eventKind
    }
}

extension ModelTransition: CustomStringConvertible {
    /// `locked -> unlocked on coin`, `buffering -> playing (eventless or delayed)`.
    public var description: String {
        let target = target.map { " -> \($0)" } ?? " (no target)"
        let event = eventKind.map { " on \($0)" } ?? " (eventless or delayed)"
        return "\(source)\(target)\(event)"
    }
}
