import Statecraft
import StatecraftTesting

/// The events of `verify.product`: `hop(r)` moves region `r` one state on.
public struct ProductHop: MachineEvent {
    /// The region the event moves.
    public let region: Int

    /// The event that moves `region`.
    public init(_ region: Int) { self.region = region }

    /// One kind per region.
    public var kind: Int { region }
}

/// `verify.product`: `TestModel.verify` on a generated chart whose reachable configurations
/// are many and known: a parallel state of `regions` regions, each a ring of `ring` atomic
/// states that its own event moves one on, so every combination of the rings' states is
/// reachable: `ring` to the power `regions` configurations (10 states and 4, 5 or 6 regions
/// make 10^4, 10^5 and 10^6), each with `regions` events to try.
///
/// The baseline is a hand-written breadth-first search over the same product: a configuration
/// as one integer (a digit per region), a `Set` of those seen and an array as the queue. It
/// finds what `verify` finds about reachability and keeps the least a search can keep; the
/// ratio says what `verify`'s engine, keys and records cost on top.
public struct VerifyProduct {
    /// The number of regions.
    public let regions: Int
    /// The states in each region's ring.
    public let ring: Int
    /// The chart: states are `-1` (the parallel root), `1_000 + r` (region `r`), and
    /// `r * ring + i` (state `i` of region `r`).
    public let chart: Statechart<Int, ProductHop, Void>

    /// Builds the chart.
    ///
    /// - Throws: `DefinitionError` if Statecraft rejects the chart (it should not).
    public init(regions: Int, ring: Int = 10) throws {
        self.regions = regions
        self.ring = ring
        chart = try Statechart {
            Parallel(-1) {
                for region in 0..<regions {
                    Compound(1_000 + region) {
                        for index in 0..<ring {
                            Atomic(region * ring + index) {
                                On(region, to: region * ring + (index + 1) % ring)
                            }
                        }
                    }
                }
            }
        }
    }

    /// The configurations reachable: `ring` to the power `regions`.
    public var expected: Int {
        (0..<regions).reduce(1) { product, _ in product * ring }
    }

    /// Runs `TestModel.verify` with bounds above the product.
    ///
    /// - Returns: The configurations it explored, whether the search was complete and the
    ///   number of its findings (0 for this chart: no state is missed, nothing deadlocks).
    @inline(never)
    public func runStatecraft() -> (configurations: Int, complete: Bool, findings: Int) {
        var model = TestModel(chart: chart, events: (0..<regions).map { ProductHop($0) })
        model.maxConfigurations = expected + 1
        model.maxDepth = regions * ring + 1
        let result = model.verify(maxTime: .seconds(600))
        return (result.configurations, result.isComplete, result.findings.count + result.statesNeverEntered.count)
    }

    /// The hand-written search over the same product.
    ///
    /// - Returns: The configurations it reached.
    @inline(never)
    public func runBaseline() -> Int {
        var powers: [Int] = []
        var power = 1
        for _ in 0..<regions {
            powers.append(power)
            power *= ring
        }
        var seen: Set<Int> = [0]
        var queue = [0]
        var next = 0
        while next < queue.count {
            let configuration = queue[next]
            next += 1
            for region in 0..<regions {
                let digit = configuration / powers[region] % ring
                let moved = configuration + ((digit + 1) % ring - digit) * powers[region]
                if seen.insert(moved).inserted { queue.append(moved) }
            }
        }
        return seen.count
    }
}
