import Statecraft

/// A session's delayed sends (SCXML 6.2, `<send delay>`; 6.3, `<cancel>`) wait among its
/// machine's timers, on the machine's clock, which the group keeps at its own time: the sender
/// holds them, whoever they are for, so that its `<cancel>` finds them and its end drops them.
/// The group delivers the soonest of all its sessions' in turn (``SessionGroup/advance(to:)``),
/// each numbered from one count across the group, so that sends due at the same instant go in
/// the order they were made.
extension SCXMLSession {
    /// A change to the machine's held sends, made while the engine runs the machine (its
    /// executable content has no machine to change) and applied when it hands it back.
    enum HeldChange {
        case hold(SCXMLEvent, recipient: String?, due: Duration, sequence: UInt64)
        case cancel(sendID: String)
    }

    /// Holds `event` for `recipient` until `delay` has passed on the group's clock.
    func hold(_ event: SCXMLEvent, for recipient: SCXMLSession, after delay: Duration) {
        let target = recipient === self ? nil : Self.address(of: recipient.sessionID)
        heldChanges.append(.hold(
            event, recipient: target, due: MachineClock.adding(delay, to: group.now), sequence: group.nextSequence()
        ))
        if machine != nil { applyHeldChanges() }
    }

    /// Drops the delayed sends this session made with the id `sendID` that have not been
    /// delivered.
    func cancelHeld(sendID: String) {
        heldChanges.append(.cancel(sendID: sendID))
        if machine != nil { applyHeldChanges() }
    }

    /// Puts the changes of the macrostep just run on the machine's timers, in the order they
    /// were made (a `<cancel>` after a `<send>` drops it), the machine's clock at the group's.
    /// A session that has ended holds nothing: they are dropped.
    func applyHeldChanges() {
        guard !heldChanges.isEmpty else { return }
        defer { heldChanges.removeAll() }
        guard !isFinished, machine != nil else { return }
        machine?.moveClock(to: group.now)
        for change in heldChanges {
            switch change {
            case .hold(let event, let recipient, let due, let sequence):
                machine?.hold(event, for: recipient, due: due, id: event.sendID, sequence: sequence)
            case .cancel(let sendID):
                machine?.cancelHeldSends(id: sendID)
            }
        }
    }
}
