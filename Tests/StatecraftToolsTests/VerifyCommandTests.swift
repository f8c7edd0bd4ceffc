import Foundation
import Testing

@Suite("The statecraft binary: verify")
struct VerifyCommandTests {
    /// A door with planted defects: a state no transition enters, a jam with no way out, an
    /// event raised that nothing takes.
    static let door = """
        <scxml xmlns="http://www.w3.org/2005/07/scxml" version="1.0" initial="closed">
          <state id="closed">
            <transition event="open" target="opening"/>
            <transition event="lock" target="locked"/>
          </state>
          <state id="opening">
            <onentry><send id="timer" event="opened" delay="2s"/></onentry>
            <onexit><cancel sendid="timer"/></onexit>
            <transition event="opened" target="open"/>
            <transition event="jam" target="stuck"/>
          </state>
          <state id="open">
            <onentry><raise event="beep"/></onentry>
            <transition event="close" target="closed"/>
          </state>
          <state id="stuck"/>
          <state id="locked">
            <transition event="unlock" target="closed"/>
          </state>
          <state id="alarm"/>
        </scxml>
        """

    @Test func defectsExitThreeAndEachCounterexampleReplays() throws {
        let folder = try ToolProcess.folder(with: [
            "door.scxml": Self.door,
            "door.verify": "never open, locked\neventually opening: open\n",
        ])
        let output = try ToolProcess.run(["verify", "door.scxml"], in: folder)
        #expect(output.status == 3)
        #expect(output.standardOutput.contains("search complete"))
        #expect(output.standardOutput.contains("states never entered:\n  20:3 alarm"))
        #expect(output.standardOutput.contains("""
            deadlock: no event and no timer changes anything in stuck
              in: stuck
              draw: statecraft draw door.scxml --highlight stuck
              counterexample (a statecraft simulate script):
                open
                jam
            """))
        #expect(output.standardOutput.contains("unhandled-event: the event 'beep' is sent and no transition takes it"))
        #expect(output.standardOutput.contains("property 'eventually opening: open' violated"))
        #expect(!output.standardOutput.contains("never open, locked"))
        // The JSON's counterexample replays with statecraft simulate --script and ends in stuck.
        let json = try ToolProcess.run(["verify", "door.scxml", "--json"], in: folder)
        #expect(json.status == 3)
        let report = try #require(try JSONSerialization.jsonObject(with: Data(json.standardOutput.utf8)) as? [String: Any])
        let findings = try #require(report["findings"] as? [[String: Any]])
        let deadlock = try #require(findings.first { $0["kind"] as? String == "deadlock" })
        let steps = try #require(deadlock["steps"] as? [String])
        #expect(steps == ["open", "jam"])
        try (steps.joined(separator: "\n") + "\n").write(to: folder.appendingPathComponent("cx.txt"), atomically: true, encoding: .utf8)
        let replay = try ToolProcess.run(["simulate", "door.scxml", "--script", "cx.txt"], in: folder)
        #expect(replay.status == 0)
        #expect(replay.standardOutput.hasSuffix("2: jam -> stuck\n"))
    }

    @Test func aCleanDocumentExitsZeroAndACutSearchSaysItIsNoProof() throws {
        let clean = """
            <scxml xmlns="http://www.w3.org/2005/07/scxml" version="1.0" initial="a">
              <datamodel><data id="n" expr="0"/></datamodel>
              <state id="a"><transition event="go" target="b"><assign location="n" expr="n + 1"/></transition></state>
              <state id="b"><transition event="back" target="a"/></state>
            </scxml>
            """
        let folder = try ToolProcess.folder(with: ["count.scxml": clean])
        let bounded = try ToolProcess.run(["verify", "count.scxml", "--never", "a,b", "--max-configurations", "5"], in: folder)
        #expect(bounded.status == 0)
        #expect(bounded.standardOutput.hasPrefix("5 configurations"))
        #expect(bounded.standardOutput.contains("search NOT complete"))
        #expect(bounded.standardOutput.contains("note: the search stopped after 5 configurations (--max-configurations 5)"))
        let clamped = try ToolProcess.run(["verify", "count.scxml", "--always", "n < 3", "--max-configurations", "50"], in: folder)
        #expect(clamped.status == 3)
        #expect(clamped.standardOutput.contains("property 'always n < 3' violated"))
    }

    @Test func timersInAnyOrderGiveCounterexamplesThatSimulateReplays() throws {
        let request = """
            <scxml xmlns="http://www.w3.org/2005/07/scxml" version="1.0" initial="idle">
            \(VerifyTests.request)
            </scxml>
            """
        let folder = try ToolProcess.folder(with: ["request.scxml": request])
        let deadline = try ToolProcess.run(["verify", "request.scxml"], in: folder)
        #expect(deadline.status == 3)
        #expect(deadline.standardOutput.contains("states never entered:\n  12:1 timedOut"))
        let json = try ToolProcess.run(["verify", "request.scxml", "--timers", "any", "--json"], in: folder)
        #expect(json.status == 3)
        let report = try #require(try JSONSerialization.jsonObject(with: Data(json.standardOutput.utf8)) as? [String: Any])
        #expect(report["timers"] as? String == "any")
        #expect(report["statesNeverEntered"] as? [String] == [])
        let findings = try #require(report["findings"] as? [[String: Any]])
        let deadlock = try #require(findings.first { $0["kind"] as? String == "deadlock" })
        let steps = try #require(deadlock["steps"] as? [String])
        #expect(steps == ["send", "wait for timeout", "wait for answer"])
        try (steps.joined(separator: "\n") + "\n").write(to: folder.appendingPathComponent("cx.txt"), atomically: true, encoding: .utf8)
        let replay = try ToolProcess.run(["simulate", "request.scxml", "--script", "cx.txt"], in: folder)
        #expect(replay.status == 0)
        #expect(replay.standardOutput == "0: (start) -> idle\n1: send -> waiting\n2: wait for timeout -> timedOut\n3: wait for answer -> timedOut\n")
        let wrong = try ToolProcess.run(["verify", "request.scxml", "--timers", "sometimes"], in: folder)
        #expect(wrong.status == 64)
    }

    @Test func mistakesInPropertiesAreNamed() throws {
        let folder = try ToolProcess.folder(with: ["door.scxml": Self.door, "bad.verify": "never open\n"])
        let unknown = try ToolProcess.run(["verify", "door.scxml", "--never", "open,ajar"], in: folder)
        #expect(unknown.status == 2)
        #expect(unknown.standardError == "error: property 'never open, ajar': the document has no state 'ajar'\n")
        let file = try ToolProcess.run(["verify", "door.scxml", "--properties", "bad.verify"], in: folder)
        #expect(file.status == 2)
        #expect(file.standardError.hasPrefix("error: bad.verify: line 1: 'never' names two or more states"))
        let option = try ToolProcess.run(["verify", "door.scxml", "--within", "lock:locked"], in: folder)
        #expect(option.status == 64)
    }
}
