import StatecraftECMAScript
import StatecraftSCXML
import Testing

/// `<foreach>` over ECMAScript arrays (4.6).
@Suite("ECMAScript foreach", .needsJavaScriptCore)
struct ECMAScriptForeachTests {
    @Test("Each element goes to item itself, with its index; the array is a shallow copy")
    func iteratesElementsThemselves() throws {
        let run = try LoggedSession(ecmascript("""
            <datamodel>
              <data id="people" expr="[{ name: 'Ada' }, { name: 'Alan' }]"/>
              <data id="seen" expr="''"/>
            </datamodel>
            <state id="s">
              <onentry>
                <foreach array="people" item="person" index="i">
                  <assign location="person.visited" expr="true"/>
                  <assign location="seen" expr="seen + i + person.name"/>
                  <assign location="people" expr="people.concat([{ name: 'late' }])"/>
                </foreach>
                <log label="seen" expr="seen"/>
                <log label="visited" expr="people.filter(function (p) { return p.visited }).length + ' of ' + people.length"/>
              </onentry>
            </state>
            """)).run()
        #expect(run.logged("seen") == ["0Ada1Alan"])
        #expect(run.logged("visited") == ["2 of 4"])
    }

    @Test("A value that is not an array, or an item that is not a variable name, raises error.execution")
    func illegalArrayOrItem() throws {
        let run = try LoggedSession(ecmascript("""
            <datamodel><data id="count" expr="0"/></datamodel>
            <state id="s">
              <onentry>
                <foreach array="7" item="x"><assign location="count" expr="count + 1"/></foreach>
                <log label="not reached" expr="1"/>
              </onentry>
              <transition event="error.execution" target="t"/>
            </state>
            <state id="t">
              <onentry><foreach array="[1, 2]" item="'continue'"><assign location="count" expr="count + 1"/></foreach></onentry>
              <transition event="error.execution" cond="count === 0" target="done"/>
            </state>
            <final id="done"/>
            """)).run()
        #expect(run.session.finalState == "done")
        #expect(run.logged("not reached").isEmpty)
    }
}
