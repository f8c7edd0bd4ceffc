#if Inspector
import Foundation
import Testing
import Statecraft
import StatecraftInspector
import StatecraftRuntime

/// Headless Chromium, when it is installed: Debian's `chromium`, or the one named by
/// `STATECRAFT_CHROMIUM`.
enum Browser {
    static let path: String? = {
        let candidates = [ProcessInfo.processInfo.environment["STATECRAFT_CHROMIUM"]].compactMap { $0 }
            + ["/usr/bin/chromium", "/usr/bin/chromium-browser", "/usr/bin/google-chrome", "/snap/bin/chromium"]
        return candidates.first { FileManager.default.isExecutableFile(atPath: $0) }
    }()

    /// CI sets `STATECRAFT_REQUIRE_BROWSER=1`: there, a missing browser fails instead of skipping.
    static let required = ProcessInfo.processInfo.environment["STATECRAFT_REQUIRE_BROWSER"] == "1"

    /// Runs the browser headless on `arguments` and returns what it printed. Bounded: killed
    /// after two minutes.
    static func run(_ arguments: [String]) async throws -> String {
        guard let path else { throw WireError("chromium not found") }
        let profile = FileManager.default.temporaryDirectory.appendingPathComponent("statecraft-chromium-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: profile) }
        return try await Connection.offPool {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: path)
            process.arguments = [
                "--headless", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--no-first-run",
                "--user-data-dir=\(profile.path)", "--virtual-time-budget=5000",
            ] + arguments
            let output = Pipe()
            process.standardOutput = output
            process.standardError = FileHandle.nullDevice
            try process.run()
            let deadline = Date().addingTimeInterval(120)
            let data = output.fileHandleForReading.readDataToEndOfFile()
            while process.isRunning, Date() < deadline { Thread.sleep(forTimeInterval: 0.05) }
            if process.isRunning { process.terminate() }
            return String(decoding: data, as: UTF8.self)
        }
    }

    /// The page's DOM at `url`, dumped again (at most `attempts` times in all) while `ready` is
    /// false of it. The page's WebSocket opens over the network, outside the browser's virtual
    /// time budget, so on a busy machine one dump can come before the socket has opened.
    static func dumpDOM(_ url: String, attempts: Int = 4, until ready: (String) -> Bool) async throws -> String {
        var dom = try await run(["--dump-dom", url])
        var attempt = 1
        while !ready(dom), attempt < attempts {
            dom = try await run(["--dump-dom", url])
            attempt += 1
        }
        return dom
    }

    /// The `data-state-id` of every element marked `data-active="true"`, in document order.
    static func activeStates(in dom: String) -> [String] {
        states(in: dom, marked: "data-active")
    }

    /// The `data-state-id` of every element whose `attribute` is `"true"`, in document order.
    static func states(in dom: String, marked attribute: String) -> [String] {
        var active: [String] = []
        var rest = dom[...]
        while let open = rest.range(of: "<div ") {
            guard let close = rest[open.upperBound...].firstIndex(of: ">") else { break }
            let tag = rest[open.lowerBound..<close]
            if tag.contains("\(attribute)=\"true\""), let idStart = tag.range(of: "data-state-id=\""),
               let idEnd = tag[idStart.upperBound...].firstIndex(of: "\"") {
                active.append(String(tag[idStart.upperBound..<idEnd]))
            }
            rest = rest[close...]
        }
        return active
    }
}

@Suite("The page in a real browser")
struct BrowserTests {
    @Test(.enabled(if: Browser.path != nil || Browser.required, "chromium not found; skipped"))
    func thePageHighlightsTheActiveStatesAfterAnEvent() async throws {
        guard Browser.path != nil else {
            Issue.record("chromium not found, and STATECRAFT_REQUIRE_BROWSER=1 requires it: apt-get install -y chromium")
            return
        }
        let (inspector, port) = try await startedInspector()
        let runtime = try inspectedDeck(inspector)
        let url = "http://127.0.0.1:\(port)/?token=secret-token"
        // Without the token the page does not load at all: nothing of the machine is drawn.
        let refused = try await Browser.run(["--dump-dom", "http://127.0.0.1:\(port)/"])
        #expect(!refused.contains("data-state-id") && refused.contains("missingToken"), "\(refused.prefix(1_000))")
        let before = Browser.activeStates(in: try await Browser.run(["--dump-dom", url]))
        #expect(before == ["off"])
        for body in [#"{"name": "power"}"#, #"{"name": "load", "data": {"track": 9}}"#, #"{"name": "play"}"#] {
            let reply = try await HTTP.post("/events", port: port, token: "secret-token", body: body)
            #expect(reply.status == 200)
        }
        #expect(await runtime.snapshot().activeStates == [.on, .playing])
        let connected = #"id="connection" data-connected="true""#
        let dom = try await Browser.dumpDOM(url) { $0.contains(connected) }
        #expect(Browser.activeStates(in: dom) == ["on", "playing"])
        #expect(dom.contains(#"data-machine-id="deck""#))
        // The updates WebSocket opened with the token's subprotocol.
        #expect(dom.contains(connected), "\(dom.prefix(2_000))")
        #expect(dom.contains("&quot;track&quot;: 9") || dom.contains("\"track\": 9"))
        // Back in time: the page opened at record 2 (after `power`) shows that record's states,
        // and still marks the live ones active.
        let past = try await Browser.run(["--dump-dom", url + "#machine=deck&record=2"])
        #expect(Browser.states(in: past, marked: "data-viewed") == ["on", "stopped"])
        #expect(Browser.activeStates(in: past) == ["on", "playing"])
        #expect(past.contains(#"data-mode="past""#))
        let screenshot = FileManager.default.temporaryDirectory.appendingPathComponent("statecraft-inspector.png")
        try? FileManager.default.removeItem(at: screenshot)
        _ = try await Browser.run(["--window-size=1280,900", "--screenshot=\(screenshot.path)", url])
        let picture = try Data(contentsOf: screenshot)
        #expect(picture.starts(with: [0x89, 0x50, 0x4e, 0x47]))
        print("inspector screenshot: \(screenshot.path)")
        await inspector.stop()
    }
}
#endif
