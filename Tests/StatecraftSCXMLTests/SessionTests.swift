import StatecraftSCXML
import Testing

/// Running documents through the public session API.
@Suite("SCXML sessions")
struct SessionTests {
    static func document(_ body: String, attributes: String = "") throws -> SCXMLDocument {
        try SCXMLDocument(xml: """
            <scxml xmlns="http://www.w3.org/2005/07/scxml" version="1.0" \(attributes)>
            \(body)
            </scxml>
            """)
    }

    @Test("Events move the configuration; log output reaches the handler; the session ends in its final state")
    func basicRun() throws {
        let document = try Self.document("""
            <datamodel><data id="count" expr="0"/></datamodel>
            <state id="idle">
              <transition event="go" target="busy"><assign location="count" expr="count + 1"/></transition>
            </state>
            <state id="busy">
              <onentry><log label="entered" expr="'busy ' + count"/></onentry>
              <transition event="stop" target="done"/>
            </state>
            <final id="done"><donedata><param name="total" expr="count"/></donedata></final>
            """)
        let session = SCXMLSession(document: document)
        var lines: [String] = []
        session.logHandler = { label, message in lines.append("\(label): \(message)") }
        session.start()
        #expect(session.activeStates == ["idle"])
        session.send(SCXMLEvent("go"))
        #expect(session.activeStates == ["busy"])
        #expect(lines == ["entered: busy 1"])
        session.send(SCXMLEvent("stop"))
        #expect(session.isFinished)
        #expect(session.finalState == "done")
        #expect(session.doneData == .object([SCXMLMember("total", .number(1))]))
        session.send(SCXMLEvent("go"))
        #expect(session.finalState == "done")
    }

    @Test("Delayed sends wait on the virtual clock and can be cancelled")
    func delays() throws {
        let document = try Self.document("""
            <state id="waiting">
              <onentry>
                <send event="late" delay="2s" id="timer"/>
                <send event="later" delay="5s"/>
              </onentry>
              <transition event="cancel"><cancel sendid="timer"/></transition>
              <transition event="late" target="early"/>
              <transition event="later" target="final"/>
            </state>
            <state id="early"/>
            <final id="final"/>
            """)
        let session = SCXMLSession(document: document)
        session.start()
        #expect(session.nextDeadline == .seconds(2))
        session.advance(by: .seconds(1))
        #expect(session.activeStates == ["waiting"])
        session.send(SCXMLEvent("cancel"))
        session.advance(by: .seconds(3))
        #expect(session.activeStates == ["waiting"])
        #expect(session.now == .seconds(4))
        #expect(session.advanceToNextDeadline())
        #expect(session.finalState == "final")
        #expect(session.now == .seconds(5))
    }

    @Test("An error in executable content raises error.execution and stops only its block")
    func executionError() throws {
        let document = try Self.document("""
            <datamodel><data id="trace" expr="''"/></datamodel>
            <state id="s">
              <onentry>
                <assign location="trace" expr="trace + 'a'"/>
                <assign location="nowhere" expr="1"/>
                <assign location="trace" expr="trace + 'skipped'"/>
              </onentry>
              <onentry><assign location="trace" expr="trace + 'b'"/></onentry>
              <transition event="error.execution" cond="trace == 'ab'" target="ok"/>
              <transition event="*" target="wrong"/>
            </state>
            <final id="ok"/>
            <final id="wrong"/>
            """)
        let session = SCXMLSession(document: document)
        session.start()
        #expect(session.finalState == "ok")
    }

    @Test("A condition that fails raises error.execution in the same macrostep, even when no transition is taken")
    func conditionError() throws {
        let document = try Self.document("""
            <state id="s">
              <transition event="go" cond="1 +" target="wrong"/>
              <transition event="error.execution" target="ok"/>
            </state>
            <final id="ok"/>
            <final id="wrong"/>
            """)
        let session = SCXMLSession(document: document)
        session.send(SCXMLEvent("go"))
        #expect(session.finalState == "ok")
    }

