#if HTTP
import StatecraftSCXML
@testable import StatecraftSCXMLHTTP
import Testing

/// Sessions that post to each other over a real server on loopback.
@Suite("Sessions sending and receiving over HTTP")
struct RoundTripTests {
    /// Runs `text` as a session with an endpoint of its own, in real time, on a thread.
    static func run(_ text: String, on processor: SCXMLHTTPProcessor, endpoint given: SCXMLHTTPEndpoint? = nil)
        async throws -> (finalState: String?, doneData: SCXMLValue)
    {
        let endpoint = try given ?? processor.endpoint()
        let parsed = try SCXMLDocument(xml: text)
        return await onThread {
            let session = SCXMLSession(document: parsed)
            session.ioProcessors = [endpoint]
            endpoint.run(session, timeLimit: .seconds(10))
            endpoint.close()
            return (session.finalState, session.doneData)
        }
    }

    @Test func aSessionPostsToItsOwnLocationAndReceivesTheEventBeforeWhatItSendsNext() async throws {
        let processor = try await startedProcessor()
        defer { Task { await processor.stop() } }
        let endpoint = try processor.endpoint()
        let outcome = try await Self.run("""
            <scxml xmlns="http://www.w3.org/2005/07/scxml" version="1.0" datamodel="statecraft" initial="s0">
              <state id="s0">
                <onentry>
                  <send event="ping" type="basichttp" targetexpr="_ioprocessors['basichttp'].location">
                    <param name="who" expr="'me'"/>
                  </send>
                  <send event="after"/>
                </onentry>
                <transition event="ping" cond="_event.data.who == 'me'" target="pass"/>
                <transition event="*" target="fail"/>
              </state>
              <final id="pass">
                <donedata>
                  <param name="origin" expr="_event.origin"/>
                  <param name="origintype" expr="_event.origintype"/>
                  <param name="location" expr="_ioprocessors['http://www.w3.org/TR/scxml/#BasicHTTPEventProcessor'].location"/>
                </donedata>
              </final>
              <final id="fail"/>
            </scxml>
            """, on: processor, endpoint: endpoint)
        #expect(outcome.finalState == "pass")
        #expect(outcome.doneData == .object([
            SCXMLMember("origin", .string(endpoint.location)),
            SCXMLMember("origintype", .string("http://www.w3.org/TR/scxml/#BasicHTTPEventProcessor")),
            SCXMLMember("location", .string(endpoint.location)),
        ]))
    }

    @Test func aSessionAnswersTheSenderAtItsOrigin() async throws {
        let processor = try await startedProcessor()
        defer { Task { await processor.stop() } }
        let server = try processor.endpoint()
        async let served = Self.run("""
            <scxml xmlns="http://www.w3.org/2005/07/scxml" version="1.0" datamodel="statecraft" initial="waiting">
              <state id="waiting">
                <transition event="question">
                  <send event="answer" targetexpr="_event.origin" typeexpr="_event.origintype">
                    <param name="value" expr="_event.data.n + '!'"/>
                  </send>
                </transition>
                <transition event="bye" target="done"/>
              </state>
              <final id="done"/>
            </scxml>
            """, on: processor, endpoint: server)
        let asked = try await Self.run("""
            <scxml xmlns="http://www.w3.org/2005/07/scxml" version="1.0" datamodel="statecraft" initial="asking">
              <state id="asking">
                <onentry>
                  <send event="timeout" delay="5s"/>
                  <send event="question" type="http://www.w3.org/TR/scxml/#BasicHTTPEventProcessor" target="\(server.location)">
                    <param name="n" expr="'42'"/>
                  </send>
                </onentry>
                <transition event="answer" target="answered">
                  <send event="bye" type="basichttp" target="\(server.location)"/>
                </transition>
                <transition event="*" target="fail"/>
              </state>
              <final id="answered"><donedata><param name="value" expr="_event.data.value"/></donedata></final>
              <final id="fail"/>
            </scxml>
            """, on: processor)
        #expect(asked.finalState == "answered")
        #expect(asked.doneData == .object([SCXMLMember("value", .string("42!"))]))
        #expect(try await served.finalState == "done")
    }

    @Test(arguments: [
        ("", "needs a target"),
        ("http://127.0.0.1:1/nothing", "cannot post to 'http://127.0.0.1:1/nothing'"),
        ("http://10.0.0.1/scxml", "is not on this computer"),
        ("https://127.0.0.1/", "posts to http:// addresses only"),
    ])
    func aSendThatCannotBeDeliveredIsErrorCommunication(target: String, reason: String) async throws {
        let processor = try await startedProcessor()
        defer { Task { await processor.stop() } }
        let targetAttribute = target.isEmpty ? "" : "target=\"\(target)\""
        let outcome = try await Self.run("""
            <scxml xmlns="http://www.w3.org/2005/07/scxml" version="1.0" datamodel="statecraft" initial="s0">
              <state id="s0">
                <onentry>
                  <send event="external"/>
                  <send event="e" type="basichttp" \(targetAttribute)/>
                </onentry>
                <transition event="error.communication" target="failed"/>
                <transition event="*" target="other"/>
              </state>
              <final id="failed"><donedata><param name="reason" expr="_event.data.message"/></donedata></final>
              <final id="other"/>
            </scxml>
            """, on: processor)
        #expect(outcome.finalState == "failed")
        guard case .string(let text) = outcome.doneData.objectValue?["reason"] ?? .undefined else {
            Issue.record("no reason in \(outcome.doneData)")
            return
        }
        #expect(text.contains(reason))
    }

    @Test func aRefusedPostIsErrorCommunicationWithTheStatus() async throws {
        let processor = try await startedProcessor()
        defer { Task { await processor.stop() } }
        let port = try #require(processor.port)
        let outcome = try await Self.run("""
            <scxml xmlns="http://www.w3.org/2005/07/scxml" version="1.0" datamodel="statecraft" initial="s0">
              <state id="s0">
                <onentry><send event="e" type="basichttp" target="http://127.0.0.1:\(port)/scxml/none?token=wrong"/></onentry>
                <transition event="error.communication" target="failed"/>
              </state>
              <final id="failed"><donedata><param name="reason" expr="_event.data.message"/></donedata></final>
            </scxml>
            """, on: processor)
        #expect(outcome.finalState == "failed")
        #expect("\(outcome.doneData)".contains("403 Forbidden"))
    }

    @Test func aSessionWithoutTheProcessorRefusesTheType() throws {
        let session = SCXMLSession(document: try SCXMLDocument(xml: """
            <scxml xmlns="http://www.w3.org/2005/07/scxml" version="1.0" datamodel="statecraft" initial="s0">
              <state id="s0">
                <onentry><send event="e" type="basichttp" target="http://127.0.0.1:1/"/></onentry>
                <transition event="error.execution" target="refused"/>
              </state>
              <final id="refused"/>
            </scxml>
            """))
        session.start()
        #expect(session.finalState == "refused")
    }
}

extension SCXMLValue {
    /// The members of an object by name.
    var objectValue: [String: SCXMLValue]? {
        guard case .object(let members) = self else { return nil }
        return Dictionary(members.map { ($0.name, $0.value) }, uniquingKeysWith: { $1 })
    }
}
#endif
