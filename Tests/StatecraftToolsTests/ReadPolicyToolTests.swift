import Foundation
import Testing

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The built `statecraft` tool under the read policy, fed what an attacker would feed it. Each
/// run is a subprocess with its memory capped and a kill after a generous time, so that a
/// runaway read cannot take the tests down.
@Suite("The statecraft binary: what a document may read")
struct ReadPolicyToolTests {
    struct Outcome {
        var status: Int32
        var output: String
        var finished: Bool
    }

    /// Runs `statecraft arguments` in `directory` under `ulimit -v` (KiB), killed after
    /// `seconds`; standard output and error together.
    func run(_ arguments: [String], in directory: String, memory: Int = 2_000_000, seconds: Int = 120) throws -> Outcome {
        guard let binary = ToolProcess.binary else { throw ToolProcess.ToolMissing() }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", "ulimit -v \(memory); exec \"$0\" \"$@\" 2>&1", binary.path] + arguments
        process.currentDirectoryURL = URL(fileURLWithPath: directory)
        let output = Pipe()
        process.standardOutput = output
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let collected = Collected()
        let handle = output.fileHandleForReading
        Thread { collected.finish(handle.readDataToEndOfFile()) }.start()
        let exited = DispatchSemaphore(value: 0)
        Thread {
            process.waitUntilExit()
            exited.signal()
        }.start()
        var finished = exited.wait(timeout: .now() + .seconds(seconds)) == .success
        if !finished {
            kill(process.processIdentifier, SIGKILL)
            exited.wait()
            finished = false
        }
        let data = collected.wait()
        return Outcome(status: process.terminationStatus, output: String(decoding: data, as: UTF8.self), finished: finished)
    }

    final class Collected: @unchecked Sendable {
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

    func folder() throws -> String {
        let path = FileManager.default.temporaryDirectory.path + "/statecraft-tool-read-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: path + "/doc", withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: path + "/outside", withIntermediateDirectories: true)
        return path
    }

    @Test("check refuses a 3 GB document by its size, without reading it, under a 2 GB memory cap")
    func hugeDocument() throws {
        let root = try folder()
        defer { try? FileManager.default.removeItem(atPath: root) }
        let path = root + "/doc/huge.scxml"
        #expect(FileManager.default.createFile(atPath: path, contents: Data("<scxml".utf8)))
        // Sparse: three gigabytes that take no disk.
        let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: path))
        try handle.truncate(atOffset: 3 << 30)
        try handle.close()
        let outcome = try run(["check", "doc/huge.scxml"], in: root)
        #expect(outcome.finished)
        #expect(outcome.status == 1, "\(outcome.output)")
        #expect(outcome.output.contains("has 3221225472 bytes, more than the read limit of 4194304 bytes"), "\(outcome.output)")
    }

    @Test("check of a pipe, a device or a directory is refused at once")
    func notRegularDocuments() throws {
        let root = try folder()
        defer { try? FileManager.default.removeItem(atPath: root) }
        #expect(mkfifo(root + "/doc/pipe.scxml", 0o600) == 0)
        for target in ["doc/pipe.scxml", "/dev/zero", "/dev/urandom", "doc"] {
            let outcome = try run(["check", target], in: root, seconds: 60)
            #expect(outcome.finished, "\(target) was waited on")
            #expect(outcome.status == 1)
            #expect(outcome.output.contains("a document may read only regular files inside its own folder"), "\(outcome.output)")
        }
    }

    @Test("simulate: <data src> of /etc/passwd, a link out, or ../ is refused and <log> prints none of it; --allow-read widens")
    func noLeak() throws {
        let root = try folder()
        defer { try? FileManager.default.removeItem(atPath: root) }
        try "\"outside-secret\"".write(toFile: root + "/outside/secret.json", atomically: true, encoding: .utf8)
        try FileManager.default.createSymbolicLink(atPath: root + "/doc/link.json", withDestinationPath: "../outside/secret.json")
        try """
            <scxml xmlns="http://www.w3.org/2005/07/scxml" version="1.0">
            <datamodel>
              <data id="a" src="/etc/passwd"/>
              <data id="b" src="file:///etc/passwd"/>
              <data id="c" src="link.json"/>
              <data id="d" src="../outside/secret.json"/>
            </datamodel>
            <state id="s"><onentry><log label="a" expr="a"/><log label="b" expr="b"/><log label="c" expr="c"/><log label="d" expr="d"/></onentry></state>
            </scxml>
            """.write(toFile: root + "/doc/leak.scxml", atomically: true, encoding: .utf8)
        let closed = try run(["simulate", "doc/leak.scxml", "--trace"], in: root)
        #expect(closed.finished)
        #expect(closed.status == 0, "\(closed.output)")
        #expect(!closed.output.contains("root:"))
        #expect(!closed.output.contains("outside-secret"))
        #expect(closed.output.components(separatedBy: "error.execution").count - 1 >= 4, "\(closed.output)")
        let widened = try run(["simulate", "doc/leak.scxml", "--trace", "--allow-read", "outside"], in: root)
        #expect(widened.status == 0)
        #expect(widened.output.contains("outside-secret"), "\(widened.output)")
        #expect(!widened.output.contains("root:"))
    }
}
