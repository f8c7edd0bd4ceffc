@testable import StatecraftSCXML
@testable import StatecraftTools
import Testing

/// How a condition came out in a session: it held, it did not, or evaluating it was an error.
enum ConditionOutcome: String {
    case holds = "true"
    case fails = "false"
    case error
}

/// Runs a W3C-style test in which `s0` sends itself `go` (or raises it) and tells, through the
/// final state it reaches, whether the transition with `cond` was taken, and whether any
/// `error.execution` came first.
///
/// - Parameters:
///   - cond: The `conf:` condition attribute, as written: `conf:idVal="1=1"`.
///   - data: `<data>` elements for the datamodel.
///   - trigger: The executable content that makes `go`.
///   - vocabulary: The datamodel to translate for.
func conditionOutcome(
    _ cond: String,
    data: String = "",
    trigger: String = #"<send event="go"/>"#,
    vocabulary: any ConformanceVocabulary = StatecraftVocabulary()
) throws -> ConditionOutcome? {
    let test = try conformanceDocument(
        """
        \(data.isEmpty ? "" : "<datamodel>\(data)</datamodel>")
        <state id="s0">
          <onentry>\(trigger)</onentry>
          <transition event="error" target="error"/>
          <transition event="go" \(cond) target="holds"/>
          <transition event="go" target="fails"/>
        </state>
        <state id="holds">
          <onentry><raise event="settled"/></onentry>
          <transition event="error" target="error"/>
          <transition event="settled" target="true"/>
        </state>
        <state id="fails">
          <onentry><raise event="settled"/></onentry>
          <transition event="error" target="error"/>
          <transition event="settled" target="false"/>
        </state>
        <final id="true"/><final id="false"/><final id="error"/>
        """,
        attributes: #"initial="s0" name="machine" conf:datamodel="" version="1.0""#
    )
    let document = try SCXMLDocument(root: try ConformanceMarkup.translate(test, vocabulary: vocabulary))
    let session = SCXMLSession(document: document)
    session.runToEnd(limit: .seconds(60))
    return session.finalState.flatMap(ConditionOutcome.init(rawValue:))
}

/// Variables the statecraft cases read.
private let variables = """
    <data conf:id="1" conf:expr="1"/><data conf:id="2" conf:expr="1"/><data conf:id="3" conf:expr="2"/>
    <data conf:id="4">{"a": [1]}</data><data conf:id="5">{"a": [1]}</data><data conf:id="6">{"a": [2]}</data>
    <data conf:id="7" conf:quoteExpr="abc"/><data conf:id="8"><conf:someInlineVal/></data>
    <data conf:id="9" conf:systemVarExpr="_sessionid"/><data conf:id="10" conf:quoteExpr="ab"/>
    <data conf:id="11" conf:quoteExpr="abd"/><data conf:id="12"/><data conf:id="13" conf:multiDimensionalArrayExpr="0"/>
    """

private let namelist = #"<send event="go" conf:namelist="1"/>"#
private let fooData = #"<send event="go"><content>foo</content></send>"#
private let inlineData = #"<send event="go"><content><conf:someInlineVal/></content></send>"#

