import BenchmarkCases
import Foundation

/// `compare verify`: `TestModel.verify` on charts of 10^4, 10^5 and 10^6 reachable
/// configurations (``VerifyProduct``), against a hand-written search of the same product.
/// Prints, per size, the configurations explored per second and the peak memory the search
/// added per configuration (Linux: the process's peak resident size, reset before each run
/// through `/proc/self/clear_refs`; elsewhere `n/a`), and the ratio of the two searches' times.
enum VerifyReport {
    /// Runs the sizes `regions` (4, 5 and 6 unless given: 10^4 to 10^6 configurations).
    static func run(_ arguments: [String]) throws {
        let sizes = arguments.compactMap { Int($0) }
        for regions in sizes.isEmpty ? [4, 5, 6] : sizes {
            let product = try VerifyProduct(regions: regions)
            let clock = ContinuousClock()
            let baselineStart = clock.now
            let reached = product.runBaseline()
            let baseline = clock.now - baselineStart
            let before = Memory.resetPeak()
            let start = clock.now
            let result = product.runStatecraft()
            let elapsed = clock.now - start
            let peak = Memory.peak()
            let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
            let baselineSeconds = Double(baseline.components.seconds) + Double(baseline.components.attoseconds) / 1e18
            let bytes = before.flatMap { before in peak.map { ($0 - before) / max(result.configurations, 1) } }
            print(
                "verify.product configurations=\(result.configurations) expected=\(product.expected) complete=\(result.complete) "
                    + "findings=\(result.findings) statecraft_ms=\(fixed(seconds * 1_000)) baseline_ms=\(fixed(baselineSeconds * 1_000)) "
                    + "ratio=\(fixed(seconds / baselineSeconds)) configs_per_s=\(Int(Double(result.configurations) / seconds)) "
                    + "bytes_per_config=\(bytes.map(String.init) ?? "n/a")"
            )
            if result.configurations != product.expected || reached != product.expected || !result.complete || result.findings != 0 {
                print("verify.product FAILED: explored \(result.configurations) (baseline \(reached)) of \(product.expected)")
            }
        }
    }
}

/// The process's resident memory, from `/proc/self` (Linux).
enum Memory {
    /// Resets the peak resident size to the current one; returns the current one in bytes.
    static func resetPeak() -> Int? {
        guard let handle = FileHandle(forWritingAtPath: "/proc/self/clear_refs") else { return nil }
        handle.write(Data("5".utf8))
        try? handle.close()
        return field("VmRSS:")
    }

    /// The peak resident size since the last reset, in bytes.
    static func peak() -> Int? { field("VmHWM:") }

    private static func field(_ name: String) -> Int? {
        guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8),
              let line = status.split(separator: "\n").first(where: { $0.hasPrefix(name) }) else { return nil }
        return line.split(separator: " ").compactMap { Int($0) }.first.map { $0 * 1_024 }
    }
}