    @Test("An unreachable target raises error.communication; an unsupported one error.execution")
    func sendErrors() throws {
        let document = try Self.document("""
            <state id="s">
              <onentry><send event="x" target="#_scxml_nobody"/></onentry>
              <transition event="error.communication" target="t"/>
              <transition event="*" target="wrong"/>
            </state>
            <state id="t">
              <onentry><send event="x" target="mailto:someone"/></onentry>
              <transition event="error.execution" target="ok"/>
              <transition event="*" target="wrong"/>
            </state>
            <final id="ok"/>
            <final id="wrong"/>
            """)
        let session = SCXMLSession(document: document)
        session.start()
        #expect(session.finalState == "ok")
    }

    @Test("An invoked child runs in the same group, talks to its parent, and is cancelled when its state exits")
    func invocation() throws {
        let document = try Self.document("""
            <state id="parent">
              <invoke id="child">
                <param name="greeting" expr="'hello'"/>
                <content>
                  <scxml xmlns="http://www.w3.org/2005/07/scxml" version="1.0">
                    <datamodel><data id="greeting" expr="'unset'"/></datamodel>
                    <state id="c">
                      <onentry><send target="#_parent" event="hi" namelist="greeting"/></onentry>
                      <transition event="bye" target="end"/>
                    </state>
                    <final id="end"/>
                  </scxml>
                </content>
              </invoke>
              <transition event="hi" cond="_event.data.greeting == 'hello'" target="talking"/>
            </state>
            <state id="talking">
              <onentry><send event="next" delay="1s"/></onentry>
              <transition event="next" target="over"/>
            </state>
            <final id="over"/>
            """)
        let session = SCXMLSession(document: document)
        session.start()
        #expect(session.activeStates == ["talking"])
        session.runToEnd()
        #expect(session.finalState == "over")
    }

    @Test("finalize runs for the events a child sent before it ended, and for its done event (SCXML 6.5.1, Appendix D)")
    func finalizeAfterTheChildEnded() throws {
        // The child sends two events and ends in the same macrostep, so its session is over
        // before the parent takes either event; the invoking state is still active, so
        // <finalize> applies to each of them, and to the done event, before it is processed.
        let document = try Self.document("""
            <datamodel><data id="seen" expr="''"/></datamodel>
            <state id="waiting" initial="none">
              <invoke id="worker">
                <content>
                  <scxml xmlns="http://www.w3.org/2005/07/scxml" version="1.0" initial="over">
                    <final id="over">
                      <onentry>
                        <send target="#_parent" event="result"><param name="part" expr="'a'"/></send>
                        <send target="#_parent" event="result"><param name="part" expr="'b'"/></send>
                      </onentry>
                    </final>
                  </scxml>
                </content>
                <finalize><assign location="seen" expr="seen + _event.name + ';'"/></finalize>
              </invoke>
              <state id="none">
                <transition event="result" cond="seen == 'result;'" target="one"/>
              </state>
              <state id="one">
                <transition event="result" cond="seen == 'result;result;'" target="two"/>
              </state>
              <state id="two">
                <transition event="done.invoke.worker" cond="seen == 'result;result;done.invoke.worker;'" target="ok"/>
              </state>
            </state>
            <final id="ok"/>
            """)
        let session = SCXMLSession(document: document)
        session.runToEnd()
        #expect(session.finalState == "ok")
    }

    @Test("finalize runs for a child's done event while the invoking state is active, and not once it has exited")
    func finalizeOnlyWhileTheInvokingStateIsActive() throws {
        // In 'stays' the done event is finalized; 'leaves' exits on 'leave', queued before the
        // child's done event, so that event arrives with no invoking state to finalize it.
        let document = try Self.document("""
            <datamodel><data id="count" expr="0"/></datamodel>
            <state id="stays">
              <invoke id="first">
                <content>
                  <scxml xmlns="http://www.w3.org/2005/07/scxml" version="1.0"><final id="end"/></scxml>
                </content>
                <finalize><assign location="count" expr="count + 1"/></finalize>
              </invoke>
              <transition event="done.invoke.first" cond="count == 1" target="leaves"/>
              <transition event="done.invoke.first" target="wrong"/>
            </state>
            <state id="leaves">
              <onentry><send event="leave"/></onentry>
              <invoke id="second">
                <content>
                  <scxml xmlns="http://www.w3.org/2005/07/scxml" version="1.0"><final id="end"/></scxml>
                </content>
                <finalize><assign location="count" expr="count + 10"/></finalize>
              </invoke>
              <transition event="leave" target="after"/>
            </state>
            <state id="after">
              <transition event="done.invoke.second" cond="count == 1" target="ok"/>
              <transition event="done.invoke.second" target="wrong"/>
            </state>
            <final id="ok"/>
            <final id="wrong"/>
            """)
        let session = SCXMLSession(document: document)
        session.runToEnd()
        #expect(session.finalState == "ok")
    }

