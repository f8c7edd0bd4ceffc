/// The synchronous loops `compare profile` and `instructions` run, by case and side: each runs
/// the given number of events and returns a checksum.
public enum ProfileLoops {
    /// The cases with a loop here.
    public static let names = [
        "flat.toggle", "flat.ring", "seedapi.toggle", "hierarchy.crossParent", "parallel.twoRegions", "construct",
        "construct.hierarchy",
        "scxml.session", "scxml.session.condition", "scxml.session.start",
    ]

    /// The loop of a case and side (`statecraft` or `baseline`), or `nil` when there is none.
    public static func loop(_ name: String, side: String) throws -> ((Int) -> Int)? {
        switch (name, side) {
        case ("flat.toggle", "statecraft"): try FlatToggle().runStatecraft
        case ("flat.toggle", "baseline"): try FlatToggle().runBaseline
        case ("flat.ring", "statecraft"): try FlatRing().runStatecraft
        case ("flat.ring", "baseline"): try FlatRing().runBaseline
        case ("seedapi.toggle", "statecraft"): try SeedToggle().runStatecraft
        case ("seedapi.toggle", "baseline"): try SeedToggle().runBaseline
        case ("hierarchy.crossParent", "statecraft"): try CrossParent().runStatecraft
        case ("hierarchy.crossParent", "baseline"): try CrossParent().runBaseline
        case ("parallel.twoRegions", "statecraft"): try TwoRegions().runStatecraft
        case ("parallel.twoRegions", "baseline"): try TwoRegions().runBaseline
        case ("construct", _): try Construct().runStatecraft
        case ("construct.hierarchy", _): try Construct().runHierarchical
        case ("scxml.session", "statecraft"): try SessionEvent().runStatecraft
        case ("scxml.session", "baseline"): try SessionEvent().runBaseline
        case ("scxml.session.condition", "statecraft"): try SessionEvent(condition: true).runStatecraft
        case ("scxml.session.condition", "baseline"): try SessionEvent(condition: true).runBaseline
        case ("scxml.session.start", "statecraft"): try SessionStart().runStatecraft
        case ("scxml.session.start", "baseline"): try SessionStart().runBaseline
        default: nil
        }
    }
}
