import StatecraftSCXML
import Testing

/// SCXML 1.0, section 6 (external communications): send, cancel, invoke, finalize and
/// autoforward, between sessions of this processor.
@Suite("Recommendation 6: external communications")
struct Section6ExternalCommunicationsTests {
    /// An inline child document for `<invoke>`.
    static func child(_ body: String) -> String {
        "<content>" + Recommendation.root() + body + "</scxml></content>"
    }

    // MARK: 6.2 <send>

    @Test("6.2: 'eventexpr', 'targetexpr', 'typeexpr' and 'delayexpr' are evaluated when the send runs")
    func sendExpressions() throws {
        let run = try Recommendation.run("""
            <datamodel>
              <data id="name" expr="'dynamic'"/><data id="target" expr="''"/>
              <data id="type" expr="'http://www.w3.org/TR/scxml/#SCXMLEventProcessor'"/><data id="delay" expr="'1s'"/>
            </datamodel>
            <state id="s">
              <onentry>
                <send eventexpr="name" targetexpr="'#_internal'" typeexpr="type"/>
                <send eventexpr="name + '.late'" delayexpr="delay"/>
                <assign location="name" expr="'changed'"/>
                <assign location="delay" expr="'100s'"/>
              </onentry>
              <transition event="dynamic"><log expr="_event.name + ' ' + _event.type"/></transition>
            </state>
            """)
        #expect(run.log == ["dynamic internal"])
        run.session.advance(by: .seconds(1))
        #expect(run.log == ["dynamic internal", "dynamic.late external"])
    }

    @Test("6.2: params, namelist and content are evaluated when the send runs, not when it is delivered")
    func sendDataAtSendTime() throws {
        let run = try Recommendation.run("""
            <datamodel><data id="x" expr="1"/></datamodel>
            <state id="s">
              <onentry>
                <send event="p" delay="1s"><param name="value" expr="x"/></send>
                <send event="n" delay="1s" namelist="x"/>
                <send event="c" delay="1s"><content expr="x"/></send>
                <assign location="x" expr="2"/>
              </onentry>
              <transition event="p"><log expr="_event.data.value"/></transition>
              <transition event="n"><log expr="_event.data.x"/></transition>
              <transition event="c"><log expr="_event.data"/></transition>
            </state>
            """)
        run.session.advance(by: .seconds(1))
        #expect(run.log == ["1", "1", "1"])
    }

    @Test("6.2: 'idlocation' receives a new id when the send runs, and the event carries it as sendid")
    func sendIDLocation() throws {
        let run = try Recommendation.run("""
            <datamodel><data id="first"/><data id="second"/></datamodel>
            <state id="s">
              <onentry><send event="e" idlocation="first"/><send event="e" idlocation="second"/></onentry>
              <transition event="e"><log expr="typeof(first) + ' ' + (first != second) + ' ' + (_event.sendid == first || _event.sendid == second)"/></transition>
            </state>
            """)
        #expect(run.log == ["string true true", "string true true"])
    }

    @Test("6.2: a delayed event is dispatched only when its delay has passed")
    func sendDelay() throws {
        let run = try Recommendation.run("""
            <state id="s">
              <onentry><send event="late" delay="1.5s"/><send event="soon" delay="500ms"/></onentry>
              <transition event="soon"><log expr="'soon'"/></transition>
              <transition event="late"><log expr="'late'"/></transition>
            </state>
            """)
        #expect(run.log.isEmpty)
        run.session.advance(by: .milliseconds(499))
        #expect(run.log.isEmpty)
        run.session.advance(by: .milliseconds(1))
        #expect(run.log == ["soon"])
        run.session.advance(by: .seconds(1))
        #expect(run.log == ["soon", "late"])
    }

    @Test("6.2: when the session ends, its delayed events are discarded")
    func sendDiscardedAtEnd() throws {
        let run = try Recommendation.run("""
            <state id="s">
              <onentry><send event="late" delay="1s"/></onentry>
              <transition event="stop" target="f"/>
            </state>
            <final id="f"/>
            """, events: ["stop"])
        #expect(run.session.nextDeadline == nil)
    }

