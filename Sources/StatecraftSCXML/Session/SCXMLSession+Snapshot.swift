import Statecraft

/// Saving a session as a value and making a session from one.
extension SCXMLSession {
    /// A session saved as a value: what it needs to go on where it stopped, `Codable` as JSON.
    ///
    /// ```swift
    /// let saved = try JSONEncoder().encode(try session.snapshot())
    /// // ... later, perhaps in another process:
    /// let snapshot = try JSONDecoder().decode(SCXMLSession.Snapshot.self, from: saved)
    /// let resumed = try SCXMLSession(document: document, snapshot: snapshot)
    /// resumed.send(SCXMLEvent("next"))
    /// ```
    ///
    /// A snapshot holds the active states and what history states remember; the datamodel's
    /// variables as JSON values (a variable declared without a value is kept as such); the
    /// external queue; the delayed sends still waiting, with their deadlines on the session's
    /// virtual clock; the `_event` last bound; which states of a late-bound document have bound
    /// their data; the running invocations, each with its own document and session, to any
    /// depth. It does not hold the handlers set on the session (`logHandler`,
    /// `transitionListener`, `recordsStateChanges`), which the restored session starts
    /// without, nor a document an invocation would load again: a child goes on with the
    /// document it was started with.
    public struct Snapshot: Hashable, Sendable, Codable {
        /// The format this version writes and reads.
        public static let currentFormat = 1

        /// The format the snapshot is written in.
        public let format: Int
        /// The time on the session's virtual clock when it was saved.
        public let now: Duration
        let session: SessionState
        let counter: Int
        let sequence: UInt64
        let timers: [SessionGroup.SavedTimer]

        /// The active states of the saved session, in document order.
        public var activeStates: [String] { session.activeStates }

        /// The saved variables, in the order the datamodel gave them; one declared without a
        /// value is ``SCXMLValue/undefined``.
        public var variables: [SCXMLMember] {
            session.variables.map { SCXMLMember($0.name, $0.value ?? .undefined) }
        }
    }

    /// What one session of a snapshot holds.
    struct SessionState: Hashable, Sendable, Codable {
        struct Variable: Hashable, Sendable, Codable {
            var name: String
            /// `nil` for `undefined`.
            var value: SCXMLValue?
        }

        struct Child: Hashable, Sendable, Codable {
            var invokeID: String
            /// The id of the state whose `<invoke>` started it.
            var owner: String
            /// Which of that state's `<invoke>` elements, from 0.
            var invokeIndex: Int
            /// The child's document, written as SCXML.
            var document: String
            var session: SessionState
        }

        var sessionID: String
        var fingerprint: String
        var datamodel: String
        var started: Bool
        var machineDone: Bool
        var activeStates: [String]
        var history: [String: [String]]
        var variables: [Variable]
        var boundEvent: SCXMLEvent?
        var externalQueue: [SCXMLEvent]
        var pendingRaises: [SCXMLEvent]
        var lateBound: [String]
        var sendCounter: Int
        var topFinal: String?
        var finalState: String?
        var doneData: SCXMLValue?
        var isCancelled: Bool
        var cancelledInvocations: [String]
        var children: [Child]
    }

    // MARK: Saving

