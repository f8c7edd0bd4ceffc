import Foundation

/// `scxml.irp`: the whole W3C SCXML conformance suite in `../shared/scxml-irp`, read, translated
/// and run by the `statecraft conformance` tool. There is no baseline: the target is a time.
///
/// The conformance runner is not part of the library's public API, so the case runs the
/// tool: it builds it in release first (not timed), then times one run of the process, whose
/// start-up is a few milliseconds of the total.
public enum SCXMLSuiteCase {
    /// The counts the tool's last line gives: `128 passed, 0 failed, 40 skipped`.
    public struct Summary: CustomStringConvertible, Sendable {
        /// Tests that passed.
        public var passed: Int
        /// Tests that failed.
        public var failed: Int
        /// Tests skipped.
        public var skipped: Int

        /// `N passed, N failed, N skipped`.
        public var description: String { "\(passed) passed, \(failed) failed, \(skipped) skipped" }
    }

    /// Why the case could not run.
    public struct Failure: Error, CustomStringConvertible {
        /// What went wrong.
        public var description: String
    }

    /// The repository: `Benchmarks/Sources/BenchmarkCases/SCXMLSuite.swift` → the root.
    static var repository: String {
        var parts = #filePath.split(separator: "/", omittingEmptySubsequences: false)
        parts.removeLast(4)
        return parts.joined(separator: "/")
    }

    /// The suite's folder: beside the repository.
    public static var directory: String {
        (repository as NSString).deletingLastPathComponent + "/shared/scxml-irp"
    }

    /// Runs the suite once in one profile and times it.
    ///
    /// - Parameter datamodel: The profile: `statecraft`, `null`, or `ecmascript` (the tool is
    ///   then built with the root's trait ECMAScript too).
    /// - Returns: The wall time in milliseconds and the counts.
    /// - Throws: ``Failure`` when the tool cannot be built or its output has no counts.
    public static func run(datamodel: String = "statecraft") throws -> (milliseconds: Double, summary: Summary) {
        // The tool is behind the root's trait Tools (issue 32); without it the build is a stub.
        let traits = datamodel == "ecmascript" ? "Tools,ECMAScript" : "Tools"
        _ = try shell("swift", ["build", "-c", "release", "--package-path", repository, "--traits", traits, "--product", "statecraft"])
        let bin = try shell("swift", ["build", "-c", "release", "--package-path", repository, "--show-bin-path"])
            .trimmingCharacters(in: .whitespacesAndNewlines)
        let clock = ContinuousClock()
        var output = ""
        let elapsed = try clock.measure {
            output = try shell(bin + "/statecraft", ["conformance", directory, "--datamodel", datamodel], allowFailure: true)
        }
        guard let summary = output.split(separator: "\n").last.flatMap({ parse(String($0)) }) else {
            throw Failure(description: "statecraft conformance printed no counts; it ended with: \(output.suffix(300))")
        }
        let milliseconds = Double(elapsed.components.seconds) * 1_000 + Double(elapsed.components.attoseconds) / 1e15
        return (milliseconds, summary)
    }

    /// `N passed, N failed, N skipped` as counts.
    static func parse(_ line: String) -> Summary? {
        let numbers = line.split(separator: " ").compactMap { Int($0) }
        guard numbers.count == 3, line.contains("passed"), line.contains("failed"), line.contains("skipped") else {
            return nil
        }
        return Summary(passed: numbers[0], failed: numbers[1], skipped: numbers[2])
    }

    /// Runs a program and returns what it printed.
    private static func shell(_ program: String, _ arguments: [String], allowFailure: Bool = false) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: program.hasPrefix("/") ? program : "/usr/bin/env")
        process.arguments = program.hasPrefix("/") ? arguments : [program] + arguments
        let pipe = Pipe()
        process.standardOutput = pipe
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard allowFailure || process.terminationStatus == 0 else {
            throw Failure(description: "\(program) \(arguments.joined(separator: " ")) exited with \(process.terminationStatus)")
        }
        return String(decoding: data, as: UTF8.self)
    }
}
