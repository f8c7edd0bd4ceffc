import Foundation
import Statecraft
import StatecraftSCXML
@testable import StatecraftTools
import Testing

@Suite("statecraft verify: properties of SCXML documents, with counterexamples")
struct VerifyTests {
    private func verify(
        _ body: String, initial: String, properties: [VerifyProperty] = [],
        configure: (inout SCXMLVerifier) -> Void = { _ in }
    ) throws -> SCXMLVerification {
        let document = try SimulationFixtures.document("""
            <scxml xmlns="http://www.w3.org/2005/07/scxml" version="1.0" initial="\(initial)">
            \(body)
            </scxml>
            """)
        var verifier = SCXMLVerifier(document: document)
        verifier.properties = properties
        configure(&verifier)
        return verifier.run()
    }

    /// Replays a counterexample with `statecraft simulate`'s runner and says where it ends.
    private func replay(_ finding: VerificationFinding, on body: String, initial: String) throws -> [String] {
        let document = try SimulationFixtures.document("""
            <scxml xmlns="http://www.w3.org/2005/07/scxml" version="1.0" initial="\(initial)">
            \(body)
            </scxml>
            """)
        var simulation = SCXMLSimulation(document: document, tracing: false)
        let steps = try simulation.run(script: finding.script)
        return steps.last?.configuration ?? []
    }

    static let door = """
        <state id="closed">
          <transition event="open" target="opening"/>
          <transition event="lock" target="locked"/>
        </state>
        <state id="opening"><transition event="finish" target="open"/></state>
        <state id="open"><transition event="close" target="closed"/></state>
        <state id="locked"><transition event="unlock" target="closed"/></state>
        """

    @Test func aCorrectDocumentComesOutClean() throws {
        let result = try verify(Self.door, initial: "closed", properties: [
            .never(["open", "locked"]), .eventually(whenIn: "open", reach: "closed"), .within(event: "lock", state: "locked", steps: 0),
        ])
        #expect(result.isComplete)
        #expect(result.findings.isEmpty)
        #expect(result.statesNeverEntered.isEmpty)
        #expect(result.sitesNeverTaken.isEmpty)
        #expect(result.nodes == 4)
    }

