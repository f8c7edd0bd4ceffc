import StatecraftSCXML
@testable import StatecraftTools
import Testing

/// Delayed `<send>`s as `SCXMLSwiftGenerator` writes them (`After`) or refuses them: only when
/// the typed machine behaves as the session would. `StatecraftGenerateTests` runs generated
/// timers next to the session.
@Suite("Generating delayed transitions from SCXML")
struct GenerateDelayTests {
    private func outcome(_ body: String, datamodel: String = "null") throws -> Result<String, SCXMLGenerationError> {
        let xml = """
            <scxml xmlns="http://www.w3.org/2005/07/scxml" version="1.0" datamodel="\(datamodel)">
            \(body)
            </scxml>
            """
        let generator = SCXMLSwiftGenerator(document: try SimulationFixtures.document(xml))
        return Result { () throws(SCXMLGenerationError) in try generator.generate() }
    }

    private func generate(_ body: String, datamodel: String = "null") throws -> String {
        try outcome(body, datamodel: datamodel).get()
    }

    private func refusals(_ body: String, datamodel: String = "null") throws -> [String] {
        guard case .failure(let error) = try outcome(body, datamodel: datamodel) else { return [] }
        return error.refusals.map(\.description)
    }

    /// A state `s` whose `<onentry>` is `entry` and `<onexit>` is `exit`, with `transitions`,
    /// and a state `t`.
    private func state(entry: String, exit: String = #"<cancel sendid="x"/>"#, transitions: String = #"<transition event="e" target="t"/>"#) -> String {
        """
          <state id="s"><onentry>\(entry)</onentry><onexit>\(exit)</onexit>
            \(transitions)
          </state>
          <state id="t"/>
        """
    }

    @Test func aSendCancelledOnExitBecomesAfter() throws {
        let swift = try generate(state(entry: #"<send event="e" delay="1.5s" id="x"/>"#))
        #expect(swift.contains(#"After(.milliseconds(1500), to: .t)  // <send event="e"> at 2:26, taken by the <transition> at 3:5"#))
        #expect(swift.contains("On(.e, to: .t)"))  // the event, sent by the app, still takes the transition
        let targetless = try generate(state(entry: #"<send event="e" delay="2s" id="x"/>"#, transitions: #"<transition event="e"/>"#))
        #expect(targetless.contains("After(.seconds(2))  //"))
        let literal = try generate(state(entry: #"<send event="e" delayexpr=" '250ms' " id="x"/>"#), datamodel: "statecraft")
        #expect(literal.contains("After(.milliseconds(250), to: .t)"))
    }

    @Test func aTimerThatOutlivesItsStateIsRefused() throws {
        #expect(try refusals(state(entry: #"<send event="e" delay="1s" id="x"/>"#, exit: "")) == [
            #"<send> at 2:26: nothing in <state id="s">'s <onexit> cancels this <send> (<cancel sendid> of its id), "#
                + "so its event would arrive even after the state is left, which a delayed transition never does",
        ])
        #expect(try refusals(state(entry: #"<send event="e" delay="1s"/>"#)).count == 2)  // no id; the cancel cancels nothing
    }

    @Test func sendsTheSessionTreatsOtherwiseAreRefused() throws {
        let found = try refusals(state(
            entry: ##"<send event="e" delay="1s" id="x" target="#_parent"/><send event="e" delay="0s" id="y"/>"##
                + #"<send event="e" delayexpr="'1s'" id="z"/><send event="e" delay="1s" id="x"/>"#
        ))
        #expect(found == [
            "<send> at 2:26: a delayed <send> with target is not generated yet; only one with a literal event and delay "
                + "and no target (to the session itself) is",
            "<send> at 2:79: a delay of zero puts the event in the queue at once, which a delayed transition does not do",
            "<send> at 2:114: the null datamodel evaluates no delayexpr (the session raises error.execution); write delay",
            "<send> at 2:155: the id 'x' is also the id of the <send> at 2:26, so a <cancel> of it would cancel both; "
                + "give each delayed <send> its own id",
            "<cancel> at 2:208: it cancels a <send> that is not turned into a delayed transition (see why there)",
        ])
        #expect(try refusals(state(entry: #"<send event="e" delayexpr="1 + 1" id="x"/>"#), datamodel: "statecraft") == [
            #"<send> at 2:26: a delayexpr other than a string literal (such as "'2s'") is not generated yet"#,
            "<cancel> at 2:86: it cancels a <send> that is not turned into a delayed transition (see why there)",
        ])
    }

    @Test func anEventOtherStatesCouldTakeIsRefused() throws {
        let conditional = try refusals(state(
            entry: #"<send event="e.x" delay="1s" id="x"/>"#, transitions: #"<transition event="e" cond="In('t')" target="t"/>"#
        ))
        #expect(conditional == [
            "<send> at 2:26: the <transition> at 3:5, which 'e.x' takes in <state id=\"s\">, has a condition; "
                + "a delayed transition's timer is generated only for an unconditional one",
            "<cancel> at 2:81: it cancels a <send> that is not turned into a delayed transition (see why there)",
        ])
        let elsewhere = try refusals(state(entry: #"<send event="f" delay="1s" id="x"/>"#))
        #expect(elsewhere.first?.hasPrefix(#"<send> at 2:26: no transition of <state id="s"> takes 'f'"#) == true)
        let parallel = try refusals("""
              <parallel id="p">
                <state id="s"><onentry><send event="e" delay="1s" id="x"/></onentry><onexit><cancel sendid="x"/></onexit>
                  <transition event="e" target="t"/>
                </state>
                <state id="r"><transition event="*" target="r"/></state>
              </parallel>
              <state id="t"/>
            """)
        #expect(parallel == [
            "<send> at 3:28: the <transition> at 4:7, which 'e' takes in <state id=\"s\">, is not the only one the event "
                + "can take: the <transition> at 6:19 is in a state active at the same time",
            "<cancel> at 3:81: it cancels a <send> that is not turned into a delayed transition (see why there)",
        ])
    }

    @Test func aCancelOfNoSendOfTheStateIsRefused() throws {
        #expect(try refusals(#"<state id="s"><onexit><cancel sendid="x"/></onexit></state>"#) == [
            "<cancel> at 2:23: only a <cancel sendid> of a delayed <send> in the same state's <onentry> is generated "
                + "(as the end of a delayed transition's timer), and this one cancels none",
        ])
    }
}
