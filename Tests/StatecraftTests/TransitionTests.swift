import Testing
import Synchronization
import Statecraft

@Suite("Flat transitions")
struct TransitionTests {
    /// A light whose every action writes to the trace.
    static func tracedLight() throws -> Statechart<Light, Switch, Trace> {
        try Statechart {
            Atomic(.off) {
                OnEntry { trace, _ in trace.log.append("enter off") }
                OnExit { trace, _ in trace.log.append("exit off") }
                On(.toggle, to: .on) { trace, _ in trace.log.append("action off->on") }
            }
            Atomic(.on) {
                OnEntry { trace, event in trace.log.append("enter on by \(event.map { "\($0)" } ?? "start")") }
                OnExit { trace, _ in trace.log.append("exit on") }
                On(.toggle, to: .off)
                On(.dimmer, to: .dim, guard: { trace, _ in trace.allowDim })
                On(.dimmer) { trace, _ in trace.log.append("dimming refused") }
                On(.surge, to: .on) { trace, _ in trace.log.append("surge") }
            }
            Atomic(.dim) {
                On(.toggle, to: .off)
            }
        }
    }

    @Test func startsInFirstStateAndRunsItsEntry() throws {
        let machine = try Self.tracedLight().makeMachine(context: Trace())
        #expect(machine.state == .off)
        #expect(machine.isActive(.off))
        #expect(!machine.isActive(.on))
        #expect(machine.status == .running)
        #expect(machine.context.log == ["enter off"])
    }

    @Test func namedInitialStateIsEntered() throws {
        let chart = try Statechart<Light, Switch, Trace>(initial: .on) {
            Atomic(.off) { On(.toggle, to: .on) }
            Atomic(.on) {
                OnEntry { trace, _ in trace.log.append("enter on") }
                On(.toggle, to: .off)
            }
        }
        let machine = chart.makeMachine(context: Trace())
        #expect(chart.initialState == .on)
        #expect(machine.state == .on)
        #expect(machine.context.log == ["enter on"])
    }

    @Test func exitThenTransitionActionThenEntryThenListener() throws {
        var machine = try Self.tracedLight().makeMachine(context: Trace())
        let seen = Recorder()
        machine.onTransition = { step in seen.append("listener \(step.source)->\(step.target.map { "\($0)" } ?? "-")") }
        let result = machine.send(.toggle)
        #expect(result == .transitioned(from: .off, to: .on))
        #expect(machine.context.log == ["enter off", "exit off", "action off->on", "enter on by toggle"])
        #expect(seen.lines == ["listener off->on"])
    }

    @Test func externalSelfTransitionExitsAndReenters() throws {
        var machine = try Self.tracedLight().makeMachine(context: Trace())
        machine.send(.toggle)
        let result = machine.send(.surge)
        #expect(result == .transitioned(from: .on, to: .on))
        #expect(Array(machine.context.log.suffix(3)) == ["exit on", "surge", "enter on by surge"])
    }

    @Test func targetlessTransitionRunsActionWithoutExitOrEntry() throws {
        var trace = Trace()
        trace.allowDim = false
        var machine = try Self.tracedLight().makeMachine(context: trace)
        machine.send(.toggle)
        let before = machine.context.log
        let result = machine.send(.dimmer)
        #expect(result == .handled(in: .on))
        #expect(machine.state == .on)
        #expect(Array(machine.context.log.dropFirst(before.count)) == ["dimming refused"])
    }

    @Test func firstTransitionInDocumentOrderWhoseGuardAllowsIsTaken() throws {
        var machine = try Self.tracedLight().makeMachine(context: Trace())
        machine.send(.toggle)
        #expect(machine.send(.dimmer) == .transitioned(from: .on, to: .dim))
        #expect(!machine.context.log.contains("dimming refused"))
    }

    @Test func eventWithoutTransitionInStateIsRejectedAndChangesNothing() throws {
        var machine = try Self.tracedLight().makeMachine(context: Trace())
        let result = machine.send(.dimmer)
        let rejection = try #require(result.rejection)
        #expect(!result.isTaken)
        #expect(rejection.code == .noTransition)
        #expect(rejection.state == .off)
        #expect(rejection.eventKind == .dimmer)
        #expect(rejection.description == "no transition on 'dimmer' in state 'off'")
        #expect(machine.state == .off)
        #expect(machine.context.log == ["enter off"])
    }

