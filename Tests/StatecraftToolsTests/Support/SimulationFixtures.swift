import StatecraftSCXML

/// Documents the simulation and path tests run.
enum SimulationFixtures {
    /// A lamp and a fan in parallel: a delayed send, a raised event, a guard on event data, a
    /// state nothing leads to, and a top-level final state.
    static let light = """
        <scxml xmlns="http://www.w3.org/2005/07/scxml" version="1.0" datamodel="statecraft" initial="off">
          <state id="off">
            <transition event="power" target="on"/>
          </state>
          <parallel id="on">
            <state id="lamp" initial="dim">
              <state id="dim"><transition event="bright" target="bright"/></state>
              <state id="bright">
                <onentry><send event="cool" delay="1.5s"/><raise event="lit"/></onentry>
                <transition event="cool" target="dim"/>
              </state>
            </state>
            <state id="fan">
              <state id="still"><transition event="spin" cond="_event.data.speed &gt; 1" target="spinning"/></state>
              <state id="spinning"/>
            </state>
            <transition event="power" target="off"/>
            <transition event="break" target="broken"/>
          </parallel>
          <state id="lost"><transition event="x" target="off"/></state>
          <final id="broken"/>
        </scxml>
        """

    /// Two delayed sends, due at 1 s and at 2 s, each moving one step on.
    static let timers = """
        <scxml xmlns="http://www.w3.org/2005/07/scxml" version="1.0" datamodel="statecraft" initial="a">
          <state id="a">
            <onentry>
              <send event="second" delay="2s"/>
              <send event="first" delay="1s"/>
            </onentry>
            <transition event="first" target="b"/>
          </state>
          <state id="b"><transition event="second" target="c"/></state>
          <state id="c"/>
        </scxml>
        """

    /// A state that sends itself an event every millisecond, forever.
    static let ticking = """
        <scxml xmlns="http://www.w3.org/2005/07/scxml" version="1.0" datamodel="statecraft" initial="t">
          <state id="t">
            <onentry><send event="tick" delay="1ms"/></onentry>
            <transition event="tick" target="t"/>
          </state>
        </scxml>
        """

    /// A chain of states a, b, c, d: each `next` moves one on.
    static let chain = """
        <scxml xmlns="http://www.w3.org/2005/07/scxml" version="1.0" datamodel="statecraft" initial="a">
          <state id="a"><transition event="next" target="b"/></state>
          <state id="b"><transition event="next" target="c"/></state>
          <state id="c"><transition event="next" target="d"/></state>
          <state id="d"/>
        </scxml>
        """

    static func document(_ xml: String) throws -> SCXMLDocument {
        try SCXMLDocument(xml: xml, file: "test.scxml")
    }
}
