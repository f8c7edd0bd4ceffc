#if Inspector
import Statecraft
import Synchronization

/// A live page for running machines: it attaches to `MachineRuntime`s and SCXML sessions and
/// serves, on the loopback interface by default, their charts with the active states
/// highlighted as they change, the event log with each event's data and transitions, pending
/// timers, the context (when it is `Encodable`), a form to send events, and steps back through
/// the recorded snapshots.
///
/// ```swift
/// let inspector = Inspector()
/// try inspector.inspect(runtime, chart: player, id: "player", events: .cases([.power, .play, .pause]))
/// let address = try await inspector.start()
/// print(address.pageURL)                  // http://127.0.0.1:8137/?token=... (open this)
/// print("token: \(inspector.token)")        // for tools: Authorization: Bearer <token>
/// ```
///
/// **Routes.** `GET /` is the page. `GET /machines` lists the machines by id. For the one
/// machine, `GET /snapshot`, `GET /structure`, `GET /history` and `POST /events`; with
/// several, the same under `/machines/<id>/`. `GET /updates` is a WebSocket that sends each
/// new record as it happens. See <doc:InspectingMachines> for every route and its answers.
///
/// **Safety.** It listens on `127.0.0.1` unless told otherwise, answers only requests
/// addressed to its own host name, refuses requests from other sites' pages (a foreign
/// `Origin`), and answers every route only with its ``token``: the page and its files take it
/// in the address (`?token=<token>`, as ``InspectorAddress/pageURL`` has it), the WebSocket in
/// its `statecraft-token.<token>` subprotocol, every other route in an
/// `Authorization: Bearer <token>` header. A request it refuses gets a 4xx answer with a JSON
/// message, `{"error": "...", "code": "..."}`, and nothing of a machine; every answer forbids
/// framing (`X-Frame-Options: DENY`, `frame-ancestors 'none'`).
///
/// **Cost.** A machine pays nothing for an inspector it is not attached to. Attached, each
/// event makes a step and a snapshot and the inspector writes them as JSON once; see the
/// benchmark case `runtime.send.inspected`.
public final class Inspector: Sendable {
    /// Where it listens and what it keeps.
    public let configuration: InspectorConfiguration
    /// The token every request needs: the configuration's, or 32 random bytes from the
    /// system's secure random source, as 64 hexadecimal digits.
    public let token: String

    struct Registry {
        var machines: [String: any InspectedMachine] = [:]
        var order: [String] = []
    }

    let registry = Mutex(Registry())
    let hub: Hub
    let server = Mutex<ServerState>(ServerState())

    /// Makes an inspector; it serves nothing until ``start()``.
    ///
    /// - Parameter configuration: Where to listen and what to keep.
    public init(configuration: InspectorConfiguration = InspectorConfiguration()) {
        self.configuration = configuration
        token = configuration.token ?? AccessToken.random()
        hub = Hub(backlog: configuration.pageBacklog)
    }

    deinit {
        for machine in registry.withLock({ Array($0.machines.values) }) { machine.stopWatching() }
        hub.finishAll()
        server.withLock { $0.task?.cancel() }
    }

    /// The ids of the machines shown, in the order they were added.
    public var machineIDs: [String] {
        registry.withLock { $0.order }
    }

    /// Stops showing a machine: its records are dropped and its runtime is left alone.
    ///
    /// - Parameter id: The machine's id.
    /// - Returns: Whether a machine had that id.
    @discardableResult
    public func remove(_ id: String) -> Bool {
        let removed = registry.withLock { registry -> (any InspectedMachine)? in
            registry.order.removeAll { $0 == id }
            return registry.machines.removeValue(forKey: id)
        }
        removed?.stopWatching()
        if removed != nil { hub.broadcast(machinesMessage()) }
        return removed != nil
    }

    /// The records kept for a machine, oldest first: at most
    /// ``InspectorConfiguration/historyLimit`` of them, and at most
    /// ``InspectorConfiguration/historyByteLimit`` bytes of their JSON.
    ///
    /// - Parameter id: The machine's id.
    /// - Returns: The records, or `nil` when no machine has that id.
    public func history(of id: String) -> [InspectorRecord]? {
        registry.withLock { $0.machines[id] }?.recorder.records
    }

    /// The sequence number of a machine's latest record (0 before the first), or `nil` when no
    /// machine has that id. Cheaper than ``history(of:)`` for waiting until a record arrives.
    ///
    /// - Parameter id: The machine's id.
    /// - Returns: The number.
    public func latestSequence(of id: String) -> Int? {
        registry.withLock { $0.machines[id] }?.recorder.latestSequence
    }

    // MARK: Registry

    /// Adds a machine under its id.
    func register(_ machine: any InspectedMachine) throws(InspectorError) {
        try Self.check(id: machine.id)
        let added = registry.withLock { registry in
            guard registry.machines[machine.id] == nil else { return false }
            registry.machines[machine.id] = machine
            registry.order.append(machine.id)
            return true
        }
        guard added else {
            throw InspectorError(
                code: .duplicateMachine, message: "a machine with id '\(machine.id)' is already inspected; give each machine its own id"
            )
        }
        hub.broadcast(machinesMessage())
    }

    /// Ids appear in URLs: letters, digits, `.`, `_` and `-`, at most 64 of them.
    static func check(id: String) throws(InspectorError) {
        let allowed = id.unicodeScalars.allSatisfy { scalar in
            scalar.isASCII && (scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) || "._-".unicodeScalars.contains(scalar))
        }
        guard !id.isEmpty, id.count <= 64, allowed else {
            throw InspectorError(
                code: .badRequest,
                message: "machine id '\(id.excerpt())' is not usable in a URL; use 1 to 64 letters, digits, '.', '_' or '-'"
            )
        }
    }

    /// The machine for a route: by id, or the only one when `id` is `nil`.
    func machine(_ id: String?) throws(InspectorError) -> any InspectedMachine {
        let (found, order) = registry.withLock { registry in
            (id.flatMap { registry.machines[$0] } ?? (id == nil && registry.order.count == 1 ? registry.machines[registry.order[0]] : nil), registry.order)
        }
        if let found { return found }
        if let id {
            throw InspectorError(
                code: .unknownMachine,
                message: "no machine has id '\(id.excerpt())'; the machines are: \(order.isEmpty ? "(none)" : order.joined(separator: ", "))"
            )
        }
        if order.isEmpty {
            throw InspectorError(code: .ambiguousMachine, message: "no machine is inspected yet")
        }
        throw InspectorError(
            code: .ambiguousMachine,
            message: "\(order.count) machines are inspected (\(order.joined(separator: ", "))); use /machines/<id>/... to name one"
        )
    }

    /// Every machine, as `GET /machines` lists them.
    var machinesJSON: String {
        let machines = registry.withLock { registry in registry.order.compactMap { registry.machines[$0] } }
        return JSONText.array(machines.map(\.summary))
    }

    /// The WebSocket message that lists the machines.
    func machinesMessage() -> String {
        JSONText.object([("type", JSONText.string("machines")), ("machines", machinesJSON)])
    }

    /// Records an activity of a machine and tells the pages.
    func publish(_ record: InspectorRecord, of machine: String) {
        hub.broadcast(JSONText.object([
            ("type", JSONText.string("record")), ("machine", JSONText.string(machine)), ("record", record.json),
        ]))
    }
}
#endif
