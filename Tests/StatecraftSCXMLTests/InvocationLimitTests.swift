import Foundation
import Statecraft
import StatecraftSCXML
import Testing

/// The bounds on invocation (how deep, how many sessions at once) and the faults that report
/// every limit that cuts something short. Hostile documents run here with small limits; the
/// default limits are run through the built tool in `FaultCommandTests` (module
/// StatecraftCLITests), where a regression cannot take the test process down.
@Suite("Invocation limits and faults")
struct InvocationLimitTests {
    static let namespace = #"xmlns="http://www.w3.org/2005/07/scxml" version="1.0""#

    /// What a run logged, by label, in order.
    final class Logs {
        var lines: [(label: String, message: String)] = []
        func messages(_ label: String) -> [String] { lines.filter { $0.label == label }.map(\.message) }
    }

    static func session(_ document: SCXMLDocument, _ logs: Logs) -> SCXMLSession {
        let session = SCXMLSession(document: document)
        session.logHandler = { label, message in logs.lines.append((label, message)) }
        return session
    }

    /// A document that invokes itself by `src`, `fanOut` times in its one state.
    static func selfInvoking(fanOut: Int = 1) -> String {
        """
        <scxml \(namespace) initial="s">
          <state id="s">
            <onentry><log label="entered" expr="_sessionid"/></onentry>
            \(String(repeating: #"<invoke src="self.scxml"/>"#, count: fanOut))
            <transition event="error.execution"><log label="refused" expr="_event.data.message"/></transition>
            <transition event="stop" target="stopped"/>
          </state>
          <final id="stopped"/>
        </scxml>
        """
    }

