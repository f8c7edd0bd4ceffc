import Testing
import Statecraft

@Suite("Hierarchy")
struct HierarchyTests {
    /// a(a1, a2) and b(b1, b2), every state tracing its entry and exit.
    static func chart() throws -> Statechart<S, E, Log> {
        try Statechart {
            Compound(.a) {
                OnEntry { log, _ in log.lines.append("enter a") }
                OnExit { log, _ in log.lines.append("exit a") }
                Atomic(.a1) {
                    OnEntry { log, _ in log.lines.append("enter a1") }
                    OnExit { log, _ in log.lines.append("exit a1") }
                    On(.next, to: .a2)
                    On(.go, to: .b2) { log, _ in log.lines.append("action a1->b2") }
                }
                Atomic(.a2) {
                    OnEntry { log, _ in log.lines.append("enter a2") }
                    OnExit { log, _ in log.lines.append("exit a2") }
                }
                On(.go, to: .b)
                On(.reset, to: .a) { log, _ in log.lines.append("reset") }
                On(.inner, to: .a1, type: .internal)
                On(.ping) { log, _ in log.count += 1 }
            }
            Compound(.b, initial: .b2) {
                OnEntry { log, _ in log.lines.append("enter b") }
                OnExit { log, _ in log.lines.append("exit b") }
                Atomic(.b1) {
                    OnEntry { log, _ in log.lines.append("enter b1") }
                }
                Atomic(.b2) {
                    OnEntry { log, _ in log.lines.append("enter b2") }
                    OnExit { log, _ in log.lines.append("exit b2") }
                    On(.back, to: .a2)
                }
            }
        }
    }

    @Test func startEntersAncestorsBeforeDescendantsThroughDefaults() throws {
        let machine = try Self.chart().makeMachine(context: Log())
        #expect(machine.context.lines == ["enter a", "enter a1"])
        #expect(machine.activeStates == [.a, .a1])
        #expect(machine.state == .a1)
        #expect(machine.isActive(.a) && machine.isActive(.a1) && !machine.isActive(.b))
    }

    @Test func descendantTransitionBeatsAncestorOnTheSameEvent() throws {
        var machine = try Self.chart().makeMachine(context: Log())
        #expect(machine.send(.go) == .transitioned(from: .a1, to: .b2))
        #expect(machine.activeStates == [.b, .b2])
    }

    @Test func crossParentMoveExitsInnerFirstThenEntersOuterFirst() throws {
        var machine = try Self.chart().makeMachine(context: Log())
        machine.send(.go)
        #expect(machine.context.lines == [
            "enter a", "enter a1",
            "exit a1", "exit a", "action a1->b2", "enter b", "enter b2",
        ])
        machine.send(.back)
        #expect(Array(machine.context.lines.suffix(4)) == ["exit b2", "exit b", "enter a", "enter a2"])
        #expect(machine.activeStates == [.a, .a2])
    }

    @Test func ancestorTransitionAppliesInEveryDescendant() throws {
        var machine = try Self.chart().makeMachine(context: Log())
        machine.send(.next)
        #expect(machine.send(.go) == .transitioned(from: .a, to: .b))
        #expect(machine.activeStates == [.b, .b2])
        #expect(Array(machine.context.lines.suffix(4)) == ["exit a2", "exit a", "enter b", "enter b2"])
    }

    @Test func initialAttributeChoosesTheDefaultChild() throws {
        var machine = try Self.chart().makeMachine(context: Log())
        machine.send(.next)
        machine.send(.go)
        #expect(machine.isActive(.b2))
        #expect(!machine.isActive(.b1))
    }

    @Test func externalTransitionToItselfExitsAndReentersTheCompound() throws {
        var machine = try Self.chart().makeMachine(context: Log())
        machine.send(.next)
        let before = machine.context.lines.count
        #expect(machine.send(.reset) == .transitioned(from: .a, to: .a))
        #expect(Array(machine.context.lines.dropFirst(before)) == ["exit a2", "exit a", "reset", "enter a", "enter a1"])
    }

    @Test func internalTransitionToADescendantKeepsTheSourceActive() throws {
        var machine = try Self.chart().makeMachine(context: Log())
        machine.send(.next)
        let before = machine.context.lines.count
        #expect(machine.send(.inner) == .transitioned(from: .a, to: .a1))
        #expect(Array(machine.context.lines.dropFirst(before)) == ["exit a2", "enter a1"])
        #expect(machine.activeStates == [.a, .a1])
    }

    @Test func targetlessTransitionOnAnAncestorChangesNoState() throws {
        var machine = try Self.chart().makeMachine(context: Log())
        let before = machine.context.lines
        #expect(machine.send(.ping) == .handled(in: .a))
        #expect(machine.context.count == 1)
        #expect(machine.context.lines == before)
        #expect(machine.activeStates == [.a, .a1])
    }

    @Test func initialTransitionActionRunsBetweenParentAndChildEntry() throws {
        let chart = try Statechart<S, E, Log> {
            Atomic(.a) { On(.go, to: .b) }
            Compound(.b) {
                OnEntry { log, _ in log.lines.append("enter b") }
                Initial(to: .b2) { log, _, _ in log.lines.append("initial b") }
                Atomic(.b1)
                Atomic(.b2) { OnEntry { log, _ in log.lines.append("enter b2") } }
            }
        }
        var machine = chart.makeMachine(context: Log())
        machine.send(.go)
        #expect(machine.context.lines == ["enter b", "initial b", "enter b2"])
        #expect(machine.activeStates == [.b, .b2])
    }

    @Test func transitionIntoADeepDescendantEntersTheStatesBetween() throws {
        let chart = try Statechart<S, E, Log> {
            Atomic(.a) { On(.go, to: .c1) }
            Compound(.b) {
                Atomic(.b1)
                Compound(.c) {
                    Atomic(.c2)
                    Atomic(.c1)
                }
            }
        }
        var machine = chart.makeMachine(context: Log())
        machine.send(.go)
        #expect(machine.activeStates == [.b, .c, .c1])
    }

    @Test func rejectionNamesTheActiveAtomicState() throws {
        var machine = try Self.chart().makeMachine(context: Log())
        let rejection = try #require(machine.send(.back).rejection)
        #expect(rejection.code == .noTransition)
        #expect(rejection.state == .a1)
    }

    @Test func listenerSeesEveryTransitionWithItsTrigger() throws {
        var machine = try Self.chart().makeMachine(context: Log())
        let recorder = Recorder()
        machine.onTransition = { step in
            recorder.append("\(step.source)->\(step.target.map { "\($0)" } ?? "-") on \(step.event.map { "\($0)" } ?? "nothing")")
        }
        machine.send(.next)
        machine.send(.go)
        #expect(recorder.lines == ["a1->a2 on next", "a->b on go"])
    }
}
