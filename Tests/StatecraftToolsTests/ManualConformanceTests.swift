import Foundation
import StatecraftSCXML
@testable import StatecraftTools
import Testing

/// The W3C tests published as manual that a program judges the way a person would: 178, 230, 250
/// and 307 by what the test and the session it invoked logged; 301, 313 and 314 by the refusal of
/// the document or where it ends; 415 by where it ends (513, which needs a client outside the
/// session, in StatecraftSCXMLHTTPTests).
@Suite("W3C manual tests judged by a program", .enabled(if: W3CSuite.folder != nil, W3CSuite.absence))
struct ManualConformanceTests {
    typealias Line = ConformanceRunner.LogLine

    /// Runs the suite in `profile` and answers the results of the three judged tests.
    func judged(_ profile: ConformanceProfile) throws -> [String: ConformanceRunner.Result] {
        let folder = try #require(W3CSuite.folder)
        var results: [String: ConformanceRunner.Result] = [:]
        try ConformanceRunner(directory: folder, profile: profile).run { result in
            if ConformanceRunner.manualJudges[result.test] != nil { results[result.test] = result }
        }
        return results
    }

    @Test("W3C 230 and 250 pass in the statecraft datamodel; 307 is skipped there, saying why")
    func statecraftProfile() throws {
        let results = try judged(.statecraft)
        #expect(results["test230"]?.status == .pass, "\(String(describing: results["test230"]))")
        #expect(results["test250"]?.status == .pass, "\(String(describing: results["test250"]))")
        let skipped = try #require(results["test307"])
        #expect(skipped.status == .skip)
        #expect(skipped.reason?.contains("the statecraft datamodel") == true)
        for test in ["test178", "test301", "test313", "test314", "test415"] {
            #expect(results[test]?.status == .pass, "\(test): \(String(describing: results[test]))")
        }
        // 513 needs a client outside the session: without the Basic HTTP processor it stays manual.
        #expect(results["test513"]?.skip == .manual)
    }

