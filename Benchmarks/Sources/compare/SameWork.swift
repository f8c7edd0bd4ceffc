import BenchmarkCases

/// Why a case's two sides disagree.
struct DifferentWork: Error, CustomStringConvertible {
    var description: String
}

/// Checks that each case's Statecraft side and baseline do the same observable work: from
/// fresh instances, the same number of events leaves the same checksum (transitions taken plus
/// entries counted, or plus the context the actions left) on both sides.
///
/// - Throws: `DifferentWork` naming the case whose sides disagree.
func checkSameWork() throws {
    let events = 10_007
    let makers: [(String, () throws -> any PairedCase)] = [
        ("flat.toggle", FlatToggle.init),
        ("flat.ring", FlatRing.init),
        ("seedapi.toggle", SeedToggle.init),
        ("hierarchy.crossParent", CrossParent.init),
        ("parallel.twoRegions", TwoRegions.init),
    ]
    for (name, make) in makers {
        let statecraft = try make().runStatecraft(events)
        let baseline = try make().runBaseline(events)
        guard statecraft == baseline else {
            throw DifferentWork(description: "\(name): Statecraft's checksum \(statecraft) != baseline's \(baseline)")
        }
    }
}
