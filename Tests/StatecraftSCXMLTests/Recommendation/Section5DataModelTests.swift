import Foundation
import StatecraftSCXML
import Testing

/// SCXML 1.0, section 5 (data model and data manipulation): data, assign, donedata, content,
/// param, script, expressions and the system variables.
@Suite("Recommendation 5: data model")
struct Section5DataModelTests {
    // MARK: 5.2 <datamodel>, 5.3 <data>

    @Test("5.3: <data> takes its value from 'expr', from its content, or from 'src'")
    func dataSources() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("statecraft-5-3-\(UInt64.random(in: 0 ... .max))")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try "[1, 2, 3]".write(to: folder.appendingPathComponent("list.json"), atomically: true, encoding: .utf8)
        let xml = Recommendation.root() + """
            <datamodel>
              <data id="fromExpr" expr="1 + 1"/>
              <data id="fromContent">{"a": 5}</data>
              <data id="fromSrc" src="list.json"/>
              <data id="empty"/>
            </datamodel>
            <state id="s"><onentry>
              <log expr="fromExpr"/><log expr="fromContent.a"/><log expr="fromSrc[2]"/><log expr="typeof(empty)"/>
            </onentry></state>
            </scxml>
            """
        let document = try SCXMLDocument(xml: xml, baseDirectory: folder.path)
        let run = Run(session: SCXMLSession(document: document))
        run.session.start()
        #expect(run.log == ["2", "5", "3", "undefined"])
    }

    @Test("5.3: a value that cannot be had raises error.execution and the data is declared empty")
    func dataErrors() throws {
        let run = try Recommendation.run("""
            <datamodel><data id="broken" expr="1 / 0"/><data id="missing" src="no-such-file.json"/></datamodel>
            <state id="s">
              <onentry><log expr="typeof(broken) + ' ' + typeof(missing)"/></onentry>
              <transition event="error.execution" target="t"/>
            </state>
            <state id="t"/>
            """)
        #expect(run.log == ["undefined undefined"])
        #expect(run.active == ["t"])
    }

    @Test("5.3: early binding gives every <data> its value when the document starts")
    func earlyBinding() throws {
        let run = try Recommendation.run("""
            <state id="a"><onentry><log expr="later"/></onentry></state>
            <state id="b"><datamodel><data id="later" expr="'bound'"/></datamodel></state>
            """)
        #expect(run.log == ["bound"])
    }

    @Test("5.3: late binding declares every <data> at start and assigns it on its state's first entry, before onentry")
    func lateBinding() throws {
        let run = try Recommendation.run("""
            <state id="a">
              <onentry><log expr="typeof(later)"/></onentry>
              <transition event="go" target="b"/>
            </state>
            <state id="b">
              <datamodel><data id="later" expr="'bound'"/></datamodel>
              <onentry><log expr="later"/><assign location="later" expr="'changed'"/></onentry>
              <transition event="again" target="a"/>
            </state>
            """, attributes: "binding=\"late\"", events: ["go", "again", "go"])
        #expect(run.log == ["undefined", "bound", "string", "changed"])
    }

    @Test("5.3: <data> needs 'id' and takes one of 'src', 'expr' or content")
    func dataContentModel() {
        expectRefused("""
            <datamodel>
            <data expr="1"/>
            </datamodel><state id="s"/>
            """, "<data> needs the attribute 'id'", line: 3, column: 1)
        expectRefused("""
            <datamodel>
            <data id="x" expr="1" src="x.json"/>
            </datamodel><state id="s"/>
            """, "exclude each other", line: 3, column: 1)
        expectRefused("""
            <datamodel>
            <data id="x" expr="1">2</data>
            </datamodel><state id="s"/>
            """, "has content and 'src' or 'expr'", line: 3, column: 1)
        expectRefused("""
            <datamodel>
            <state id="x"/>
            </datamodel><state id="s"/>
            """, "<state> cannot be written in <datamodel>", line: 3, column: 1)
    }

    // MARK: 5.4 <assign>

    @Test("5.4: <assign> puts the value of 'expr' or of its content at the location")
    func assignValues() throws {
        let run = try Recommendation.run("""
            <datamodel><data id="x" expr="{'a': 1}"/></datamodel>
            <state id="s"><onentry>
              <assign location="x.a" expr="2"/><log expr="x.a"/>
              <assign location="x.b">[1, 2]</assign><log expr="length(x.b)"/>
            </onentry></state>
            """)
        #expect(run.log == ["2", "2"])
    }

    @Test("5.4: an invalid location, or a value that cannot be had, raises error.execution and assigns nothing")
    func assignErrors() throws {
        for (location, expr) in [("undeclared", "1"), ("x.a.b", "1"), ("x", "1 / 0")] {
            let run = try Recommendation.run("""
                <datamodel><data id="x" expr="{'a': 1}"/></datamodel>
                <state id="s">
                  <onentry><assign location="\(location)" expr="\(expr)"/></onentry>
                  <transition event="error.execution" target="t"><log expr="x.a"/></transition>
                </state>
                <state id="t"/>
                """)
            #expect(run.active == ["t"], "\(location) = \(expr)")
            #expect(run.log == ["1"], "\(location) = \(expr)")
        }
    }

    @Test("5.4: <assign> needs 'location' and takes 'expr' or content, not both")
    func assignContentModel() {
        expectRefused("""
            <state id="a"><onentry>
            <assign expr="1"/>
            </onentry></state>
            """, "<assign> needs the attribute 'location'", line: 3, column: 1)
        expectRefused("""
            <datamodel><data id="x"/></datamodel><state id="a"><onentry>
            <assign location="x" expr="1">2</assign>
            </onentry></state>
            """, "both 'expr' and content", line: 3, column: 1)
    }

    // MARK: 5.5 <donedata>, 5.6 <content>, 5.7 <param>

    @Test("5.5: the done event carries the <donedata>'s params or content as _event.data")
    func doneData() throws {
        let run = try Recommendation.run("""
            <state id="s">
              <state id="s1"><transition event="go" target="f"/></state>
              <final id="f"><donedata><param name="a" expr="1"/><param name="b" expr="'two'"/></donedata></final>
              <transition event="done.state.s" target="next"><log expr="_event.data.a + _event.data.b"/></transition>
            </state>
            <state id="next">
              <state id="n1"><transition event="go" target="g"/></state>
              <final id="g"><donedata><content expr="[4, 5]"/></donedata></final>
              <transition event="done.state.next" target="end"><log expr="_event.data[1]"/></transition>
            </state>
            <state id="end"/>
            """, events: ["go", "go"])
        #expect(run.log == ["1two", "5"])
    }

    @Test("5.5: <donedata> holds one <content> or <param>s, not both")
    func doneDataContentModel() {
        expectRefused("""
            <final id="f"><donedata><param name="a" expr="1"/>
            <content expr="2"/>
            </donedata></final>
            """, "either one <content> or <param> elements", line: 3, column: 1)
        expectRefused("""
            <final id="f"><donedata>
            <log expr="1"/>
            </donedata></final>
            """, "<log> cannot be written in <donedata>", line: 3, column: 1)
    }

    @Test("5.6: <content> with 'expr' gives its value; with an error, error.execution and no data (W3C test 528)")
    func contentExpression() throws {
        let run = try Recommendation.run("""
            <state id="s">
              <onentry><send event="good"><content expr="1 + 1"/></send></onentry>
              <transition event="good" target="c"><log expr="_event.data"/></transition>
            </state>
            <state id="c">
              <state id="c1"><transition event="finish" target="cf"/></state>
              <final id="cf"><donedata><content expr="1 / 0"/></donedata></final>
              <transition event="error.execution"><log expr="'error'"/></transition>
              <transition event="done.state.c"><log expr="typeof(_event.data)"/></transition>
            </state>
            """, events: ["finish"])
        #expect(run.log == ["2", "error", "undefined"])
    }

    @Test("5.6: <content> without 'expr' gives its children; 'expr' and children together are refused")
    func contentChildren() throws {
        let run = try Recommendation.run("""
            <state id="s">
              <onentry><send event="e"><content>  some   text  </content></send></onentry>
              <transition event="e"><log expr="_event.data"/></transition>
            </state>
            """)
        #expect(run.log == ["some text"])
        expectRefused("""
            <state id="a"><onentry><send event="e">
            <content expr="1">2</content>
            </send></onentry></state>
            """, "both 'expr' and inline content", line: 3, column: 1)
    }

    @Test("5.7: a <param> whose location or expression fails raises error.execution and is left out")
    func paramErrors() throws {
        let run = try Recommendation.run("""
            <datamodel><data id="x" expr="1"/></datamodel>
            <state id="s">
              <state id="s1"><transition event="finish" target="sf"/></state>
              <final id="sf"><donedata>
                <param name="good" expr="x"/><param name="bad" location="nosuch"/><param name="worse" expr="1 / 0"/>
              </donedata></final>
              <transition event="error.execution"><log expr="'error'"/></transition>
              <transition event="done.state.s"><log expr="_event.data.good + ' ' + has(_event.data, 'bad') + ' ' + has(_event.data, 'worse')"/></transition>
            </state>
            """, events: ["finish"])
        #expect(run.log == ["error", "error", "1 false false"])
    }

    @Test("5.7: <param> needs 'name' and takes 'expr' or 'location', not both")
    func paramContentModel() {
        expectRefused("""
            <state id="a"><onentry><send event="e">
            <param expr="1"/>
            </send></onentry></state>
            """, "<param> needs the attribute 'name'", line: 3, column: 1)
        expectRefused("""
            <state id="a"><onentry><send event="e">
            <param name="p" expr="1" location="x"/>
            </send></onentry></state>
            """, "exclude each other", line: 3, column: 1)
    }

    // MARK: 5.8 <script>

    @Test("5.8: a top-level <script> runs at load; one in executable content runs with it; its variables are locations")
    func scripts() throws {
        let run = try Recommendation.run("""
            <script>var loaded = 'at load'</script>
            <state id="s"><onentry>
              <log expr="loaded"/><script>var later = 2</script><log expr="later"/>
              <assign location="later" expr="later + 1"/><log expr="later"/>
            </onentry></state>
            """)
        #expect(run.log == ["at load", "2", "3"])
    }

    @Test("5.8: a <script> whose 'src' cannot be loaded makes the document refused")
    func scriptSourceMissing() {
        expectRefused("""
            <state id="a"><onentry>
            <script src="no-such-script.txt"/>
            </onentry></state>
            """, "cannot be loaded", line: 3, column: 1)
        expectRefused("""
            <state id="a"><onentry>
            <script src="x.txt">var a = 1</script>
            </onentry></state>
            """, "both 'src' and inline text", line: 3, column: 1)
    }

    // MARK: 5.9 Expressions

    @Test("5.9: a condition that is not a boolean, or fails, is false and raises error.execution")
    func conditionErrors() throws {
        for cond in ["1", "nosuch"] {
            let run = try Recommendation.run("""
                <state id="s">
                  <transition cond="\(cond)" target="wrong"/>
                  <transition event="error.execution" target="t"/>
                </state>
                <state id="t"/><state id="wrong"/>
                """)
            #expect(run.active == ["t"], "cond \(cond)")
        }
    }

    @Test("5.9: In() answers whether a state is active")
    func inPredicate() throws {
        let run = try Recommendation.run("""
            <parallel id="p">
              <state id="r1"><state id="a"/><state id="b"/></state>
              <state id="r2"><state id="c"><onentry><log expr="In('a') + ' ' + In('b') + ' ' + In('p')"/></onentry></state></state>
            </parallel>
            """)
        #expect(run.log == ["true false true"])
    }

    // MARK: 5.10 System variables

    @Test("5.10: _event is unbound until the first event")
    func eventUnboundAtStart() throws {
        let run = try Recommendation.run("""
            <state id="s"><onentry><log expr="isBound(_event)"/></onentry></state>
            """)
        #expect(run.log == ["false"])
    }

    @Test("5.10: _event is bound when an event is dequeued, even one that selects nothing, and stays bound")
    func eventBoundAtDequeue() throws {
        let run = try Recommendation.run("""
            <state id="a">
              <onentry><raise event="ignored"/></onentry>
              <transition cond="isBound(_event) &amp;&amp; _event.name == 'ignored'" target="b"/>
            </state>
            <state id="b"><transition event="go" target="c"/></state>
            <state id="c"><transition target="d"/></state>
            <state id="d"><onentry><log expr="_event.name"/></onentry></state>
            """)
        #expect(run.active == ["b"])
        run.send("go")
        #expect(run.log == ["go"])
    }

    @Test("5.10: _event has name, type, sendid, origin, origintype, invokeid and data, set by who made it")
    func eventFields() throws {
        let run = try Recommendation.run("""
            <state id="s">
              <onentry>
                <raise event="raised"/>
                <send event="sent" id="s1"><param name="v" expr="1"/></send>
                <assign location="nowhere" expr="1"/>
              </onentry>
              <transition event="*">
                <log expr="_event.name + '|' + _event.type + '|' + typeof(_event.sendid) + '|' + typeof(_event.origin) + '|' + typeof(_event.origintype) + '|' + typeof(_event.invokeid) + '|' + typeof(_event.data)"/>
              </transition>
            </state>
            """)
        #expect(run.log == [
            "raised|internal|undefined|undefined|undefined|undefined|undefined",
            "error.execution|platform|undefined|undefined|undefined|undefined|object",
            "sent|external|string|string|string|undefined|object",
        ])
    }

    @Test("5.10: _sessionid, _name and _ioprocessors are bound at load and cannot be changed")
    func systemVariables() throws {
        let run = try Recommendation.run("""
            <state id="s">
              <onentry>
                <log expr="_sessionid == _sessionid &amp;&amp; typeof(_sessionid) == 'string'"/>
                <log expr="_name"/>
                <log expr="_ioprocessors.scxml.location == '#_scxml_' + _sessionid"/>
              </onentry>
              <onentry><assign location="_name" expr="'other'"/></onentry>
              <onentry><assign location="_sessionid" expr="'other'"/></onentry>
              <transition event="error.execution" cond="_name == 'machine'"><log expr="'refused'"/></transition>
            </state>
            """, attributes: "name=\"machine\"")
        #expect(run.log == ["true", "machine", "true", "refused", "refused"])
    }
}
