#if Durable
public import Logging
public import ServiceLifecycle

/// The background work of ``DurableMachines`` as a swift-service-lifecycle `Service`: it
/// fires due timers and delivers outbox messages, then sleeps for `interval`, until graceful
/// shutdown.
///
/// ```swift
/// let worker = DurableWorker(machines: machines, interval: .milliseconds(200))
/// let group = ServiceGroup(services: [worker, server], gracefulShutdownSignals: [.sigterm], logger: logger)
/// try await group.run()
/// ```
///
/// A failed round (the database was busy, say) is logged and tried again next round.
public struct DurableWorker: Service {
    let machines: DurableMachines
    let interval: Duration
    let logger: Logger

    /// Creates a worker.
    ///
    /// - Parameters:
    ///   - machines: The machines whose timers and outbox it serves.
    ///   - interval: How long it sleeps between rounds.
    ///   - logger: Where it logs.
    public init(machines: DurableMachines, interval: Duration = .milliseconds(250), logger: Logger = Logger(label: "statecraft.durable.worker")) {
        self.machines = machines
        self.interval = interval
        self.logger = logger
    }

    /// Runs rounds until graceful shutdown or cancellation.
    public func run() async throws {
        logger.info("durable worker started")
        await cancelWhenGracefulShutdown {
            while !Task.isCancelled {
                await round()
                do {
                    try await Task.sleep(for: interval)
                } catch {
                    break
                }
            }
        }
        logger.info("durable worker stopped")
    }

    /// One round: timers, then messages.
    ///
    /// - Returns: How many timers fired and messages were delivered.
    @discardableResult
    public func round() async -> (timers: Int, messages: Int) {
        var result = (timers: 0, messages: 0)
        do {
            result.timers = try await machines.fireDueTimers()
            result.messages = try await machines.deliverMessages()
        } catch {
            logger.warning("durable worker round failed; trying again next round", metadata: ["error": "\(error)"])
        }
        return result
    }
}
#endif
