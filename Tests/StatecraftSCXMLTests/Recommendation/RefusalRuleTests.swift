import StatecraftSCXML
import Testing

/// Every refusal of a document names the rule of the recommendation it enforces, as
/// `(SCXML <section>: <rule>)` at the end of its message; each case below is one rule.
@Suite struct RefusalRuleTests {
    /// A document the recommendation does not allow, and the section its refusal must cite.
    struct Case: CustomTestStringConvertible, Sendable {
        /// The section cited, as the message writes it after "(SCXML ".
        let section: String
        /// The states and the rest, inside `<scxml>`; or a whole document when it starts with `<?` or `<scxml`.
        let body: String
        var attributes = ""

        var testDescription: String { "SCXML \(section): \(body.prefix(60))" }

        var refusal: SCXMLError? {
            body.hasPrefix("<scxml") || body.hasPrefix("<other")
                ? Recommendation.refusal(xml: body) : Recommendation.refusal(body, attributes: attributes)
        }
    }

    static let cases: [Case] = [
        // 3.2 <scxml>
        Case(section: "3.2: an SCXML document's root is <scxml>", body: "<other/>"),
        Case(section: "3.2: SCXML elements are in the namespace",
             body: "<scxml xmlns=\"urn:elsewhere\" version=\"1.0\"><state id=\"a\"/></scxml>"),
        Case(section: "3.2.1: 'version' is required",
             body: "<scxml xmlns=\"http://www.w3.org/2005/07/scxml\"><state id=\"a\"/></scxml>"),
        Case(section: "3.2.1: 'version' is required and is '1.0'",
             body: "<scxml xmlns=\"http://www.w3.org/2005/07/scxml\" version=\"2.0\"><state id=\"a\"/></scxml>"),
        Case(section: "3.2.1: 'binding' is 'early' or 'late'", body: "<state id=\"a\"/>", attributes: "binding=\"sometimes\""),
        Case(section: "3.2.1: 'initial' names states of the document", body: "<state id=\"a\"/>", attributes: "initial=\"gone\""),
        Case(section: "3.2.1: 'initial' names one or more states", body: "<state id=\"a\"/>", attributes: "initial=\" \""),
        Case(section: "3.2.1: the attributes of <scxml>", body: "<state id=\"a\"/>", attributes: "colour=\"red\""),
        Case(section: "3.2.1: 'datamodel' names the datamodel the document runs with",
             body: "<scxml xmlns=\"http://www.w3.org/2005/07/scxml\" version=\"1.0\" datamodel=\"xpath\"><state id=\"a\"/></scxml>"),
        Case(section: "3.2.2: <script> occurs at most once in <scxml>", body: "<script/><script/><state id=\"a\"/>"),
        Case(section: "3.2.2: the children of <scxml>", body: "<onentry/><state id=\"a\"/>"),
        Case(section: "3.2.2: the children of <scxml>", body: "<datamodel/><datamodel/><state id=\"a\"/>"),
        // 3.3 <state>, 3.4 <parallel>
        Case(section: "3.3.1: the attributes of <state>", body: "<state id=\"a\" colour=\"red\"/>"),
        Case(section: "3.3.1: 'initial' may not be written with an <initial> child",
             body: "<state id=\"s\" initial=\"a\"><initial><transition target=\"a\"/></initial><state id=\"a\"/></state>"),
        Case(section: "3.3.1: 'initial' is written only in a compound state", body: "<state id=\"s\" initial=\"s\"/>"),
        Case(section: "3.3.1 and 3.6.2: the initial states of a <state> are its descendants",
             body: "<state id=\"s\" initial=\"out\"><state id=\"a\"/></state><state id=\"out\"/>"),
        Case(section: "3.3.2: the children of <state>", body: "<state id=\"s\"><donedata/></state>"),
        Case(section: "3.4.2: the children of <parallel>",
             body: "<parallel id=\"p\"><initial><transition target=\"a\"/></initial><state id=\"a\"/></parallel>"),
        // 3.5 <transition>, 3.6 <initial>, 3.7 <final>, 3.8 <onentry>
        Case(section: "3.5.1: 'event' lists one or more event descriptors", body: "<state id=\"a\"><transition event=\" \"/></state>"),
        Case(section: "3.5.1: 'type' is 'internal' or 'external'", body: "<state id=\"a\"><transition type=\"sideways\"/></state>"),
        Case(section: "3.5.1: the attributes of <transition>", body: "<state id=\"a\"><transition colour=\"red\"/></state>"),
        Case(section: "3.6.2: an <initial> holds one <transition>",
             body: "<state id=\"s\"><initial><transition target=\"a\"/><transition target=\"a\"/></initial><state id=\"a\"/></state>"),
        Case(section: "3.6.2: the transition of <initial> has a target and no 'event' or 'cond'",
             body: "<state id=\"s\"><initial><transition event=\"e\" target=\"a\"/></initial><state id=\"a\"/></state>"),
        Case(section: "3.7.2: <final> holds <onentry>, <onexit> and <donedata>", body: "<final id=\"f\"><transition target=\"f\"/></final>"),
        Case(section: "3.7.2: <donedata> occurs at most once in <final>", body: "<final id=\"f\"><donedata/><donedata/></final>"),
        Case(section: "3.8.1: the attributes of <onentry>", body: "<state id=\"a\"><onentry colour=\"red\"/></state>"),
        // 3.10 <history>
        Case(section: "3.10.1: 'type' is 'shallow' or 'deep'",
             body: "<state id=\"s\"><history id=\"h\" type=\"wide\"><transition target=\"a\"/></history><state id=\"a\"/></state>"),
        Case(section: "3.10.2: a <history> holds one <transition>",
             body: "<state id=\"s\"><history id=\"h\"><onentry/><transition target=\"a\"/></history><state id=\"a\"/></state>"),
        Case(section: "3.10.2: a <history> holds one <transition>",
             body: "<state id=\"s\"><history id=\"h\"><transition target=\"a\"/><transition target=\"a\"/></history><state id=\"a\"/></state>"),
        Case(section: "3.10.2: a <history> holds one <transition>", body: "<state id=\"s\"><history id=\"h\"/><state id=\"a\"/></state>"),
        Case(section: "3.10.2: the default transition has no 'event' or 'cond'",
             body: "<state id=\"s\"><history id=\"h\"><transition cond=\"true\" target=\"a\"/></history><state id=\"a\"/></state>"),
        Case(section: "3.10.2: the default transition has a target",
             body: "<state id=\"s\"><history id=\"h\"><transition/></history><state id=\"a\"/></state>"),
        Case(section: "3.10.2: a history's default names states inside its parent",
             body: "<state id=\"s\"><history id=\"h\" type=\"deep\"><transition target=\"out\"/></history><state id=\"a\"/></state><state id=\"out\"/>"),
        Case(section: "3.10.2: a history's default names states inside its parent, one child for a shallow history",
             body: """
                <state id="s"><history id="h"><transition target="a1 b1"/></history>
                <parallel id="p"><state id="a"><state id="a1"/></state><state id="b"><state id="b1"/></state></parallel></state>
                """),
        // 3.11 legal state specifications, 3.14 ids
        Case(section: "3.11: a target names states of the document", body: "<state id=\"a\"><transition event=\"e\" target=\"gone\"/></state>"),
        Case(section: "3.11: the targets of a transition can be active together",
             body: "<state id=\"s\"><state id=\"a\"/><state id=\"b\"/><transition event=\"e\" target=\"a b\"/></state>"),
        Case(section: "3.14: every id is unique in the document", body: "<state id=\"a\"/><state id=\"a\"/>"),
        // 4 executable content
        Case(section: "4.1: the elements of executable content", body: "<state id=\"a\"><onentry><frobnicate/></onentry></state>"),
        Case(section: "4.2.1: the attributes of <raise>", body: "<state id=\"a\"><onentry><raise/></onentry></state>"),
        Case(section: "4.2.2: <raise> has no children", body: "<state id=\"a\"><onentry><raise event=\"e\"><log/></raise></onentry></state>"),
        Case(section: "4.3: <else> follows every <elseif> of its <if>",
             body: "<state id=\"a\"><onentry><if cond=\"true\"><else/><elseif cond=\"true\"/></if></onentry></state>"),
        Case(section: "4.3.2: <else> occurs at most once in <if>",
             body: "<state id=\"a\"><onentry><if cond=\"true\"><else/><else/></if></onentry></state>"),
        Case(section: "4.6.1: the attributes of <foreach>", body: "<state id=\"a\"><onentry><foreach array=\"[]\"/></onentry></state>"),
        Case(section: "4.7.1: the attributes of <log>", body: "<state id=\"a\"><onentry><log colour=\"red\"/></onentry></state>"),
        // 5 data
        Case(section: "5.2.2: <datamodel> holds <data> elements", body: "<datamodel><state id=\"x\"/></datamodel><state id=\"a\"/>"),
        Case(section: "5.3: a <data> with 'src' or 'expr' has no children",
             body: "<datamodel><data id=\"d\" expr=\"1\">2</data></datamodel><state id=\"a\"/>"),
        Case(section: "5.3.1: the attributes of <data>",
             body: "<datamodel><data id=\"d\" expr=\"1\" src=\"d.json\"/></datamodel><state id=\"a\"/>"),
        Case(section: "5.4.1: an <assign> has 'expr' or children, not both",
             body: "<state id=\"a\"><onentry><assign location=\"x\" expr=\"1\">2</assign></onentry></state>"),
        Case(section: "5.5.2: <donedata> holds one <content> or <param> elements",
             body: "<final id=\"f\"><donedata><content>1</content><content>2</content></donedata></final>"),
        Case(section: "5.5.2: <donedata> holds one <content> or <param> elements", body: "<final id=\"f\"><donedata><log/></donedata></final>"),
        Case(section: "5.6.1: a <content> with 'expr' has no children",
             body: "<final id=\"f\"><donedata><content expr=\"1\">2</content></donedata></final>"),
        Case(section: "5.7.1: a <param> has 'expr' or 'location'", body: "<final id=\"f\"><donedata><param name=\"x\"/></donedata></final>"),
        Case(section: "5.8.1: a <script> with 'src' has no content", body: "<state id=\"a\"><onentry><script src=\"x.js\">1</script></onentry></state>"),
        Case(section: "5.8: a document whose script cannot be fetched is rejected", body: "<state id=\"a\"><onentry><script src=\"x.js\"/></onentry></state>"),
        // 6 external communications
        Case(section: "6.2.1: the attributes of <send>", body: "<state id=\"a\"><onentry><send event=\"e\" eventexpr=\"'e'\"/></onentry></state>"),
        Case(section: "6.2.1: a <send> to the SCXML Event I/O Processor names its event", body: "<state id=\"a\"><onentry><send/></onentry></state>"),
        Case(section: "6.2.1: 'delay' may not be written with the target '#_internal'",
             body: "<state id=\"a\"><onentry><send event=\"e\" target=\"#_internal\" delay=\"1s\"/></onentry></state>"),
        Case(section: "6.2.1: 'delay' is a CSS2 time", body: "<state id=\"a\"><onentry><send event=\"e\" delay=\"soon\"/></onentry></state>"),
        Case(section: "6.2.2: <content> may not occur with <param> or 'namelist'",
             body: "<state id=\"a\"><onentry><send event=\"e\"><content>1</content><param name=\"x\" expr=\"1\"/></send></onentry></state>"),
        Case(section: "6.2.2: <content> occurs at most once in <send>",
             body: "<state id=\"a\"><onentry><send event=\"e\"><content>1</content><content>2</content></send></onentry></state>"),
        Case(section: "6.2.2: <send> holds <param> and <content>", body: "<state id=\"a\"><onentry><send event=\"e\"><log/></send></onentry></state>"),
        Case(section: "6.3.1: a <cancel> has 'sendid' or 'sendidexpr'", body: "<state id=\"a\"><onentry><cancel/></onentry></state>"),
        Case(section: "6.4.1: 'autoforward' is 'true' or 'false'", body: "<state id=\"a\"><invoke autoforward=\"yes\"/></state>"),
        Case(section: "6.4.1: 'namelist' may not be written with <param>",
             body: "<state id=\"a\"><invoke namelist=\"x\"><param name=\"y\" expr=\"1\"/></invoke></state>"),
        Case(section: "6.4.2: <content> may not occur with 'src' or 'srcexpr'",
             body: "<state id=\"a\"><invoke src=\"c.scxml\"><content/></invoke></state>"),
        Case(section: "6.4.2: <content> occurs at most once in <invoke>", body: "<state id=\"a\"><invoke><content/><content/></invoke></state>"),
        Case(section: "6.4.2: <invoke> holds <param>, <finalize> and <content>", body: "<state id=\"a\"><invoke><log/></invoke></state>"),
        Case(section: "6.4.2: the children of <invoke>", body: "<state id=\"a\"><invoke><finalize/><finalize/></invoke></state>"),
        Case(section: "6.5: <finalize> holds no <raise> or <send>",
             body: "<state id=\"a\"><invoke><finalize><if cond=\"true\"><raise event=\"e\"/></if></finalize></invoke></state>"),
    ]

    @Test("a refusal cites the section of the rule it enforces", arguments: cases)
    func refusalCitesItsRule(_ refused: Case) throws {
        let error = try #require(refused.refusal, "the document was read")
        #expect(error.message.contains("(SCXML \(refused.section)"), "\(error)")
        // The citation closes the message, after what was wrong and where.
        #expect(error.message.hasSuffix(")"), "\(error)")
        #expect(error.position != nil, "\(error)")
    }
}