    /// The session as a ``Snapshot``, between two calls that drive it.
    ///
    /// - Returns: The snapshot.
    /// - Throws: ``SCXMLSnapshotError`` with code `unsavableData` naming every value a
    ///   snapshot cannot keep (a variable holding a function or a cycle, `undefined` or `NaN`
    ///   inside a value, in the variables or in the data of a queued event), or when the
    ///   datamodel cannot list its variables, or a counter has passed
    ///   ``Snapshot/counterLimit`` (a snapshot restoring would refuse); nothing is left out silently. Only a top-level
    ///   session is saved: its invoked children are saved with it.
    public func snapshot() throws(SCXMLSnapshotError) -> Snapshot {
        guard parentLink == nil else {
            throw SCXMLSnapshotError(
                code: .unsavableData,
                message: "session \(sessionID) was invoked by another; save the top-level session, which saves it too"
            )
        }
        let state = try savedState()
        let (now, counter, sequence, timers) = group.saved()
        var problems: [String] = []
        for timer in timers {
            problems += timer.event.data.jsonProblems(at: "the data of the delayed event '\(timer.event.name)'", allowingUndefined: true)
        }
        guard problems.isEmpty else { throw Self.unsavable(problems) }
        let snapshot = Snapshot(format: Snapshot.currentFormat, now: now, session: state, counter: counter, sequence: sequence, timers: timers)
        do {
            // A session restored near a counter's limit may count past it: such a snapshot would be
            // refused when restored, so it is refused now, where the session still runs.
            try snapshot.checkNumbers()
        } catch {
            throw SCXMLSnapshotError(code: .unsavableData, message: "cannot save the session: " + error.message)
        }
        return snapshot
    }

    static func unsavable(_ problems: [String]) -> SCXMLSnapshotError {
        SCXMLSnapshotError(code: .unsavableData, message: "cannot save the session: " + problems.joined(separator: "; "))
    }

    func savedState() throws(SCXMLSnapshotError) -> SessionState {
        let exported: [SCXMLMember]
        do {
            exported = try datamodel.exportVariables()
        } catch {
            throw SCXMLSnapshotError(code: .unsavableData, message: "cannot save the session: its variables: \(error)")
        }
        var problems: [String] = []
        for variable in exported {
            problems += variable.value.jsonProblems(at: variable.name, allowingUndefined: true)
        }
        let queued = queuedEvents
        for event in queued + pendingRaises + (boundEvent.map { [$0] } ?? []) {
            problems += event.data.jsonProblems(at: "the data of the event '\(event.name)'", allowingUndefined: true)
        }
        problems += doneData.jsonProblems(at: "the done data", allowingUndefined: true)
        guard problems.isEmpty else { throw Self.unsavable(problems) }
        var savedChildren: [SessionState.Child] = []
        for invokeID in childOrder {
            guard let invocation = children[invokeID] else { continue }
            let owner = document.stateInfos[invocation.owner]
            savedChildren.append(SessionState.Child(
                invokeID: invokeID, owner: owner.id,
                invokeIndex: owner.invokes.firstIndex(of: invocation.model) ?? 0,
                document: invocation.child.document.xml,
                session: try invocation.child.savedState()
            ))
        }
        let machineSnapshot = machine?.snapshot
        return SessionState(
            sessionID: sessionID,
            fingerprint: document.fingerprint,
            datamodel: document.datamodelName,
            started: didStart,
            machineDone: machineSnapshot?.status == .done,
            activeStates: activeStates,
            history: machineSnapshot?.history ?? [:],
            variables: exported.map { SessionState.Variable(name: $0.name, value: $0.value == .undefined ? nil : $0.value) },
            boundEvent: boundEvent,
            externalQueue: queued,
            pendingRaises: pendingRaises,
            lateBound: lateBound.sorted().map { document.stateInfos[$0].id },
            sendCounter: sendCounter,
            topFinal: topFinal,
            finalState: finalState,
            doneData: doneData == .undefined ? nil : doneData,
            isCancelled: isCancelled,
            cancelledInvocations: cancelledInvocations.sorted(),
            children: savedChildren
        )
    }

    // MARK: Restoring

