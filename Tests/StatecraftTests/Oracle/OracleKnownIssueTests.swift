import Testing

/// Seeds on which the engine and the Appendix D oracle disagree because of a known engine
/// issue, run with the generator's avoidance of that issue lifted. Each is a known issue until
/// the engine is fixed; then Swift Testing reports that the issue was not recorded, and the
/// issue and its avoidance (``KnownEngineIssue``) can go.
@Suite("Known engine issues the Appendix D oracle finds")
struct OracleKnownIssueTests {
    /// Runs the case of `seed` with `issue` no longer avoided; the disagreement is recorded.
    static func replay(_ seed: UInt64, lifting issue: KnownEngineIssue) {
        let avoiding = Set(KnownEngineIssue.allCases).subtracting([issue])
        let spec = OracleGenerator.makeCase(seed: seed, avoiding: avoiding)
        if case .disagreed(let disagreement) = OracleDifferential.run(spec) {
            Issue.record("seed \(seed): \(disagreement)")
        }
    }

    @Test(arguments: [728, 2_065] as [UInt64])
    func guardErrorEventsWaitInTheQueueOnTheRegionPath(seed: UInt64) {
        withKnownIssue("Machine+Regions.swift: a rejection leaves the raised error.execution in the internal queue") {
            Self.replay(seed, lifting: .guardErrorEventOnRegionPath)
        }
    }
}
