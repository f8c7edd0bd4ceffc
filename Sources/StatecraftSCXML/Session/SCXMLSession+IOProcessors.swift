import Statecraft

/// The SCXML Event I/O Processor: where a `<send>` goes (`#_internal`, `#_parent`,
/// `#_scxml_<id>`, `#_<invokeid>`, or the external send handler), now or after a delay.
extension SCXMLSession {
    /// The session's address in the SCXML Event I/O Processor (`#_scxml_<sessionid>`): its
    /// `_ioprocessors` location, the origin of what it sends, a `<send>` target naming it, and
    /// what a delayed send held for it carries.
    static func address(of sessionID: String) -> String { addressPrefix + sessionID }

    /// The session id an address of ``address(of:)``'s form names, or `nil` for another target.
    static func sessionID(atAddress target: String) -> String? {
        target.hasPrefix(addressPrefix) ? String(target.dropFirst(addressPrefix.count)) : nil
    }

    private static let addressPrefix = "#_scxml_"

    func nextSendID() -> String {
        sendCounter += 1
        return "send.\(sessionID).\(sendCounter)"
    }

    func deliver(
        _ event: SCXMLEvent, to target: String?, type: String? = nil, delay: Duration, raised: inout [SCXMLEvent]
    ) throws(DeliveryError) {
        if let type, let processor = ioProcessor(ofType: type) {
            try deliver(event, to: target, through: processor, delay: delay)
            return
        }
        if target == "#_internal" {
            var internalEvent = event
            internalEvent.type = .internal
            raised.append(internalEvent)
            return
        }
        // What the SCXML processor delivers it gives a raw form (5.10.1; C.1 leaves it to the
        // platform): the form the Basic HTTP processor would post. Raised events have none.
        var event = event
        event.raw = EventForm.raw(of: event)
        guard let target, !target.isEmpty else {
            if delay > .zero {
                hold(event, for: self, after: delay)
            } else {
                enqueue(event)
            }
            return
        }
        let recipient: SCXMLSession?
        if target == "#_parent" {
            guard let parentLink else {
                // A host that runs this session as an invocation of its own (a generated machine's) takes them.
                if let externalSendHandler, externalSendHandler(event, target, delay) { return }
                throw .unreachable("this session was not invoked, so it has no parent")
            }
            recipient = parentLink.session
        } else if let id = Self.sessionID(atAddress: target) {
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
            hold(outgoing, for: recipient, after: delay)
        } else {
            recipient.enqueue(outgoing)
        }
    }

    enum DeliveryError: Error {
        case invalidTarget(String)
        case unreachable(String)
    }
}

/// An event I/O processor a session has besides the SCXML one (SCXML 6.2 and Appendix C): a
/// `<send>` whose `type` is the processor's ``type`` or one of its ``aliases`` goes to
/// ``send(_:to:)``, and `_ioprocessors` lists it under those names with the location
/// ``attach(sessionID:)`` returns. Give a session its processors in
/// ``SCXMLSession/ioProcessors`` before it starts: one value per session, since it is that
/// session's address.
///
/// The module `StatecraftSCXMLHTTP` (trait `HTTP`) has one: the Basic HTTP Event I/O Processor.
public protocol SCXMLEventIOProcessor: AnyObject, Sendable {
    /// The type URI `<send type>` names it by: `http://www.w3.org/TR/scxml/#BasicHTTPEventProcessor`.
    var type: String { get }
    /// Other names `<send type>` may give it and `_ioprocessors` lists it under (`basichttp`).
    var aliases: [String] { get }
    /// Called once as the session that has the processor starts.
    ///
    /// - Parameter sessionID: The session's id (`_sessionid`).
    /// - Returns: The address by which others reach the session through this processor:
    ///   `_ioprocessors[type].location`.
    func attach(sessionID: String) -> String
    /// Sends an event of a session's `<send>`, returning once the processor has handed it
    /// on (or throwing when it could not).
    ///
    /// - Parameters:
    ///   - event: The event, with the name, data and send id the `<send>` gave it (its name
    ///     empty when the `<send>` gave none).
    ///   - target: The `<send>`'s target, `nil` when it has none.
    /// - Throws: ``SCXMLIOProcessorError`` saying why it could not be sent: the session
    ///   raises `error.communication` with that message (SCXML 6.2.4).
    func send(_ event: SCXMLEvent, to target: String?) throws(SCXMLIOProcessorError)
    /// The events that arrived for the session since the last call, oldest first. The
    /// session takes them after each `<send>` through the processor; whoever drives the
    /// session takes them at other times and sends them to it.
    ///
    /// - Returns: The events, for the session's external queue.
    func takeArrivals() -> [SCXMLEvent]
    /// Whether the processor waits out a `<send>`'s delay itself (``send(_:to:after:)``) and
    /// drops what waits on `<cancel>` (``cancel(sendID:)``). `false` by default: a delayed
    /// `<send>` of its type is then `error.execution`.
    var sendsAfterDelay: Bool { get }
    /// Sends the event once `delay` has passed, unless ``cancel(sendID:)`` names it first;
    /// returns at once. A failure then reaches the session as an event among the arrivals.
    ///
    /// - Parameters:
    ///   - event: The event, as for ``send(_:to:)``.
    ///   - target: The `<send>`'s target.
    ///   - delay: How long to wait, more than zero.
    /// - Throws: ``SCXMLIOProcessorError`` when the send can be refused at once.
    func send(_ event: SCXMLEvent, to target: String?, after delay: Duration) throws(SCXMLIOProcessorError)
    /// Drops the delayed sends of this session with the send id, as `<cancel>` does (SCXML 6.3).
    ///
    /// - Parameter sendID: The `<send>`'s id.
    func cancel(sendID: String)
}