    /// Makes a session of `document` in the state `snapshot` saved, without running anything:
    /// no entry action, no `<data>` binding, no script. The datamodel gets the saved
    /// variables and the system variables; the clock, the queues and the delayed sends are
    /// as they were; invoked children go on with the documents they were started with.
    ///
    /// - Parameters:
    ///   - document: The document the snapshot was taken of.
    ///   - snapshot: The snapshot, usually decoded from JSON.
    /// - Throws: ``SCXMLSnapshotError``: `foreignDocument` when the snapshot was taken of
    ///   another document, `unsupportedFormat` for a format this version does not read,
    ///   `corruptSnapshot` when its contents contradict the document or each other (with what
    ///   is wrong), `outOfRange` when a number breaks its rule (see ``Snapshot/counterLimit``
    ///   and `MachineClock`).
    public convenience init(document: SCXMLDocument, snapshot: Snapshot) throws(SCXMLSnapshotError) {
        try snapshot.checkNumbers()
        guard snapshot.format == Snapshot.currentFormat else {
            throw SCXMLSnapshotError(
                code: .unsupportedFormat,
                message: "the snapshot is in format \(snapshot.format); this version reads format \(Snapshot.currentFormat)"
            )
        }
        guard snapshot.session.fingerprint == document.fingerprint else {
            throw SCXMLSnapshotError(
                code: .foreignDocument,
                message: "the snapshot was taken of another document (datamodel '\(snapshot.session.datamodel)'), "
                    + "not of \(document.file.map { "'\($0)'" } ?? "this one") (datamodel '\(document.datamodelName)')"
            )
        }
        let group = SessionGroup()
        self.init(document: document, group: group, parent: nil, sessionID: snapshot.session.sessionID)
        try restore(snapshot.session)
        if let missing = group.restore(now: snapshot.now, counter: snapshot.counter, sequence: snapshot.sequence, timers: snapshot.timers) {
            throw Self.corrupt("a delayed send names the session '\(missing)', which the snapshot does not hold")
        }
    }

    static func outOfRange(_ message: String) -> SCXMLSnapshotError {
        SCXMLSnapshotError(code: .outOfRange, message: "the snapshot is refused: \(message)")
    }

    static func corrupt(_ message: String) -> SCXMLSnapshotError {
        SCXMLSnapshotError(code: .corruptSnapshot, message: "the snapshot is corrupt: \(message)")
    }

    func restore(_ state: SessionState) throws(SCXMLSnapshotError) {
        guard state.fingerprint == document.fingerprint else {
            throw Self.corrupt("session \(state.sessionID) was saved with another document")
        }
        didStart = state.started
        datamodel.setSystemVariable("_sessionid", value: .string(sessionID))
        datamodel.setSystemVariable("_name", value: document.name.map { .string($0) } ?? .undefined)
        let location = SCXMLValue.object([SCXMLMember("location", .string(Self.address(of: sessionID)))])
        datamodel.setSystemVariable("_ioprocessors", value: .object([
            SCXMLMember(SCXMLNames.scxmlProcessor, location),
            SCXMLMember("scxml", location),
        ]))
        do {
            try datamodel.importVariables(state.variables.map { SCXMLMember($0.name, $0.value ?? .undefined) })
        } catch {
            throw Self.corrupt("session \(state.sessionID)'s variables cannot be restored: \(error)")
        }
        if let event = state.boundEvent { bindEvent(event) }
        if state.started {
            do {
                // A document without states runs in the engine's one hidden state.
                let hidden = document.model.states.isEmpty && state.activeStates.isEmpty
                let active = hidden ? [ChartCompiler.emptyDocumentStateID] : state.activeStates
                var restored = try Machine(chart: document.chart, snapshot: Statecraft.Snapshot(
                    activeStates: active, history: state.history, context: SessionHandle(session: self),
                    status: state.machineDone ? .done : .running
                ))
                restored.onTransition = transitionListener
                machine = restored
            } catch {
                throw Self.corrupt("session \(state.sessionID): \(error.message)")
            }
        } else if !state.activeStates.isEmpty {
            throw Self.corrupt("session \(state.sessionID) has active states but was never started")
        }
        // The queue is the machine's; a session that never started keeps it until it starts.
        arrivals = state.externalQueue
        takeArrivals()
        pendingRaises = state.pendingRaises
        lateBound = []
        for id in state.lateBound {
            guard let index = document.stateIndex[id] else { throw Self.corrupt("no state '\(id)' bound its data") }
            lateBound.insert(index)
        }
        sendCounter = state.sendCounter
        topFinal = state.topFinal
        finalState = state.finalState
        doneData = state.doneData ?? .undefined
        isCancelled = state.isCancelled
        cancelledInvocations = Set(state.cancelledInvocations)
        for saved in state.children {
            try restoreChild(saved)
        }
    }

