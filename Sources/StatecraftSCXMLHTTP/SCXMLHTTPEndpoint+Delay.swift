#if HTTP
import Dispatch
public import StatecraftSCXML

/// The delayed sends of one endpoint's session: `<send delay>` of the Basic HTTP type waits
/// here, on the real clock, until it is due or `<cancel>` names it (SCXML 6.2, 6.3).
struct DelayedSends {
    /// A send that waits: its id and the work that posts it.
    struct Waiting {
        var sendID: String?
        var work: DispatchWorkItem
    }

    var waiting: [UInt64: Waiting] = [:]
    var next: UInt64 = 0
    var closed = false
}

extension SCXMLHTTPEndpoint {
    /// `true`: a `<send delay>` of this type waits here, and `<cancel>` drops it.
    public var sendsAfterDelay: Bool { true }

    /// Posts the event to `target` once `delay` has passed on the real clock, unless
    /// ``cancel(sendID:)`` names it or the endpoint is closed first; returns at once. A post
    /// that then fails or is refused reaches the session as `error.communication` among the
    /// arrivals (``takeArrivals()``), its `_event.data` `tagname` `send`, `reason` and
    /// `message` saying why (no `line` or `column`: the send has long finished), its `sendid`
    /// the send's.
    ///
    /// - Parameters:
    ///   - event: The event, as for ``send(_:to:)``.
    ///   - target: The address to post to.
    ///   - delay: How long to wait.
    /// - Throws: `SCXMLIOProcessorError` at once when there is no target, or when
    ///   ``SCXMLHTTPConfiguration/maxQueuedEvents`` sends already wait.
    public func send(_ event: SCXMLEvent, to target: String?, after delay: Duration) throws(SCXMLIOProcessorError) {
        guard let target, !target.isEmpty else {
            throw SCXMLIOProcessorError("a <send> of the Basic HTTP type needs a target: the http:// address to post to")
        }
        let limit = processor.configuration.maxQueuedEvents
        let scheduled = delayed.withLock { state -> (UInt64, DispatchWorkItem)? in
            guard !state.closed, state.waiting.count < limit else { return nil }
            state.next += 1
            let number = state.next
            let work = DispatchWorkItem { [weak self] in self?.fire(number, event: event, target: target) }
            state.waiting[number] = DelayedSends.Waiting(sendID: event.sendID, work: work)
            return (number, work)
        }
        guard let (_, work) = scheduled else {
            throw SCXMLIOProcessorError(
                "\(limit) delayed sends of the Basic HTTP type already wait for this session (maxQueuedEvents), or its endpoint is closed"
            )
        }
        let nanoseconds = Int(clamping: BasicHTTPClient.nanoseconds(delay))
        DispatchQueue.global().asyncAfter(deadline: .now() + .nanoseconds(nanoseconds), execute: work)
    }

    /// Drops the delayed sends whose send id is `sendID` that have not been posted yet.
    ///
    /// - Parameter sendID: The `<send>`'s id.
    public func cancel(sendID: String) {
        let cancelled = delayed.withLock { state -> [DispatchWorkItem] in
            let matching = state.waiting.filter { $0.value.sendID == sendID }
            for key in matching.keys { state.waiting.removeValue(forKey: key) }
            return matching.values.map(\.work)
        }
        for work in cancelled { work.cancel() }
    }

    /// Drops every delayed send, as the endpoint closes.
    func cancelDelayedSends() {
        let cancelled = delayed.withLock { state -> [DispatchWorkItem] in
            state.closed = true
            defer { state.waiting.removeAll() }
            return state.waiting.values.map(\.work)
        }
        for work in cancelled { work.cancel() }
    }

    /// How many delayed sends wait.
    var delayedSendCount: Int { delayed.withLock { $0.waiting.count } }

    /// Posts a delayed send that fell due, unless it was cancelled meanwhile.
    private func fire(_ number: UInt64, event: SCXMLEvent, target: String) {
        guard delayed.withLock({ $0.waiting.removeValue(forKey: number) }) != nil else { return }
        do {
            try send(event, to: target)
        } catch {
            let data = SCXMLValue.object([
                SCXMLMember("tagname", .string("send")),
                SCXMLMember("reason", .string(error.message)),
                SCXMLMember("message", .string("<send type=\"\(SCXMLHTTPProcessor.type)\"> after its delay: \(error.message)")),
            ])
            _ = receive(SCXMLEvent("error.communication", type: .platform, sendID: event.sendID, data: data))
        }
    }
}
#endif
