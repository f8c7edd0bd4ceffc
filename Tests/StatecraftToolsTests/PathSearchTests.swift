import StatecraftSCXML
@testable import StatecraftTools
import Testing

@Suite("Path search over SCXML documents")
struct PathSearchTests {
    private func search(_ xml: String, configure: (inout SCXMLPathSearch) -> Void = { _ in }) throws -> (SCXMLDocument, SCXMLPathResult) {
        let document = try SimulationFixtures.document(xml)
        var search = SCXMLPathSearch(document: document)
        configure(&search)
        return (document, search.run())
    }

    @Test func everyConfigurationComesWithItsShortestPath() throws {
        let (_, result) = try search(SimulationFixtures.light)
        #expect(result.stop == nil)
        // Events are tried in the order the document first names them: power, bright, cool, spin, break, x.
        #expect(result.configurations.map(\.states) == [["off"], ["dim", "still"], ["bright", "still"], ["broken"]])
        #expect(result.configurations.map { $0.steps.map(\.text) } == [[], ["power"], ["power", "bright"], ["power", "break"]])
        #expect(result.configurations.map(\.done) == [false, false, false, true])
    }

    /// `verify` stops where a session cannot be saved (its key needs the variables); `paths`
    /// does not compare data, so it replays the path on a new session and goes on.
    @Test func aSessionThatCannotBeSavedIsReplayedFromItsPath() throws {
        let xml = """
            <scxml xmlns="http://www.w3.org/2005/07/scxml" version="1.0" initial="a">
              <datamodel><data id="x" expr="[undefined]"/></datamodel>
              <state id="a"><transition event="go" target="b"/></state>
              <state id="b"><transition event="go" target="c"><assign location="x" expr="[undefined, 1]"/></transition></state>
              <state id="c"><transition event="go" target="d"/></state>
              <state id="d"/>
            </scxml>
            """
        let (_, result) = try search(xml)
        #expect(result.stop == nil)
        #expect(result.configurations.map(\.states) == [["a"], ["b"], ["c"], ["d"]])
        #expect(result.configurations.last?.steps.map(\.text) == ["go", "go", "go"])
        #expect(result.sitesNeverTaken.isEmpty)
        let verified = SCXMLVerifier(document: try SimulationFixtures.document(xml)).run()
        #expect(!verified.isComplete)
        #expect(verified.problems.first?.contains("x[0] is undefined") == true)
    }

    @Test func statesAndTransitionsNeverReachedAreListed() throws {
        let (document, result) = try search(SimulationFixtures.light)
        #expect(result.unreachedStates == ["spinning", "lost"])
        let never = result.sitesNeverTaken.map { document.transitionSites[$0] }
        #expect(never.map(\.source) == ["still", "lost"])
        #expect(never.map { "\($0.position)" } == ["14:25", "20:20"])
    }

    /// A state entered and left within one macrostep (at the start, or on the way) was active:
    /// only states no path enters are listed.
    @Test func statesPassedThroughWithinAMacrostepAreNotListed() throws {
        let (_, result) = try search("""
            <scxml xmlns="http://www.w3.org/2005/07/scxml" version="1.0" initial="boot">
              <state id="boot"><transition target="idle"/></state>
              <state id="idle"><transition event="go" target="passing"/></state>
              <state id="passing"><transition target="done"/></state>
              <state id="never"/>
              <final id="done"/>
            </scxml>
            """)
        #expect(result.configurations.map(\.states) == [["idle"], ["done"]])
        #expect(result.unreachedStates == ["never"])
    }

    @Test func sampleEventsWithDataOpenGuardedTransitions() throws {
        let (_, result) = try search(SimulationFixtures.light) { search in
            search.sampleEvents = [.send(name: "spin", data: .object([SCXMLMember("speed", .number(2))]))]
        }
        #expect(result.unreachedStates == ["lost"])
        #expect(result.configurations.contains { $0.states == ["dim", "spinning"] && $0.steps.map(\.text) == ["power", #"spin {"speed":2}"#] })
    }

