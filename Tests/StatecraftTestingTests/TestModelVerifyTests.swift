import Statecraft
import StatecraftTesting
import Testing

private enum Gate: Hashable, Sendable { case idle, opening, open, closing, locked, stuck, a, b, done, orphan, on, low, high, h, off }

private enum GateEvent: MachineEvent {
    case open, close, lock, unlock, jam, go, up, off, on
}

private struct Counter: Hashable, Sendable { var count = 0 }

@Suite("TestModel.verify: properties of typed charts")
struct TestModelVerifyTests {
    private func gate() throws -> Statechart<Gate, GateEvent, Counter> {
        try Statechart {
            Atomic(.idle) {
                On(.open, to: .opening)
                On(.lock, to: .locked)
            }
            Atomic(.opening) { After(.seconds(2), to: .open) }
            Atomic(.open) { On(.close, to: .idle) }
            Atomic(.locked) { On(.unlock, to: .idle) }
        }
    }

    @Test func aCorrectChartComesOutClean() throws {
        let model = TestModel(chart: try gate(), context: Counter(), events: [.open, .close, .lock, .unlock])
        let result = model.verify([
            .never(.open, .locked),
            .eventually(whenIn: .opening, reach: .open),
            .within(after: .lock, in: .locked, steps: 0),
            .always("count stays 0") { $0.count == 0 },
        ])
        #expect(result.isComplete)
        #expect(result.findings.isEmpty)
        #expect(result.statesNeverEntered == [])
        #expect(result.isProof)
        #expect(result.configurations == 4)
    }

