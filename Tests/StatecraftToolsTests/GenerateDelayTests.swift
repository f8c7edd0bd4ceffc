import StatecraftSCXML
@testable import StatecraftTools
import Testing

/// Delayed `<send>`s as `SCXMLSwiftGenerator` writes them: `After` when the send and its cancel
/// are a state's delayed transition, else (the document's executable content being generated) an
/// ordinary delayed send on the machine's clock, or a refusal. `StatecraftGenerateTests` runs
/// generated timers next to the session.
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

    @Test func aTimerThatOutlivesItsStateIsAnOrdinaryDelayedSend() throws {
        // No delayed transition (the state's exit does not cancel it): the send stays a send, on
        // the machine's clock, and arrives whatever state is active then, as in the session.
        let swift = try generate(state(entry: #"<send event="e" delay="1s" id="x"/>"#, exit: ""))
        #expect(!swift.contains("After("))
        #expect(swift.contains(#"effects.send(.e, after: .milliseconds(1000), id: "x")"#))
        let anonymous = try generate(state(entry: #"<send event="e" delay="1s"/>"#))
        #expect(anonymous.contains("effects.send(.e, after: .milliseconds(1000))"))
        #expect(anonymous.contains(#"effects.cancel("x")"#))  // cancels nothing, as in the session
    }

    @Test func sendsTheSessionTreatsOtherwiseAreSendsOrRefused() throws {
        let found = try refusals(state(
            entry: ##"<send event="e" delay="1s" id="x" target="#_parent"/><send event="e" delay="0s" id="y"/>"##
                + #"<send event="e" delayexpr="'1s'" id="z"/><send event="e" delay="1s" id="x"/>"#
        ))
        #expect(found == [
            "<send> at 2:114: a <send> with delayexpr is not generated yet; only literal event, target, id, delay "
                + "and data (<param>, namelist, <content>) are",
        ])
        // A delayed <send> out of the machine stays on its clock; the chart's outbound handler gives it to the host.
        let out = try generate(state(entry: ##"<send event="e" delay="1s" id="x" target="#_parent"/>"##))
        #expect(out.contains(##"effects.send(.e, to: "#_parent", after: .milliseconds(1000), id: "x")"##))
        #expect(out.contains("outbound: { context, outbound, effects in"))
        #expect(out.contains("guard context.host.deliver(event, to: outbound.target) else {\n"
            + "                effects.raise(.errorCommunication)"))
        // A number's text has no unit: the send always fails, as in the session, with a warning.
        let number = GenerationFixtures.statecraft(state(entry: #"<send event="e" delayexpr="1 + 1" id="x"/>"#), data: "")
        #expect(try GenerationFixtures.warnings(number) == [
            "<send> at 3:26: the delayexpr '1 + 1' is a Double, whose text is not a CSS2 time such as '2s'; the generated "
                + "machine raises error.execution here, as the session does",
        ])
        let swift = try generate(state(
            entry: #"<send event="e" delay="0s" id="y"/><send event="e" delayexpr="'1s'" id="z"/><send event="e" delay="1s" id="z"/>"#
        ), datamodel: "statecraft")
        #expect(swift.contains("effects.send(.e)\n"))  // a delay of zero sends at once, as the session does
        #expect(swift.contains(#"effects.send(.e, after: .milliseconds(1000), id: "z")"#))
    }

    @Test func anEventOtherStatesCouldTakeIsAnOrdinaryDelayedSend() throws {
        let conditional = try generate(state(
            entry: #"<send event="e.x" delay="1s" id="x"/>"#, transitions: #"<transition event="e" cond="In('t')" target="t"/>"#
        ))
        #expect(!conditional.contains("After(") && conditional.contains(#"effects.send(.eX, after: .milliseconds(1000), id: "x")"#))
        let elsewhere = try generate(state(entry: #"<send event="f" delay="1s" id="x"/>"#))
        #expect(elsewhere.contains("case f\n"))  // sent, so an event of the machine
        let parallel = try generate("""
              <parallel id="p">
                <state id="s"><onentry><send event="e" delay="1s" id="x"/></onentry><onexit><cancel sendid="x"/></onexit>
                  <transition event="e" target="t"/>
                </state>
                <state id="r"><transition event="*" target="r"/></state>
              </parallel>
              <state id="t"/>
            """)
        #expect(!parallel.contains("After(") && parallel.contains(#"OnExit { context, event, effects in"#))
    }

    @Test func aCancelOfNoSendOfTheStateIsAnOrdinaryCancel() throws {
        let swift = try generate(#"<state id="s"><onexit><cancel sendid="x"/></onexit></state>"#)
        #expect(swift.contains(#"effects.cancel("x")"#))
    }

    @Test func aDelayexprIsReadWhenTheSendRunsAndOneThatIsNotADelayRaisesErrorExecution() throws {
        let swift = try generate(state(
            entry: #"<send event="e" delayexpr="wait" id="x"/>"#, exit: "",
            transitions: #"<transition event="e" target="t"/><transition event="error.execution" target="t"/>"#
        ).replacingOccurrences(of: "<state id=\"s\">", with: #"<datamodel><data id="wait" expr="'1.5s'"/></datamodel><state id="s">"#),
            datamodel: "statecraft")
        // SCXML 6.2: the delay is the value as text, a CSS2 time, read as the session reads it.
        let code = swift.split(separator: "\n").map { $0.drop { $0 == " " } }.joined(separator: "\n")
        #expect(code.contains("guard let delay = Duration(scxmlDelay: scxmlText(context.wait)) else {\n"
            + "effects.raise(.errorExecution)\nreturn\n}\n"
            + "if delay > .zero {\neffects.send(.e, after: delay, id: \"x\")\n} else {\neffects.send(.e)\n}"))
        // In the null datamodel, which evaluates no expression, it is refused.
        #expect(try refusals(state(entry: #"<send event="e" delayexpr="'1s'"/>"#, exit: "")).first?.contains("delayexpr") == true)
    }

    @Test func aTypeexprIsCheckedWhenTheSendRuns() throws {
        let swift = try generate(state(
            entry: #"<send event="e" typeexpr="'scxml'"/>"#, exit: "",
            transitions: #"<transition event="e" target="t"/><transition event="error.execution" target="t"/>"#
        ), datamodel: "statecraft")
        // SCXML 6.2: a type the machine does not support is error.execution, and nothing is sent.
        #expect(swift.contains(#"guard ["scxml", "http://www.w3.org/TR/scxml/#SCXMLEventProcessor"].contains(scxmlText("scxml")) else {"#))
    }
}
