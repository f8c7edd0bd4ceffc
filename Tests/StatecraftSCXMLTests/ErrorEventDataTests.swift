@testable import StatecraftSCXML
import Testing

/// `error.execution` and `error.communication` carry, in `_event.data`, what failed: `tagname`,
/// `line`, `column`, `reason` and the whole `message` (the article "SCXML support").
@Suite struct ErrorEventDataTests {
    /// A session of `body` in the statecraft datamodel, started, with what it logged.
    static func run(_ body: String) throws -> Run {
        try Recommendation.run(body)
    }

    @Test("error.execution from executable content names the element, its line and column, and the reason")
    func executionErrorOfAnAssign() throws {
        let run = try Self.run("""
            <state id="s">
              <onentry>
                <assign location="nowhere" expr="1"/>
              </onentry>
              <transition event="error.execution" target="done">
                <log label="tagname" expr="_event.data.tagname"/>
                <log label="line" expr="_event.data.line"/>
                <log label="column" expr="_event.data.column"/>
                <log label="reason" expr="_event.data.reason"/>
                <log label="message" expr="_event.data.message"/>
              </transition>
            </state>
            <final id="done"/>
            """)
        #expect(run.log.filter { $0.hasPrefix("tagname:") || $0.hasPrefix("line:") || $0.hasPrefix("column:") }
            == ["tagname:assign", "line:4", "column:5"], "\(run.log)")
        let reason = try #require(run.log.first { $0.hasPrefix("reason:") }?.dropFirst("reason:".count))
        #expect(reason.contains("nowhere"), "\(reason)")
        let message = try #require(run.log.first { $0.hasPrefix("message:") })
        #expect(message == "message:spec.scxml:4:5: <assign location=\"nowhere\">: \(reason)")
    }

    @Test("error.execution from a failing cond names the <transition>")
    func executionErrorOfACondition() throws {
        let run = try Self.run("""
            <state id="s">
              <transition cond="nowhere.deeper" target="wrong"/>
              <transition event="error.execution" target="done">
                <log label="where" expr="_event.data.tagname + ' ' + _event.data.line + ':' + _event.data.column"/>
              </transition>
            </state>
            <state id="wrong"/>
            <final id="done"/>
            """)
        #expect(run.log.first == "where:transition 3:3", "\(run.log)")
        #expect(run.session.finalState == "done")
    }

    @Test("error.communication names the <send>, keeps its sendid, and says why")
    func communicationError() throws {
        let run = try Self.run("""
            <state id="s">
              <onentry>
                <send id="lost" event="e" target="#_scxml_nobody"/>
              </onentry>
              <transition event="error.communication" target="done">
                <log label="what" expr="_event.data.tagname + ' ' + _event.data.line + ' ' + _event.sendid"/>
                <log label="reason" expr="_event.data.reason"/>
              </transition>
            </state>
            <final id="done"/>
            """)
        #expect(run.log.first == "what:send 4 lost", "\(run.log)")
        #expect(run.log.dropFirst().first?.contains("nobody") == true, "\(run.log)")
    }

    /// The null datamodel has no expressions to read `_event.data` with: the event still
    /// carries the record (for a host, a trace or an invoking session), and the session goes on.
    @Test("null datamodel: error.execution is raised and carries the same record, unreadable by the document")
    func nullDatamodel() throws {
        let session = SCXMLSession(document: try Recommendation.document("""
            <state id="s">
              <onentry><send type="http://example.com/unknown-processor" event="e"/></onentry>
              <transition event="error.execution" target="t"/>
            </state>
            <state id="t"/>
            """, datamodel: "null"))
        session.start()
        #expect(session.activeStates == ["t"])
        let event = try #require(session.boundEvent)
        #expect(event.name == "error.execution")
        guard case .object(let members) = event.data else {
            Issue.record("the data is not a record: \(event.data)")
            return
        }
        let data = Dictionary(members.map { ($0.name, $0.value) }, uniquingKeysWith: { first, _ in first })
        #expect(data["tagname"] == .string("send"))
        #expect(data["line"] == .number(3))
        #expect(data["column"] == .number(12))
        if case .string(let reason) = data["reason"] ?? .undefined {
            #expect(reason.contains("unknown-processor"), "\(reason)")
        } else {
            Issue.record("no reason in \(event.data)")
        }
    }
}