    @Test("6.2: an unsupported type or target raises error.execution; an unreachable target error.communication")
    func sendErrors() throws {
        let cases = [
            ("type=\"http://example.com/unknown\"", "error.execution"),
            ("target=\"mailto:someone\"", "error.execution"),
            ("target=\"#_scxml_no-such-session\"", "error.communication"),
            ("target=\"#_parent\"", "error.communication"),
            ("target=\"#_no-such-invocation\"", "error.communication"),
        ]
        for (attributes, error) in cases {
            let run = try Recommendation.run("""
                <state id="s">
                  <onentry><send event="e" id="theSend" \(attributes)/><log expr="'not reached'"/></onentry>
                  <transition event="error"><log expr="_event.name + ' ' + _event.sendid"/></transition>
                  <transition event="e"><log expr="'delivered'"/></transition>
                </state>
                """)
            #expect(run.log == ["\(error) theSend"], "\(attributes)")
        }
    }

    @Test("6.2: an error evaluating the send's arguments discards the message and raises error.execution")
    func sendArgumentError() throws {
        let run = try Recommendation.run("""
            <state id="s">
              <onentry><send event="e"><param name="p" expr="1 / 0"/></send></onentry>
              <transition event="error.execution"><log expr="'error'"/></transition>
              <transition event="e"><log expr="'delivered'"/></transition>
            </state>
            """)
        #expect(run.log == ["error"])
    }

