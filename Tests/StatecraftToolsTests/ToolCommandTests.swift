import Foundation
import Testing

@Suite("The statecraft binary: simulate and paths")
struct ToolCommandTests {
    private let broken = """
        <scxml xmlns="http://www.w3.org/2005/07/scxml" version="1.0" initial="a">
          <state id="a">
            <transition event="go" target="nowhere"/>
          </state>
        </scxml>
        """

    @Test func simulateReadsTheScriptFromStandardInputAndExitsZero() throws {
        let folder = try ToolProcess.folder(with: ["light.scxml": SimulationFixtures.light])
        let output = try ToolProcess.run(["simulate", "light.scxml"], input: "power\n\n# c\nbright\nwait 2s\n", in: folder)
        #expect(output.status == 0)
        #expect(output.standardOutput == """
            0: (start) -> off
            1: power -> dim, still
            4: bright -> bright, still
            5: wait 2s -> dim, still

            """)
        #expect(output.standardError.isEmpty)
    }

    @Test func simulateWithJSONAndAScriptFile() throws {
        let folder = try ToolProcess.folder(with: ["light.scxml": SimulationFixtures.light, "day.txt": "power\nbreak\n"])
        let output = try ToolProcess.run(["simulate", "light.scxml", "--script", "day.txt", "--json"], in: folder)
        #expect(output.status == 0)
        #expect(output.standardOutput.split(separator: "\n") == [
            #"{"line": 0, "input": null, "configuration": ["off"], "done": false}"#,
            #"{"line": 1, "input": "power", "configuration": ["dim", "still"], "done": false}"#,
            #"{"line": 2, "input": "break", "configuration": ["broken"], "done": true}"#,
        ])
    }

    @Test func simulateTracePrintsTheMicrostepsBeforeEachLine() throws {
        let folder = try ToolProcess.folder(with: ["light.scxml": SimulationFixtures.light])
        let output = try ToolProcess.run(["simulate", "light.scxml", "--trace"], input: "power\n", in: folder)
        #expect(output.standardOutput.split(separator: "\n") == [
            "  enter off", "0: (start) -> off",
            "  exit off", "  transition off -> on on power [3:5]", "  enter on", "  enter lamp", "  enter dim",
            "  enter fan", "  enter still", "1: power -> dim, still",
        ])
    }

    @Test func aDocumentErrorExitsOneWithLineAndColumn() throws {
        let folder = try ToolProcess.folder(with: ["broken.scxml": broken])
        let output = try ToolProcess.run(["simulate", "broken.scxml"], input: "go\n", in: folder)
        #expect(output.status == 1)
        #expect(output.standardOutput.isEmpty)
        #expect(output.standardError.hasPrefix("error: broken.scxml:3:5: "))
        #expect(output.standardError.contains("nowhere"))
        let paths = try ToolProcess.run(["paths", "broken.scxml"], in: folder)
        #expect(paths.status == 1)
        #expect(paths.standardError.hasPrefix("error: broken.scxml:3:5: "))
    }

    @Test func aScriptErrorExitsTwoWithItsLineAfterTheLinesBeforeIt() throws {
        let folder = try ToolProcess.folder(with: ["light.scxml": SimulationFixtures.light])
        let output = try ToolProcess.run(["simulate", "light.scxml"], input: "power\nspin {\"speed\": }\nbreak\n", in: folder)
        #expect(output.status == 2)
        #expect(output.standardOutput == "0: (start) -> off\n1: power -> dim, still\n")
        #expect(output.standardError == "error: script:2:16: the data of 'spin' is not JSON: '}' cannot start a JSON value\n")
        let missing = try ToolProcess.run(["simulate", "light.scxml", "--script", "none.txt"], in: folder)
        #expect(missing.status == 2)
        #expect(missing.standardError.contains("none.txt: cannot read the script"))
    }

    @Test func pathsPrintsEachConfigurationWithItsShortestScript() throws {
        let folder = try ToolProcess.folder(with: ["chain.scxml": SimulationFixtures.chain])
        let output = try ToolProcess.run(["paths", "chain.scxml"], in: folder)
        #expect(output.status == 0)
        #expect(output.standardOutput == """
            4 configurations, 3 of 3 transitions taken, search complete
            a
              (start)
            b
              next
            c
              next
              next
            d
              next
              next
              next

            """)
    }

    @Test func pathsSaysWhenABoundStopsIt() throws {
        let folder = try ToolProcess.folder(with: ["chain.scxml": SimulationFixtures.chain])
        let output = try ToolProcess.run(["paths", "chain.scxml", "--max-depth", "1", "--cover", "transitions"], in: folder)
        #expect(output.status == 0)
        #expect(output.standardOutput.contains("search stopped by a bound"))
        #expect(output.standardOutput.contains("note: the search stopped at paths of 1 step (--max-depth 1)"))
        #expect(output.standardOutput.contains("transitions never taken:\n  3:17 <transition event=\"next\" target=\"c\"> in b"))
        let json = try ToolProcess.run(["paths", "chain.scxml", "--max-configurations", "2", "--json"], in: folder)
        let object = try JSONSerialization.jsonObject(with: Data(json.standardOutput.utf8)) as? [String: Any]
        #expect(object?["complete"] as? Bool == false)
        #expect((object?["stop"] as? String)?.contains("--max-configurations 2") == true)
        #expect((object?["configurations"] as? [Any])?.count == 2)
    }

    @Test func pathsTakesEventsWithDataFromAnEventsFile() throws {
        let folder = try ToolProcess.folder(with: [
            "light.scxml": SimulationFixtures.light, "samples.txt": "# speeds\nspin {\"speed\": 2}\n", "bad.txt": "wait 1s\n",
        ])
        let output = try ToolProcess.run(["paths", "light.scxml", "--events", "samples.txt"], in: folder)
        #expect(output.standardOutput.contains("dim, spinning\n  power\n  spin {\"speed\":2}\n"))
        let bad = try ToolProcess.run(["paths", "light.scxml", "--events", "bad.txt"], in: folder)
        #expect(bad.status == 2)
        #expect(bad.standardError.contains("bad.txt:1:1: an events file holds events only"))
    }

    @Test func helpShowsExamples() throws {
        let simulate = try ToolProcess.run(["simulate", "--help"])
        #expect(simulate.status == 0)
        #expect(simulate.standardOutput.contains("statecraft simulate light.scxml --script day.txt"))
        let paths = try ToolProcess.run(["paths", "--help"])
        #expect(paths.standardOutput.contains("statecraft paths light.scxml --cover transitions --json"))
    }
}