@Suite("W3C conformance markup: conditions in a running session, statecraft datamodel")
struct ConformanceConditionSessionTests {
    @Test(
        "Each condition item holds where it should and not where it should not",
        arguments: [
            (#"conf:idVal="1=1""#, "", ConditionOutcome.holds), (#"conf:idVal="1=2""#, "", .fails),
            (#"conf:varIdVal="1=2""#, "", .holds), (#"conf:varIdVal="1=3""#, "", .fails),
            (#"conf:namelistIdVal="1=1""#, "", .holds), (#"conf:namelistIdVal="1=0""#, "", .fails),
            (#"conf:VarEqVar="1 2""#, "", .holds), (#"conf:VarEqVar="1 3""#, "", .fails),
            (#"conf:VarEqVarStruct="4 5""#, "", .holds), (#"conf:VarEqVarStruct="4 6""#, "", .fails),
            (#"conf:idQuoteVal="7=abc""#, "", .holds), (#"conf:idQuoteVal="7=abd""#, "", .fails),
            (#"conf:compareIDVal="1&lt;3""#, "", .holds), (#"conf:compareIDVal="3&lt;1""#, "", .fails),
            (#"conf:idSomeVal="8""#, "", .holds), (#"conf:idSomeVal="1""#, "", .fails),
            (#"conf:idSystemVarVal="9=_sessionid""#, "", .holds), (#"conf:idSystemVarVal="7=_sessionid""#, "", .fails),
            (#"conf:nameVarVal="machine""#, "", .holds), (#"conf:nameVarVal="other""#, "", .fails),
            (#"conf:varPrefix="10 7""#, "", .holds), (#"conf:varPrefix="11 7""#, "", .fails),
            (#"conf:inState="s0""#, "", .holds), (#"conf:inState="holds""#, "", .fails),
            (#"conf:isBound="1""#, "", .holds), (#"conf:isBound="12""#, "", .fails),
            (#"conf:unboundVar="12""#, "", .holds), (#"conf:unboundVar="1""#, "", .fails),
            (#"conf:noValue="12""#, "", .holds), (#"conf:noValue="1""#, "", .fails),
            (#"conf:systemVarIsBound="_sessionid""#, "", .holds), (#"conf:true="""#, "", .holds),
            (#"conf:false="""#, "", .fails), (#"conf:nonBoolean="""#, "", .error),
            (#"conf:arrayVal="13 0""#, "", .holds), (#"conf:arrayVal="13 1""#, "", .fails),
            (#"conf:eventNameVal="go""#, "", .holds), (#"conf:eventNameVal="went""#, "", .fails),
            (#"conf:eventvarVal="1=1""#, namelist, .holds), (#"conf:eventvarVal="1=2""#, namelist, .fails),
            (#"conf:eventdataVal="'foo'""#, fooData, .holds), (#"conf:eventdataVal="'bar'""#, fooData, .fails),
            (#"conf:eventdataSomeVal="""#, inlineData, .holds), (#"conf:eventdataSomeVal="""#, fooData, .fails),
            (#"conf:emptyEventData="""#, "", .holds), (#"conf:emptyEventData="""#, namelist, .fails),
            (#"conf:eventDataHasField="Var1""#, namelist, .holds), (#"conf:eventDataHasField="Var2""#, namelist, .fails),
            (#"conf:eventFieldHasNoValue="invokeid""#, "", .holds), (#"conf:eventFieldHasNoValue="name""#, "", .fails),
            (#"conf:eventFieldsAreBound="""#, "", .holds), (#"conf:eventLanguageMatchesDatamodel="""#, "", .holds),
            (#"conf:originTypeEq="http://www.w3.org/TR/scxml/#SCXMLEventProcessor""#, "", .holds),
            (#"conf:originTypeEq="http://www.w3.org/TR/scxml/#BasicHTTPEventProcessor""#, "", .fails),
            (#"conf:eventIsExternal="""#, "", .holds), (#"conf:eventIsExternal="""#, #"<raise event="go"/>"#, .fails),
        ]
    )
    func condition(cond: String, trigger: String, expected: ConditionOutcome) throws {
        let outcome = try conditionOutcome(
            cond, data: variables, trigger: trigger.isEmpty ? #"<send event="go"/>"# : trigger
        )
        #expect(outcome == expected)
    }

    @Test("The conditions on the raw message read _event.raw: a raised event has none, the SCXML processor's is a form and no POST")
    func rawMessageConditions() throws {
        for cond in [#"conf:methodIsPost="""#, #"conf:messageBodyEquals="zzz""#, #"conf:msgIsBody="""#] {
            #expect(try conditionOutcome(cond, trigger: #"<raise event="go"/>"#) == .error, "\(cond)")
            #expect(try conditionOutcome(cond) == .fails, "\(cond)")
        }
        let sent = #"<send event="go"><param name="x" expr="'a b'"/><param name="x" expr="2"/></send>"#
        #expect(try conditionOutcome(#"conf:messageBodyEquals="_scxmleventname=go&amp;x=a%20b&amp;x=2""#, trigger: sent) == .holds)
        #expect(try conditionOutcome(#"conf:eventNamedParamHasValue="x 2""#, trigger: sent) == .holds)
    }
}
