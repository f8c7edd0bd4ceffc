import StatecraftSCXML
import Testing

/// A `<parallel>` without child states (3.4) and an `<scxml>` without states (3.2.2): the
/// recommendation allows both, and they run as its Appendix D algorithm gives. A parallel state
/// without children is not atomic (`isAtomicState`), so it is entered with no descendants and its
/// transitions are never selected; it is in a final state (`isInFinalState`: every child is), but
/// no `done.state` event is raised for it, since Appendix D raises one only when a `<final>` is
/// entered. A document without states enters nothing and never ends by itself.
@Suite struct ChildlessStateTests {
    // MARK: 3.4 <parallel> without child states

    @Test("3.4: a <parallel> without child states is entered alone; its transitions are never selected",
          arguments: ["null", "statecraft"])
    func regionlessParallelIsEnteredAlone(datamodel: String) throws {
        let run = try Recommendation.run("""
            <parallel id="p">
              <transition event="go" target="out"/>
            </parallel>
            <state id="out"/>
            """, datamodel: datamodel)
        #expect(run.active == ["p"])
        #expect(run.session.isActive("p"))
        run.send("go")
        #expect(run.active == ["p"])
        #expect(!run.session.isFinished)
    }

    /// Appendix D selects transitions from the active atomic states and their ancestors: when a
    /// parallel state without children is the only active state below one, no transition of
    /// that state is ever selected.
    @Test("3.4: below a <parallel> without child states no ancestor's transition is selected")
    func regionlessParallelHoldsItsAncestors() throws {
        let run = try Recommendation.run("""
            <state id="s">
              <parallel id="p"/>
              <transition event="go" target="out"/>
            </state>
            <state id="out"/>
            """)
        #expect(run.active == ["s", "p"])
        run.send("go")
        #expect(run.active == ["s", "p"])
    }

    @Test("3.4: entering a <parallel> without child states raises no done.state event")
    func regionlessParallelRaisesNoDoneEvent() throws {
        let run = try Recommendation.run("""
            <parallel id="q">
              <transition event="*"><log label="event" expr="_event.name"/></transition>
              <parallel id="p"><onentry><log label="entered" expr="'p'"/></onentry></parallel>
              <state id="a"/>
            </parallel>
            """)
        #expect(run.active == ["q", "p", "a"])
        #expect(run.log == ["entered:p"])
        run.send("x")
        #expect(run.log == ["entered:p", "event:x"])
    }

    @Test("3.4: a <parallel> without child states counts as done in the <parallel> that holds it")
    func regionlessRegionIsInAFinalState() throws {
        let run = try Recommendation.run("""
            <parallel id="q">
              <parallel id="p"/>
              <state id="r">
                <state id="r1"><transition event="finish" target="rf"/></state>
                <final id="rf"/>
              </state>
              <transition event="done.state.p" target="wrong"/>
              <transition event="done.state.q" target="end"><log label="done" expr="_event.name"/></transition>
            </parallel>
            <state id="wrong"/>
            <final id="end"/>
            """)
        #expect(run.active == ["q", "p", "r", "r1"])
        run.send("finish")
        #expect(run.log == ["done:done.state.q"])
        #expect(run.session.finalState == "end")
    }

    @Test("3.4: In() sees a <parallel> without child states; leaving it runs its onexit",
          arguments: ["null", "statecraft"])
    func regionlessParallelIsSeenByInAndExited(datamodel: String) throws {
        // The null datamodel has no expressions for <log>.
        let onExit = datamodel == "null" ? "" : #"<onexit><log expr="'left p'"/></onexit>"#
        let run = try Recommendation.run("""
            <parallel id="q">
              <parallel id="p">\(onExit)</parallel>
              <state id="a"/>
              <transition event="ask" cond="In('p')" target="yes"/>
              <transition event="ask" target="no"/>
            </parallel>
            <state id="yes"><transition event="again" target="q"/></state>
            <state id="no"/>
            """, datamodel: datamodel)
        #expect(run.active == ["q", "p", "a"])
        run.send("ask")
        #expect(run.active == ["yes"])
        if datamodel != "null" { #expect(run.log == ["left p"]) }
        run.send("again")
        #expect(run.active == ["q", "p", "a"])
    }

    /// Appendix D's deep history records atomic states only; a parallel state without children
    /// is recorded too, or restoring would leave its parent active with no active child, which
    /// 3.11 does not allow.
    @Test("3.10: a deep <history> restores a <parallel> without child states")
    func deepHistoryRestoresRegionlessParallel() throws {
        let run = try Recommendation.run("""
            <parallel id="t">
              <state id="left" initial="c">
                <state id="c" initial="a">
                  <history id="h" type="deep"><transition target="a"/></history>
                  <state id="a"/>
                  <parallel id="p"/>
                </state>
                <state id="out"/>
              </state>
              <state id="z">
                <transition event="toP" target="p"/>
                <transition event="leave" target="out"/>
                <transition event="back" target="h"/>
              </state>
            </parallel>
            """)
        #expect(run.active == ["t", "left", "c", "a", "z"])
        run.send("toP")
        #expect(run.active == ["t", "left", "c", "p", "z"])
        run.send("leave")
        #expect(run.active == ["t", "left", "out", "z"])
        run.send("back")
        #expect(run.active == ["t", "left", "c", "p", "z"])
    }

    // MARK: 3.2.2 <scxml> without states

    @Test("3.2.2: an <scxml> without states runs with an empty configuration and never ends",
          arguments: ["null", "statecraft"])
    func documentWithoutStatesRuns(datamodel: String) throws {
        let document = try Recommendation.document("", datamodel: datamodel)
        #expect(document.stateIDs.isEmpty)
        let run = Run(session: SCXMLSession(document: document))
        run.session.start()
        #expect(run.active.isEmpty)
        #expect(!run.session.isActive("(no state)"))
        run.send("e")
        #expect(run.active.isEmpty)
        #expect(!run.session.isFinished)
        #expect(run.session.faults.isEmpty)
    }

    @Test("3.2.2: an <scxml> without states binds its data and runs its script")
    func documentWithoutStatesBindsData() throws {
        let document = try Recommendation.document("""
            <datamodel><data id="n" expr="41"/></datamodel>
            <script>n = n + 1</script>
            """)
        let session = SCXMLSession(document: document)
        session.start()
        let snapshot = try session.snapshot()
        #expect(snapshot.activeStates.isEmpty)
        #expect(snapshot.variables.contains { $0.name == "n" && $0.value == .number(42) })
        // A snapshot of it restores, and the restored session still takes events.
        let restored = try SCXMLSession(document: document, snapshot: snapshot)
        restored.send(SCXMLEvent("e"))
        #expect(restored.activeStates.isEmpty)
        #expect(!restored.isFinished)
    }

    @Test("3.2.2: an <scxml> without states may not name an initial state")
    func documentWithoutStatesAndAnInitial() {
        expectRefused("", "names 'a', which is not a state of the document", line: 1, column: 1, attributes: "initial=\"a\"")
    }
}
