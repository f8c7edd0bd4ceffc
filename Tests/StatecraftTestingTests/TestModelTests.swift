import Statecraft
import StatecraftTesting
import Testing

/// A door: opened and closed, locked with a code it checks.
private enum Door: Hashable, Sendable { case closed, open, locked, gone }

private enum DoorEvent: MachineEvent {
    case open, close, lock(code: Int), unlock(code: Int), remove

    enum Kind { case open, close, lock, unlock, remove }
    var kind: Kind {
        switch self {
        case .open: .open
        case .close: .close
        case .lock: .lock
        case .unlock: .unlock
        case .remove: .remove
        }
    }
}

private func makeDoor() throws -> Statechart<Door, DoorEvent, Int> {
    try Statechart {
        Atomic(.closed) {
            On(.open, to: .open)
            On(.lock, to: .locked) { code, event in
                if case .lock(let value) = event { code = value }
            }
        }
        Atomic(.open) {
            On(.close, to: .closed)
        }
        Atomic(.locked) {
            On(.unlock, to: .closed, guard: { code, event in
                if case .unlock(let value) = event { value == code } else { false }
            })
        }
        Atomic(.gone) {
            On(.close, to: .closed)
        }
    }
}

private struct CheckFailed: Error {}

@Suite("TestModel: paths through typed charts")
struct TestModelTests {
    @Test func shortestPathsReachEveryConfigurationInBreadthFirstOrder() throws {
        let model = TestModel(chart: try makeDoor(), context: 0, events: [.open, .close, .lock(code: 7), .unlock(code: 7)])
        let result = model.shortestPaths()
        #expect(result.isComplete)
        // The context is Hashable: the locked door with code 7 and the closed door with code 7
        // (after unlocking) are nodes of their own.
        #expect(result.paths.map(\.description) == [
            "(start) -> closed",
            "open -> open",
            "lock(code: 7) -> locked",
            "lock(code: 7), unlock(code: 7) -> closed",
            "lock(code: 7), unlock(code: 7), open -> open",
        ])
        #expect(result.statesNeverActive == [.gone])
        // No transition is written for 'remove', so the chart does not list it.
        #expect(result.eventKindsNeverTaken.isEmpty)
    }

    /// A state the machine passes through within a macrostep (an eventless transition out of
    /// it) was active: it is not listed as never active, though no path ends in it.
    @Test func aStatePassedThroughWithinAMacrostepWasActive() throws {
        let chart = try Statechart<Door, DoorEvent, Int> {
            Atomic(.closed) { On(.open, to: .gone) }
            Atomic(.gone) { Always(to: .open) }
            Atomic(.open)
            Atomic(.locked)
        }
        let result = TestModel(chart: chart, context: 0, events: [.open]).shortestPaths()
        #expect(result.paths.map(\.configuration) == [[.closed], [.open]])
        #expect(result.statesNeverActive == [.locked])
    }

    @Test func theEventSampleDecidesWhichGuardedTransitionsAreTaken() throws {
        let model = TestModel(chart: try makeDoor(), context: { 0 }, events: [.lock(code: 7), .unlock(code: 8)], identity: { $0.activeStates })
        let result = model.shortestPaths()
        #expect(result.paths.map(\.configuration) == [[.closed], [.locked]])
        #expect(result.transitionsTaken == [ModelTransition(source: .closed, target: .locked, eventKind: .lock)])
        #expect(result.eventKindsNeverTaken == [.open, .close, .unlock])
        #expect(result.statesNeverActive == [.open, .gone])
    }

    @Test func transitionPathsWalkThroughEveryTakenTransition() throws {
        let model = TestModel(
            chart: try makeDoor(), context: { 0 }, events: [.open, .close, .lock(code: 1), .unlock(code: 1)],
            identity: { $0.activeStates }
        )
        let all = Set(model.shortestPaths().transitionsTaken)
        let result = model.transitionPaths()
        #expect(Set(result.paths.flatMap(\.transitions)) == all)
        #expect(all.count == 4)
        // One walk: each step takes a transition not taken before.
        #expect(result.paths.map(\.description) == ["open, close, lock(code: 1), unlock(code: 1) -> closed"])
    }

    @Test func boundsStopTheSearchAndSaySo() throws {
        // Each lock with a new code is a new node when the context counts.
        let model = TestModel(chart: try makeDoor(), context: 0, events: (1...50).map { .lock(code: $0) } + [.unlock(code: 3)])
        var bounded = model
        bounded.maxConfigurations = 10
        let result = bounded.shortestPaths()
        #expect(result.stop == .maxConfigurations(10))
        #expect(!result.isComplete)
        #expect(result.paths.count == 10)
        #expect("\(result.stop!)".contains("maxConfigurations"))

        var shallow = model
        shallow.maxDepth = 0
        #expect(shallow.shortestPaths().stop == .maxDepth(0))
        #expect(shallow.shortestPaths().paths.map(\.description) == ["(start) -> closed"])
    }

    @Test func timersAreReachedByWaiting() throws {
        enum Light: Hashable, Sendable { case red, green, off }
        enum Press: MachineEvent { case off }
        let chart = try Statechart<Light, Press, Void> {
            Atomic(.red) {
                After(.seconds(3), to: .green)
                On(.off, to: .off)
            }
            Atomic(.green) { After(.milliseconds(500), to: .red) }
            Final(.off)
        }
        let result = TestModel(chart: chart, events: [.off]).shortestPaths()
        #expect(result.isComplete)
        #expect(result.paths.map(\.description) == [
            "(start) -> red",
            "off -> off (done)",
            "wait 3.0 seconds -> green",
        ])
        #expect(result.transitionsTaken.contains(ModelTransition(source: .green, target: .red, eventKind: nil)))
    }

    @Test func theRunnerCallsTheChecksOfActiveStatesAfterEachStep() throws {
        let model = TestModel(chart: try makeDoor(), context: 0, events: [.open, .close, .lock(code: 7), .unlock(code: 7)])
        var seen: [String] = []
        var steps: [String] = []
        let path = try #require(model.shortestPaths().paths.first { $0.steps.count == 2 })
        let checked = try model.test(path, checks: [
            .closed: { machine in seen.append("closed \(machine.context)") },
            .locked: { machine in seen.append("locked \(machine.context)") },
        ]) { step in steps.append("\(step)") }
        #expect(seen == ["closed 0", "locked 7", "closed 7"])
        #expect(steps == ["lock(code: 7)", "unlock(code: 7)"])
        #expect(checked == [.closed, .locked])
    }

    @Test func aFailingCheckNamesThePathTheStepAndTheState() throws {
        let model = TestModel(chart: try makeDoor(), context: 0, events: [.open])
        let path = try #require(model.shortestPaths().paths.last)
        do {
            try model.test(path, checks: [.open: { _ in throw CheckFailed() }])
            Issue.record("the check's error was not thrown")
        } catch {
            #expect(error.path == "open -> open")
            #expect(error.step == 1)
            #expect(error.state == "open")
            #expect(error.underlying is CheckFailed)
            #expect(error.description.hasPrefix("open -> open: after step 1, in 'open': the check failed"))
        }
    }

    @Test func aPathThatNoLongerLeadsWhereItDidFails() throws {
        let model = TestModel(chart: try makeDoor(), context: 0, events: [.open])
        let stale = ModelPath<Door, DoorEvent>(steps: [.send(.close)], configuration: [.open], isDone: false, transitions: [])
        #expect(throws: ModelTestFailure.self) { try model.test(stale, checks: [:]) }
    }

    @Test func testAllFailsWhenAStateWithACheckIsNeverReached() throws {
        let model = TestModel(chart: try makeDoor(), context: 0, events: [.open, .close])
        let paths = model.shortestPaths().paths
        let checked = try model.testAll(paths, checks: [.closed: { _ in }, .open: { _ in }])
        #expect(checked == [.closed, .open])
        do {
            try model.testAll(paths, checks: [.gone: { _ in }])
            Issue.record("a check that never ran was not reported")
        } catch {
            #expect(error.reason.contains("no path reached the states gone"))
        }
        do {
            try model.testAll(paths, checks: [.closed: { _ in }], requireEveryState: true)
            Issue.record("a state without a check was not reported")
        } catch {
            #expect(error.reason == "the paths reach states without a check: open")
        }
    }

    @Test func testAllSaysWhichStepStartsEachPath() throws {
        let model = TestModel(chart: try makeDoor(), context: 0, events: [.open, .close])
        var firsts: [Bool] = []
        try model.testAll(model.shortestPaths().paths, checks: [:]) { isFirst, _ in firsts.append(isFirst) }
        // Paths: (start), [open]: one step, the first of its path.
        #expect(firsts == [true])
    }
}