    /// `self.scxml` written in a new folder, read from there so that it can load itself.
    static func fileDocument(_ text: String) throws -> SCXMLDocument {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("statecraft-limits-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let path = folder.appendingPathComponent("self.scxml").path
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        return try SCXMLDocument(xml: text, file: path, baseDirectory: folder.path)
    }

    /// A chain of distinct documents nested as inline `<content>`: level `level` logs its
    /// number on entry, invokes the next, and on the next one's done event logs `done` and
    /// ends; the innermost, at `depth`, ends at once.
    static func chain(level: Int = 0, depth: Int, staysActive: Bool = false) -> String {
        let attributes = level == 0 ? namespace : #"version="1.0""#
        guard level < depth else {
            if staysActive {
                return #"<scxml \#(attributes) initial="last"><state id="last"><onentry><log label="entered" expr="\#(level)"/></onentry><onexit><log label="exit" expr="\#(level)"/></onexit></state></scxml>"#
            }
            return #"<scxml \#(attributes) initial="end"><final id="end"><onentry><log label="entered" expr="\#(level)"/></onentry></final></scxml>"#
        }
        return """
            <scxml \(attributes) initial="s\(level)"><state id="s\(level)">\
            <onentry><log label="entered" expr="\(level)"/></onentry>\
            <onexit><log label="exit" expr="\(level)"/></onexit>\
            <invoke><content>\(chain(level: level + 1, depth: depth, staysActive: staysActive))</content></invoke>\
            <transition event="done.invoke" target="end"><log label="done" expr="\(level)"/></transition>\
            <transition event="error.execution" target="refused"><log label="refused" expr="_event.data.message"/></transition>\
            <transition event="stop" target="stopped"/>\
            </state><final id="end"/><state id="refused"/><final id="stopped"/></scxml>
            """
    }

    // MARK: Depth

    @Test("A document that invokes itself by src stops at the depth limit with error.execution naming it", arguments: [3, 16])
    func selfInvocationBySrc(limit: Int) throws {
        let document = try Self.fileDocument(Self.selfInvoking())
        let logs = Logs()
        let session = Self.session(document, logs)
        #expect(session.invocationDepthLimit == 16)
        session.invocationDepthLimit = limit
        var told: [EngineFault] = []
        session.faultHandler = { told.append($0) }
        session.start()
        // The top-level session and one per level down to the limit; the next is refused once.
        #expect(logs.messages("entered").count == limit + 1)
        let refused = logs.messages("refused")
        try #require(refused.count == 1)
        #expect(refused[0].contains("invocationDepthLimit"))
        #expect(refused[0].contains("\(limit + 1) levels of invocation deep, past the limit of \(limit)"))
        #expect(told.map(\.code) == [.invocationDepthLimit])
        #expect(session.faults == told)
        #expect(session.faultCount == 1)
        #expect(told[0].message.hasPrefix("session \(limit + 1) (invoked as "))
        // The session goes on: it takes the next event, and its whole tree stops with it.
        session.send(SCXMLEvent("stop"))
        #expect(session.finalState == "stopped")
    }

    @Test("Nested inline content one level deeper than the limit stops at the limit; the session stays usable")
    func inlineChainPastTheLimit() throws {
        let limit = 5
        let document = try SCXMLDocument(xml: Self.chain(depth: limit + 1))
        let logs = Logs()
        let session = Self.session(document, logs)
        session.invocationDepthLimit = limit
        session.start()
        #expect(logs.messages("entered") == (0...limit).map(String.init))
        #expect(logs.messages("refused").count == 1)
        #expect(logs.messages("refused").first?.contains("past the limit of \(limit) (SCXMLSession.invocationDepthLimit)") == true)
        #expect(session.faults.map(\.code) == [.invocationDepthLimit])
        #expect(logs.messages("done").isEmpty)
        session.send(SCXMLEvent("stop"))
        #expect(session.finalState == "stopped")
    }

    @Test("A chain as deep as the limit runs, and its done events arrive innermost first", arguments: [1, 4, 16])
    func legalChain(depth: Int) throws {
        let document = try SCXMLDocument(xml: Self.chain(depth: depth))
        let logs = Logs()
        let session = Self.session(document, logs)
        session.invocationDepthLimit = depth
        session.start()
        #expect(logs.messages("entered") == (0...depth).map(String.init))
        #expect(logs.messages("done") == (0..<depth).reversed().map(String.init))
        #expect(logs.messages("refused").isEmpty)
        #expect(session.faults.isEmpty)
        #expect(session.finalState == "end")
    }

    @Test("Exiting the invoking state cancels a deep chain parent first, every level's onexit in order")
    func deepChainCancelsInOrder() throws {
        let depth = 16
        let document = try SCXMLDocument(xml: Self.chain(depth: depth, staysActive: true))
        let logs = Logs()
        let session = Self.session(document, logs)
        session.start()
        #expect(logs.messages("entered").count == depth + 1)
        session.send(SCXMLEvent("stop"))
        #expect(session.finalState == "stopped")
        #expect(logs.messages("exit") == (0...depth).map(String.init))
    }

    // MARK: Breadth

    @Test("A breadth bomb stops at the session limit: each refused invocation raises error.execution, one fault plus a summary")
    func breadthBomb() throws {
        let document = try Self.fileDocument(Self.selfInvoking(fanOut: 10))
        let logs = Logs()
        let session = Self.session(document, logs)
        #expect(session.sessionLimit == 1_000)
        session.sessionLimit = 50
        session.start()
        #expect(logs.messages("entered").count == 50)
        let attempts = 50 * 10, started = 49
        #expect(logs.messages("refused").count == attempts - started)
        #expect(logs.messages("refused").allSatisfy { $0.contains("the limit of 50 (SCXMLSession.sessionLimit)") })
        let faults = session.faults
        #expect(faults.map(\.code) == [.sessionLimit, .sessionLimit])
        #expect(faults.last?.message.hasPrefix("\(attempts - started - 1) more invocations were not started in this call") == true)
        session.send(SCXMLEvent("stop"))
        #expect(session.finalState == "stopped")
    }

    @Test("A session stops counting against the session limit when it ends")
    func endedSessionsFreeTheirPlace() throws {
        let document = try SCXMLDocument(xml: """
            <scxml \(Self.namespace) initial="s">
              <datamodel><data id="n" expr="0"/></datamodel>
              <state id="s">
                <invoke><content><scxml version="1.0" initial="f"><final id="f"/></scxml></content></invoke>
                <transition event="done.invoke" cond="n &lt; 30" target="s"><assign location="n" expr="n + 1"/></transition>
                <transition event="done.invoke" target="end"><log label="n" expr="n"/></transition>
                <transition event="error.execution" target="end"><log label="refused" expr="_event.data.message"/></transition>
              </state>
              <final id="end"/>
            </scxml>
            """)
        let logs = Logs()
        let session = Self.session(document, logs)
        session.sessionLimit = 2
        session.start()
        #expect(logs.messages("n") == ["30"])
        #expect(logs.messages("refused").isEmpty)
        #expect(session.faults.isEmpty)
        #expect(session.finalState == "end")
    }

    // MARK: Loops and the event limit

    @Test("A raise loop is cut by the engine once per event, each time reported; the session stays usable")
    func raiseLoopFaults() throws {
        let document = try SCXMLDocument(xml: """
            <scxml \(Self.namespace) initial="idle">
              <state id="idle">
                <transition event="spin"><raise event="again"/></transition>
                <transition event="again"><raise event="again"/></transition>
                <transition event="stop" target="end"/>
              </state>
              <final id="end"/>
            </scxml>
            """)
        let session = SCXMLSession(document: document)
        var told: [EngineFault] = []
        session.faultHandler = { told.append($0) }
        session.start()
        #expect(told.isEmpty)
        session.send(SCXMLEvent("spin"))
        session.send(SCXMLEvent("spin"))
        // Every cut is reported, the same one twice included.
        #expect(told.map(\.code) == [.microstepLimit, .microstepLimit])
        #expect(session.faultCount == 2)
        session.send(SCXMLEvent("stop"))
        #expect(session.finalState == "end")
        #expect(session.faultCount == 2)
    }

    @Test("An eventless loop among the initial states is reported at start")
    func eventlessLoopAtStart() throws {
        let document = try SCXMLDocument(xml: """
            <scxml \(Self.namespace) initial="a">
              <state id="a"><transition target="b"/></state>
              <state id="b"><transition target="a"/></state>
            </scxml>
            """)
        let session = SCXMLSession(document: document)
        var told: [EngineFault] = []
        session.faultHandler = { told.append($0) }
        session.start()
        #expect(told.map(\.code) == [.microstepLimit])
        #expect(session.faults == told)
    }

    @Test("A call that stops at the event limit reports it with the events left queued")
    func eventLimitIsAFault() throws {
        let document = try SCXMLDocument(xml: """
            <scxml \(Self.namespace) initial="loop">
              <state id="loop">
                <onentry><send event="again"/></onentry>
                <transition event="again" target="loop"/>
              </state>
            </scxml>
            """)
        let session = SCXMLSession(document: document)
        session.eventLimit = 20
        session.start()
        let fault = try #require(session.faults.last)
        #expect(fault.code == .eventLimit)
        #expect(fault.message.contains("processed 20 events in one call"))
        #expect(fault.message.contains("1 event stays queued"))
        session.send(SCXMLEvent("again"))
        #expect(session.faults.map(\.code) == [.eventLimit, .eventLimit])
    }

    @Test("A fault of an invoked session reaches the top-level session's handler, naming the child")
    func childFaultsReachTheTop() throws {
        let document = try SCXMLDocument(xml: """
            <scxml \(Self.namespace) initial="s">
              <state id="s">
                <invoke id="worker"><content><scxml version="1.0" initial="a">
                  <state id="a"><transition target="b"/></state>
                  <state id="b"><transition target="a"/></state>
                </scxml></content></invoke>
              </state>
            </scxml>
            """)
        let session = SCXMLSession(document: document)
        session.start()
        let fault = try #require(session.faults.first)
        #expect(session.faults.count == 1)
        #expect(fault.code == .microstepLimit)
        #expect(fault.message.hasPrefix("session 2 (invoked as 'worker'): "))
    }

    @Test("The fault record keeps the most recent 1,000 and counts them all")
    func faultRecordIsBounded() throws {
        // One event a call: every call stops at the limit with an event left, a fault each.
        let document = try SCXMLDocument(xml: """
            <scxml \(Self.namespace) initial="loop">
              <state id="loop"><onentry><send event="again"/></onentry><transition event="again" target="loop"/></state>
            </scxml>
            """)
        let session = SCXMLSession(document: document)
        session.eventLimit = 1
        session.start()
        for _ in 0..<1_004 { session.advance(by: .zero) }
        #expect(session.faultCount == 1_005)
        #expect(session.faults.count == 1_000)
        #expect(session.faults.allSatisfy { $0.code == .eventLimit })
    }

    @Test("An SCXMLMachine hands each fault over once, and lists the recent ones")
    func machineTakesFaultsOnce() throws {
        let document = try SCXMLDocument(xml: """
            <scxml \(Self.namespace) initial="idle">
              <state id="idle"><transition event="spin"><raise event="spin"/></transition></state>
            </scxml>
            """)
        var machine = SCXMLMachine(document: document)
        #expect(machine.takeFaults().isEmpty)
        _ = machine.send(SCXMLEvent("spin"))
        #expect(machine.takeFaults().map(\.code) == [.microstepLimit])
        #expect(machine.takeFaults().isEmpty)
        _ = machine.send(SCXMLEvent("spin"))
        _ = machine.send(SCXMLEvent("spin"))
        #expect(machine.takeFaults().count == 2)
        #expect(machine.faults.count == 3)
        #expect(machine.faultCount == 3)
    }
}
