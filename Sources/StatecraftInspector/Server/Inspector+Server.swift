#if Inspector
import Hummingbird
import HummingbirdWebSocket
import Logging
import NIOCore
import Synchronization
extension Inspector {
    /// Starts serving the page and its routes.
    ///
    /// Returns once the server listens. Machines can be added before or after.
    ///
    /// ```swift
    /// let address = try await inspector.start()
    /// print("open \(address.pageURL)")
    /// ```
    ///
    /// - Returns: Where it listens, with the port picked when the configuration asked for 0.
    /// - Throws: ``InspectorError`` with code `cannotListen` when the address cannot be bound
    ///   (the port is taken, say), or when it is already running; `unusableToken` when the
    ///   configured token is not 1 to 256 letters, digits, `-`, `.`, `_` or `~`.
    @discardableResult
    public func start() async throws(InspectorError) -> InspectorAddress {
        try Self.check(token: token)
        if server.withLock({ $0.task != nil }) {
            throw InspectorError(code: .cannotListen, message: "the inspector is already running; stop() it first")
        }
        let routes = httpRouter().buildResponder()
        let running: ServerLaunch.Running
        do {
            running = try await ServerLaunch.start(label: "statecraft.inspector") { logger, onServerRunning in
                Application(
                    responder: CallbackResponder { request, context in await self.answer(request, context: context, routes: routes) },
                    server: .http1WebSocketUpgrade(webSocketRouter: webSocketRouter()),
                    configuration: ApplicationConfiguration(
                        address: .hostname(configuration.host, port: configuration.port), serverName: "Statecraft inspector"
                    ),
                    onServerRunning: onServerRunning,
                    logger: logger
                )
            }
        } catch {
            throw InspectorError(
                code: .cannotListen,
                message: "cannot listen on \(configuration.host):\(configuration.port): \(error.reason); choose another port (0 picks a free one)"
            )
        }
        let (task, port) = (running.task, running.port)
        let address = InspectorAddress(host: configuration.host, port: port, token: token)
        server.withLock { state in
            state.task = task
            state.address = address
        }
        return address
    }

    /// Where the inspector listens, while it runs.
    public var address: InspectorAddress? {
        server.withLock { $0.address }
    }

    /// Stops serving: closes the server and every page's connection. The machines stay
    /// attached and recorded; ``start()`` serves them again.
    public func stop() async {
        let task = server.withLock { state -> Task<Void, Never>? in
            defer {
                state.task = nil
                state.address = nil
            }
            return state.task
        }
        task?.cancel()
        await task?.value
    }

    /// Serves until the task running it is cancelled: ``start()``, then waits, then ``stop()``.
    ///
    /// - Parameter started: Called once with the address when the server listens (to print
    ///   it, say).
    /// - Throws: ``InspectorError`` when it cannot listen.
    public func run(started: @Sendable (InspectorAddress) -> Void = { _ in }) async throws(InspectorError) {
        let address = try await start()
        started(address)
        let (forever, keeper) = AsyncStream.makeStream(of: Never.self)
        for await _ in forever {}
        keeper.finish()
        await stop()
    }
}
#endif
