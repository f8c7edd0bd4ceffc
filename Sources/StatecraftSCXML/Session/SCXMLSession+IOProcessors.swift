import Statecraft

/// The SCXML Event I/O Processor: where a `<send>` goes (`#_internal`, `#_parent`,
/// `#_scxml_<id>`, `#_<invokeid>`, or the external send handler), now or after a delay.
extension SCXMLSession {
    func nextSendID() -> String {
        sendCounter += 1
        return "send.\(sessionID).\(sendCounter)"
    }

    func deliver(_ event: SCXMLEvent, to target: String?, delay: Duration, raised: inout [SCXMLEvent]) throws(DeliveryError) {
        guard let target, !target.isEmpty else {
            if delay > .zero {
                group.schedule(event, to: self, from: self, after: delay)
            } else {
                enqueue(event)
            }
            return
        }
        if target == "#_internal" {
            var internalEvent = event
            internalEvent.type = .internal
            raised.append(internalEvent)
            return
        }
        let recipient: SCXMLSession?
        if target == "#_parent" {
            guard let parentLink else { throw .unreachable("this session was not invoked, so it has no parent") }
            recipient = parentLink.session
        } else if target.hasPrefix("#_scxml_") {
            let id = String(target.dropFirst("#_scxml_".count))
            guard let session = group.session(id) else { throw .unreachable("no session has the id '\(id)'") }
            recipient = session
        } else if target.hasPrefix("#_") {
            let id = String(target.dropFirst(2))
            guard let invocation = children[id] else { throw .unreachable("no running invocation has the id '\(id)'") }
            recipient = invocation.child
        } else {
            if let externalSendHandler, externalSendHandler(event, target, delay) { return }
            throw .invalidTarget("the target '\(target)' is not one this processor supports (#_internal, #_parent, #_scxml_<id>, #_<invokeid>)")
        }
        guard let recipient else {
            // The parent went away (its caller let go of it): say so rather than drop the event.
            throw .unreachable("the session that invoked this one has ended")
        }
        var outgoing = event
        if recipient === parentLink?.session { outgoing.invokeID = parentLink?.invokeID }
        if delay > .zero {
            group.schedule(outgoing, to: recipient, from: self, after: delay)
        } else {
            recipient.enqueue(outgoing)
        }
    }

    enum DeliveryError: Error {
        case invalidTarget(String)
        case unreachable(String)
    }
}
