import Statecraft
import StatecraftSCXML
import Testing

/// Documents the recommendation allows that an earlier reader refused: they read, and run to the
/// configurations the recommendation's algorithm gives.
@Suite struct AllowedDocumentTests {
    /// SCXML 3.10.2: the default transition of a `<history>` targets "descendants of the history
    /// state's parent" whatever its type; a shallow history restores its parent's active child.
    @Test("3.10.2: a shallow history's default may be a grandchild; what it records stays one child")
    func shallowHistoryDefaultIsADescendant() throws {
        let run = try Recommendation.run("""
            <state id="out"><transition event="go" target="h"/></state>
            <state id="s" initial="a">
              <history id="h"><transition target="b2"/></history>
              <state id="a"/>
              <state id="b" initial="b1"><state id="b1"/><state id="b2"/></state>
              <transition event="leave" target="out"/>
            </state>
            """)
        #expect(run.active == ["out"])
        run.send("go")
        // Never visited: the default, a grandchild, with the states between.
        #expect(run.active == ["s", "b", "b2"])
        run.send("leave")
        #expect(run.active == ["out"])
        run.send("go")
        // Shallow: 'b' was recorded, and entering it enters its initial child, not 'b2'.
        #expect(run.active == ["s", "b", "b1"])
    }

    /// SCXML 3.10.2: several default states in the regions of a `<parallel>` parent.
    @Test("3.10.2: a shallow history of a <parallel> may default to a state in each region")
    func shallowHistoryOfAParallel() throws {
        let run = try Recommendation.run("""
            <state id="out"><transition event="go" target="h"/></state>
            <parallel id="p">
              <history id="h"><transition target="a2 b2"/></history>
              <state id="a"><state id="a1"/><state id="a2"/></state>
              <state id="b"><state id="b1"/><state id="b2"/></state>
            </parallel>
            """)
        run.send("go")
        #expect(run.active == ["p", "a", "a2", "b", "b2"])
    }

    /// SCXML 3.13 and appendix D: the first enabled transition in document order is selected,
    /// so an earlier transition whose condition turns true ends a targetless eventless loop.
    @Test("3.13: an earlier transition in document order ends a targetless eventless loop")
    func earlierTransitionEndsTheLoop() throws {
        let run = try Recommendation.run("""
            <datamodel><data id="n" expr="0"/></datamodel>
            <state id="s">
              <transition cond="n == 3" target="done"/>
              <transition><assign location="n" expr="n + 1"/></transition>
            </state>
            <final id="done"><onentry><log label="n" expr="n"/></onentry></final>
            """)
        #expect(run.log == ["n:3"])
        #expect(run.session.faults.isEmpty)
        let document = try Recommendation.document("""
            <state id="s"><transition cond="false" target="s"/><transition/></state>
            """)
        #expect(!document.structure.lint().contains { $0.code == .endlessEventlessTransition })
    }

    /// SCXML 3.13: transitions of descendants are selected before their ancestors', so an
    /// eventless transition inside the state ends its parent's loop too.
    @Test("3.13: a descendant's transition ends its ancestor's targetless eventless loop")
    func descendantTransitionEndsTheLoop() throws {
        let run = try Recommendation.run("""
            <datamodel><data id="n" expr="0"/></datamodel>
            <state id="s">
              <state id="inner"><transition cond="n == 2" target="done"/></state>
              <transition><assign location="n" expr="n + 1"/></transition>
            </state>
            <final id="done"><onentry><log label="n" expr="n"/></onentry></final>
            """)
        #expect(run.log == ["n:2"])
    }

    /// The recommendation does not forbid an eventless transition that nothing ends: it is
    /// read, reported by the lint with its line, and stopped at run time by the microstep limit.
    @Test("3.5: an endless targetless eventless transition is read, linted and stopped at run time")
    func endlessLoopIsLinted() throws {
        let document = try Recommendation.document("""
            <state id="s">
              <transition/>
            </state>
            """)
        let findings = document.structure.lint().filter { $0.code == .endlessEventlessTransition }
        #expect(findings.count == 1)
        #expect(findings.first?.location?.line == 3)
        #expect(findings.first?.message.contains("the eventless transition in 's' has neither a target nor a guard") == true)
        let session = SCXMLSession(document: document)
        session.start()
        #expect(session.faults.map(\.code) == [.microstepLimit])
        #expect(session.activeStates == ["s"])
    }
}