    @Test func eventKindTheChartNeverNamesIsRejected() throws {
        var machine = try Self.tracedLight().makeMachine(context: Trace())
        #expect(machine.send(.unused).rejection?.code == .noTransition)
        #expect(machine.state == .off)
    }

    @Test func everyGuardDecliningIsReportedAsSuch() throws {
        let chart = try Statechart<Light, Switch, Trace> {
            Atomic(.off) {
                On(.toggle, to: .on, guard: { _, _ in false })
                On(.toggle, to: .dim, guard: { trace, _ in !trace.allowDim })
            }
            Atomic(.on)
            Atomic(.dim)
        }
        var machine = chart.makeMachine(context: Trace())
        #expect(machine.send(.toggle).rejection?.code == .guardsDeclined)
        #expect(machine.state == .off)
        #expect(!machine.canSend(.toggle))
    }

    @Test func throwingGuardRejectsWithItsErrorAndLocation() throws {
        let line = #line + 3
        let chart = try Statechart<Light, Switch, Trace> {
            Atomic(.off) {
                On(.toggle, to: .on, guard: { _, _ in throw GuardBroke() })
                On(.toggle, to: .dim) { trace, _ in trace.log.append("second candidate") }
            }
            Atomic(.on)
            Atomic(.dim)
        }
        var machine = chart.makeMachine(context: Trace())
        let rejection = try #require(machine.send(.toggle).rejection)
        #expect(rejection.code == .guardFailed)
        #expect(rejection.underlying is GuardBroke)
        #expect(rejection.location == SourceLocation(file: #fileID, line: line))
        #expect(rejection.description.contains("threw the sensor is unplugged"))
        #expect(machine.state == .off)
        #expect(machine.context.log.isEmpty)
        #expect(!machine.canSend(.toggle))
    }

    @Test func payloadIsAvailableToGuardsAndActions() throws {
        let chart = try Statechart<Light, Command, Int> {
            Atomic(.off) {
                On(.add, guard: { _, command in
                    if case .add(let amount) = command { amount > 0 } else { false }
                }) { total, command in
                    if case .add(let amount) = command { total += amount }
                }
                On(.reset) { total, _ in total = 0 }
            }
        }
        var machine = chart.makeMachine(context: 0)
        machine.send(.add(5))
        machine.send(.add(-3))
        machine.send(.add(7))
        #expect(machine.context == 12)
        #expect(machine.send(.add(0)).rejection?.code == .guardsDeclined)
        machine.send(.reset)
        #expect(machine.context == 0)
        #expect(machine.send(.fail).rejection?.eventKind == .fail)
        #expect(chart.eventKinds == [.add, .reset])
    }

    @Test func machinesFromOneChartAreIndependentValues() throws {
        let chart = try Self.tracedLight()
        var first = chart.makeMachine(context: Trace())
        let second = chart.makeMachine(context: Trace())
        first.send(.toggle)
        var copy = first
        copy.send(.toggle)
        #expect(first.state == .on)
        #expect(copy.state == .off)
        #expect(second.state == .off)
        #expect(first.chart === second.chart)
    }

    @Test func machineWithoutContext() throws {
        let chart = try Statechart<Light, Switch, Void> {
            Atomic(.off) { On(.toggle, to: .on) }
            Atomic(.on) { On(.toggle, to: .off) }
        }
        var machine = chart.makeMachine()
        #expect(machine.send(.toggle) == .transitioned(from: .off, to: .on))
        #expect(machine.send(.toggle) == .transitioned(from: .on, to: .off))
    }
}

/// Collects lines written from `@Sendable` closures.
final class Recorder: Sendable {
    private let storage = Mutex<[String]>([])

    func append(_ line: String) {
        storage.withLock { $0.append(line) }
    }

    var lines: [String] {
        storage.withLock { $0 }
    }
}
