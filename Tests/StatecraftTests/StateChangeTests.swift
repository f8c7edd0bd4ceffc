import Testing
import Statecraft

@Suite("Recording state changes")
struct StateChangeTests {
    /// A flat chart: it runs on the leaf path until recording starts.
    static func flat() throws -> Statechart<S, E, Log> {
        try Statechart {
            Atomic(.a) {
                On(.go, to: .b)
                On(.reset, to: .a) { log, _ in log.count += 1 }
                On(.ping) { log, _ in log.count += 10 }
            }
            Atomic(.b) {
                On(.back, to: .a)
                On(.stop, to: .done)
            }
            Final(.done)
        }
    }

    @Test func recordingIsOffByDefaultAndRecordsNothing() throws {
        var machine = try HierarchyTests.chart().makeMachine(context: Log())
        #expect(!machine.recordsStateChanges)
        machine.send(.go)
        #expect(machine.takeStateChanges().isEmpty)
    }

    @Test func crossParentMoveRecordsExitsInnerFirstThenEntriesOuterFirst() throws {
        var machine = try HierarchyTests.chart().makeMachine(context: Log())
        machine.recordsStateChanges = true
        machine.send(.go)
        #expect(machine.takeStateChanges() == [.exited(.a1), .exited(.a), .entered(.b), .entered(.b2)])
        #expect(machine.takeStateChanges().isEmpty)
    }

    @Test func selfTransitionOfACompoundStateRecordsItsExitAndItsEntry() throws {
        var machine = try HierarchyTests.chart().makeMachine(context: Log())
        machine.recordsStateChanges = true
        machine.send(.next)
        _ = machine.takeStateChanges()
        machine.send(.reset)
        #expect(machine.takeStateChanges() == [.exited(.a2), .exited(.a), .entered(.a), .entered(.a1)])
    }

    @Test func internalTransitionKeepsItsSourceActive() throws {
        var machine = try HierarchyTests.chart().makeMachine(context: Log())
        machine.recordsStateChanges = true
        machine.send(.next)
        _ = machine.takeStateChanges()
        machine.send(.inner)
        #expect(machine.takeStateChanges() == [.exited(.a2), .entered(.a1)])
    }

    @Test func targetlessTransitionRecordsNothing() throws {
        var machine = try HierarchyTests.chart().makeMachine(context: Log())
        machine.recordsStateChanges = true
        machine.send(.ping)
        #expect(machine.context.count == 1)
        #expect(machine.takeStateChanges().isEmpty)
    }

    @Test func leafPathMachineRecordsAndBehavesAsBefore() throws {
        var plain = try Self.flat().makeMachine(context: Log())
        var recording = try Self.flat().makeMachine(context: Log())
        recording.recordsStateChanges = true
        #expect(recording.recordsStateChanges)
        #expect(recording.activeStates == [.a])
        for event: E in [.ping, .reset, .go, .go, .back, .reset, .go, .stop, .back] {
            #expect(plain.send(event) == recording.send(event))
            #expect(plain.activeStates == recording.activeStates)
            #expect(plain.context == recording.context)
            #expect(plain.status == recording.status)
        }
        #expect(recording.takeStateChanges() == [
            .exited(.a), .entered(.a),             // reset
            .exited(.a), .entered(.b),             // go
            .exited(.b), .entered(.a),             // back
            .exited(.a), .entered(.a),             // reset
            .exited(.a), .entered(.b),             // go
            .exited(.b), .entered(.done),          // stop
            .exited(.done),                        // the machine finishes: exitInterpreter exits every state
        ])
    }

    @Test func transitionsInsideParallelRegionsRecordEachRegionsStates() throws {
        var machine = try ParallelTests.chart().makeMachine(context: Log())
        machine.recordsStateChanges = true
        machine.send(.go)
        #expect(machine.takeStateChanges() == [
            .exited(.a), .entered(.p), .entered(.r1), .entered(.x1), .entered(.r2), .entered(.y1),
        ])
        machine.send(.next)
        #expect(machine.takeStateChanges() == [.exited(.y1), .exited(.x1), .entered(.x2), .entered(.y2)])
        machine.send(.reset)
        machine.send(.go)
        _ = machine.takeStateChanges()
        machine.send(.stop)
        let stop = machine.takeStateChanges()
        #expect(stop.first == .exited(.y1))
        #expect(stop.last == .entered(.a))
        #expect(stop.contains(.exited(.p)))
    }

    @Test func eventlessChainRecordsEveryMicrostep() throws {
        let chart = try Statechart<S, E, Log> {
            Atomic(.a) { On(.go, to: .b) }
            Atomic(.b) { Always(to: .c) }
            Atomic(.c)
        }
        var machine = chart.makeMachine(context: Log())
        machine.recordsStateChanges = true
        machine.send(.go)
        #expect(machine.takeStateChanges() == [.exited(.a), .entered(.b), .exited(.b), .entered(.c)])
    }

    @Test func delayedTransitionsAreRecordedWhenTheClockAdvances() throws {
        var machine = try DelayTests.chart().makeMachine(context: Log())
        machine.recordsStateChanges = true
        machine.send(.go)
        machine.advance(to: .seconds(2))
        #expect(machine.takeStateChanges() == [.exited(.a), .entered(.b), .exited(.b), .entered(.c)])
    }

    @Test func turningRecordingOffDropsTheRecord() throws {
        var machine = try HierarchyTests.chart().makeMachine(context: Log())
        machine.recordsStateChanges = true
        machine.send(.go)
        machine.recordsStateChanges = false
        #expect(machine.takeStateChanges().isEmpty)
        machine.send(.back)
        #expect(machine.takeStateChanges().isEmpty)
    }

    @Test func copiesKeepSeparateRecords() throws {
        var machine = try HierarchyTests.chart().makeMachine(context: Log())
        machine.recordsStateChanges = true
        machine.send(.next)
        var copy = machine
        #expect(copy.takeStateChanges() == [.exited(.a1), .entered(.a2)])
        #expect(machine.takeStateChanges() == [.exited(.a1), .entered(.a2)])
    }

    @Test func changeNamesItsState() {
        #expect(StateChange<S>.exited(.a).state == .a)
        #expect(StateChange<S>.entered(.b).state == .b)
    }
    /// Taking the record does not disturb what the machine does next: a history default
    /// taken in one step does not run its action again in the next. Found by the Appendix D
    /// oracle (seed 884): taking the record copied the machine's workspace, and the copy lost
    /// which history defaults the last step had taken.
    @Test func takingTheRecordLeavesTheNextStepAlone() throws {
        let chart = try Statechart<S, E, Log> {
            Compound(.a) {
                On(.go, to: .h)
                History(.h, .shallow) { log, _, _ in log.lines.append("history default") }
                Atomic(.a1) { On(.next, to: .h) }
            }
        }
        var machine = chart.makeMachine(context: Log())
        machine.recordsStateChanges = true
        machine.send(.next)                     // a1 -> h: the default, inside a, which stays
        #expect(machine.takeStateChanges() == [.exited(.a1), .entered(.a1)])
        machine.send(.go)                       // a -> h: h now remembers a1
        #expect(machine.takeStateChanges() == [.exited(.a1), .exited(.a), .entered(.a), .entered(.a1)])
        #expect(machine.context.lines.isEmpty)
    }
}