    @Test func aDeadlockIsFoundWithTheShortestWayToIt() throws {
        let body = Self.door.replacingOccurrences(of: #"<state id="open"><transition event="close" target="closed"/></state>"#, with: #"<state id="open"/>"#)
        let result = try verify(body, initial: "closed")
        let deadlock = try #require(result.findings.first { $0.kind == .deadlock })
        #expect(deadlock.configuration == ["open"])
        #expect(deadlock.steps.map(\.text) == ["open", "finish"])
        #expect(try replay(deadlock, on: body, initial: "closed") == ["open"])
    }

    @Test func statesNeverEnteredAndTransitionsNeverTakenAreListed() throws {
        let body = Self.door + #"<state id="orphan"><transition event="x" target="closed"/></state>"#
        let result = try verify(body, initial: "closed")
        #expect(result.statesNeverEntered == ["orphan"])
        #expect(result.sitesNeverTaken.count == 1)
        // The report's last line says what the exit status counts.
        let report = VerifyReport(document: try SimulationFixtures.document("""
            <scxml xmlns="http://www.w3.org/2005/07/scxml" version="1.0" initial="closed">\(body)</scxml>
            """), result: result)
        #expect(report.status == 3)
        #expect(report.text.hasSuffix("1 state never entered\n"))
        let clean = VerifyReport(document: try SimulationFixtures.document("""
            <scxml xmlns="http://www.w3.org/2005/07/scxml" version="1.0" initial="closed">\(Self.door)</scxml>
            """), result: try verify(Self.door, initial: "closed"))
        #expect(clean.status == 0)
        #expect(clean.text.hasSuffix("no problem found\n"))
    }

    @Test func anEventlessLoopIsALivelock() throws {
        let body = """
            <state id="idle"><transition event="go" target="a"/></state>
            <state id="a"><transition target="b"/></state>
            <state id="b"><transition target="a"/></state>
            """
        let result = try verify(body, initial: "idle")
        let livelock = try #require(result.findings.first { $0.kind == .livelock })
        #expect(livelock.steps.map(\.text) == ["go"])
        #expect(livelock.message.contains("microstepLimit"))
    }

    @Test func configurationsThatCannotReachTheFinalStateAreALivelock() throws {
        let body = """
            <state id="start"><transition event="go" target="end"/><transition event="trap" target="t1"/></state>
            <state id="t1"><transition event="go" target="t2"/></state>
            <state id="t2"><transition event="go" target="t1"/></state>
            <final id="end"/>
            """
        let result = try verify(body, initial: "start")
        let livelock = try #require(result.findings.first { $0.kind == .livelock })
        #expect(livelock.configuration == ["t1"])
        #expect(livelock.steps.map(\.text) == ["trap"])
        #expect(!result.findings.contains { $0.kind == .deadlock })
    }

    @Test func anEventSentThatNothingTakesIsFound() throws {
        let body = """
            <state id="idle"><transition event="go" target="busy"/></state>
            <state id="busy">
              <onentry><raise event="beep"/><send event="ping"/></onentry>
              <transition event="ping" target="idle"/>
            </state>
            """
        let result = try verify(body, initial: "idle")
        let unhandled = result.findings.filter { $0.kind == .unhandledEvent }
        #expect(unhandled.map(\.message) == ["the event 'beep' is sent and no transition takes it"])
        #expect(unhandled.first?.steps.map(\.text) == ["go"])
    }

    @Test func delayedEventsFireAndCounterexamplesWait() throws {
        let body = """
            <state id="idle"><transition event="arm" target="armed"/></state>
            <state id="armed">
              <onentry><send id="bell" event="ring" delay="2s"/><send id="tick" event="tick" delay="1s"/></onentry>
              <onexit><cancel sendid="bell"/><cancel sendid="tick"/></onexit>
              <transition event="ring" target="ringing"/>
              <transition event="disarm" target="idle"/>
            </state>
            <state id="ringing"/>
            """
        let result = try verify(body, initial: "idle")
        #expect(result.isComplete)
        let violation = try #require(result.findings.first { $0.kind == .deadlock })
        // 'ring' sent by hand comes first (events before timers, breadth first): both are shortest.
        #expect(violation.steps.map(\.text) == ["arm", "ring"])
        #expect(try replay(violation, on: body, initial: "idle") == ["ringing"])
        // tick is due first: the wait delivers it, and nothing takes it.
        let tick = try #require(result.findings.first { $0.kind == .unhandledEvent })
        #expect(tick.steps.map(\.text) == ["arm", "wait 1s"])
        // idle, armed with both timers, armed with ring alone, ringing.
        #expect(result.nodes == 4)
    }

    @Test func theDatamodelTellsConfigurationsApart() throws {
        let body = """
            <datamodel><data id="n" expr="0"/></datamodel>
            <state id="counting">
              <transition event="inc" cond="n &lt; 2"><assign location="n" expr="n + 1"/></transition>
              <transition event="inc" cond="n == 2" target="full"/>
            </state>
            <state id="full"/>
            """
        let result = try verify(body, initial: "counting")
        #expect(result.statesNeverEntered.isEmpty)
        let deadlock = try #require(result.findings.first { $0.kind == .deadlock })
        #expect(deadlock.steps.map(\.text) == ["inc", "inc", "inc"])
    }

    @Test func aConditionOnTheDatamodelMustAlwaysHold() throws {
        let body = """
            <datamodel><data id="n" expr="0"/></datamodel>
            <state id="counting">
              <transition event="inc" cond="n &lt; 3"><assign location="n" expr="n + 1"/></transition>
              <transition event="reset"><assign location="n" expr="0"/></transition>
            </state>
            """
        let clean = try verify(body, initial: "counting", properties: [.always("n <= 3"), .always("In('counting')")])
        #expect(clean.findings.isEmpty)
        #expect(clean.nodes == 4)
        let result = try verify(body, initial: "counting", properties: [.always("n < 2"), .always("n +")])
        let violations = result.findings.filter { $0.kind == .property }
        #expect(violations.count == 2)
        #expect(violations.first?.steps.map(\.text) == ["inc", "inc"])
        #expect(violations.last?.message.hasPrefix("the condition cannot be evaluated") == true)
        #expect(violations.last?.steps.isEmpty == true)
    }

    @Test func historyIsPartOfTheConfiguration() throws {
        let body = """
            <state id="on" initial="low">
              <history id="h"><transition target="low"/></history>
              <state id="low"><transition event="up" target="high"/></state>
              <state id="high"/>
              <transition event="off" target="off"/>
            </state>
            <state id="off"><transition event="on" target="h"/></state>
            """
        let result = try verify(body, initial: "on")
        // What h remembers tells nodes apart: low and high before h remembers anything, off
        // remembering low or high, low remembering low, high remembering low or high.
        #expect(result.nodes == 7)
        #expect(result.isComplete)
    }

    @Test func statedPropertiesComeWithCounterexamples() throws {
        let body = """
            <state id="closed"><transition event="open" target="opening"/><transition event="lock" target="locking"/></state>
            <state id="opening"><transition event="jam" target="stuck"/><transition event="finish" target="open"/></state>
            <state id="stuck"><transition event="kick" target="opening"/></state>
            <state id="open"><transition event="close" target="closed"/></state>
            <state id="locking"><transition event="finish" target="locked"/></state>
            <state id="locked"><transition event="unlock" target="closed"/></state>
            """
        let result = try verify(body, initial: "closed", properties: [
            .eventually(whenIn: "opening", reach: "open"),
            .within(event: "lock", state: "locked", steps: 0),
            .within(event: "lock", state: "locked", steps: 1),
        ])
        let violations = result.findings.filter { $0.kind == .property }
        #expect(violations.map { $0.property?.description } == ["eventually opening: open", "within lock: locked: 0"])
        #expect(violations[0].loopStart != nil)
        #expect(violations[0].steps.map(\.text).prefix(1) == ["open"])
        #expect(violations[1].steps.map(\.text) == ["lock"])
    }

    @Test func aBoundCutsTheSearchAndSaysSo() throws {
        let body = """
            <datamodel><data id="n" expr="0"/></datamodel>
            <state id="counting"><transition event="inc"><assign location="n" expr="n + 1"/></transition></state>
            """
        let result = try verify(body, initial: "counting") { $0.bounds.maxConfigurations = 50 }
        #expect(!result.isComplete)
        #expect(result.cut == .configurations(50))
        #expect(result.nodes == 50)
        let text = VerifyReport(document: try SimulationFixtures.document("""
            <scxml xmlns="http://www.w3.org/2005/07/scxml" version="1.0" initial="counting">\(body)</scxml>
            """), result: result).text
        #expect(text.contains("NOT complete"))
        #expect(text.contains("--max-configurations 50"))
    }

    /// A request answered 2 s after it is sent, with a 5 s time-out; both delayed events carry
    /// data that the transitions check, so the search's own external `answer` and `timeout`
    /// (sent without data) take no transition. In deadline order the time-out never fires; in
    /// any order it does, and the answer then comes to a state that has no transition for it.
    static let request = """
        <state id="idle"><transition event="send" target="waiting"/></state>
        <state id="waiting">
          <onentry>
            <send event="answer" delay="2s"><param name="real" expr="true"/></send>
            <send id="t" event="timeout" delay="5s"><param name="real" expr="true"/></send>
          </onentry>
          <onexit><cancel sendid="t"/></onexit>
          <transition event="answer" cond="_event.data.real" target="done"/>
          <transition event="timeout" cond="_event.data.real" target="timedOut"/>
        </state>
        <state id="timedOut"/>
        <final id="done"/>
        """

    @Test func delayedEventsInDeadlineOrderNeverLetTheTimeOutWin() throws {
        let result = try verify(Self.request, initial: "idle")
        #expect(result.isComplete)
        #expect(result.statesNeverEntered == ["timedOut"])
        #expect(result.findings.isEmpty)
    }

    @Test func delayedEventsInAnyOrderFindTheTimeOutAndReplayWithWaitFor() throws {
        let result = try verify(Self.request, initial: "idle") { $0.timerOrder = .any }
        #expect(result.isComplete)
        #expect(result.timerOrder == .any)
        #expect(result.statesNeverEntered.isEmpty)
        let deadlock = try #require(result.findings.first { $0.kind == .deadlock })
        #expect(deadlock.configuration == ["timedOut"])
        #expect(deadlock.steps.map(\.text) == ["send", "wait for timeout", "wait for answer"])
        let unhandled = try #require(result.findings.first { $0.kind == .unhandledEvent })
        #expect(unhandled.message == "the event 'answer' is sent and no transition takes it")
        #expect(result.findings.contains { $0.kind == .livelock })
        for finding in result.findings {
            #expect(try replay(finding, on: Self.request, initial: "idle") == finding.configuration)
        }
        let text = VerifyReport(document: try SimulationFixtures.document("""
            <scxml xmlns="http://www.w3.org/2005/07/scxml" version="1.0" initial="idle">\(Self.request)</scxml>
            """), result: result).text
        #expect(text.contains("steps, delayed events in any order, "))
        #expect(text.contains("    wait for timeout\n    wait for answer\n"))
    }

    @Test func propertiesAreReadFromTheirSyntax() throws {
        let properties = try VerifyProperty.parse(file: """
            # the door
            never open, locked
            eventually opening: open   # no jam forever
            within lock: locked: 2
            always n < 3
            """)
        #expect(properties == [
            .never(["open", "locked"]), .eventually(whenIn: "opening", reach: "open"), .within(event: "lock", state: "locked", steps: 2),
            .always("n < 3"),
        ])
        #expect(throws: VerifyPropertyError(line: 2, message: "'within': the number of steps 'x' is not a whole number from 0 to 1000")) {
            try VerifyProperty.parse(file: "never a,b\nwithin e: s: x\n")
        }
        #expect(throws: VerifyPropertyError.self) { try VerifyProperty.parse(kind: "never", argument: "a") }
        #expect(throws: VerifyPropertyError.self) { try VerifyProperty.parse(kind: "sometimes", argument: "a") }
    }
}
