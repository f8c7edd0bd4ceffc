/// Why a machine took no transition for an event.
///
/// A rejected event leaves the machine exactly as it was: same state, same context, no action
/// run. ``Machine/send(_:)`` returns it inside ``SendResult/rejected(_:)``.
///
/// ```swift
/// if case .rejected(let rejection) = machine.send(.push) {
///     print(rejection)   // "no transition on 'push' in state 'locked'"
/// }
/// ```
public struct Rejection<State: Hashable & Sendable, EventKind: Hashable & Sendable>: Error, Sendable, CustomStringConvertible {
    /// Why the event was not taken.
    public typealias Code = RejectionCode

    /// Why the event was not taken.
    public let code: Code
    /// The state the machine was, and still is, in.
    public let state: State
    /// The kind of the event that was rejected.
    public let eventKind: EventKind
    /// The error and location of a failed guard, boxed so that the common rejections, and the
    /// ``SendResult`` that carries them, hold nothing that needs releasing.
    @usableFromInline let detail: RejectionDetail?

    /// The error a guard threw, for ``RejectionCode/guardFailed``.
    public var underlying: (any Error)? { detail?.underlying }
    /// Where the transition whose guard threw is written, for ``RejectionCode/guardFailed``.
    public var location: SourceLocation? { detail?.location }

    /// Creates a rejection.
    ///
    /// - Parameters:
    ///   - code: Why the event was not taken.
    ///   - state: The state the machine is in.
    ///   - eventKind: The kind of the rejected event.
    ///   - underlying: The error a guard threw, if any.
    ///   - location: Where the failing transition is written, if any.
    @inlinable
    public init(
        code: Code,
        state: State,
        eventKind: EventKind,
        underlying: (any Error)? = nil,
        location: SourceLocation? = nil
    ) {
        self.code = code
        self.state = state
        self.eventKind = eventKind
        self.detail = underlying == nil && location == nil ? nil : RejectionDetail(underlying: underlying, location: location)
    }

    /// A sentence that says what happened, for logs and error reports.
    public var description: String {
        let event = "'\(eventKind)'"
        let state = "'\(self.state)'"
        switch code {
        case .noTransition:
            return "no transition on \(event) in state \(state)"
        case .guardsDeclined:
            return "every guard of the transitions on \(event) in state \(state) returned false"
        case .guardFailed:
            let place = location.map { " (\($0))" } ?? ""
            let cause = underlying.map { String(describing: $0) } ?? "an error"
            return "the guard of a transition on \(event) in state \(state)\(place) threw \(cause)"
        case .machineDone:
            return "the machine is done (it reached final state \(state)); \(event) was ignored"
        default:
            return "\(code) for \(event) in state \(state)"
        }
    }
}

extension Rejection: Equatable {
    /// Two rejections are equal when code, state, event kind and location match and their
    /// underlying errors describe themselves alike.
    public static func == (lhs: Self, rhs: Self) -> Bool {
        lhs.code == rhs.code && lhs.state == rhs.state && lhs.eventKind == rhs.eventKind
            && lhs.location == rhs.location
            && lhs.underlying.map { String(describing: $0) } == rhs.underlying.map { String(describing: $0) }
    }
}

/// Why a machine rejected an event: the code of a ``Rejection``. New codes may be added.
public struct RejectionCode: Hashable, Sendable, CustomStringConvertible {
    /// The code as one byte, so that a rejection holds nothing to release.
    @usableFromInline let raw: UInt8

    @inlinable
    init(raw: UInt8) {
        self.raw = raw
    }

    /// No transition of the current state is written for this kind of event.
    public static let noTransition = RejectionCode(raw: 0)
    /// Transitions exist for this event, but every guard returned `false`.
    public static let guardsDeclined = RejectionCode(raw: 1)
    /// A guard threw; ``Rejection/underlying`` holds the error and ``Rejection/location``
    /// the transition. Later transitions were not tried.
    public static let guardFailed = RejectionCode(raw: 2)
    /// The machine reached a top-level final state and takes no more events.
    public static let machineDone = RejectionCode(raw: 3)

    /// The code's name, for logs.
    public var name: String {
        switch raw {
        case 0: "noTransition"
        case 1: "guardsDeclined"
        case 2: "guardFailed"
        case 3: "machineDone"
        default: "code\(raw)"
        }
    }

    /// The code's name.
    public var description: String { name }
}

/// The rare part of a rejection: what a failing guard threw, and where its transition is.
@usableFromInline
final class RejectionDetail: Sendable {
    @usableFromInline let underlying: (any Error)?
    @usableFromInline let location: SourceLocation?

    @usableFromInline
    init(underlying: (any Error)?, location: SourceLocation?) {
        self.underlying = underlying
        self.location = location
    }
}