    @Test("Sessions that keep sending to themselves are stopped after the event limit instead of hanging")
    func runawaySends() throws {
        let document = try Self.document("""
            <state id="loop">
              <onentry><send event="again"/></onentry>
              <transition event="again" target="loop"/>
            </state>
            """)
        let session = SCXMLSession(document: document)
        session.eventLimit = 500
        session.start()
        session.send(SCXMLEvent("again"))
        #expect(session.activeStates == ["loop"])
        #expect(!session.isFinished)
    }

    @Test("Advancing the clock processes at most the event limit in all, however many timers fall due")
    func runawayTimersAreBoundedPerAdvance() throws {
        // Every event re-enters `loop`, which sends itself one event now and one a second later:
        // each timer that falls due would start another run of the limit's size.
        let document = try Self.document("""
            <state id="loop">
              <onentry><log label="entered" expr="1"/><send event="later" delay="1s"/><send event="again"/></onentry>
              <transition event="*" target="loop"/>
            </state>
            """)
        let session = SCXMLSession(document: document)
        var entries = 0
        session.logHandler = { _, _ in entries += 1 }
        session.eventLimit = 50
        session.start()
        // The first entry, then one per event processed: 50.
        #expect(entries == 51)
        session.advance(by: .seconds(1))
        // At most 50 more events for the whole advance: not 50 for each of the 51 timers due.
        #expect(entries == 101)
        #expect(session.activeStates == ["loop"])
        #expect(!session.isFinished)
    }

    @Test("The null datamodel offers In() only")
    func nullDatamodel() throws {
        let document = try Self.document("""
            <parallel id="p">
              <state id="a"><transition event="go" cond="In('b')" target="done"/></state>
              <state id="b"/>
            </parallel>
            <final id="done"/>
            """, attributes: "datamodel=\"null\"")
        #expect(document.datamodelName == "null")
        let session = SCXMLSession(document: document)
        session.send(SCXMLEvent("go"))
        #expect(session.finalState == "done")
    }

    @Test("A registered datamodel is used when the document names it")
    func customDatamodel() throws {
        final class Always: SCXMLDatamodel {
            init(environment: SCXMLDatamodelEnvironment) {}
            func declare(_ id: String, value: SCXMLValue) throws {}
            func evaluate(_ expression: String) throws -> SCXMLValue { .string(expression.uppercased()) }
            func evaluateCondition(_ expression: String) throws -> Bool { expression == "yes" }
            func assign(_ location: String, value: SCXMLValue) throws {}
            func isAssignable(_ location: String) -> Bool { false }
            func run(script: String) throws {}
            func setSystemVariable(_ name: String, value: SCXMLValue) {}
            func value(ofContent text: String) -> SCXMLValue { .string(text) }
        }
        var datamodels = SCXMLDatamodels.standard
        datamodels.register("shout", Always.self)
        let document = try SCXMLDocument(xml: """
            <scxml version="1.0" xmlns="http://www.w3.org/2005/07/scxml" datamodel="shout">
              <state id="s">
                <onentry><log expr="hello"/></onentry>
                <transition event="go" cond="no" target="wrong"/>
                <transition event="go" cond="yes" target="right"/>
              </state>
              <final id="right"/><final id="wrong"/>
            </scxml>
            """, datamodels: datamodels)
        let session = SCXMLSession(document: document)
        var logged: [String] = []
        session.logHandler = { _, message in logged.append(message) }
        session.send(SCXMLEvent("go"))
        #expect(logged == ["HELLO"])
        #expect(session.finalState == "right")
    }

