import BenchmarkCases
import MallocInterposerSwift
import RuntimeCounters

/// The `runtime.send` case. Its loops are `async`, so they are checked, timed and counted
/// here rather than with the synchronous cases, by the same method (best of several
/// interleaved runs; counts over 1 % of the events minus an empty run).
///
/// `runtime.send` sends from the main actor, as a view model does: there an awaited call to
/// an actor hops to the actor's executor and back to the main thread, while the runtime
/// processes an event sent to it when idle on the caller's own executor. `runtime.send.pool`
/// sends from a task on the global executor, as a server's request handler does, where the
/// hop to an idle actor is a switch on the same thread. Both have the target ratio ≤ 2.
enum RuntimeCase {
    static let name = "runtime.send"
    static let poolName = "runtime.send.pool"
    static let mainEvents = 20_000
    static let poolEvents = 200_000

    /// Checks that both sides do the same work, then prints the timing and counts lines.
    ///
    /// - Returns: The main-actor and the global-executor timings, for the targets.
    @MainActor
    static func run() async throws -> (main: Timing, pool: Timing) {
        let checks = 10_007
        let statecraft = await (try RuntimeSend()).runStatecraftOnMainActor(checks)
        let baseline = await (try RuntimeSend()).runBaselineOnMainActor(checks)
        guard statecraft == baseline else {
            throw DifferentWork(description: "\(name): Statecraft's checksum \(statecraft) != baseline's \(baseline)")
        }
        let made = try RuntimeSend()
        let main = await measureOnMainActor(
            events: mainEvents, repetitions: 7,
            statecraft: made.runStatecraftOnMainActor, baseline: made.runBaselineOnMainActor
        )
        print(Compare.line(name, main))
        let pool = await Task.detached {
            await measureAsync(events: poolEvents, repetitions: 7, statecraft: made.runStatecraft, baseline: made.runBaseline)
        }.value
        print(Compare.line(poolName, pool))
        let perRun = poolEvents / 100
        let counts = await Task.detached {
            (await countAsync(events: perRun, made.runStatecraft), await countAsync(events: perRun, made.runBaseline))
        }.value
        print(Compare.line(poolName, counts))
        return (main, pool)
    }

    /// The target lines of both cases: each within twice the hand-written actor.
    static func targets(_ timings: (main: Timing, pool: Timing)) -> String {
        [(name, timings.main), (poolName, timings.pool)].map { name, timing in
            Compare.target(name, "ratio<=2", holds: timing.ratio! <= 2, fixed(timing.ratio!))
        }.joined(separator: "\n")
    }
}

/// ``measure(events:repetitions:statecraft:baseline:)`` for loops that await on the main actor.
@MainActor
func measureOnMainActor(
    events: Int,
    repetitions: Int,
    statecraft: @MainActor (Int) async -> Int,
    baseline: @MainActor (Int) async -> Int
) async -> Timing {
    let clock = ContinuousClock()
    func time(_ loop: @MainActor (Int) async -> Int) async -> Duration {
        let start = clock.now
        let checksum = await loop(events)
        let elapsed = clock.now - start
        consume(checksum)
        return elapsed
    }
    consume(await statecraft(events / 100))
    consume(await baseline(events / 100))
    var best = Duration.seconds(1_000_000)
    var bestBaseline = Duration.seconds(1_000_000)
    for _ in 0..<repetitions {
        best = min(best, await time(statecraft))
        bestBaseline = min(bestBaseline, await time(baseline))
    }
    return Timing(statecraft: best.nanoseconds / Double(events), baseline: bestBaseline.nanoseconds / Double(events))
}

/// ``measure(events:repetitions:statecraft:baseline:)`` for loops that await.
func measureAsync(
    events: Int,
    repetitions: Int,
    statecraft: @Sendable (Int) async -> Int,
    baseline: @Sendable (Int) async -> Int
) async -> Timing {
    let clock = ContinuousClock()
    func time(_ loop: @Sendable (Int) async -> Int) async -> Duration {
        let start = clock.now
        let checksum = await loop(events)
        let elapsed = clock.now - start
        consume(checksum)
        return elapsed
    }
    consume(await statecraft(events / 100))
    consume(await baseline(events / 100))
    var best = Duration.seconds(1_000_000)
    var bestBaseline = Duration.seconds(1_000_000)
    for _ in 0..<repetitions {
        best = min(best, await time(statecraft))
        bestBaseline = min(bestBaseline, await time(baseline))
    }
    return Timing(statecraft: best.nanoseconds / Double(events), baseline: bestBaseline.nanoseconds / Double(events))
}

/// ``count(events:_:)`` for loops that await: allocations per event in this process (the
/// concurrency runtime's included), and the retains and releases of the executable's own code.
func countAsync(events: Int, _ loop: @Sendable (Int) async -> Int) async -> Counts {
    func raw(_ n: Int) async -> (mallocs: Int, retains: Int, releases: Int) {
        MallocInterposerSwift.reset()
        MallocInterposerSwift.hook()
        let counting = runtime_counters_start() == 0
        let checksum = await loop(n)
        let runtime = counting ? runtime_counters_stop() : runtime_counts_t()
        MallocInterposerSwift.unhook()
        consume(checksum)
        return (MallocInterposerSwift.getStatistics().mallocCount, Int(runtime.retains), Int(runtime.releases))
    }
    consume(await loop(events))
    let empty = await raw(0)
    let full = await raw(events)
    return Counts(
        mallocs: Double(full.mallocs - empty.mallocs) / Double(events),
        retains: Double(full.retains - empty.retains) / Double(events),
        releases: Double(full.releases - empty.releases) / Double(events)
    )
}