    @Test("6.2: without 'type' the SCXML event I/O processor is used, and 'scxml' names it too")
    func sendDefaultType() throws {
        let run = try Recommendation.run("""
            <state id="s">
              <onentry><send event="a"/><send event="b" type="scxml"/></onentry>
              <transition event="a b"><log expr="_event.name + ' ' + _event.origintype"/></transition>
            </state>
            """)
        #expect(run.log == [
            "a http://www.w3.org/TR/scxml/#SCXMLEventProcessor", "b http://www.w3.org/TR/scxml/#SCXMLEventProcessor",
        ])
    }

    @Test("6.2: params and namelist are all included, even with the same name twice")
    func sendKeepsDuplicates() throws {
        let run = try Recommendation.run("""
            <datamodel><data id="a" expr="3"/></datamodel>
            <state id="s">
              <onentry><send event="e" namelist="a"><param name="a" expr="1"/><param name="a" expr="2"/></send></onentry>
              <transition event="e"><log expr="length(_event.data)"/></transition>
            </state>
            """)
        #expect(run.log == ["3"])
    }

    @Test("6.2: pairs that exclude each other, and <content> beside params or namelist, are refused")
    func sendContentModel() {
        for pair in [
            "event=\"e\" eventexpr=\"'e'\"", "event=\"e\" target=\"#_internal\" targetexpr=\"'t'\"",
            "event=\"e\" type=\"scxml\" typeexpr=\"'scxml'\"", "event=\"e\" id=\"i\" idlocation=\"x\"",
            "event=\"e\" delay=\"1s\" delayexpr=\"'1s'\"",
        ] {
            expectRefused("<state id=\"a\"><onentry>\n<send \(pair)/>\n</onentry></state>", "exclude each other", line: 3, column: 1)
        }
        expectRefused("""
            <state id="a"><onentry>
            <send event="e"><param name="p" expr="1"/><content>2</content></send>
            </onentry></state>
            """, "<content> and also <param> or 'namelist'", line: 3, column: 1)
        expectRefused("""
            <state id="a"><onentry>
            <send event="e"><content>1</content><content>2</content></send>
            </onentry></state>
            """, "more than one <content>", line: 3, column: 37)
    }

    @Test("6.2.1: only the SCXML event I/O processor needs 'event' or 'eventexpr'; another names it its own way")
    func sendToAnotherProcessorMayOmitTheEvent() {
        expectRead("""
            <state id="a"><onentry>
            <send type="http://www.w3.org/TR/scxml/#BasicHTTPEventProcessor" target="http://localhost:1">
              <param name="_scxmleventname" expr="'test'"/>
            </send>
            <send typeexpr="'http://www.w3.org/TR/scxml/#BasicHTTPEventProcessor'" target="http://localhost:1"/>
            </onentry></state>
            """)
    }

    @Test("6.2: a <send> names its event by 'event', 'eventexpr' or <content>")
    func sendNeedsAnEvent() {
        expectRefused("""
            <state id="a"><onentry>
            <send target="#_internal"/>
            </onentry></state>
            """, "needs 'event', 'eventexpr' or <content>", line: 3, column: 1)
    }

    @Test("6.2: a <send> to '#_internal' may not have a delay")
    func sendInternalDelay() {
        expectRefused("""
            <state id="a"><onentry>
            <send event="e" target="#_internal" delay="1s"/>
            </onentry></state>
            """, "'#_internal' cannot have a delay", line: 3, column: 1)
    }

    // MARK: 6.3 <cancel>

    @Test("6.3: <cancel> stops a delayed event by 'sendid' or 'sendidexpr'")
    func cancelDelayed() throws {
        let run = try Recommendation.run("""
            <datamodel><data id="which" expr="'second'"/></datamodel>
            <state id="s">
              <onentry>
                <send event="one" id="first" delay="1s"/>
                <send event="two" id="second" delay="1s"/>
                <send event="three" id="third" delay="1s"/>
                <cancel sendid="first"/>
                <cancel sendidexpr="which"/>
              </onentry>
              <transition event="*"><log expr="_event.name"/></transition>
            </state>
            """)
        run.session.advance(by: .seconds(2))
        #expect(run.log == ["three"])
    }

    @Test("6.3: <cancel> does not touch events sent by another session")
    func cancelOnlyOwnEvents() throws {
        let run = try Recommendation.run("""
            <state id="s">
              <invoke id="kid">\(Self.child("""
                <state id="c"><onentry><send event="fromChild" id="shared" target="#_parent" delay="1s"/></onentry></state>
                """))</invoke>
              <onentry><send event="ready" delay="500ms"/></onentry>
              <transition event="ready"><cancel sendid="shared"/></transition>
              <transition event="fromChild"><log expr="'arrived'"/></transition>
            </state>
            """)
        run.session.advance(by: .seconds(2))
        #expect(run.log == ["arrived"])
    }

    @Test("6.3: <cancel> needs exactly one of 'sendid' and 'sendidexpr'")
    func cancelContentModel() {
        expectRefused("""
            <state id="a"><onentry>
            <cancel/>
            </onentry></state>
            """, "needs 'sendid' or 'sendidexpr'", line: 3, column: 1)
        expectRefused("""
            <state id="a"><onentry>
            <cancel sendid="a" sendidexpr="'a'"/>
            </onentry></state>
            """, "exclude each other", line: 3, column: 1)
    }

    // MARK: 6.4 <invoke>

    @Test("6.4: an invoked session starts after the macrostep; its events carry the invoke id; done.invoke.<id> ends it")
    func invokeLifecycle() throws {
        let run = try Recommendation.run("""
            <state id="s">
              <onentry><raise event="internal"/></onentry>
              <invoke id="kid">\(Self.child("""
                <state id="c"><onentry><send event="hello" target="#_parent"/></onentry><transition target="cf"/></state>
                <final id="cf"/>
                """))</invoke>
              <transition event="internal"><log expr="'internal first'"/></transition>
              <transition event="hello"><log expr="_event.name + ' from ' + _event.invokeid"/></transition>
              <transition event="done.invoke.kid" target="t"><log expr="_event.invokeid"/></transition>
            </state>
            <state id="t"/>
            """)
        #expect(run.log == ["internal first", "hello from kid", "kid"])
        #expect(run.active == ["t"])
    }

    @Test("6.4: what the child sends as it ends (its final onexit) arrives before done.invoke, and nothing after it")
    func doneInvokeIsLast() throws {
        let run = try Recommendation.run("""
            <state id="s">
              <invoke id="kid">\(Self.child("""
                <final id="cf"><onentry><send event="late" target="#_parent" delay="1s"/></onentry>
                <onexit><send event="leaving" target="#_parent"/></onexit></final>
                """))</invoke>
              <transition event="*"><log expr="_event.name"/></transition>
            </state>
            """)
        run.session.advance(by: .seconds(2))
        #expect(run.log == ["leaving", "done.invoke.kid"])
    }

    @Test("6.4: 'idlocation' receives a generated id of the form stateid.platformid, unique in the session")
    func invokeIDLocation() throws {
        let logRun = try Recommendation.run("""
            <datamodel><data id="one"/><data id="two"/></datamodel>
            <parallel id="p">
              <state id="a"><invoke idlocation="one">\(Self.child("<state id=\"c\"/>"))</invoke></state>
              <state id="b"><invoke idlocation="two">\(Self.child("<state id=\"c\"/>"))</invoke></state>
              <transition event="check"><log expr="startsWith(one, 'a.') + ' ' + startsWith(two, 'b.') + ' ' + (one != two)"/></transition>
            </parallel>
            """, events: ["check"])
        #expect(logRun.log == ["true true true"])
    }

    @Test("6.4: 'typeexpr' and 'srcexpr' are evaluated when the invoke runs; other types raise error.execution")
    func invokeTypeAndSource() throws {
        let run = try Recommendation.run("""
            <datamodel><data id="type" expr="'http://www.w3.org/TR/scxml/'"/></datamodel>
            <state id="s">
              <invoke id="good" typeexpr="type">\(Self.child("<final id=\"cf\"/>"))</invoke>
              <invoke id="bad" type="http://example.com/other">\(Self.child("<final id=\"cf\"/>"))</invoke>
              <invoke id="missing" srcexpr="'no-such-file.scxml'"/>
              <transition event="done.invoke"><log expr="_event.name"/></transition>
              <transition event="error.execution"><log expr="'error'"/></transition>
            </state>
            """)
        #expect(run.log == ["error", "error", "done.invoke.good"])
    }

    @Test("6.4: an invoke whose arguments fail starts nothing; its error.execution is an internal event")
    func invokeErrorsAreInternal() throws {
        let run = try Recommendation.run("""
            <state id="s">
              <onentry><send event="external"/></onentry>
              <invoke id="listener" autoforward="true">\(Self.child("""
                <state id="c"><transition event="external error"><send eventexpr="'child.saw.' + _event.name" target="#_parent"/></transition></state>
                """))</invoke>
              <invoke id="broken" srcexpr="1 / 0"/>
              <transition event="error.execution"><log expr="_event.name + ' ' + _event.type"/></transition>
              <transition event="external"><log expr="'external'"/></transition>
              <transition event="child"><log expr="_event.name"/></transition>
            </state>
            """)
        #expect(run.log == ["error.execution platform", "external", "child.saw.external"])
    }

    @Test("6.4: params and namelist give the child's top-level data their first values, others are ignored")
    func invokeParameters() throws {
        let run = try Recommendation.run("""
            <datamodel><data id="x" expr="7"/></datamodel>
            <state id="s">
              <invoke id="byParam">\(Self.child("""
                <datamodel><data id="given" expr="0"/></datamodel>
                <state id="c"><onentry><send eventexpr="'param.' + given + '.' + isBound(extra)" target="#_parent"/></onentry></state>
                """))<param name="given" expr="x"/><param name="extra" expr="1"/></invoke>
              <invoke id="byNamelist" namelist="x">\(Self.child("""
                <datamodel><data id="x" expr="0"/></datamodel>
                <state id="c"><onentry><send eventexpr="'namelist.' + x" target="#_parent"/></onentry></state>
                """))</invoke>
              <transition event="param namelist"><log expr="_event.name"/></transition>
            </state>
            """)
        #expect(run.log == ["param.7.false", "namelist.7"])
    }

    @Test("6.4: leaving the invoking state cancels the child, which sends nothing more")
    func invokeCancelledOnExit() throws {
        let run = try Recommendation.run("""
            <state id="s">
              <invoke id="kid">\(Self.child("""
                <state id="c"><onentry><send event="tick" target="#_parent" delay="1s"/></onentry></state>
                """))</invoke>
              <transition event="leave" target="t"/>
            </state>
            <state id="t"><transition event="tick"><log expr="'tick after cancel'"/></transition></state>
            """, events: ["leave"])
        run.session.advance(by: .seconds(2))
        #expect(run.log.isEmpty)
        #expect(run.active == ["t"])
    }

    @Test("6.4: cancelling an invoked session runs the onexit handlers of its active states")
    func cancelRunsChildOnexit() throws {
        let run = try Recommendation.run("""
            <state id="s">
              <invoke id="kid">\(Self.child("""
                <state id="c"><onexit><log expr="'child c exit'"/></onexit>
                  <state id="c1"><onexit><log expr="'child c1 exit'"/></onexit></state>
                </state>
                """))</invoke>
              <transition event="leave" target="t"/>
            </state>
            <state id="t"/>
            """, events: ["leave"])
        #expect(run.log == ["child c1 exit", "child c exit"])
    }

    @Test("6.4: with 'autoforward' every external event is copied to the child, fields intact")
    func autoforward() throws {
        let run = try Recommendation.run("""
            <state id="s">
              <invoke id="kid" autoforward="true">\(Self.child("""
                <state id="c">
                  <transition event="ping"><send eventexpr="'pong.' + _event.data.n + '.' + _event.type" target="#_parent"/></transition>
                </state>
                """))</invoke>
              <transition event="pong"><log expr="_event.name"/></transition>
            </state>
            """)
        run.send("ping", data: .object([SCXMLMember("n", .number(3))]))
        #expect(run.log == ["pong.3.external"])
    }

    @Test("6.4: <invoke> attributes that exclude each other, and src beside content, are refused")
    func invokeContentModel() {
        for attributes in [
            "type=\"scxml\" typeexpr=\"'scxml'\"", "src=\"a.scxml\" srcexpr=\"'a.scxml'\"",
            "id=\"i\" idlocation=\"x\"",
        ] {
            expectRefused("<state id=\"a\">\n<invoke \(attributes)/>\n</state>", "exclude each other", line: 3, column: 1)
        }
        expectRefused("""
            <state id="a">
            <invoke src="a.scxml"><content>x</content></invoke>
            </state>
            """, "both <content> and 'src'", line: 3, column: 1)
        expectRefused("""
            <state id="a">
            <invoke src="a.scxml" namelist="x"><param name="y" expr="1"/></invoke>
            </state>
            """, "both 'namelist' and <param>", line: 3, column: 1)
        expectRefused("""
            <state id="a">
            <invoke src="a.scxml" autoforward="yes"/>
            </state>
            """, "'true' or 'false'", line: 3, column: 1)
        expectRefused("""
            <state id="a"><invoke src="a.scxml"><finalize/>
            <finalize/>
            </invoke></state>
            """, "more than one <finalize>", line: 3, column: 1)
    }

    // MARK: 6.5 <finalize>

    @Test("6.5: <finalize> runs before each event of its own child is processed, with that event as _event")
    func finalizeSeesTheEvent() throws {
        let run = try Recommendation.run("""
            <datamodel><data id="seen" expr="''"/></datamodel>
            <state id="s">
              <invoke id="one">\(Self.child("""
                <state id="c"><onentry><send event="result" target="#_parent"><param name="v" expr="1"/></send></onentry>
                <transition target="cf"/></state><final id="cf"/>
                """))<finalize><assign location="seen" expr="seen + _event.name + '=' + _event.data.v + ';'"/></finalize></invoke>
              <invoke id="two">\(Self.child("<state id=\"c\"/>"))<finalize><log expr="'wrong finalize'"/></finalize></invoke>
              <transition event="result"><log expr="seen"/></transition>
              <transition event="done.invoke.one"><log expr="'done'"/></transition>
            </state>
            """)
        #expect(run.log == ["result=1;", "done"])
    }

    @Test("6.5: <finalize> may not hold <raise> or <send>")
    func finalizeContentModel() {
        expectRefused("""
            <state id="a"><invoke src="a.scxml"><finalize>
            <raise event="e"/>
            </finalize></invoke></state>
            """, "<raise> cannot be written in <finalize>", line: 3, column: 1)
        expectRefused("""
            <state id="a"><invoke src="a.scxml"><finalize><if cond="true">
            <send event="e"/>
            </if></finalize></invoke></state>
            """, "<send> cannot be written in <finalize>", line: 3, column: 1)
    }
}