    @Test func transitionCoverTakesEveryTakenTransitionWithFewPaths() throws {
        let (document, result) = try search(SimulationFixtures.light)
        let covered = Set(result.coveringPaths.flatMap(\.transitions))
        let taken = Set(document.transitionSites.indices).subtracting(result.sitesNeverTaken)
        #expect(covered == taken)
        #expect(result.coveringPaths.map { $0.steps.map(\.text) } == [
            ["power", "power"], ["power", "break"], ["power", "bright", "cool"],
        ])
        // Each path is kept for a transition no path before it takes.
        var seen: Set<Int> = []
        for path in result.coveringPaths {
            #expect(!path.transitions.isEmpty)
            #expect(seen.isDisjoint(with: path.transitions))
            seen.formUnion(path.transitions)
        }
    }

    @Test func delayedEventsAreReachedByWaiting() throws {
        let (_, result) = try search(SimulationFixtures.timers)
        #expect(result.configurations.map(\.states) == [["a"], ["b"], ["c"]])
        // Sending 'first' at once is as short as waiting for it; 'second' then still waits.
        #expect(result.configurations[1].steps.map(\.text) == ["first"])
        #expect(result.configurations[2].steps.map(\.text) == ["first", "second"])
        #expect(result.sitesNeverTaken.isEmpty)
    }

    @Test func aWildcardGetsANameThatNoOtherDescriptorMatches() throws {
        let (_, result) = try search("""
            <scxml xmlns="http://www.w3.org/2005/07/scxml" version="1.0" datamodel="statecraft" initial="a">
              <state id="a">
                <onentry><send event="later" delay="2s"/></onentry>
                <transition event="lat*" target="b"/>
                <transition event="*" target="b"/>
              </state>
              <state id="b"/>
            </scxml>
            """)
        #expect(result.configurations.map(\.states) == [["a"], ["b"]])
        #expect(result.configurations[1].steps.map(\.text) == ["any"])
    }

    @Test func theDepthBoundStopsTheSearchAndSaysSo() throws {
        let (_, result) = try search(SimulationFixtures.chain) { $0.maxDepth = 2 }
        #expect(result.stop == .maxDepth(2))
        #expect(result.configurations.map(\.states) == [["a"], ["b"], ["c"]])
        #expect(result.unreachedStates == ["d"])
        #expect(result.stop?.description.contains("--max-depth 2") == true)
    }

    @Test func theConfigurationBoundStopsTheSearchAndSaysSo() throws {
        let (_, result) = try search(SimulationFixtures.chain) { $0.maxConfigurations = 3 }
        #expect(result.stop == .maxConfigurations(3))
        #expect(result.configurations.count == 3)
    }

    @Test func aDocumentThatNeverStopsTickingStaysBounded() throws {
        let (_, result) = try search(SimulationFixtures.ticking)
        #expect(result.stop == nil)
        #expect(result.configurations.map(\.states) == [["t"]])
    }

    @Test func reportsPrintTheSameFindingsAsTextAndJSON() throws {
        let (document, result) = try search(SimulationFixtures.chain) { $0.maxDepth = 1 }
        let report = PathReport(document: document, result: result, cover: .transitions)
        #expect(report.text == """
            1 path, 1 of 3 transitions taken, search stopped by a bound
            path 1, first to take the transitions at 2:17
              next
            states never active:
              4:3 c
              5:3 d
            transitions never taken:
              3:17 <transition event="next" target="c"> in b
              4:17 <transition event="next" target="d"> in c
            note: the search stopped at paths of 1 step (--max-depth 1); configurations and transitions further away are not listed

            """)
        #expect(report.json.hasPrefix(#"{"file":"test.scxml","cover":"transitions","complete":false,"#))
        #expect(report.json.contains(#""statesNeverActive":[{"id":"c","line":4,"column":3},{"id":"d","line":5,"column":3}]"#))
    }
}
