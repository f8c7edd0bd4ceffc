import Foundation
import StatecraftECMAScript
import StatecraftSCXML
import Testing

/// ECMAScript documents run by sessions: system variables, scripts, data and content, and the
/// errors they raise.
@Suite("ECMAScript sessions", .needsJavaScriptCore)
struct ECMAScriptSessionTests {
    @Test("_event has every field, bound or undefined, and carries <param> data as JSON values (5.10.1)")
    func eventFields() throws {
        let run = try LoggedSession(ecmascript("""
            <state id="s">
              <onentry>
                <send event="hello" id="greeting"><param name="count" expr="1 + 2"/><param name="tags" expr="['a', 'b']"/></send>
              </onentry>
              <transition event="hello" target="done">
                <log label="fields" expr="['name','type','sendid','origin','origintype','invokeid','data'].filter(function (k) { return k in _event }).length"/>
                <log label="event" expr="_event.name + ' ' + _event.type + ' ' + _event.sendid + ' ' + typeof _event.invokeid"/>
                <log label="origin" expr="_event.origin === '#_scxml_' + _sessionid"/>
                <log label="data" expr="_event.data"/>
              </transition>
            </state>
            <final id="done"/>
            """)).run()
        #expect(run.logged("fields") == ["7"])
        #expect(run.logged("event") == ["hello external greeting undefined"])
        #expect(run.logged("origin") == ["true"])
        #expect(run.logged("data") == [#"{"count":3,"tags":["a","b"]}"#])
        #expect(run.session.finalState == "done")
    }

