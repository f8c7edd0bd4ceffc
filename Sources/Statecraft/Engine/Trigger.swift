/// What a microstep is processing: an event of yours, a state's done event, or a delayed
/// transition's timer.
@usableFromInline
enum Trigger<Event: MachineEvent>: Sendable {
    case event(Event)
    /// `done.state.<node>`, with the final state's done data.
    case done(node: Int32, data: Event?)
    /// The timer of a delayed transition.
    case timer(transition: Int32)
    /// An event that leaves the machine (``Effects/send(_:to:after:id:)``): a timer's only, whose
    /// ``PendingTimer/target`` says where, handed to the chart's outbound handler, never matched by
    /// a transition. The target is the timer's, not the trigger's, so that a trigger (which the
    /// internal queue holds too) stays as small as an event and a number.
    case outbound(Event)

    /// The event actions and guards see: yours, or the done data.
    @inlinable
    var userEvent: Event? {
        switch self {
        case .event(let event): event
        case .done(_, let data): data
        case .timer, .outbound: nil
        }
    }
}

/// A delayed event waiting on a machine's clock.
@usableFromInline
struct PendingTimer<Event: MachineEvent>: Sendable, Scheduled {
    @usableFromInline package var due: Duration
    /// Breaks ties between timers due at the same instant: the one scheduled first fires first.
    @usableFromInline package var sequence: UInt64
    @usableFromInline var trigger: Trigger<Event>
    /// The name given to a delayed send, for cancelling it.
    @usableFromInline var id: String?
    /// The state whose exit cancels it (a delayed transition's source), or -1.
    @usableFromInline var owner: Int32
    /// Where an event that leaves the machine (``Trigger/outbound(_:)``) goes; `nil` for the others.
    @usableFromInline var target: String?

    @inlinable
    init(due: Duration, sequence: UInt64, trigger: Trigger<Event>, id: String?, owner: Int32, target: String? = nil) {
        self.due = due
        self.sequence = sequence
        self.trigger = trigger
        self.id = id
        self.owner = owner
        self.target = target
    }
}

/// Something that went wrong while a machine ran to completion, after the event was already
/// taken: the machine stays consistent and goes on, and reports it in ``Machine/lastFault``.
public struct EngineFault: Error, Hashable, Sendable, CustomStringConvertible {
    /// What went wrong. New codes may be added.
    public typealias Code = ErrorCode<EngineFault>

    /// What went wrong.
    public let code: Code
    /// What happened, naming the state or transition.
    public let message: String
    /// Where the transition at fault is written, when there is one.
    public let location: SourceLocation?

    /// Creates a fault.
    ///
    /// - Parameters:
    ///   - code: What went wrong.
    ///   - message: What happened.
    ///   - location: Where the transition at fault is written.
    public init(code: Code, message: String, location: SourceLocation? = nil) {
        self.code = code
        self.message = message
        self.location = location
    }

    /// The message, preceded by the location when there is one.
    public var description: String {
        if let location { "\(location): \(message)" } else { message }
    }
}

extension ErrorCode where Domain == EngineFault {
    /// Eventless transitions or raised events kept the machine busy past
    /// ``Machine/microstepLimit`` microsteps; the macrostep was cut there and the internal
    /// queue dropped.
    public static var microstepLimit: Self { Self(name: "microstepLimit") }
    /// Events sent to the machine by its own actions kept it busy past
    /// ``Machine/microstepLimit`` macrosteps; the rest of the external queue was dropped.
    public static var externalQueueLimit: Self { Self(name: "externalQueueLimit") }
    /// A guard threw while the machine processed an eventless transition, a raised event,
    /// a done event or a timer; the transition was treated as not enabled.
    public static var guardFailed: Self { Self(name: "guardFailed") }
    /// More than ``Machine/microstepLimit`` timers fell due at one instant of the machine's
    /// clock (delayed events scheduling each other with no delay); the timers due then were
    /// dropped.
    public static var timerLimit: Self { Self(name: "timerLimit") }
    /// A host that drives machines (an SCXML session group, a simulation) processed the
    /// most events it allows in one call; it stopped there, and the rest stay queued for
    /// the next call.
    public static var eventLimit: Self { Self(name: "eventLimit") }
    /// An invocation would have run deeper than its host allows (an SCXML document that
    /// invokes itself, directly or through others); it was not started, and the invoking
    /// machine was told with an error event.
    public static var invocationDepthLimit: Self { Self(name: "invocationDepthLimit") }
    /// An invocation would have made more machines run at once than their host allows (a
    /// document whose every level invokes many children); it was not started, and the
    /// invoking machine was told with an error event.
    public static var sessionLimit: Self { Self(name: "sessionLimit") }
    /// An event scheduled to leave the machine (``Effects/send(_:to:after:id:)``) fell due, and
    /// the chart has no outbound handler to deliver it; it was dropped.
    public static var noOutboundHandler: Self { Self(name: "noOutboundHandler") }
}
