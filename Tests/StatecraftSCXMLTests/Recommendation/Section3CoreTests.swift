import StatecraftSCXML
import Testing

/// SCXML 1.0, section 3 (core constructs): what a document may say, and how the processor
/// enters, exits and selects.
@Suite("Recommendation 3: core constructs")
struct Section3CoreTests {
    // MARK: 3.2 <scxml>

    @Test("3.2: without 'initial' the first state in document order is entered")
    func firstStateIsEntered() throws {
        let run = try Recommendation.run("""
            <state id="a"/><state id="b"/>
            """)
        #expect(run.active == ["a"])
    }

    @Test("3.2: 'initial' names the states entered at start, in several regions at once")
    func rootInitialNamesStates() throws {
        let run = try Recommendation.run("""
            <state id="a"/>
            <parallel id="p">
              <state id="r1"><state id="x1"/><state id="x2"/></state>
              <state id="r2"><state id="y1"/><state id="y2"/></state>
            </parallel>
            """, attributes: "initial=\"x2 y2\"")
        #expect(run.active == ["p", "r1", "x2", "r2", "y2"])
    }

    @Test("3.2: a document whose root is not <scxml> is refused")
    func rootMustBeSCXML() throws {
        let error = try #require(Recommendation.refusal(xml: "<machine xmlns=\"http://www.w3.org/2005/07/scxml\"/>"))
        #expect(error.message.contains("starts with <scxml>"))
        #expect(error.position == TextPosition(line: 1, column: 1))
    }