    @Test("_sessionid, _name and _ioprocessors are bound from the start")
    func sessionVariables() throws {
        let run = try LoggedSession(ecmascript("""
            <state id="s">
              <onentry>
                <log label="id" expr="_sessionid"/>
                <log label="name" expr="_name"/>
                <log label="location" expr="_ioprocessors['http://www.w3.org/TR/scxml/#SCXMLEventProcessor'].location"/>
                <log label="event" expr="typeof _event"/>
              </onentry>
            </state>
            """, attributes: #"name="light""#)).run()
        #expect(run.logged("id") == [run.session.sessionID])
        #expect(run.logged("name") == ["light"])
        #expect(run.logged("location") == ["#_scxml_\(run.session.sessionID)"])
        #expect(run.logged("event") == ["undefined"])
    }

    @Test("Assigning to a system variable or an undeclared location raises error.execution with the message")
    func forbiddenAssignmentsRaiseErrors() throws {
        let run = try LoggedSession(ecmascript("""
            <state id="s">
              <onentry><assign location="_sessionid" expr="27"/></onentry>
              <transition event="error.execution" target="t"><log label="first" expr="_event.data.message"/></transition>
            </state>
            <state id="t">
              <onentry><assign location="nobody" expr="1"/></onentry>
              <transition event="error.execution" target="done"><log label="second" expr="_event.data.message"/></transition>
            </state>
            <final id="done"/>
            """)).run()
        #expect(run.session.finalState == "done")
        #expect(run.logged("first").first?.contains("'_sessionid' is a system variable") == true, "\(run.lines)")
        #expect(run.logged("second").first?.contains("ReferenceError") == true, "\(run.lines)")
        #expect(run.logged("second").first?.contains("<assign location=\"nobody\">") == true, "\(run.lines)")
    }

    @Test("A script's functions and variables are global; a failing script raises error.execution (B.2.5)")
    func scriptsRunInTheGlobalScope() throws {
        let run = try LoggedSession(ecmascript("""
            <script>function square(x) { return x * x } var calls = 0</script>
            <state id="s">
              <onentry><script>calls++</script></onentry>
              <transition cond="square(3) === 9 &amp;&amp; calls === 1" target="t"/>
            </state>
            <state id="t">
              <onentry><script>calls = calls + undefinedFunction()</script></onentry>
              <transition event="error.execution" cond="calls === 1" target="done"/>
            </state>
            <final id="done"/>
            """)).run()
        #expect(run.session.finalState == "done")
    }

    @Test("A script and data load from src files")
    func scriptAndDataFromFiles() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("ecmascript-src-\(UInt64.random(in: 0...UInt64.max))")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try "function greet(who) { return 'hello ' + who }".write(to: folder.appendingPathComponent("greet.js"), atomically: true, encoding: .utf8)
        try #"{ "who": "world", "times": [1, 2] }"#.write(to: folder.appendingPathComponent("config.json"), atomically: true, encoding: .utf8)
        let run = try LoggedSession(ecmascript("""
            <datamodel><data id="config" src="file:config.json"/></datamodel>
            <script src="greet.js"/>
            <state id="s"><onentry><log label="greeting" expr="greet(config.who) + ' ' + config.times.length"/></onentry></state>
            """), baseDirectory: folder.path).run()
        #expect(run.logged("greeting") == ["hello world 2"])
    }

    @Test("Data and content: JSON gives values, other text a space-normalized string (B.2.1)")
    func contentValues() throws {
        let run = try LoggedSession(ecmascript("""
            <datamodel>
              <data id="list">[1, 2, 3]</data>
              <data id="text">
                this  is
                a string
              </data>
              <data id="none"/>
            </datamodel>
            <state id="s">
              <onentry><send event="json"><content>{ "productName": "bar", "size": 27 }</content></send></onentry>
              <transition event="json" target="t">
                <log label="list" expr="list instanceof Array ? list.length : 'not an array'"/>
                <log label="text" expr="text"/>
                <log label="none" expr="typeof none"/>
                <log label="product" expr="_event.data.productName + ' ' + _event.data.size"/>
              </transition>
            </state>
            <state id="t">
              <onentry><send event="plain" namelist="list text"/></onentry>
              <transition event="plain" target="done"><log label="namelist" expr="_event.data"/></transition>
            </state>
            <final id="done"/>
            """)).run()
        #expect(run.logged("list") == ["3"])
        #expect(run.logged("text") == ["this is a string"])
        #expect(run.logged("none") == ["undefined"])
        #expect(run.logged("product") == ["bar 27"])
        #expect(run.logged("namelist") == [#"{"list":[1,2,3],"text":"this is a string"}"#])
    }

    @Test("Event data that cannot leave the datamodel raises error.execution instead of being dropped")
    func functionsCannotBeSent() throws {
        let run = try LoggedSession(ecmascript("""
            <state id="s">
              <onentry><send event="never"><param name="callback" expr="function () {}"/></send></onentry>
              <transition event="error.execution" target="done"><log label="why" expr="_event.data.message"/></transition>
              <transition event="never" target="done"/>
            </state>
            <final id="done"/>
            """)).run()
        #expect(run.logged("why").first?.contains("is a function") == true, "\(run.lines)")
    }

    @Test("Early binding gives every variable its value at start; late binding when its state is entered (5.3)")
    func binding() throws {
        let states = """
            <state id="s">
              <onentry><log label="before" expr="typeof later"/></onentry>
              <transition target="t"/>
            </state>
            <state id="t">
              <datamodel><data id="later" expr="'set'"/></datamodel>
              <onentry><log label="after" expr="later"/></onentry>
            </state>
            """
        let early = try LoggedSession(ecmascript(states)).run()
        #expect(early.logged("before") == ["string"])
        #expect(early.logged("after") == ["set"])
        let late = try LoggedSession(ecmascript(states, attributes: #"binding="late""#)).run()
        #expect(late.logged("before") == ["undefined"])
        #expect(late.logged("after") == ["set"])
    }

    @Test("Sessions share nothing: variables and changed built-ins stay in their own context")
    func sessionsAreIsolated() throws {
        let document = try SCXMLDocument(xml: ecmascript("""
            <datamodel><data id="mine" expr="0"/></datamodel>
            <state id="s">
              <transition event="change" target="s"><script>mine = 42; Array.prototype.extra = 'leak'; leaked = true</script></transition>
              <transition event="look" target="s"><log label="seen" expr="mine + ' ' + typeof [].extra + ' ' + typeof leaked"/></transition>
            </state>
            """), datamodels: try .withECMAScript())
        let first = SCXMLSession(document: document), second = SCXMLSession(document: document)
        var seen: [String] = []
        second.logHandler = { _, message in seen.append(message) }
        first.send(SCXMLEvent("change"))
        second.send(SCXMLEvent("look"))
        #expect(seen == ["0 undefined undefined"])
    }
}

/// The record `error.execution` carries in `_event.data` is an ECMAScript object.
@Suite("ECMAScript error event data", .needsJavaScriptCore)
struct ECMAScriptErrorDataTests {
    @Test("error.execution's _event.data is an object with tagname, line, column, reason and message")
    func errorDataIsAnObject() throws {
        let run = try LoggedSession(ecmascript("""
            <state id="s">
              <onentry>
                <script>undefinedFunction()</script>
              </onentry>
              <transition event="error.execution" target="done">
                <log label="keys" expr="Object.keys(_event.data).join(' ')"/>
                <log label="where" expr="_event.data.tagname + ' ' + (_event.data.line + 0) + ':' + _event.data.column"/>
                <log label="reason" expr="_event.data.reason"/>
              </transition>
            </state>
            <final id="done"/>
            """)).run()
        #expect(run.session.finalState == "done")
        #expect(run.logged("keys") == ["tagname line column reason message"], "\(run.lines)")
        #expect(run.logged("where") == ["script 4:5"], "\(run.lines)")
        #expect(run.logged("reason").first?.contains("undefinedFunction") == true, "\(run.lines)")
    }
}