    @Test("W3C 178: the logged event must show both values of the two params named '1', in order")
    func test178Judge() throws {
        let judge = try #require(ConformanceRunner.manualJudges["test178"])
        let object = #"{"name":"event1","data":{"1":2,"1":3}}"#
        #expect(judge.judge([Line(label: "_event ", message: object)], "final") == nil)
        #expect(judge.judge([Line(label: "_event ", message: "POST / HTTP/1.1\n\n1=2&1=3")], "final") == nil)
        let lastOnly = judge.judge([Line(label: "_event ", message: #"{"data":{"1":3}}"#)], "final")
        #expect(lastOnly?.contains("does not show the name '1' (Var1) with the value 2 and then with the value 3") == true)
        #expect(judge.judge([Line(label: "_event ", message: #"{"data":{"Var1":2,"Var1":3}}"#)], "final") == nil)
        #expect(judge.judge([Line(label: "_event ", message: "1=3&1=2")], "final") != nil)
        #expect(judge.judge([], "final") == "the event was not logged")
        #expect(judge.judge([Line(label: "_event ", message: object)], "fail")?.contains("not 'final'") == true)
        // The SCXML processor's raw form, which the ECMAScript profile logs.
        #expect(judge.judge([Line(label: "_event ", message: "_scxmleventname=event1&Var1=2&Var1=3")], "final") == nil)
        #expect(judge.notApplicable.isEmpty)
    }

    @Test("W3C 178 in the null datamodel: its log expression cannot be expressed, so it is skipped")
    func test178Null() throws {
        let results = try judged(.null)
        #expect(results["test178"]?.status == .skip)
        #expect(results["test178"]?.skip == .notExpressible("null"), "\(String(describing: results["test178"]))")
    }

    @Test("W3C 301: the document whose script cannot be loaded must be refused, for that reason")
    func test301Judge() throws {
        let judge = try #require(ConformanceRunner.manualJudges["test301"])
        let refusal = try #require(judge.refusal)
        #expect(refusal(SCXMLError(code: .unreadableFile, message: "cannot read 'no-such-script'")) == nil)
        #expect(refusal(SCXMLError(code: .invalidDocument, message: "<scxml> lacks version"))?.hasPrefix("refused, but not for its script") == true)
        #expect(judge.judge([], "pass") == "the document ran (ended in 'pass') although its script cannot be loaded")
        #expect(judge.judge([], nil)?.contains("no final state") == true)
    }

    @Test("W3C 313 and 314: an illegal expression is refused when read, or raises error.execution where evaluated")
    func illegalExpressionJudges() throws {
        for test in ["test313", "test314"] {
            let judge = try #require(ConformanceRunner.manualJudges[test])
            let refusal = try #require(judge.refusal)
            #expect(refusal(SCXMLError(code: .invalidDocument, message: "'1 +' is not an expression")) == nil)
            #expect(refusal(SCXMLError(code: .unreadableFile, message: "gone"))?.contains("another reason") == true)
            #expect(judge.judge([], "pass") == nil)
            #expect(judge.judge([], "fail")?.contains("not 'pass'") == true)
        }
    }

    @Test("W3C 415: a machine whose initial state is a top-level final state halts in it at once")
    func test415Judge() throws {
        let judge = try #require(ConformanceRunner.manualJudges["test415"])
        #expect(judge.refusal == nil)
        #expect(judge.judge([], "final") == nil)
        #expect(judge.judge([], nil)?.contains("no final state") == true)
    }

    @Test("W3C 230: the parent's and the child's seven fields of the forwarded event must agree")
    func test230Judge() throws {
        let judge = try #require(ConformanceRunner.manualJudges["test230"])
        let fields = ["name", "type", "sendid", "origin", "origintype", "invokeid", "data"]
        let parent = fields.map { Line(label: "\($0) is ", message: $0 == "origin" ? "#_scxml_2" : "x") }
        #expect(judge.judge(parent + parent, "final") == nil)
        var child = parent
        child[3].message = "#_scxml_1"
        #expect(judge.judge(parent + child, "final")?.contains("'origin is #_scxml_2' and 'origin is #_scxml_1'") == true)
        #expect(judge.judge(parent, "final")?.contains("7 lines were logged") == true)
        #expect(judge.judge(parent + parent, "fail")?.contains("not 'final'") == true)
    }

    @Test("W3C 250: the cancelled child must log its onexit handlers, innermost first")
    func test250Judge() throws {
        let judge = try #require(ConformanceRunner.manualJudges["test250"])
        let exits = [Line(label: "", message: "Exiting sub01"), Line(label: "", message: "Exiting sub0")]
        #expect(judge.judge(exits, "final") == nil)
        #expect(judge.judge(exits.reversed(), "final") != nil)
        #expect(judge.judge([], "final")?.contains("did not log 'Exiting sub01'") == true)
        let notCancelled = exits + [Line(label: "", message: "entering final state, invocation was not cancelled")]
        #expect(judge.judge(notCancelled, "final")?.contains("was not cancelled") == true)
    }

    @Test("W3C 307: reading late-bound data early and reading a missing part of it must log the same")
    func test307Judge() throws {
        let judge = try #require(ConformanceRunner.manualJudges["test307"])
        let early = Line(label: "entering s0 value of Var 1 is: ", message: "undefined")
        let missing = Line(label: "entering s1, value of non-existent substructure of Var 1 is: ", message: "undefined")
        #expect(judge.judge([early, missing], "final") == nil)
        // Both reads failing (nothing logged for either) is alike too.
        #expect(judge.judge([], "final") == nil)
        #expect(judge.judge([early], "final") == "reading the variable before it is bound gave 'undefined', reading a missing part of it failed")
        var other = missing
        other.message = "null"
        #expect(judge.judge([early, other], "final")?.contains("gave 'null'") == true)
        #expect(judge.judge([early, missing], nil)?.contains("no final state") == true)
    }
}