    @Test func plantedDefectsAreFoundWithReplayablePaths() throws {
        let chart = try Statechart<Gate, GateEvent, Counter> {
            Atomic(.idle) {
                On(.open, to: .opening)
                On(.lock, to: .locked) { counter, _ in counter.count += 1 }
            }
            Atomic(.opening) {
                After(.seconds(2), to: .open)
                On(.jam, to: .stuck)
            }
            Atomic(.stuck)
            Atomic(.open) { On(.close, to: .idle) }
            Atomic(.locked) { On(.unlock, to: .idle) }
            Atomic(.orphan)
        }
        let model = TestModel(chart: chart, context: { Counter() }, events: [.open, .close, .lock, .unlock, .jam]) { machine in
            [AnyHashable(machine.activeStates), AnyHashable(min(machine.context.count, 2))]
        }
        let result = model.verify([
            .eventually(whenIn: .opening, reach: .open),
            .always("locked at most once") { $0.count < 2 },
        ])
        #expect(result.statesNeverEntered == [.orphan])
        let deadlock = try #require(result.findings.first { $0.kind == .deadlock })
        #expect(deadlock.configuration == [.stuck])
        #expect(deadlock.path.steps.map(\.description) == ["open", "jam"])
        let properties = result.findings.filter { $0.kind == .property }
        #expect(properties.map(\.message) == [
            "eventually opening: open: from opening, a run never reaches open (it stops in stuck)",
            "always locked at most once: does not hold in locked",
        ])
        #expect(properties[1].path.steps.map(\.description) == ["lock", "unlock", "lock"])
        // What the article VerifyingCharts prints.
        #expect(result.findings.map(\.description) == [
            "deadlock: no event and no timer changes anything in stuck; counterexample: open, jam -> stuck",
            "property: eventually opening: open: from opening, a run never reaches open (it stops in stuck); counterexample: open, jam -> stuck",
            "property: always locked at most once: does not hold in locked; counterexample: lock, unlock, lock -> locked",
        ])
        // Each counterexample replays with TestModel and ends where the finding says.
        for finding in result.findings {
            try model.test(finding.path, checks: [:])
            #expect(finding.path.configuration == finding.configuration)
        }
    }

    /// An event the machine sends itself that nothing takes: raised by an action (`off` in
    /// `high`, where only `up` and `on` are taken), or sent with a delay and due in a state that
    /// has no transition for it. Each kind is reported once, with the shortest way to it.
    @Test func eventsTheMachineSendsItselfThatNothingTakesAreFound() throws {
        let chart = try Statechart<Gate, GateEvent, Counter> {
            Atomic(.low) {
                On(.up, to: .high) { _, _, effects in effects.raise(.off) }
                On(.go) { _, _, effects in effects.send(.on, after: .seconds(1)) }
                On(.on)
            }
            Atomic(.high) {
                On(.up, to: .low)
                On(.on)
            }
        }
        let model = TestModel(chart: chart, context: Counter(), events: [.up, .go])
        let result = model.verify()
        let unhandled = result.findings.filter { $0.kind == .unhandledEvent }
        #expect(unhandled.map(\.message) == ["the machine sends itself off and no transition takes it"])
        #expect(unhandled.first?.path.steps.map(\.description) == ["up"])
        #expect(unhandled.first?.configuration == [.high])
        // The delayed `on` is taken in both states: not reported. Without `On(.on)` in `high`
        // it would be, once `go`, `up` and the wait have made it due there.
        let strict = try Statechart<Gate, GateEvent, Counter> {
            Atomic(.low) {
                On(.up, to: .high)
                On(.go) { _, _, effects in effects.send(.on, after: .seconds(1)) }
                On(.on)
            }
            Atomic(.high) { On(.up, to: .low) }
        }
        let late = TestModel(chart: strict, context: Counter(), events: [.up, .go]).verify()
        let found = try #require(late.findings.first { $0.kind == .unhandledEvent })
        #expect(found.message == "the machine sends itself on and no transition takes it")
        #expect(found.path.steps.map(\.description) == ["go", "up", "wait 1.0 seconds"])
        #expect(found.configuration == [.high])
        // The path search is not changed by the recording: low and high, each with and without
        // the pending `on` (the default identity holds the next timer's delay).
        #expect(TestModel(chart: strict, context: Counter(), events: [.up, .go]).shortestPaths().paths.count == 4)
    }

    @Test func aDelayedTransitionIsWaitedFor() throws {
        let model = TestModel(chart: try gate(), context: Counter(), events: [.open, .close, .lock, .unlock])
        let result = model.verify([.never(.open)])
        let finding = try #require(result.findings.first)
        #expect(finding.path.steps.map(\.description) == ["open", "wait 2.0 seconds"])
    }

    @Test func anEventlessLoopIsALivelockAndATrapCannotEnd() throws {
        let chart = try Statechart<Gate, GateEvent, Counter> {
            Atomic(.idle) {
                On(.go, to: .a)
                On(.close, to: .done)
                On(.jam, to: .stuck)
            }
            Atomic(.a) { Always(to: .b) }
            Atomic(.b) { Always(to: .a) }
            Atomic(.stuck) { On(.go, to: .stuck) }
            Final(.done)
        }
        let result = TestModel(chart: chart, context: Counter(), events: [.go, .close, .jam]).verify()
        let livelocks = result.findings.filter { $0.kind == .livelock }
        #expect(livelocks.first?.message.contains("microstepLimit") == true)
        #expect(livelocks.first?.path.steps.map(\.description) == ["go"])
        #expect(livelocks.contains { $0.message.hasPrefix("no final state can be reached") })
    }

    @Test func historyTellsConfigurationsApart() throws {
        let chart = try Statechart<Gate, GateEvent, Counter> {
            Compound(.on) {
                History(.h, .shallow)
                Atomic(.low) { On(.up, to: .high) }
                Atomic(.high)
                On(.off, to: .off)
            }
            Atomic(.off) { On(.on, to: .h) }
        }
        let result = TestModel(chart: chart, context: Counter(), events: [.up, .off, .on]).verify()
        // What h remembers tells nodes apart: low and high before h remembers anything, off
        // remembering low or high, low remembering low, high remembering low or high.
        #expect(result.configurations == 7)
        #expect(result.isComplete)
    }

    @Test func aBoundIsNamedAndTheResultIsNoProof() throws {
        let chart = try Statechart<Gate, GateEvent, Counter> {
            Atomic(.idle) { On(.go) { counter, _ in counter.count += 1 } }
        }
        var model = TestModel(chart: chart, context: Counter(), events: [.go])
        model.maxConfigurations = 30
        model.maxDepth = 1_000
        let result = model.verify()
        #expect(result.cut == .configurations(30))
        #expect(!result.isProof)
    }
}