    @Test("A document written back as SCXML reads again to the same document")
    func writing() throws {
        let document = try Self.document("""
            <datamodel><data id="x">{"a": [1, 2]}</data></datamodel>
            <state id="s" initial="s2">
              <state id="s1"/>
              <state id="s2">
                <onentry><if cond="x.a[0] == 1"><raise event="one"/><elseif cond="false"/><else/><log expr="'no'"/></if></onentry>
                <transition event="one" target="s1" type="internal"/>
              </state>
              <history id="h" type="deep"><transition target="s1"/></history>
            </state>
            """)
        let again = try SCXMLDocument(xml: document.xml)
        #expect(again.xml == document.xml)
        #expect(again.stateIDs == ["s", "s1", "s2", "h"])
        let session = SCXMLSession(document: again)
        session.start()
        #expect(session.activeStates == ["s", "s1"])
    }

    /// Found by LeakSanitizer in the `session-snapshot` and `simulate-script` fuzz targets: a
    /// session and its group held each other, and an invoked child its parent, so no session
    /// (nor its datamodel, machine and children) was ever freed.
    @Test("A session, restored or not, is freed with the caller's last reference, invoked children and all")
    func sessionsAreFreed() throws {
        let document = try SCXMLDocument(xml: """
            <scxml xmlns="http://www.w3.org/2005/07/scxml" version="1.0" datamodel="statecraft" initial="calling">
              <state id="calling">
                <invoke id="child" type="scxml">
                  <content>
                    <scxml xmlns="http://www.w3.org/2005/07/scxml" version="1.0" datamodel="statecraft">
                      <state id="waiting"><onentry><send event="late" target="#_parent" delay="5s"/></onentry></state>
                    </scxml>
                  </content>
                </invoke>
                <transition event="late" target="done"/>
              </state>
              <final id="done"/>
            </scxml>
            """)
        weak var original: SCXMLSession?
        weak var restored: SCXMLSession?
        do {
            let session = SCXMLSession(document: document)
            session.start()
            original = session
            let copy = try SCXMLSession(document: document, snapshot: try session.snapshot())
            restored = copy
            #expect(session.activeStates == ["calling"])
            #expect(copy.nextDeadline == .seconds(5))
        }
        #expect(original == nil)
        #expect(restored == nil)
    }

    /// Found by the `scxml-reader` fuzz target: a carriage return written as is came back as a
    /// line feed, so a document written back (and the fingerprint of an invoked document in a
    /// snapshot) changed.
    @Test("Carriage returns in text and attribute values survive writing back")
    func carriageReturnsSurviveWritingBack() throws {
        let text = """
            <scxml xmlns="http://www.w3.org/2005/07/scxml" version="1.0" datamodel="statecraft" initial="s">
              <state id="s"><onentry><log label="a&#13;b&#13;&#10;c" expr="'x'"/></onentry></state>
              <final id="f"><donedata><content>one&#13;two&#13;
            three</content></donedata></final>
            </scxml>
            """
        let tree = try DocumentReader().read(text)
        let written = DocumentWriter.serialize(tree)
        let reread = try DocumentReader().read(written)
        #expect(reread.elements[0].elements[0].elements[0].attribute("label") == "a\rb\r\nc")
        #expect(reread.elements[1].elements[0].elements[0].text == "one\rtwo\r\nthree")
        let document = try SCXMLDocument(xml: text)
        let again = try SCXMLDocument(xml: document.xml)
        #expect(again.xml == document.xml)
        let session = SCXMLSession(document: again)
        var labels: [String] = []
        session.logHandler = { label, _ in labels.append(label) }
        session.start()
        #expect(labels == ["a\rb\r\nc"])
    }

