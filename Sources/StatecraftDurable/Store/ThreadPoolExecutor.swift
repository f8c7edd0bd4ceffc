#if Durable
import NIOPosix

/// A task executor that runs its jobs on the threads of a `NIOThreadPool`.
///
/// The SQLite store runs its statements on a pool of one thread; with the machines' writer task
/// on that thread too, a statement's completion and the writer's next step follow each other on
/// one thread, with no other thread to wake in between. A job that arrives once the pool is
/// shut down goes to the global concurrent executor, so that no task is left waiting.
final class ThreadPoolExecutor: TaskExecutor {
    private let pool: NIOThreadPool

    init(_ pool: NIOThreadPool) {
        self.pool = pool
    }

    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        pool.submit { state in
            if case .active = state {
                job.runSynchronously(on: self.asUnownedTaskExecutor())
            } else {
                globalConcurrentExecutor.enqueue(ExecutorJob(job))
            }
        }
    }
}
#endif
