/// A case with a Statecraft side and a hand-written baseline doing the same observable work.
///
/// Each run sends `events` events and returns a checksum (transitions taken plus entries
/// counted), which the caller must consume so the optimizer keeps the loop.
public protocol PairedCase: AnyObject {
    /// Runs `events` events through Statecraft.
    func runStatecraft(_ events: Int) -> Int
    /// Runs `events` events through the hand-written baseline.
    func runBaseline(_ events: Int) -> Int
}

extension FlatToggle: PairedCase {}
extension FlatRing: PairedCase {}
extension SeedToggle: PairedCase {}
extension CrossParent: PairedCase {}
extension TwoRegions: PairedCase {}