    private func restoreChild(_ saved: SessionState.Child) throws(SCXMLSnapshotError) {
        guard let owner = document.stateIndex[saved.owner],
            document.stateInfos[owner].invokes.indices.contains(saved.invokeIndex)
        else {
            throw Self.corrupt("the invocation '\(saved.invokeID)' names <invoke> \(saved.invokeIndex) of '\(saved.owner)', which the document lacks")
        }
        guard children[saved.invokeID] == nil, !group.hasSession(saved.session.sessionID) else {
            throw Self.corrupt("the invocation '\(saved.invokeID)' or session \(saved.session.sessionID) appears twice")
        }
        let childDocument: SCXMLDocument
        do {
            let root = try DocumentReader().read(saved.document, file: document.file)
            childDocument = try SCXMLDocument(root: root, file: document.file, loader: document.loader, datamodels: document.datamodels)
        } catch {
            throw Self.corrupt("the document of the invocation '\(saved.invokeID)' cannot be read: \(error)")
        }
        let child = SCXMLSession(document: childDocument, group: group, parent: (self, saved.invokeID), sessionID: saved.session.sessionID)
        child.logHandler = { [unowned self] label, message in self.logHandler(label, message) }
        children[saved.invokeID] = Invocation(child: child, owner: owner, model: document.stateInfos[owner].invokes[saved.invokeIndex])
        childOrder.append(saved.invokeID)
        try child.restore(saved.session)
    }
}

extension SCXMLDocument {
    /// What identifies the document in a snapshot: a 64-bit FNV-1a hash of the document as
    /// written back and the datamodel's name, in hexadecimal.
    var fingerprint: String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in (datamodelName + "\n" + xml).utf8 {
            hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01b3
        }
        return String(hash, radix: 16)
    }
}

extension SCXMLEvent.EventType: Codable {}

/// An event as JSON: its name, type and the fields it has; `data` left out when undefined.
extension SCXMLEvent: Codable {
    private enum CodingKeys: String, CodingKey {
        case name, type, sendid, origin, origintype, invokeid, data
    }

    /// Reads an event.
    ///
    /// - Parameter decoder: The decoder.
    /// - Throws: `DecodingError` when a field is missing or of the wrong kind.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            try container.decode(String.self, forKey: .name),
            type: try container.decode(EventType.self, forKey: .type),
            sendID: try container.decodeIfPresent(String.self, forKey: .sendid),
            origin: try container.decodeIfPresent(String.self, forKey: .origin),
            originType: try container.decodeIfPresent(String.self, forKey: .origintype),
            invokeID: try container.decodeIfPresent(String.self, forKey: .invokeid),
            data: try container.decodeIfPresent(SCXMLValue.self, forKey: .data) ?? .undefined
        )
    }

    /// Writes the event.
    ///
    /// - Parameter encoder: The encoder.
    /// - Throws: `EncodingError` when the data holds what JSON cannot.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(name, forKey: .name)
        try container.encode(type, forKey: .type)
        try container.encodeIfPresent(sendID, forKey: .sendid)
        try container.encodeIfPresent(origin, forKey: .origin)
        try container.encodeIfPresent(originType, forKey: .origintype)
        try container.encodeIfPresent(invokeID, forKey: .invokeid)
        if data != .undefined { try container.encode(data, forKey: .data) }
    }
}
