import StatecraftSCXML
import Testing

/// Delayed sends (SCXML 6.2 `<send delay>`, 6.3 `<cancel>`) wait among the sending session's
/// machine timers, on a clock that follows the group's; the group delivers the soonest of all its
/// sessions' in turn.
@Suite("SCXML delayed sends across a group of sessions")
struct DelayedSendTests {
    /// A parent that logs the events it takes by name, and invokes `child` (the body of the
    /// invoked document) from its state `main`.
    static func parent(child: String, parentBody: String = "") throws -> SCXMLDocument {
        try SessionTests.document("""
            <state id="main">
              <invoke id="kid"><content>
                <scxml xmlns="http://www.w3.org/2005/07/scxml" version="1.0" initial="c">\(child)</scxml>
              </content></invoke>
              \(parentBody)
              <transition event="*"><log label="parent" expr="_event.name"/></transition>
            </state>
            """, attributes: #"datamodel="statecraft""#)
    }

    /// A child that sends its parent `hello` at once and `fromChild` after 1 s, as it starts.
    static let helloThenLater = """
        <state id="c"><onentry>
          <send target="#_parent" event="hello"/>
          <send target="#_parent" event="fromChild" delay="1s"/>
        </onentry></state>
        """

    static func run(_ document: SCXMLDocument) -> (session: SCXMLSession, lines: () -> [String]) {
        let session = SCXMLSession(document: document)
        let box = Lines()
        session.logHandler = { label, message in box.lines.append("\(label) \(message)") }
        session.start()
        return (session, { box.lines })
    }

    final class Lines: @unchecked Sendable {
        var lines: [String] = []
    }

    @Test("SCXML 6.2: sends two sessions made for one instant arrive in the order they were made, not in the sessions' order")
    func sameInstantAcrossSessions() throws {
        // The child's send is made first (as it starts), the parent's second (on `hello`), both
        // due at 1 s; the parent comes first in the group, so an order by session would swap them.
        let document = try Self.parent(child: Self.helloThenLater, parentBody: #"<transition event="hello"><send event="own" delay="1s"/><log label="parent" expr="'hello'"/></transition>"#)
        let (session, lines) = Self.run(document)
        #expect(lines() == ["parent hello"])
        #expect(session.nextDeadline == .seconds(1))
        session.advance(by: .seconds(1))
        #expect(lines() == ["parent hello", "parent fromChild", "parent own"])
        #expect(session.nextDeadline == nil)
    }

    @Test("SCXML 6.3: <cancel> drops the session's own send with that id, not another session's send with the same id")
    func cancelIsPerSession() throws {
        let document = try Self.parent(child: """
            <state id="c"><onentry>
              <send target="#_parent" event="childTick" id="tick" delay="2s"/>
            </onentry></state>
            """, parentBody: """
            <onentry>
              <send event="ownTick" id="tick" delay="2s"/>
              <send event="dropped" id="gone" delay="1s"/><cancel sendid="gone"/>
            </onentry>
            <transition event="stopOwn"><cancel sendid="tick"/></transition>
            """)
        let (session, lines) = Self.run(document)
        #expect(session.nextDeadline == .seconds(2))
        session.send(SCXMLEvent("stopOwn"))
        session.advance(by: .seconds(3))
        #expect(lines() == ["parent childTick"])
    }

    @Test("SCXML 6.4: a session that ends or is cancelled takes its waiting delayed sends with it")
    func endingDropsHeldSends() throws {
        let document = try Self.parent(child: """
            <state id="c">
              <onentry><send target="#_parent" event="late" delay="5s"/><send event="finish" delay="1s"/></onentry>
              <transition event="finish" target="end"/>
            </state>
            <final id="end"/>
            """)
        let (session, lines) = Self.run(document)
        #expect(session.nextDeadline == .seconds(1))
        session.advance(by: .seconds(10))
        // The child finished at 1 s: its send due at 5 s went with it.
        #expect(lines() == ["parent done.invoke.kid"])
        #expect(session.nextDeadline == nil)

        let cancelled = try SessionTests.document("""
            <state id="main">
              <invoke id="kid"><content>
                <scxml xmlns="http://www.w3.org/2005/07/scxml" version="1.0"><state id="c">
                  <onentry><send target="#_parent" event="late" delay="5s"/></onentry>
                </state></scxml>
              </content></invoke>
              <transition event="leave" target="other"/>
            </state>
            <state id="other"><transition event="late" target="wrong"/></state>
            <state id="wrong"/>
            """)
        let second = SCXMLSession(document: cancelled)
        second.start()
        #expect(second.nextDeadline == .seconds(5))
        second.send(SCXMLEvent("leave"))
        #expect(second.nextDeadline == nil)
        second.advance(by: .seconds(10))
        #expect(second.activeStates == ["other"])
    }

    @Test("SCXML 6.2: a session invoked later measures its delays from when it starts, on the group's clock")
    func invokedLaterMeasuresFromItsStart() throws {
        let document = try SessionTests.document("""
            <state id="idle"><transition event="go" target="main"/></state>
            <state id="main">
              <invoke id="kid"><content>
                <scxml xmlns="http://www.w3.org/2005/07/scxml" version="1.0"><state id="c">
                  <onentry><send target="#_parent" event="ping" delay="1s"/></onentry>
                </state></scxml>
              </content></invoke>
              <transition event="ping" target="pinged"/>
            </state>
            <state id="pinged"/>
            """)
        let session = SCXMLSession(document: document)
        session.start()
        session.advance(by: .seconds(5))
        session.send(SCXMLEvent("go"))
        #expect(session.nextDeadline == .seconds(6))
        session.advance(to: .milliseconds(5_999))
        #expect(session.activeStates == ["main"])
        session.advance(to: .seconds(6))
        #expect(session.activeStates == ["pinged"])
    }

    @Test("A snapshot keeps each session's delayed sends, and the restored group delivers them in the same order")
    func snapshotKeepsHeldSendsInOrder() throws {
        let document = try Self.parent(child: Self.helloThenLater, parentBody: ##"<transition event="hello"><send event="own" delay="1s"/><send target="#_kid" event="toChild" delay="2s"/></transition>"##)
        let (session, _) = Self.run(document)
        #expect(session.waitingDelayedEvents.map(\.name) == ["fromChild", "own", "toChild"])
        let snapshot = try session.snapshot()
        let restored = try SCXMLSession(document: document, snapshot: snapshot)
        let box = Lines()
        restored.logHandler = { label, message in box.lines.append("\(label) \(message)") }
        #expect(restored.waitingDelayedEvents.map(\.name) == ["fromChild", "own", "toChild"])
        #expect(restored.nextDeadline == .seconds(1))
        restored.advance(by: .seconds(1))
        #expect(box.lines == ["parent fromChild", "parent own"])
        #expect(restored.waitingDelayedEvents.map(\.name) == ["toChild"])
        #expect(restored.waitingDelayedEvents.map(\.delay) == [.seconds(1)])
    }

    @Test("TimerOrder.any: a delayed send taken early is the soonest of its name in any session, and the clock stays")
    func takenEarly() throws {
        let document = try Self.parent(child: """
            <state id="c"><onentry>
              <send target="#_parent" event="hello"/>
              <send target="#_parent" event="tick" delay="3s"/>
            </onentry></state>
            """, parentBody: #"<transition event="hello"><send event="tick" delay="2s"/><send event="tock" delay="1s"/></transition>"#)
        let (session, lines) = Self.run(document)
        #expect(session.fireDelayedEvent(named: "tick"))
        #expect(session.now == .zero)
        #expect(session.waitingDelayedEvents.map(\.name) == ["tock", "tick"])
        #expect(session.waitingDelayedEvents.map(\.delay) == [.seconds(1), .seconds(3)])
        #expect(!session.fireDelayedEvent(named: "nothing"))
        #expect(lines() == ["parent tick"])
    }
}
