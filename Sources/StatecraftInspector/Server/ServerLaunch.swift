#if Inspector
package import Hummingbird
package import Logging
package import NIOCore
import Synchronization

/// How a Hummingbird server of Statecraft starts: the inspector and the SCXML Basic HTTP Event
/// I/O Processor (module `StatecraftSCXMLHTTP`) both build their application with the logger
/// and the port callback given here, and return once it listens.
package enum ServerLaunch {
    /// A server that listens: the task that runs it (cancelling it stops the server) and its port.
    package struct Running: Sendable {
        /// Runs the server until it is cancelled.
        package let task: Task<Void, Never>
        /// The port it listens on (the one picked, when 0 was asked for).
        package let port: Int
    }

    /// Why a server did not listen, as Hummingbird or the system said.
    package struct Failure: Error, Sendable {
        /// The reason, in words.
        package let reason: String
    }

    /// Builds an application with `make`, runs it and returns once it listens.
    ///
    /// `make` receives the logger to give the application (it logs only critical messages:
    /// stopping cancels the server, which Hummingbird logs as errors, and a failure to listen
    /// is thrown from here instead) and the callback to pass as its `onServerRunning`.
    ///
    /// - Parameters:
    ///   - label: The logger's label.
    ///   - make: Builds the application.
    /// - Returns: The running server.
    /// - Throws: ``Failure`` when the server stopped before it listened (the port is taken, say).
    package static func start<App: ApplicationProtocol>(
        label: String, _ make: (Logger, @escaping @Sendable (any Channel) async -> Void) -> App
    ) async throws(Failure) -> Running {
        let (ports, portSink) = AsyncStream.makeStream(of: Int.self, bufferingPolicy: .bufferingNewest(1))
        let failure = Mutex<String?>(nil)
        var logger = Logger(label: label)
        logger.logLevel = .critical
        let application = make(logger) { channel in
            portSink.yield(channel.localAddress?.port ?? 0)
            portSink.finish()
        }
        let task = Task {
            do {
                try await application.runService(gracefulShutdownSignals: [])
            } catch {
                failure.withLock { $0 = "\(error)" }
            }
            portSink.finish()
        }
        var port: Int?
        for await value in ports { port = value }
        guard let port else {
            task.cancel()
            throw Failure(reason: failure.withLock { $0 } ?? "the server stopped before it listened")
        }
        return Running(task: task, port: port)
    }
}
#endif
