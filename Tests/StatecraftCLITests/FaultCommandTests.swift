#if Tools
import Foundation
import Testing

/// Hostile documents through the built `statecraft` tool, as a subprocess with a memory limit
/// and a watchdog: a document that invokes itself, a breadth bomb, eventless and `<raise>`
/// loops. Each must end (no crash, no hang) with its fault printed and exit status 3.
@Suite("statecraft simulate and paths report faults")
struct FaultCommandTests {
    static let namespace = #"xmlns="http://www.w3.org/2005/07/scxml" version="1.0""#

    /// The tool's result.
    struct Output {
        var status: Int32
        var standardOutput: String
        var standardError: String
        /// Whether the process ended by itself (not killed by the watchdog or a signal).
        var exited: Bool

        func lines(prefix: String) -> [String] {
            standardOutput.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }.filter { $0.hasPrefix(prefix) }
        }
    }

    /// The built binary, beside the test bundle or in `.build/debug`.
    static var binary: URL? {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        var candidates: [URL] = []
        if let bundle = Bundle.main.executableURL {
            var folder = bundle.deletingLastPathComponent()
            while folder.path != "/", !folder.lastPathComponent.hasSuffix("debug"), !folder.lastPathComponent.hasSuffix("release") {
                folder.deleteLastPathComponent()
            }
            candidates.append(folder.appendingPathComponent("statecraft"))
        }
        candidates.append(root.appendingPathComponent(".build/debug/statecraft"))
        return candidates.first { FileManager.default.isExecutableFile(atPath: $0.path) }
    }

    struct ToolMissing: Error, CustomStringConvertible {
        var description: String { "the statecraft binary was not found beside the tests or in .build/debug: build it with swift build" }
    }

    /// Runs the tool under `ulimit -v` (4 GiB of address space), killed after `timeout`
    /// seconds: a generous hang guard, not a timing threshold.
    static func run(_ arguments: [String], input: String = "", in folder: URL, timeout: TimeInterval = 300) throws -> Output {
        guard let binary else { throw ToolMissing() }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", #"ulimit -v 4194304; exec "$0" "$@""#, binary.path] + arguments
        process.currentDirectoryURL = folder
        let stdin = Pipe(), stdout = Pipe(), stderr = Pipe()
        process.standardInput = stdin
        process.standardOutput = stdout
        process.standardError = stderr
        try process.run()
        let watchdog = DispatchWorkItem { if process.isRunning { process.terminate() } }
        DispatchQueue.global().asyncAfter(deadline: .now() + timeout, execute: watchdog)
        let errors = Collector(), writer = Collector()
        let inputHandle = stdin.fileHandleForWriting, errorHandle = stderr.fileHandleForReading
        Thread {
            inputHandle.write(Data(input.utf8))
            try? inputHandle.close()
            writer.finish(Data())
        }.start()
        Thread { errors.finish(errorHandle.readDataToEndOfFile()) }.start()
        let out = stdout.fileHandleForReading.readDataToEndOfFile()
        let err = errors.wait()
        _ = writer.wait()
        process.waitUntilExit()
        watchdog.cancel()
        return Output(
            status: process.terminationStatus, standardOutput: String(decoding: out, as: UTF8.self),
            standardError: String(decoding: err, as: UTF8.self), exited: process.terminationReason == .exit
        )
    }

    /// Bytes one thread hands another. `@unchecked`: written once before the semaphore
    /// signals, read after it.
    final class Collector: @unchecked Sendable {
        private var data = Data()
        private let done = DispatchSemaphore(value: 0)
        func finish(_ data: Data) {
            self.data = data
            done.signal()
        }
        func wait() -> Data {
            done.wait()
            return data
        }
    }

    static func folder(_ files: [String: String]) throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("statecraft-faults-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        for (name, text) in files { try Data(text.utf8).write(to: folder.appendingPathComponent(name)) }
        return folder
    }

    static func selfInvoking(fanOut: Int) -> String {
        """
        <scxml \(namespace) initial="s">
          <state id="s">
            \(String(repeating: #"<invoke src="self.scxml"/>"#, count: fanOut))
            <transition event="stop" target="stopped"/>
          </state>
          <final id="stopped"/>
        </scxml>
        """
    }

    /// Level `level` of a chain of distinct files `d<level>.scxml`, the last one at `depth`
    /// ending at once; each level ends on its child's done event.
    static func chainFile(_ level: Int, depth: Int) -> String {
        guard level < depth else { return #"<scxml \#(namespace) initial="end"><final id="end"/></scxml>"# }
        return """
            <scxml \(namespace) initial="s"><state id="s"><invoke src="d\(level + 1).scxml"/>\
            <transition event="done.invoke" target="end"/><transition event="error.execution" target="refused"/></state>\
            <final id="end"/><state id="refused"/></scxml>
            """
    }

    /// A document nesting inline `<content>` `depth` levels deep.
    static func inlineNest(_ level: Int = 0, depth: Int) -> String {
        let attributes = level == 0 ? namespace : #"version="1.0""#
        guard level < depth else { return #"<scxml \#(attributes) initial="end"><final id="end"/></scxml>"# }
        return #"<scxml \#(attributes) initial="s"><state id="s"><invoke><content>\#(inlineNest(level + 1, depth: depth))</content></invoke><transition event="stop" target="end"/></state><final id="end"/></scxml>"#
    }

    @Test("A document that invokes itself by src is stopped at 16 levels, reported, exit 3; its session goes on")
    func selfInvocationBySrc() throws {
        let folder = try Self.folder(["self.scxml": Self.selfInvoking(fanOut: 1)])
        let output = try Self.run(["simulate", "self.scxml"], input: "stop\n", in: folder)
        #expect(output.exited)
        #expect(output.status == 3)
        let faults = output.lines(prefix: "fault:")
        #expect(faults.count == 1)
        #expect(faults.first?.hasPrefix("fault: invocationDepthLimit: ") == true)
        #expect(faults.first?.contains("17 levels of invocation deep, past the limit of 16") == true)
        #expect(output.standardOutput.hasSuffix("1: stop -> stopped\n"))
        #expect(output.standardError.contains("1 fault"))
    }

    @Test("Inline content nested past the limit is stopped at it, with the fault on the start's line")
    func inlineNesting() throws {
        let folder = try Self.folder(["nest.scxml": Self.inlineNest(depth: 30)])
        let output = try Self.run(["simulate", "nest.scxml", "--json"], input: "stop\n", in: folder)
        #expect(output.exited)
        #expect(output.status == 3)
        let start = try #require(output.standardOutput.split(separator: "\n").first)
        #expect(start.contains(#""faults": ["invocationDepthLimit: "#))
    }

    @Test("A chain of distinct documents one level deeper than the limit is refused; one as deep as the limit runs", arguments: [16, 17])
    func chainOfFiles(depth: Int) throws {
        var files: [String: String] = [:]
        for level in 0...depth { files["d\(level).scxml"] = Self.chainFile(level, depth: depth) }
        let folder = try Self.folder(files)
        let output = try Self.run(["simulate", "d0.scxml"], in: folder)
        #expect(output.exited)
        if depth <= 16 {
            #expect(output.status == 0)
            #expect(output.lines(prefix: "fault:").isEmpty)
            #expect(output.standardOutput == "0: (start) -> end\n")
        } else {
            #expect(output.status == 3)
            #expect(output.lines(prefix: "fault: invocationDepthLimit:").count == 1)
            #expect(output.standardOutput.hasSuffix("0: (start) -> s\n"))
        }
    }

    @Test("A breadth bomb (every level invokes itself ten times) stops at 1,000 sessions in a few fault lines")
    func breadthBomb() throws {
        let folder = try Self.folder(["self.scxml": Self.selfInvoking(fanOut: 10)])
        let output = try Self.run(["simulate", "self.scxml"], input: "stop\n", in: folder)
        #expect(output.exited)
        #expect(output.status == 3)
        // Invocations start depth first, so the depth limit refuses some before the session
        // limit refuses the rest: the first refusal of each kind, then one summary of each.
        let faults = output.lines(prefix: "fault:")
        #expect(faults.count == 4)
        let sessionFaults = faults.filter { $0.hasPrefix("fault: sessionLimit: ") }
        #expect(sessionFaults.count == 2)
        #expect(sessionFaults.first?.contains("1000 sessions already run in this group, the limit of 1000") == true)
        #expect(sessionFaults.last?.contains("more invocations were not started in this call") == true)
        #expect(faults.filter { $0.hasPrefix("fault: invocationDepthLimit: ") }.count == 2)
        #expect(output.standardOutput.hasSuffix("1: stop -> stopped\n"))
    }

    @Test("Eventless and raise loops are each reported as a fault line and exit status 3")
    func loops() throws {
        let eventless = """
            <scxml \(Self.namespace) initial="idle">
              <state id="idle"><transition event="go" target="a"/></state>
              <state id="a"><transition target="b"/></state>
              <state id="b"><transition target="a"/></state>
            </scxml>
            """
        let raising = """
            <scxml \(Self.namespace) initial="idle">
              <state id="idle">
                <transition event="spin"><raise event="spin"/></transition>
                <transition event="stop" target="end"/>
              </state>
              <final id="end"/>
            </scxml>
            """
        let folder = try Self.folder(["eventless.scxml": eventless, "raise.scxml": raising])
        let first = try Self.run(["simulate", "eventless.scxml"], input: "go\n", in: folder)
        #expect(first.status == 3)
        #expect(first.lines(prefix: "fault: microstepLimit: ").count == 1)
        let second = try Self.run(["simulate", "raise.scxml"], input: "spin\nspin\nstop\n", in: folder)
        #expect(second.status == 3)
        #expect(second.lines(prefix: "fault: microstepLimit: ").count == 2)
        #expect(second.standardOutput.hasSuffix("3: stop -> end\n"))
        let json = try Self.run(["simulate", "raise.scxml", "--json"], input: "spin\n", in: folder)
        #expect(json.status == 3)
        #expect(json.standardOutput.contains(#""faults": ["microstepLimit: "#))
        // A document without faults still exits 0.
        let clean = try Self.run(["simulate", "raise.scxml"], input: "stop\n", in: folder)
        #expect(clean.status == 0)
        #expect(clean.lines(prefix: "fault:").isEmpty)
    }

    @Test("statecraft paths lists the faults its replays met, with the path that met each")
    func pathsReportFaults() throws {
        let document = """
            <scxml \(Self.namespace) initial="idle">
              <state id="idle">
                <transition event="spin"><raise event="spin"/></transition>
                <transition event="stop" target="end"/>
              </state>
              <final id="end"/>
            </scxml>
            """
        let folder = try Self.folder(["raise.scxml": document])
        let output = try Self.run(["paths", "raise.scxml"], in: folder)
        #expect(output.exited)
        let faults = output.lines(prefix: "fault: microstepLimit: ")
        #expect(faults.count == 1)
        #expect(faults.first?.hasSuffix("(after: spin)") == true)
        let json = try Self.run(["paths", "raise.scxml", "--json"], in: folder)
        #expect(json.standardOutput.contains(#""faults":"#))
    }
}
#endif
