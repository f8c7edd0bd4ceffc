@testable import StatecraftSCXML
@testable import StatecraftTools
import Testing

/// A sample value for each attribute item, for checking that the null vocabulary answers every
/// item of the catalog.
private let sampleValues: [String: String] = Dictionary(
    statecraftAttributeCases.map { ($0.0, $0.1) } + [("testOnServer", "/echo")], uniquingKeysWith: { first, _ in first }
)

@Suite("W3C conformance markup: the null datamodel")
struct NullVocabularyTests {
    @Test(
        "The items that need no data become plain SCXML",
        arguments: [
            ("datamodel", "", "datamodel", "null"), ("targetpass", "", "target", "pass"),
            ("targetfail", "", "target", "fail"), ("illegalTarget", "", "target", "baz"),
            ("unreachableTarget", "", "target", "#_scxml_foo"), ("invalidSendType", "", "type", "27"),
            ("delay", ".5", "delay", ".5s"), ("delay", "2", "delay", "2s"), ("inState", "s1", "cond", "In('s1')"),
            ("false", "", "cond", "In('conf-false')"), ("nonBoolean", "", "cond", "7"),
        ]
    )
    func plainAttribute(item: String, value: String, name: String, expected: String) throws {
        let test = try conformanceDocument(#"<send conf:\#(item)="\#(value)"/>"#)
        let send = try ConformanceMarkup.translate(test, vocabulary: NullVocabulary()).elements[0]
        #expect(send.attributes == [DocumentAttribute(localName: name, value: expected)])
    }

    @Test("conf:false names a state id that no element of the document uses")
    func falseAvoidsUsedIDs() throws {
        let test = try conformanceDocument(#"<state id="conf-false"/><state id="conf-false-2"/><transition conf:false=""/>"#)
        let translated = try ConformanceMarkup.translate(test, vocabulary: NullVocabulary())
        #expect(translated.elements[2].attribute("cond") == "In('conf-false-3')")
    }

    @Test("Element items that need no data: pass and fail log their outcome by label, content stays text")
    func elements() throws {
        let test = try conformanceDocument("<conf:pass/><send><conf:contentFoo/><conf:illegalContent/></send><data><conf:someInlineVal/></data><onentry><conf:setUpHTTPTest/></onentry>")
        let translated = try ConformanceMarkup.translate(test, vocabulary: NullVocabulary())
        let pass = translated.elements[0]
        #expect(pass.name == "final")
        #expect(pass.elements.first?.elements.first?.attributes == [DocumentAttribute(localName: "label", value: "Outcome: pass")])
        #expect(translated.elements[1].elements.map(\.text) == ["foo", " xyz "])
        #expect(translated.elements[2].text == "123")
        #expect(translated.elements[3].children.isEmpty)
    }

    @Test("Every other item of the catalog is refused as not expressible, saying what it needs")
    func refusals() throws {
        var refused = 0
        for entry in ConformanceItem.catalog {
            let body: String
            if entry.isElement {
                body = #"<onentry><conf:\#(entry.name) id="1" id1="1" id2="2" name="e"/></onentry>"#
            } else {
                let value = try #require(sampleValues[entry.name], "no sample value for conf:\(entry.name)")
                body = #"<transition conf:\#(entry.name)="\#(value.replacingOccurrences(of: "<", with: "&lt;"))"/>"#
            }
            let error = translationFailure(try conformanceDocument(body), vocabulary: NullVocabulary())
            let expressible = nullExpressibleItems.contains(entry.isElement ? "<" + entry.name : entry.name)
            if expressible {
                #expect(error == nil, "\(entry.name): \(error?.description ?? "")")
            } else {
                #expect(error?.code == .notExpressible, "\(entry.name): \(error?.description ?? "translated")")
                #expect(error?.message == entry.requirement.whyNotExpressible)
                refused += 1
            }
        }
        #expect(refused == ConformanceItem.catalog.count - nullExpressibleItems.count)
    }

    @Test(
        "Conditions in a running session: In(), always, never, and a condition that is no boolean",
        arguments: [
            (#"conf:inState="s0""#, ConditionOutcome.holds), (#"conf:inState="holds""#, .fails),
            (#"conf:true="""#, .holds), (#"conf:false="""#, .fails), (#"conf:nonBoolean="""#, .error),
        ]
    )
    func conditions(cond: String, expected: ConditionOutcome) throws {
        #expect(try conditionOutcome(cond, vocabulary: NullVocabulary()) == expected)
    }

    @Test("conf:true on <if> and <elseif> runs exactly the branch it guards; conf:false never runs its branch")
    func branches() throws {
        let cases: [(String, String)] = [
            (#"<if conf:true=""><raise event="a"/><elseif conf:true=""/><raise event="b"/><else/><raise event="c"/></if>"#, "a"),
            (#"<if conf:false=""><raise event="a"/><elseif conf:true=""/><raise event="b"/><else/><raise event="c"/></if>"#, "b"),
            (#"<if conf:false=""><raise event="a"/><elseif conf:false=""/><raise event="b"/><else/><raise event="c"/></if>"#, "c"),
            (#"<if conf:inState="s0"><raise event="a"/><elseif conf:true=""/><raise event="b"/></if>"#, "a"),
        ]
        for (branches, expected) in cases {
            let test = try conformanceDocument(
                """
                <state id="s0"><onentry>\(branches)<raise event="end"/></onentry>
                  <transition event="a" target="a"/><transition event="b" target="b"/><transition event="c" target="c"/>
                  <transition event="*" target="none"/>
                </state>
                <final id="a"/><final id="b"/><final id="c"/><final id="none"/>
                """,
                attributes: #"initial="s0" conf:datamodel="""#
            )
            let translated = try ConformanceMarkup.translate(test, vocabulary: NullVocabulary())
            let session = SCXMLSession(document: try SCXMLDocument(root: translated))
            session.runToEnd(limit: .seconds(10))
            #expect(session.finalState == expected, "\(branches)")
        }
    }

    @Test("conf:true where no condition belongs is refused with the place")
    func misplacedTrue() throws {
        let error = translationFailure(try conformanceDocument(#"<send conf:true=""/>"#), vocabulary: NullVocabulary())
        #expect(error?.code == .misplacedItem)
        #expect(error?.message.contains("<send> has none") == true)
    }
}
