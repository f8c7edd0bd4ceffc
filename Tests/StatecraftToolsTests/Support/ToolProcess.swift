import Foundation

/// The built `statecraft` binary, run as a user would run it.
enum ToolProcess {
    /// The package's root: this file is `Tests/StatecraftToolsTests/Support/ToolProcess.swift`.
    static let packageRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// Where `swift build` put the binary: beside the test bundle, or in `.build/debug`.
    static var binary: URL? {
        var candidates: [URL] = []
        if let bundle = Bundle.main.executableURL {
            var folder = bundle.deletingLastPathComponent()
            while folder.path != "/", !folder.lastPathComponent.hasSuffix("debug"), !folder.lastPathComponent.hasSuffix("release") {
                folder.deleteLastPathComponent()
            }
            candidates.append(folder.appendingPathComponent("statecraft"))
        }
        candidates.append(packageRoot.appendingPathComponent(".build/debug/statecraft"))
        return candidates.first { FileManager.default.isExecutableFile(atPath: $0.path) }
    }

    struct Output {
        var status: Int32
        var standardOutput: String
        var standardError: String
    }

    /// Runs the tool with `arguments` and `input` on standard input (a pipe, so never a
    /// terminal), in `directory`.
    static func run(_ arguments: [String], input: String = "", in directory: URL? = nil) throws -> Output {
        guard let binary else {
            throw ToolMissing()
        }
        let process = Process()
        process.executableURL = binary
        process.arguments = arguments
        if let directory { process.currentDirectoryURL = directory }
        let stdin = Pipe(), stdout = Pipe(), stderr = Pipe()
        process.standardInput = stdin
        process.standardOutput = stdout
        process.standardError = stderr
        try process.run()
        // The input is written and the errors read on threads of their own while this one reads
        // the output: done one after another, a tool that filled one pipe while the test waited
        // on another would wait forever.
        let writing = Transfer(), reading = Transfer()
        let inputHandle = stdin.fileHandleForWriting, errorHandle = stderr.fileHandleForReading
        Thread {
            inputHandle.write(Data(input.utf8))
            try? inputHandle.close()
            writing.finish(Data())
        }.start()
        Thread { reading.finish(errorHandle.readDataToEndOfFile()) }.start()
        let out = stdout.fileHandleForReading.readDataToEndOfFile()
        let err = reading.wait()
        _ = writing.wait()
        process.waitUntilExit()
        return Output(
            status: process.terminationStatus, standardOutput: String(decoding: out, as: UTF8.self),
            standardError: String(decoding: err, as: UTF8.self)
        )
    }

    /// The bytes one thread hands another once it is done.
    ///
    /// `@unchecked` because `data` is written once, before `finish` signals, and read only after
    /// `wait` returns: the semaphore orders the two.
    private final class Transfer: @unchecked Sendable {
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

    struct ToolMissing: Error, CustomStringConvertible {
        var description: String {
            "the statecraft binary was not found beside the tests or in .build/debug: build it with swift build"
        }
    }

    /// Writes `text` to a new file in a new temporary folder and returns the folder.
    static func folder(with files: [String: String]) throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("statecraft-tests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        for (name, text) in files {
            try Data(text.utf8).write(to: folder.appendingPathComponent(name))
        }
        return folder
    }
}