extension SCXMLEventIOProcessor {
    /// `false`: the processor does not delay sends.
    public var sendsAfterDelay: Bool { false }
    /// Sends at once (the processor does not delay sends).
    ///
    /// - Parameters:
    ///   - event: The event.
    ///   - target: The target.
    ///   - delay: Ignored.
    /// - Throws: What ``send(_:to:)`` throws.
    public func send(_ event: SCXMLEvent, to target: String?, after delay: Duration) throws(SCXMLIOProcessorError) {
        try send(event, to: target)
    }
    /// Does nothing (the processor does not delay sends).
    ///
    /// - Parameter sendID: Ignored.
    public func cancel(sendID: String) {}
}

/// Why an ``SCXMLEventIOProcessor`` could not send an event: the message of the
/// `error.communication` the sending session raises.
public struct SCXMLIOProcessorError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What failed and why, naming the target.
    public var message: String

    /// Creates an error.
    ///
    /// - Parameter message: What failed and why.
    public init(_ message: String) {
        self.message = message.escapingControlCharacters()
    }

    /// The message.
    public var description: String { message }
}

extension SCXMLSession {
    /// The processor of ``ioProcessors`` that `<send type="...">` names, if any.
    func ioProcessor(ofType type: String) -> (any SCXMLEventIOProcessor)? {
        ioProcessors.first { $0.type == type || $0.aliases.contains(type) }
    }

    /// What a refused `<send type>` may name instead.
    var supportedSendTypes: String {
        let types = ioProcessors.map(\.type)
        return types.isEmpty
            ? "this session sends SCXML events only (give it more processors in ioProcessors)"
            : "this session sends SCXML events and those of \(types.joined(separator: ", "))"
    }

    /// The `_ioprocessors` entries of ``ioProcessors``, each under its type and its aliases,
    /// attaching the session to each.
    func attachIOProcessors() -> [SCXMLMember] {
        var members: [SCXMLMember] = []
        for processor in ioProcessors {
            let entry = SCXMLValue.object([SCXMLMember("location", .string(processor.attach(sessionID: sessionID)))])
            for name in [processor.type] + processor.aliases { members.append(SCXMLMember(name, entry)) }
        }
        return members
    }

    /// Sends through another processor; a failure is `error.communication`. What arrived for
    /// this session meanwhile (its own message, when it sent to itself) joins the external
    /// queue at once, so that it comes before what the session sends next.
    private func deliver(
        _ event: SCXMLEvent, to target: String?, through processor: any SCXMLEventIOProcessor, delay: Duration
    ) throws(DeliveryError) {
        guard delay == .zero || processor.sendsAfterDelay else {
            throw .invalidTarget("<send> of type '\(processor.type)' cannot have a delay in this implementation")
        }
        do {
            try delay == .zero ? processor.send(event, to: target) : processor.send(event, to: target, after: delay)
        } catch {
            throw .unreachable(error.message)
        }
        for arrival in processor.takeArrivals() { enqueue(arrival) }
    }
}
