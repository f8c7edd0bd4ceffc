import Benchmark
import BenchmarkCases

/// The package-benchmark suite: every case of `BenchmarkCases` and its baseline, with wall
/// clock, heap allocations, and retain and release counts.
///
/// Run it with `swift package --package-path Benchmarks benchmark`. Each benchmark runs its
/// case's loop over `scaledIterations` events, so the reported figures (marked `*`) are per
/// event.
let benchmarks: @Sendable () -> Void = {
    let metrics: [BenchmarkMetric] = [.wallClock, .mallocCountTotal, .retainCount, .releaseCount]
    let fast = Benchmark.Configuration(metrics: metrics, scalingFactor: .mega, maxDuration: .seconds(2))
    let slow = Benchmark.Configuration(metrics: metrics, scalingFactor: .kilo, maxDuration: .seconds(2))

    pair("flat.toggle", fast, try? FlatToggle())
    pair("flat.ring", fast, try? FlatRing())
    pair("seedapi.toggle", slow, try? SeedToggle())
    pair("hierarchy.crossParent", slow, try? CrossParent())
    pair("parallel.twoRegions", slow, try? TwoRegions())

    // The benchmarks of one process run one after another on one thread, never at once.
    nonisolated(unsafe) let construct = try? Construct()
    Benchmark("construct", configuration: slow) { benchmark in
        guard let construct else { return benchmark.error("the charts could not be built") }
        blackHole(construct.runStatecraft(benchmark.scaledIterations.count))
    }
    Benchmark("construct.hierarchy", configuration: slow) { benchmark in
        guard let construct else { return benchmark.error("the charts could not be built") }
        blackHole(construct.runHierarchical(benchmark.scaledIterations.count))
    }

    let runtimeSend = try? RuntimeSend()
    Benchmark("runtime.send", configuration: slow) { benchmark in
        guard let runtimeSend else { return benchmark.error("runtime.send: the case could not be built") }
        blackHole(await runtimeSend.runStatecraft(benchmark.scaledIterations.count))
    }
    Benchmark("runtime.send.baseline", configuration: slow) { benchmark in
        guard let runtimeSend else { return benchmark.error("runtime.send: the case could not be built") }
        blackHole(await runtimeSend.runBaseline(benchmark.scaledIterations.count))
    }

    Benchmark(
        "instance.bytes",
        configuration: .init(metrics: [.custom("bytes", useScalingFactor: false)], maxIterations: 1)
    ) { benchmark in
        benchmark.measurement(.custom("bytes", useScalingFactor: false), InstanceBytes.size)
    }
}

/// Registers `<name>` (Statecraft) and `<name>.baseline` (hand-written) over one case object.
func pair(_ name: String, _ configuration: Benchmark.Configuration, _ made: (any PairedCase)?) {
    // The benchmarks of one process run one after another on one thread, never at once.
    nonisolated(unsafe) let shared = made
    Benchmark(name, configuration: configuration) { benchmark in
        guard let shared else { return benchmark.error("\(name): the case could not be built") }
        blackHole(shared.runStatecraft(benchmark.scaledIterations.count))
    }
    Benchmark("\(name).baseline", configuration: configuration) { benchmark in
        guard let shared else { return benchmark.error("\(name): the case could not be built") }
        blackHole(shared.runBaseline(benchmark.scaledIterations.count))
    }
}
