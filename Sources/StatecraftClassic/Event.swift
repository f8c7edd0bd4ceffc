/// A named event of a ``StateMachine``: it moves the machine from any of its source states to
/// its destination, when its guard allows.
///
/// ```swift
/// let pass = Event(name: "Pass", sourceValues: ["Initial"], destinationValue: "Passed")
/// pass.shouldFireEvent = { _ in ticketIsValid }
/// ```
///
/// Firing runs `willFireEvent` before the states' hooks and `didFireEvent` after them.
/// Two events are equal when their names are.
open class Event<T: Hashable> {
    /// The type of the guard: whether the event may fire now.
    public typealias Guard = (_ event: Event<T>) -> Bool
    /// The type of a hook: it receives the event it belongs to.
    public typealias Hook = (_ event: Event<T>) -> Void

    /// The event's name, unique in its machine.
    public let name: String
    /// The states the event may fire from.
    public let sourceValues: [T]
    /// The state the event moves the machine to.
    public let destinationValue: T
    /// Decides whether the event fires; when it returns `false` the machine answers
    /// ``TransitionError/transitionDeclined`` and nothing else runs.
    @exclusivity(unchecked) public final var shouldFireEvent: Guard?
    /// Runs once the guard allowed the event, before any state hook.
    @exclusivity(unchecked) public final var willFireEvent: Hook?
    /// Runs after the destination state's `didEnterState`: the last hook of a firing.
    @exclusivity(unchecked) public final var didFireEvent: Hook?

    /// Creates an event.
    ///
    /// - Parameters:
    ///   - name: The event's name, unique in its machine.
    ///   - sources: The states the event may fire from.
    ///   - destination: The state the event moves the machine to.
    public required init(name: String, sourceValues sources: [T], destinationValue destination: T) {
        self.name = name
        self.sourceValues = sources
        self.destinationValue = destination
    }
}

extension Event: Equatable {
    /// Events are equal when their names are.
    public static func == (lhs: Event<T>, rhs: Event<T>) -> Bool {
        lhs.name == rhs.name
    }
}

extension Event: CustomStringConvertible {
    /// The event's name and its move, such as `Pass: [Initial] -> Passed`.
    public var description: String {
        "\(name): [\(sourceValues.map { "\($0)" }.joined(separator: ", "))] -> \(destinationValue)"
    }
}
