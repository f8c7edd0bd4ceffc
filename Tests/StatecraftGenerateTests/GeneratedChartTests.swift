import Foundation
import Statecraft
import StatecraftSCXML
import Testing

/// The charts in this folder's `.scxml` files, turned into Swift by StatecraftGeneratePlugin when
/// this target is built (`HierarchyDemo`, `Player`, `Names`), run on the typed engine next to an
/// `SCXMLSession` interpreting the same document: after the start and after every event both
/// must have the same active states, in document order, and agree on whether they are done.
@Suite("Charts generated from SCXML agree with the interpreter")
struct GeneratedChartTests {
    /// Sends `events` to a machine of `chart` and to a session of the document, and returns
    /// the machine's active states (their ids) after the start and after each event.
    private func run<State: RawRepresentable<String>, Event>(
        _ chart: Statechart<State, Event, Void>, document file: String, events: [Event], name: (Event) -> String
    ) throws -> [[String]] {
        try runSideBySide(chart, document: file, steps: events.map { .send($0) }, name: name)
    }

    @Test func hierarchyInitialsInternalExternalEventlessAndDone() throws {
        let trace = try run(
            HierarchyDemo.makeChart(), document: "Hierarchy.scxml",
            events: [.start, .ready, .faster, .poke, .fast, .fast, .kick, .fast, .finish, .reset, .start],
            name: \.scxmlName
        )
        #expect(trace == [
            ["idle"],
            ["working", "working.prepare"],
            ["working", "working.run", "slow"],        // eventless from working.check
            ["working", "working.run", "fast"],        // "faster fast.*"
            ["working", "working.run", "slow"],        // internal: working stays, working.run is entered again
            ["working", "working.run", "fast"],        // "fast" matches "fast.*"
            ["working", "working.run", "fast"],        // fast's own targetless transition
            ["working", "working.run", "slow"],        // external: working exited and entered again
            ["working", "working.run", "fast"],
            ["finished"],                              // working.done, then done.state.working
            ["end"],                                   // "*" takes reset to the top-level final
            ["end"],                                   // done: the event changes nothing
        ])
    }

    @Test func hierarchyDescriptorsMatchByPrefix() throws {
        let trace = try run(
            HierarchyDemo.makeChart(), document: "Hierarchy.scxml",
            events: [.start, .error, .errorNetwork, .reset, .errorNetwork, .reset],
            name: \.scxmlName
        )
        #expect(trace.map { $0.last ?? "" } == ["idle", "working.prepare", "failed", "failed", "idle", "failed", "idle"])
    }

    @Test func parallelRegionsHistoryAndInConditions() throws {
        let trace = try run(
            Player.makeChart(), document: "Player.scxml",
            events: [
                .power, .play, .louder, .power, .power, .sleep, .wake, .pause, .louder, .stop, .mute, .power, .powerFresh,
            ],
            name: \.scxmlName
        )
        #expect(trace == [
            ["off"],
            ["on", "player", "playback", "paused", "volume", "normal"],   // deep history's default
            ["on", "player", "playback", "playing", "volume", "normal"],
            ["on", "player", "playback", "playing", "volume", "loud"],    // In('playing') holds
            ["off"],
            ["on", "player", "playback", "playing", "volume", "loud"],    // deep history restores both regions
            ["on", "standby"],
            ["on", "player", "playback", "playing", "volume", "normal"],  // shallow history of playback only
            ["on", "player", "playback", "paused", "volume", "normal"],
            ["on", "player", "playback", "paused", "volume", "normal"],   // In('playing') fails
            ["on", "player", "playback", "stopped", "volume", "normal"],
            ["off"],                                                      // both regions final: done.state.player
            ["off"],  // deep history enters both finals again, so the player is done at once
            ["off"],  // power.fresh: the earlier "power" matches it first
        ])
    }

    @Test func namesAreEscapedAndCollisionsResolvedInOrder() throws {
        #expect(Names.State.default.rawValue == "default")
        #expect(Names.State.self_.rawValue == "self")
        #expect(Names.State.aB.rawValue == "a.b")
        #expect(Names.State.aB_2.rawValue == "aB")
        #expect(Names.State.type.rawValue == "Type")
        #expect(Names.Event.aB.scxmlName == "a.b")
        #expect(Names.Event.aB_2.scxmlName == "aB")
        #expect(Names.Event.kind_2.scxmlName == "kind")
        #expect(Names.Event.cafUE9.scxmlName == "caf\u{E9}")
        let trace = try run(
            Names.makeChart(), document: "Names.scxml",
            events: [.switch, .aB_2, .rawValue, .aB, .done, .switch, .init_, .kind_2, .cafUE9],
            name: \.scxmlName
        )
        #expect(trace.map { $0[0] } == ["default", "self", "aB", "default", "a.b", "default", "self", "_1st", "Type", "default"])
    }

    /// Every descriptor of Exact.scxml names one event: its `Event` is matched by equality, with
    /// a plain `Kind` beside `doneState`, and runs as the session does.
    @Test func eventsMatchedByEqualityAgreeWithTheSession() throws {
        #expect(ExactDemo.Event.doneState(.work).kind == .doneStateWork)
        #expect(ExactDemo.Event.abortNow.kind == .abortNow)
        #expect(ExactDemo.Event.abortNow.scxmlName == "abort.now")
        let trace = try run(
            ExactDemo.makeChart(), document: "Exact.scxml",
            events: [
                .begin, .next, .again, .next, .back, .abortNow, .start, .next, .next, .flip, .next, .doneState(.both),
                .flip, .next,
            ],
            name: \.scxmlName
        )
        #expect(trace == [
            ["idle"],
            ["work", "step1"],                              // "start begin": either name
            ["work", "step2"],
            ["work", "step1"],                              // internal: work stays
            ["work", "step2"],
            ["work", "step1"],
            ["idle"],                                       // abort.now
            ["work", "step1"],
            ["work", "step2"],
            ["both", "left", "l1", "right", "r1"],          // finished, then done.state.work
            ["both", "left", "l1", "right", "r1"],          // In('lf') fails
            ["both", "left", "lf", "right", "r1"],
            ["end"],                                        // done.state.both sent from outside
            ["end"],
            ["end"],
        ])
    }

    /// Several initial states: the document's `initial`, a `<state>`'s `initial` and an
    /// `<initial>` transition, each naming a state in each of some regions.
    @Test func severalInitialStatesAgreeWithTheSession() throws {
        let trace = try run(Regions.makeChart(), document: "Regions.scxml", events: [.next, .next, .next], name: \.scxmlName)
        #expect(trace == [
            ["top", "left", "left2", "right", "right2"],
            ["nested", "n", "n.a", "n.a2", "n.b", "n.b2"],
            ["entered", "e", "e.a", "e.a1", "e.b", "e.b2", "e.c", "e.c2"],  // e.a by its own default
            ["top", "left", "left1", "right", "right1"],                   // top's own default entry
        ])
    }

    @Test func doneEventsAreTypedAndNamedAsSCXMLNamesThem() {
        #expect(Player.Event.doneState(.player).scxmlName == "done.state.player")
        #expect(Player.Event.doneState(.player).kind == EventDescriptor("done.state.player"))
        #expect(HierarchyDemo.Event.error.descriptorName == "error")
        #expect(HierarchyDemo.State.allCases.count == 11)
    }
}
