/// Delayed sends that a host delivers itself: the SCXML session group, which runs several
/// machines on one clock and routes what each sends to the others.
///
/// The sends wait among the machine's timers, in its ``TimerQueue``, ordered by due time and
/// sequence number; the host gives each its sequence number from one count across its
/// machines, so that the soonest of all (``nextHeldSend``) is the one to deliver next, and
/// takes it off (``takeNextHeldSend()``) to route it: the engine does not process it. A
/// machine holding such sends has no timers of its own (no delayed transitions and no
/// ``Effects/send(_:after:id:)``), whose sequence numbers would be counted apart.
extension Machine {
    /// A delayed send waiting for its host: when it is due, its place in the host's order, the
    /// event, where it goes (`nil`: to this machine) and the id `<cancel>` names it by.
    package struct HeldSend {
        package var due: Duration
        package var sequence: UInt64
        package var event: Event
        package var target: String?
        package var id: String?
    }

    /// Adds a delayed send due at `due` (no later than ``MachineClock/limit``).
    ///
    /// - Parameters:
    ///   - event: The event.
    ///   - target: Where the host routes it; `nil` for this machine's own queue.
    ///   - due: When it falls due, on the machine's clock.
    ///   - id: What ``cancelHeldSends(id:)`` names it by.
    ///   - sequence: Its place among sends due at the same instant, from the host's count.
    package mutating func hold(_ event: Event, for target: String?, due: Duration, id: String?, sequence: UInt64) {
        if workspace == nil { moveToGeneralPath() }
        makeWorkspaceUnique()
        let trigger: Trigger<Event> = target == nil ? .event(event) : .outbound(event)
        space.timers.insert(PendingTimer(
            due: min(due, MachineClock.limit), sequence: sequence, trigger: trigger, id: id, owner: -1, target: target
        ))
    }

    /// Drops every held send with the id `id` (SCXML's `<cancel>`).
    package mutating func cancelHeldSends(id: String) {
        guard workspace != nil, !space.timers.isEmpty else { return }
        makeWorkspaceUnique()
        space.timers.removeAll { $0.id == id }
    }

    /// When the soonest held send is due, and its sequence number: the order in which the host
    /// delivers the sends of all its machines.
    package var nextHeldSend: (due: Duration, sequence: UInt64)? {
        workspace?.timers.first.map { ($0.due, $0.sequence) }
    }

    /// Takes the soonest held send off the timers and moves the clock to when it was due (never
    /// back), for the host to deliver.
    package mutating func takeNextHeldSend() -> HeldSend? {
        guard workspace != nil, !space.timers.isEmpty else { return nil }
        makeWorkspaceUnique()
        guard let timer = space.timers.popFirst(dueBy: MachineClock.limit) else { return nil }
        clock = max(clock, timer.due)
        return Self.heldSend(timer)
    }

    /// Takes the soonest held send that `matches` off the timers, ahead of its time: the clock
    /// does not move (``TimerOrder/any``).
    package mutating func takeHeldSend(where matches: (HeldSend) -> Bool) -> HeldSend? {
        guard workspace != nil, !space.timers.isEmpty else { return nil }
        makeWorkspaceUnique()
        return space.timers.popFirst { Self.heldSend($0).map(matches) ?? false }.flatMap(Self.heldSend)
    }

    /// The held sends, in the order they fall due.
    package var heldSends: [HeldSend] {
        workspace?.timers.sorted().compactMap(Self.heldSend) ?? []
    }

    /// Moves the clock to `instant` without delivering anything: the host keeps its machines'
    /// clocks on its own, and delivers their held sends itself. An earlier instant changes
    /// nothing.
    package mutating func moveClock(to instant: Duration) {
        clock = max(clock, min(instant, MachineClock.limit))
    }

    private static func heldSend(_ timer: PendingTimer<Event>) -> HeldSend? {
        switch timer.trigger {
        case .event(let event):
            return HeldSend(due: timer.due, sequence: timer.sequence, event: event, target: nil, id: timer.id)
        case .outbound(let event):
            return HeldSend(due: timer.due, sequence: timer.sequence, event: event, target: timer.target, id: timer.id)
        case .timer, .done:
            return nil
        }
    }
}
