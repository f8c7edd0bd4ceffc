#if Postgres
import NIOCore

/// A task executor that runs its jobs on one event loop.
///
/// The PostgreSQL store keeps its connection on one loop of swift-nio's shared group, which lives
/// as long as the process; with the machines' writer task on that loop too, a statement's reply
/// and the writer's next step follow each other on one thread, with no other thread to wake.
final class EventLoopExecutor: TaskExecutor {
    private let loop: any EventLoop

    init(_ loop: any EventLoop) {
        self.loop = loop
    }

    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        loop.execute { job.runSynchronously(on: self.asUnownedTaskExecutor()) }
    }
}
#endif
