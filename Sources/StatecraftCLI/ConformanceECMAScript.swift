#if Tools
import ArgumentParser
import StatecraftECMAScript
import StatecraftSCXML

/// `statecraft conformance --datamodel ecmascript DIR`: the W3C tests in the ECMAScript profile.
enum ConformanceECMAScript {
    /// Runs the tests in `directory` with the `conf:` markup as `confEcma.xsl` defines it, one
    /// line per test and the counts last.
    ///
    /// - Parameters:
    ///   - directory: The folder of tests.
    ///   - readPolicy: Which files a test may read beyond its own folder.
    /// - Throws: `ExitCode(1)` when a test fails; a `ValidationError` naming the package trait
    ///   and the apt package when this build has no JavaScriptCore.
    static func run(directory: String, readPolicy: SCXMLDocument.ReadPolicy) throws {
        guard ECMAScriptEngine.isAvailable else { throw ValidationError(ECMAScriptEngine.unavailableReason) }
        let summary: ECMAScriptConformanceRunner.Summary
        do {
            var runner = ECMAScriptConformanceRunner(directory: directory)
            runner.readPolicy = readPolicy
            summary = try runner.run { print($0) }
        } catch {
            throw ValidationError("\(error)")
        }
        print(summary)
        if summary.failed > 0 { throw ExitCode(1) }
    }
}
#endif
