import StatecraftSCXML

/// `scxml.irp`: the whole W3C SCXML conformance suite in `../shared/scxml-irp`, read, translated
/// and run as `statecraft conformance` runs it. There is no baseline: the target is a time.
public enum SCXMLSuiteCase {
    /// The suite's folder: beside the repository, found from this file's path.
    public static var directory: String {
        // Benchmarks/Sources/BenchmarkCases/SCXMLSuite.swift → repository → ../shared/scxml-irp
        var parts = #filePath.split(separator: "/", omittingEmptySubsequences: false)
        parts.removeLast(5)
        return parts.joined(separator: "/") + "/shared/scxml-irp"
    }

    /// Runs the suite once and times it.
    ///
    /// - Returns: The wall time in milliseconds and the counts.
    public static func run() throws -> (milliseconds: Double, summary: ConformanceRunner.Summary) {
        let clock = ContinuousClock()
        var summary: ConformanceRunner.Summary?
        let elapsed = try clock.measure {
            summary = try ConformanceRunner(directory: directory).run()
        }
        let milliseconds = Double(elapsed.components.seconds) * 1_000 + Double(elapsed.components.attoseconds) / 1e15
        return (milliseconds, summary!)
    }
}