    /// Found by the `scxml-model` fuzz target: inline markup that used a prefix declared on the
    /// document's root was written back without the declaration, so the written document was not
    /// well-formed (Namespaces in XML 1.0, section 5: a prefix must be declared), and an invoked
    /// inline child could not be read.
    @Test("Inline markup written back declares the namespaces its ancestors declared (Namespaces in XML 1.0, section 5)")
    func inlineMarkupKeepsInheritedNamespaces() throws {
        let text = """
            <scxml xmlns="http://www.w3.org/2005/07/scxml" xmlns:x="urn:example:x" version="1.0" initial="s">
              <state id="s">
                <invoke id="child">
                  <content>
                    <scxml version="1.0" x:note="inner" initial="end"><final id="end"/></scxml>
                  </content>
                </invoke>
                <transition event="done.invoke.child" target="ok"/>
              </state>
              <final id="ok"><donedata><content><x:item x:kind="a"><plain xmlns=""><leaf/></plain></x:item></content></donedata></final>
            </scxml>
            """
        let document = try SCXMLDocument(xml: text)
        let written = document.xml
        let again = try SCXMLDocument(xml: written)
        #expect(again.xml == written)
        let tree = try DocumentReader().read(written)
        func first(_ name: String, in element: DocumentElement) -> DocumentElement? {
            for child in element.elements {
                if child.name == name { return child }
                if let found = first(name, in: child) { return found }
            }
            return nil
        }
        let child = try #require(first("content", in: tree)?.elements.first)
        #expect(child.name == "scxml")
        #expect(child.namespace == "http://www.w3.org/2005/07/scxml")
        #expect(child.attribute("note", namespace: "urn:example:x") == "inner")
        let item = try #require(first("item", in: tree))
        #expect(item.namespace == "urn:example:x")
        #expect(item.attribute("kind", namespace: "urn:example:x") == "a")
        let plain = try #require(item.elements.first)
        #expect(plain.name == "plain" && plain.namespace == nil)
        #expect(plain.elements.first?.name == "leaf" && plain.elements.first?.namespace == nil)
        // The inline child is read as a document of its own when it is invoked.
        for source in [document, again] {
            let session = SCXMLSession(document: source)
            session.runToEnd()
            #expect(session.finalState == "ok")
        }
    }