    @Test("3.2: 'version' is required and must be 1.0")
    func versionIsRequired() throws {
        let missing = try #require(Recommendation.refusal(xml: """
            <scxml xmlns="http://www.w3.org/2005/07/scxml"><state id="a"/></scxml>
            """))
        #expect(missing.message.contains("'version'"))
        #expect(missing.position == TextPosition(line: 1, column: 1))
        let wrong = try #require(Recommendation.refusal(xml: """
            <scxml xmlns="http://www.w3.org/2005/07/scxml" version="2.0"><state id="a"/></scxml>
            """))
        #expect(wrong.message.contains("only SCXML 1.0"))
    }

    @Test("3.2: <scxml> holds at most one <datamodel> and one <script>")
    func rootHoldsOneDatamodelAndOneScript() {
        expectRefused("""
            <datamodel/>
            <datamodel/>
            <state id="a"/>
            """, "more than one <datamodel>", line: 3, column: 1)
        expectRefused("""
            <script>1</script>
            <script>2</script>
            <state id="a"/>
            """, "more than one <script>", line: 3, column: 1)
    }

    @Test("3.2: <scxml> takes only <state>, <parallel>, <final>, <datamodel> and <script>")
    func rootChildren() {
        expectRefused("""
            <state id="a"/>
            <history id="h"><transition target="a"/></history>
            """, "<history> cannot be written in <scxml>", line: 3, column: 1)
        expectRefused("""
            <state id="a"/>
            <transition target="a"/>
            """, "<transition> cannot be written in <scxml>", line: 3, column: 1)
    }

    @Test("3.2: 'binding' is 'early' or 'late', and attributes outside the table are refused")
    func rootAttributes() throws {
        let binding = try #require(Recommendation.refusal("<state id=\"a\"/>", attributes: "binding=\"lazy\""))
        #expect(binding.message.contains("'early' or 'late'"))
        #expect(binding.position == TextPosition(line: 1, column: 1))
        let unknown = try #require(Recommendation.refusal("<state id=\"a\"/>", attributes: "exmode=\"lax\""))
        #expect(unknown.message.contains("no attribute 'exmode'"))
    }

    @Test("3.2: the root 'initial' must name states of the document")
    func rootInitialMustExist() throws {
        let error = try #require(Recommendation.refusal("<state id=\"a\"/>", attributes: "initial=\"nowhere\""))
        #expect(error.message.contains("nowhere"))
        #expect(error.position == TextPosition(line: 1, column: 1))
    }

    // MARK: 3.3 <state>

    @Test("3.3: a compound state entered as a target enters its first child after itself")
    func compoundEntersFirstChild() throws {
        let run = try Recommendation.run("""
            <state id="start"><transition event="go" target="s"/></state>
            <state id="s">
              <onentry><log expr="'enter s'"/></onentry>
              <state id="s1"><onentry><log expr="'enter s1'"/></onentry></state>
              <state id="s2"/>
            </state>
            """, events: ["go"])
        #expect(run.active == ["s", "s1"])
        #expect(run.log == ["enter s", "enter s1"])
    }

    @Test("3.3: the 'initial' attribute of a state names its default initial state")
    func stateInitialAttribute() throws {
        let run = try Recommendation.run("""
            <state id="s" initial="s2"><state id="s1"/><state id="s2"/></state>
            """)
        #expect(run.active == ["s", "s2"])
    }

    @Test("3.3: 'initial' and <initial> together, or 'initial' on an atomic state, are refused")
    func stateInitialMisuse() {
        expectRefused("""
            <state id="s" initial="s1">
            <initial><transition target="s1"/></initial>
            <state id="s1"/>
            </state>
            """, "names its initial state twice", line: 3, column: 1)
        expectRefused("""
            <state id="a"/>
            <state id="s" initial="a"/>
            """, "has no child states", line: 3, column: 1)
    }

    @Test("3.3: a state's 'initial' must name its descendants")
    func stateInitialMustBeDescendant() throws {
        let error = try #require(Recommendation.refusal("""
            <state id="s" initial="b"><state id="s1"/></state>
            <state id="b"/>
            """))
        #expect(error.message.contains("must be one of its descendants"))
        #expect(error.position == TextPosition(line: 2, column: 1))
    }

    @Test("3.3: a state holds at most one <datamodel>; unknown children are refused")
    func stateChildren() {
        expectRefused("""
            <state id="s">
            <datamodel/>
            <datamodel/>
            </state>
            """, "more than one <datamodel>", line: 4, column: 1)
        expectRefused("""
            <state id="s">
            <donedata/>
            </state>
            """, "<donedata> cannot be written in <state>", line: 3, column: 1)
    }

    // MARK: 3.4 <parallel>

    @Test("3.4: entering a parallel state enters every child region")
    func parallelEntersEveryRegion() throws {
        let run = try Recommendation.run("""
            <parallel id="p">
              <state id="r1"/>
              <state id="r2"><state id="r2a"/></state>
              <parallel id="q"><state id="q1"/><state id="q2"/></parallel>
            </parallel>
            """)
        #expect(run.active == ["p", "r1", "r2", "r2a", "q", "q1", "q2"])
    }

    @Test("3.4: <parallel> takes no <initial>, no <final> and no 'initial'")
    func parallelChildren() {
        expectRefused("""
            <parallel id="p">
            <final id="f"/>
            </parallel>
            """, "<final> cannot be written in <parallel>", line: 3, column: 1)
        expectRefused("""
            <parallel id="p">
            <initial><transition target="a"/></initial>
            <state id="a"/>
            </parallel>
            """, "<initial> cannot be written in <parallel>", line: 3, column: 1)
        expectRefused("""
            <parallel id="p" initial="a">
            <state id="a"/>
            </parallel>
            """, "no attribute 'initial'", line: 2, column: 1)
    }

    // MARK: 3.5 <transition>

    @Test("3.5: a transition's 'event' lists descriptors; any one of them enables it")
    func transitionEventList() throws {
        let run = try Recommendation.run("""
            <state id="a"><transition event="x  y" target="b"/></state>
            <state id="b"><transition event="y" target="c"/></state>
            <state id="c"/>
            """, events: ["y", "y"])
        #expect(run.active == ["c"])
    }

    @Test("3.5: a transition whose 'cond' is false is not taken")
    func transitionCondition() throws {
        let run = try Recommendation.run("""
            <state id="a">
              <transition event="go" cond="false" target="b"/>
              <transition event="go" cond="true" target="c"/>
            </state>
            <state id="b"/><state id="c"/>
            """, events: ["go"])
        #expect(run.active == ["c"])
    }

    @Test("3.5: 'type' is 'internal' or 'external'; 'target' must name states")
    func transitionAttributes() {
        expectRefused("""
            <state id="a">
            <transition event="e" type="sideways"/>
            </state>
            """, "'internal' or 'external'", line: 3, column: 1)
        expectRefused("""
            <state id="a">
            <transition event="e" target="nowhere"/>
            </state>
            """, "nowhere", line: 3, column: 1)
        expectRefused("""
            <state id="a">
            <transition event="e" target="a" colour="red"/>
            </state>
            """, "no attribute 'colour'", line: 3, column: 1)
    }

    @Test("3.5: a transition with an empty 'event' is refused")
    func transitionEmptyEvent() {
        expectRefused("""
            <state id="a">
            <transition event=" " target="a"/>
            </state>
            """, "empty 'event'", line: 3, column: 1)
    }

    // MARK: 3.6 <initial>

    @Test("3.6: the <initial> transition's content runs after the parent's onentry, before the child's")
    func initialTransitionContentOrder() throws {
        let run = try Recommendation.run("""
            <state id="s">
              <onentry><log expr="'s'"/></onentry>
              <initial><transition target="s2"><log expr="'initial'"/></transition></initial>
              <state id="s1"/>
              <state id="s2"><onentry><log expr="'s2'"/></onentry></state>
            </state>
            """)
        #expect(run.active == ["s", "s2"])
        #expect(run.log == ["s", "initial", "s2"])
    }

    @Test("3.6: an initial transition may target a history state; its default content then runs")
    func initialTargetsHistory() throws {
        let run = try Recommendation.run("""
            <state id="s">
              <onentry><log expr="'s'"/></onentry>
              <initial><transition target="h"><log expr="'initial'"/></transition></initial>
              <history id="h"><transition target="s2"><log expr="'default'"/></transition></history>
              <state id="s1"><transition event="next" target="s3"/></state>
              <state id="s2"><onentry><log expr="'s2'"/></onentry><transition event="next" target="s3"/></state>
              <state id="s3"/>
              <transition event="leave" target="out"/>
            </state>
            <state id="out"><transition event="back" target="s"/></state>
            """)
        #expect(run.active == ["s", "s2"])
        #expect(run.log == ["s", "initial", "default", "s2"])
        run.send("next")
        run.send("leave")
        run.send("back")
        // The second time, the history holds s3: the default content does not run.
        #expect(run.active == ["s", "s3"])
        #expect(run.log == ["s", "initial", "default", "s2", "s", "initial"])
    }

    @Test("3.6: an initial transition may target a deep history below a parallel state")
    func initialTargetsDeepHistory() throws {
        let run = try Recommendation.run("""
            <state id="s">
              <initial><transition target="h"/></initial>
              <history id="h" type="deep"><transition target="b2"/></history>
              <parallel id="p">
                <state id="a"><state id="a1"/></state>
                <state id="b"><state id="b1"/><state id="b2"/></state>
              </parallel>
            </state>
            """)
        #expect(run.active == ["s", "p", "a", "a1", "b", "b2"])
    }

    @Test("3.6: <initial> holds exactly one transition, without 'event' or 'cond', with a target")
    func initialContentModel() {
        expectRefused("""
            <state id="s">
            <initial/>
            <state id="s1"/>
            </state>
            """, "exactly one <transition>", line: 3, column: 1)
        expectRefused("""
            <state id="s">
            <initial><transition target="s1"/><transition target="s1"/></initial>
            <state id="s1"/>
            </state>
            """, "exactly one <transition>", line: 3, column: 1)
        expectRefused("""
            <state id="s"><initial>
            <transition target="s1" cond="true"/>
            </initial><state id="s1"/></state>
            """, "may not have 'event' or 'cond'", line: 3, column: 1)
        expectRefused("""
            <state id="s"><initial>
            <transition/>
            </initial><state id="s1"/></state>
            """, "needs a target", line: 3, column: 1)
    }

    @Test("3.6: the initial transition must target descendants of its state")
    func initialTargetMustBeDescendant() throws {
        let error = try #require(Recommendation.refusal("""
            <state id="s"><initial>
            <transition target="b"/>
            </initial><state id="s1"/></state>
            <state id="b"/>
            """))
        #expect(error.message.contains("must be one of its descendants"))
        #expect(error.position == TextPosition(line: 3, column: 1))
    }

    @Test("3.6: <initial> is written only in a <state> with child states")
    func initialOnlyInCompoundStates() {
        expectRefused("""
            <state id="s">
            <initial><transition target="s"/></initial>
            </state>
            """, "has no child states", line: 2, column: 1)
    }

    // MARK: 3.7 <final>

    @Test("3.7: entering a final child raises done.state.<parent> after its onentry")
    func doneStateAfterOnentry() throws {
        let run = try Recommendation.run("""
            <state id="s">
              <final id="f"><onentry><raise event="first"/></onentry></final>
              <transition event="first" target="one"/>
              <transition event="done.state.s" target="wrong"/>
            </state>
            <state id="one"><transition event="done.state.s" target="two"/></state>
            <state id="two"/><state id="wrong"/>
            """)
        #expect(run.active == ["two"])
    }

    @Test("3.7: when every region of a parallel state is final, done.state.<parallel> follows")
    func doneStateOfParallel() throws {
        let run = try Recommendation.run("""
            <parallel id="p">
              <state id="r1"><state id="a"><transition event="go" target="af"/></state><final id="af"/></state>
              <state id="r2"><final id="bf"/></state>
              <transition event="done.state.p" target="finished"/>
            </parallel>
            <state id="finished"/>
            """)
        #expect(run.active.contains("p"))
        run.send("go")
        #expect(run.active == ["finished"])
    }

    @Test("3.7: a top-level final state ends the session")
    func topLevelFinalEndsSession() throws {
        let run = try Recommendation.run("""
            <state id="a"><transition event="go" target="f"/></state>
            <final id="f"/>
            """, events: ["go", "go"])
        #expect(run.session.isFinished)
        #expect(run.session.finalState == "f")
    }

    @Test("3.7: <final> takes onentry, onexit and one donedata, and no transitions or states")
    func finalContentModel() {
        expectRefused("""
            <final id="f">
            <transition target="f"/>
            </final>
            """, "cannot have transitions", line: 3, column: 1)
        expectRefused("""
            <final id="f"><donedata/>
            <donedata/>
            </final>
            """, "more than one <donedata>", line: 3, column: 1)
        expectRefused("""
            <final id="f">
            <state id="x"/>
            </final>
            """, "<state> cannot be written in <final>", line: 3, column: 1)
        expectRefused("""
            <final id="f">
            <invoke src="child.scxml"/>
            </final>
            """, "<invoke> cannot be written in <final>", line: 3, column: 1)
        expectRefused("""
            <final id="f">
            <datamodel/>
            </final>
            """, "<datamodel> cannot be written in <final>", line: 3, column: 1)
    }

    // MARK: 3.8 <onentry>, 3.9 <onexit>

    @Test("3.8: onentry handlers run in document order, each its own block")
    func onentryBlocks() throws {
        let run = try Recommendation.run("""
            <state id="a">
              <onentry><log expr="'one'"/><assign location="nowhere" expr="1"/><log expr="'skipped'"/></onentry>
              <onentry><log expr="'two'"/></onentry>
            </state>
            """)
        #expect(run.log == ["one", "two"])
    }

    @Test("3.9: onexit handlers run in document order, each its own block")
    func onexitBlocks() throws {
        let run = try Recommendation.run("""
            <state id="a">
              <onexit><log expr="'one'"/><assign location="nowhere" expr="1"/><log expr="'skipped'"/></onexit>
              <onexit><log expr="'two'"/></onexit>
              <transition event="go" target="b"/>
            </state>
            <state id="b"/>
            """, events: ["go"])
        #expect(run.log == ["one", "two"])
    }

    @Test("3.8: <onentry> and <onexit> take no attributes and only executable content")
    func handlerContentModel() {
        expectRefused("""
            <state id="a">
            <onentry id="x"/>
            </state>
            """, "<onentry> has no attribute 'id'", line: 3, column: 1)
        expectRefused("""
            <state id="a"><onexit>
            <state id="b"/>
            </onexit></state>
            """, "<state> is not executable content", line: 3, column: 1)
    }

    // MARK: 3.10 <history>

    @Test("3.10: before the parent was visited, a history target enters its default, content after the parent's")
    func historyDefault() throws {
        let run = try Recommendation.run("""
            <state id="start"><transition event="go" target="h"/></state>
            <state id="s">
              <onentry><log expr="'s'"/></onentry>
              <initial><transition target="s1"><log expr="'initial'"/></transition></initial>
              <history id="h"><transition target="s2"><log expr="'default'"/></transition></history>
              <state id="s1"/>
              <state id="s2"><onentry><log expr="'s2'"/></onentry></state>
            </state>
            """, events: ["go"])
        #expect(run.active == ["s", "s2"])
        #expect(run.log == ["s", "default", "s2"])
    }

    @Test("3.10: shallow history restores the active child; deep history the active descendants")
    func historyRestores() throws {
        let run = try Recommendation.run("""
            <state id="s">
              <history id="hs"><transition target="a"/></history>
              <history id="hd" type="deep"><transition target="a"/></history>
              <state id="a"><transition event="next" target="b2"/></state>
              <state id="b"><state id="b1"/><state id="b2"/></state>
              <transition event="leave" target="out"/>
            </state>
            <state id="out">
              <transition event="shallow" target="hs"/>
              <transition event="deep" target="hd"/>
            </state>
            """, events: ["next", "leave", "deep"])
        #expect(run.active == ["s", "b", "b2"])
        run.send("leave")
        run.send("shallow")
        // Shallow history holds b only: b is entered by its default, b1.
        #expect(run.active == ["s", "b", "b1"])
    }

    @Test("3.10: a history state is never part of the configuration")
    func historyNeverActive() throws {
        let run = try Recommendation.run("""
            <state id="s">
              <history id="h"><transition target="a"/></history>
              <state id="a"><onentry><log expr="In('h') ? 'h active' : 'h inactive'"/></onentry></state>
            </state>
            <state id="out"/>
            """, attributes: "initial=\"h\"")
        #expect(run.active == ["s", "a"])
        #expect(run.log == ["h inactive"])
    }

    @Test("3.10: <history> holds exactly one transition, without 'event' or 'cond', with a target")
    func historyContentModel() {
        expectRefused("""
            <state id="s">
            <history id="h"/>
            <state id="a"/>
            </state>
            """, "needs one default <transition>", line: 3, column: 1)
        expectRefused("""
            <state id="s"><history id="h"><transition target="a"/>
            <transition target="a"/>
            </history><state id="a"/></state>
            """, "more than one default <transition>", line: 3, column: 1)
        expectRefused("""
            <state id="s"><history id="h">
            <transition event="e" target="a"/>
            </history><state id="a"/></state>
            """, "may not have 'event' or 'cond'", line: 3, column: 1)
        expectRefused("""
            <state id="s"><history id="h">
            <transition/>
            </history><state id="a"/></state>
            """, "needs a target", line: 3, column: 1)
        expectRefused("""
            <state id="s"><history id="h"><transition target="a"/>
            <onentry/>
            </history><state id="a"/></state>
            """, "<onentry> cannot be written in <history>", line: 3, column: 1)
    }

    @Test("3.10.2: a default, shallow or deep, targets descendants of the parent; nothing outside it")
    func historyDefaultTargets() throws {
        expectRead("""
            <state id="s"><history id="h">
            <transition target="b1"/>
            </history><state id="b"><state id="b1"/></state></state>
            """)
        let shallow = try #require(Recommendation.refusal("""
            <state id="s"><history id="h">
            <transition target="out"/>
            </history><state id="b"/></state>
            <state id="out"/>
            """))
        #expect(shallow.message.contains("the default of shallow history 'h' must be a state inside 's'"))
        #expect(shallow.message.contains("(SCXML 3.10.2: "))
        #expect(shallow.position == TextPosition(line: 3, column: 1))
        let deep = try #require(Recommendation.refusal("""
            <state id="s"><history id="h" type="deep">
            <transition target="out"/>
            </history><state id="b"/></state>
            <state id="out"/>
            """))
        #expect(deep.message.contains("the default of deep history 'h' must be a state inside 's'"))
        expectRead("""
            <state id="s"><history id="h" type="deep"><transition target="b1"/></history>
            <state id="b"><state id="b1"/></state></state>
            """)
    }

    @Test("3.10: 'type' is 'shallow' or 'deep'; <history> belongs in <state> or <parallel>")
    func historyPlacement() {
        expectRefused("""
            <state id="s">
            <history id="h" type="sideways"><transition target="a"/></history>
            <state id="a"/></state>
            """, "'shallow' or 'deep'", line: 3, column: 1)
        expectRefused("""
            <final id="f">
            <history id="h"><transition target="f"/></history>
            </final>
            """, "<history> cannot be written in <final>", line: 3, column: 1)
        expectRead("""
            <parallel id="p"><history id="h" type="deep"><transition target="a"/></history>
            <state id="a"/><state id="b"/></parallel>
            """)
    }

    // MARK: 3.11 Legal configurations

    @Test("3.11: targets that cannot be active together are refused")
    func conflictingTargets() throws {
        let error = try #require(Recommendation.refusal("""
            <state id="s">
            <transition event="e" target="a b"/>
            <state id="a"/><state id="b"/>
            </state>
            """))
        #expect(error.message.contains("cannot be active together"))
        #expect(error.position == TextPosition(line: 3, column: 1))
    }

    @Test("3.11: a transition may target states in several regions of a parallel state")
    func parallelTargets() throws {
        let run = try Recommendation.run("""
            <state id="a"><transition event="go" target="x2 y2"/></state>
            <parallel id="p">
              <state id="x"><state id="x1"/><state id="x2"/></state>
              <state id="y"><state id="y1"/><state id="y2"/></state>
            </parallel>
            """, events: ["go"])
        #expect(run.active == ["p", "x", "x2", "y", "y2"])
    }

    // MARK: 3.12 Events

    @Test("3.12: descriptors match by whole tokens as a prefix, '*' and 'e.*' included, case-sensitively")
    func descriptorMatching() throws {
        let body = """
            <state id="a">
              <transition event="foo.bar" target="exact"/>
              <transition event="foo" target="prefix"/>
              <transition event="Other" target="upper"/>
              <transition event="other.*" target="star"/>
              <transition event="*" target="any"/>
            </state>
            <state id="exact"/><state id="prefix"/><state id="upper"/><state id="star"/><state id="any"/>
            """
        #expect(try Recommendation.run(body, events: ["foo.bar.baz"]).active == ["exact"])
        #expect(try Recommendation.run(body, events: ["foo.qux"]).active == ["prefix"])
        #expect(try Recommendation.run(body, events: ["foobar"]).active == ["any"])
        #expect(try Recommendation.run(body, events: ["other"]).active == ["star"])
        #expect(try Recommendation.run(body, events: ["other.x"]).active == ["star"])
        #expect(try Recommendation.run(body, events: ["OTHER"]).active == ["any"])
    }

    @Test("3.12: error events go on the internal queue and are processed like any other")
    func errorsAreInternal() throws {
        let run = try Recommendation.run("""
            <state id="a">
              <onentry><raise event="first"/><assign location="nowhere" expr="1"/></onentry>
              <transition event="first" target="b"/>
            </state>
            <state id="b">
              <transition event="error.execution" target="c"/>
              <transition event="*" target="wrong"/>
            </state>
            <state id="c"/><state id="wrong"/>
            """)
        #expect(run.active == ["c"])
    }

    // MARK: 3.13 Selecting and executing transitions

    @Test("3.13: a descendant's transition wins over its ancestor's; the first in document order wins")
    func optimalTransitionSet() throws {
        let run = try Recommendation.run("""
            <state id="s">
              <transition event="e" target="fromParent"/>
              <state id="s1">
                <transition event="e" target="second"/>
                <transition event="e" target="third"/>
              </state>
            </state>
            <state id="fromParent"/><state id="second"/><state id="third"/>
            """, events: ["e"])
        #expect(run.active == ["second"])
    }

    @Test("3.13: in parallel regions, non-conflicting transitions all run; conflicting ones keep the first")
    func parallelConflicts() throws {
        let run = try Recommendation.run("""
            <parallel id="p">
              <state id="r1">
                <state id="a1"><transition event="e" target="a2"><log expr="'r1'"/></transition></state>
                <state id="a2"/>
              </state>
              <state id="r2">
                <state id="b1"><transition event="e" target="b2"><log expr="'r2'"/></transition></state>
                <state id="b2"/>
              </state>
              <state id="r3">
                <state id="c1"><transition event="e" target="out"><log expr="'r3'"/></transition></state>
              </state>
            </parallel>
            <state id="out"/>
            """, events: ["e"])
        #expect(run.active == ["p", "r1", "a2", "r2", "b2", "r3", "c1"])
        #expect(run.log == ["r1", "r2"])
    }

    @Test("3.13: a microstep exits (in exit order), runs the transition's content, then enters (in entry order)")
    func microstepOrder() throws {
        let run = try Recommendation.run("""
            <state id="s">
              <onexit><log expr="'exit s'"/></onexit>
              <state id="s1">
                <onexit><log expr="'exit s1'"/></onexit>
                <transition event="go" target="t1"><log expr="'transition'"/></transition>
              </state>
            </state>
            <state id="t">
              <onentry><log expr="'enter t'"/></onentry>
              <state id="t1"><onentry><log expr="'enter t1'"/></onentry></state>
            </state>
            """, events: ["go"])
        #expect(run.log == ["exit s1", "exit s", "transition", "enter t", "enter t1"])
    }

    @Test("3.13: a state is active during its own onentry and still active during its onexit")
    func activeDuringHandlers() throws {
        let run = try Recommendation.run("""
            <state id="a">
              <onentry><log expr="In('a')"/></onentry>
              <onexit><log expr="In('a')"/></onexit>
              <transition event="go" target="b"/>
            </state>
            <state id="b"><onentry><log expr="In('a')"/></onentry></state>
            """, events: ["go"])
        #expect(run.log == ["true", "true", "false"])
    }

    @Test("3.13: a targetless transition exits nothing and enters nothing")
    func targetlessTransition() throws {
        let run = try Recommendation.run("""
            <state id="s">
              <onexit><log expr="'exit s'"/></onexit>
              <transition event="e"><log expr="'ran'"/></transition>
            </state>
            """, events: ["e"])
        #expect(run.log == ["ran"])
        #expect(run.active == ["s"])
    }

    @Test("3.13: an external transition to a descendant exits and re-enters its source; an internal one does not")
    func internalAndExternalExitSets() throws {
        let body = """
            <state id="s">
              <onentry><log expr="'enter s'"/></onentry>
              <onexit><log expr="'exit s'"/></onexit>
              <transition event="ext" target="s2"/>
              <transition event="int" type="internal" target="s2"/>
              <state id="s1"/><state id="s2"/>
            </state>
            """
        let external = try Recommendation.run(body, events: ["ext"])
        #expect(external.log == ["enter s", "exit s", "enter s"])
        let `internal` = try Recommendation.run(body, events: ["int"])
        #expect(`internal`.log == ["enter s"])
        #expect(`internal`.active == ["s", "s2"])
    }

    @Test("3.13: an internal transition from an atomic state, or to a non-descendant, acts as external")
    func internalActsAsExternal() throws {
        let run = try Recommendation.run("""
            <state id="s">
              <onexit><log expr="'exit s'"/></onexit>
              <transition event="e" type="internal" target="s"/>
            </state>
            <state id="p">
              <onexit><log expr="'exit p'"/></onexit>
              <transition event="f" type="internal" target="q"/>
              <state id="p1"/>
            </state>
            <state id="q"/>
            """, events: ["e"])
        #expect(run.log == ["exit s"])
        #expect(run.active == ["s"])
        let toOutside = try Recommendation.run("""
            <state id="p">
              <onexit><log expr="'exit p'"/></onexit>
              <transition event="f" type="internal" target="q"/>
              <state id="p1"/>
            </state>
            <state id="q"/>
            """, events: ["f"])
        #expect(toOutside.log == ["exit p"])
        #expect(toOutside.active == ["q"])
    }

    @Test("3.13: eventless transitions run before internal events, and internal events before external")
    func queueOrder() throws {
        let run = try Recommendation.run("""
            <state id="a">
              <onentry><send event="external"/><raise event="internal"/></onentry>
              <transition target="b"/>
              <transition event="internal" target="wrong"/>
            </state>
            <state id="b">
              <transition event="internal" target="c"/>
              <transition event="external" target="wrong"/>
            </state>
            <state id="c"><transition event="external" target="d"/></state>
            <state id="d"/><state id="wrong"/>
            """)
        #expect(run.active == ["d"])
    }

    @Test("3.13: eventless transitions are checked again after an event that selected nothing")
    func eventlessAfterUnselectedEvent() throws {
        let run = try Recommendation.run("""
            <state id="a">
              <transition cond="isBound(_event) &amp;&amp; _event.name == 'poke'" target="b"/>
            </state>
            <state id="b"/>
            """, events: ["poke"])
        #expect(run.active == ["b"])
    }

    @Test("3.13: a raised event that selects nothing is dropped and the next one is tried")
    func unmatchedInternalEventsAreDropped() throws {
        let run = try Recommendation.run("""
            <state id="a">
              <onentry><raise event="nobody"/><raise event="go"/></onentry>
              <transition event="go" target="b"/>
            </state>
            <state id="b"/>
            """)
        #expect(run.active == ["b"])
    }

    @Test("3.13: exiting at the end runs the onexit handlers of the states still active")
    func exitAtTheEnd() throws {
        let run = try Recommendation.run("""
            <state id="s">
              <onexit><log expr="'exit s'"/></onexit>
              <transition event="go" target="f"/>
            </state>
            <final id="f"><onexit><log expr="'exit f'"/></onexit></final>
            """, events: ["go"])
        #expect(run.session.isFinished)
        #expect(run.log == ["exit s", "exit f"])
    }

    // MARK: 3.14 IDs

    @Test("3.14: ids are unique in the document")
    func uniqueIDs() {
        expectRefused("""
            <state id="a"/>
            <state id="a"/>
            """, "declared twice", line: 3, column: 1)
        expectRefused("""
            <state id="a"><history id="h"><transition target="b"/></history><state id="b"/></state>
            <final id="h"/>
            """, "declared twice", line: 3, column: 1)
    }
}