    /// Found by the `scxml-model` fuzz target: a state entered twice in one macrostep started its
    /// invocations twice. SCXML Appendix D keeps statesToInvoke as an ordered set, and takes a
    /// state out of it when the state is exited.
    @Test("A state exited and entered again in one macrostep starts its invocations once (SCXML Appendix D)")
    func reenteredStateInvokesOnce() throws {
        let document = try Self.document("""
            <datamodel><data id="entries" expr="0"/></datamodel>
            <state id="s">
              <onentry>
                <assign location="entries" expr="entries + 1"/>
                <raise event="again"/>
              </onentry>
              <invoke id="child">
                <content>
                  <scxml xmlns="http://www.w3.org/2005/07/scxml" version="1.0" initial="c">
                    <state id="c"><onentry><send target="#_parent" event="started"/></onentry></state>
                  </scxml>
                </content>
              </invoke>
              <transition event="again" cond="entries &lt; 3" target="s"/>
              <transition event="started"><log label="started" expr="entries"/></transition>
              <transition event="go" target="end"/>
            </state>
            <final id="end"/>
            """, attributes: #"initial="s""#)
        let session = SCXMLSession(document: document)
        var started: [String] = []
        session.logHandler = { label, message in if label == "started" { started.append(message) } }
        session.start()
        // Entered three times in the first macrostep; one child, started after the last entry.
        #expect(started == ["3"])
        session.send(SCXMLEvent("go"))
        #expect(session.finalState == "end")
    }

    /// Found by the `scxml-model` fuzz target: an invocation that cannot start, in a state
    /// that its own error enters again, is a loop on the internal queue (SCXML 6.4: the error
    /// is an internal event). It is cut after ``SCXMLSession/invocationRoundLimit`` rounds.
    @Test("Invocations that fail and are entered again are cut after invocationRoundLimit rounds, with a fault")
    func invocationErrorLoopIsCut() throws {
        let document = try Self.document("""
            <state id="s">
              <onentry><log label="entry" expr="'s'"/></onentry>
              <invoke><content><scxml xmlns="urn:example:not-scxml" version="1.0"/></content></invoke>
              <transition event="error.*" target="s"/>
              <transition event="go" target="end"/>
            </state>
            <final id="end"/>
            """, attributes: #"initial="s""#)
        #expect(SCXMLSession(document: document).invocationRoundLimit == 1_000)
        for limit in [1, 5, 40] {
            let session = SCXMLSession(document: document)
            session.invocationRoundLimit = limit
            var entries = 0
            session.logHandler = { label, _ in if label == "entry" { entries += 1 } }
            session.start()
            // The first entry, then one more for each round that was processed.
            #expect(entries == 1 + limit)
            let fault = try #require(session.faults.last)
            #expect(fault.code == .microstepLimit)
            #expect(fault.message.contains("raised errors \(limit) times in a row"))
            // The session is whole and takes the next event.
            session.send(SCXMLEvent("go"))
            #expect(session.finalState == "end")
        }
    }

    @Test("A send to a target the processor does not know goes to the external send handler; refused or unhandled, it fails")
    func externalSendHandler() throws {
        let document = try Self.document("""
            <state id="idle">
              <transition event="go" target="sent"><send event="ship" target="orders/42" delay="2s"/></transition>
            </state>
            <state id="sent"><transition event="error.execution" target="failed"/></state>
            <state id="failed"/>
            """)
        for takes in [true, false] {
            let session = SCXMLSession(document: document)
            var received: [(name: String, target: String, delay: Duration)] = []
            session.externalSendHandler = { event, target, delay in
                received.append((event.name, target, delay))
                return takes
            }
            session.start()
            session.send(SCXMLEvent("go"))
            #expect(received.map(\.name) == ["ship"])
            #expect(received.map(\.target) == ["orders/42"])
            #expect(received.map(\.delay) == [.seconds(2)])
            // Taken, the send is done with; refused, it fails as it would without a handler.
            #expect(session.activeStates == (takes ? ["sent"] : ["failed"]))
            // The handler does not hold the event: nothing comes back when its delay passes.
            session.advance(by: .seconds(3))
            #expect(session.activeStates == (takes ? ["sent"] : ["failed"]))
        }
        let unhandled = SCXMLSession(document: document)
        unhandled.start()
        unhandled.send(SCXMLEvent("go"))
        #expect(unhandled.activeStates == ["failed"])
    }

    @Test("A session that was not invoked gives its sends to #_parent to the external send handler; refused, error.communication")
    func parentSendsOfASessionNobodyInvoked() throws {
        let document = try Self.document("""
            <state id="idle">
              <transition event="go" target="sent"><send event="ready" target="#_parent" delay="1s"/></transition>
            </state>
            <state id="sent"><transition event="error.communication" target="failed"/></state>
            <state id="failed"/>
            """)
        for takes in [true, false] {
            let session = SCXMLSession(document: document)
            var received: [(name: String, target: String, delay: Duration)] = []
            session.externalSendHandler = { event, target, delay in
                received.append((event.name, target, delay))
                return takes
            }
            session.start()
            session.send(SCXMLEvent("go"))
            #expect(received.map(\.name) == ["ready"] && received.map(\.target) == ["#_parent"])
            #expect(received.map(\.delay) == [.seconds(1)])
            #expect(session.activeStates == (takes ? ["sent"] : ["failed"]))
        }
        let alone = SCXMLSession(document: document)
        alone.start()
        alone.send(SCXMLEvent("go"))
        #expect(alone.activeStates == ["failed"])
    }

    @Test("cancel() exits the active states, running their onexit handlers, and the session takes no more events")
    func cancelFromOutside() throws {
        let session = SCXMLSession(document: try Self.document("""
            <state id="busy">
              <onexit><log expr="'leaving'"/></onexit>
              <transition event="go" target="done"/>
            </state>
            <final id="done"/>
            """))
        var logs: [String] = []
        session.logHandler = { _, message in logs.append(message) }
        session.start()
        session.cancel()
        #expect(logs == ["leaving"])
        #expect(session.isCancelled && session.isFinished && session.finalState == nil)
        session.send(SCXMLEvent("go"))
        #expect(session.finalState == nil)
        session.cancel()
        #expect(logs == ["leaving"])
    }
}
