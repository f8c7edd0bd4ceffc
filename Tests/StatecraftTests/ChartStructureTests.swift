import Statecraft
import Testing

/// A chart with every kind of state and trigger, for the structure tests.
private func player() throws -> Statechart<S, E, Log> {
    try Statechart {
        Atomic(.a) {
            On(.go, to: .p, guard: { log, _ in log.count > 0 }) { log, _ in log.count += 1 }
                .labelled(guard: "counted", action: "count")
            On(.ping) { log, _ in log.count += 1 }
        }
        Parallel(.p) {
            Compound(.r1, initial: .x2) {
                Atomic(.x1) { On(.next, to: .x2) }
                Atomic(.x2) {
                    OnEntry { log, _ in log.count += 1 }.labelled("start")
                    OnExit { log, _ in log.count -= 1 }
                    After(.milliseconds(1500), to: .x1)
                }
            }
            Compound(.r2) {
                Atomic(.y1) { Always(to: .y2, guard: { log, _ in log.count > 2 }) }
                Final(.y2)
                OnDone(to: .y1)
            }
            History(.hd, .deep)
            On(.stop, to: .done, type: .internal)
        }
        Final(.done)
    }
}

@Suite("Chart structure")
struct ChartStructureTests {
    @Test func statesAreListedInDocumentOrderWithTheirKindsParentsAndChildren() throws {
        let structure = try player().structure
        #expect(structure.states.map(\.id) == ["a", "p", "r1", "x1", "x2", "r2", "y1", "y2", "hd", "done"])
        #expect(structure.states.map(\.kind) == [
            .atomic, .parallel, .compound, .atomic, .atomic, .compound, .atomic, .final, .history(.deep), .final,
        ])
        #expect(structure.states.map(\.parent) == [nil, nil, 1, 2, 2, 1, 5, 5, 1, nil])
        #expect(structure.states[1].children == [2, 5, 8])
        #expect(structure.states.map(\.depth) == [0, 0, 1, 2, 2, 1, 2, 2, 1, 0])
        #expect(structure.topLevelStates == [0, 1, 9])
        #expect(structure.initial == [0])
    }

    @Test func compoundStatesNameTheirInitialStateAndFallBackToTheFirstChild() throws {
        let structure = try player().structure
        #expect(structure.states[2].initial == [4])   // r1, initial: .x2
        #expect(structure.states[5].initial == [6])   // r2, first child y1
        #expect(structure.states[8].initial.isEmpty)  // history without default
        #expect(structure.states[0].initial.isEmpty)
    }

    @Test func transitionsCarryTheirTriggersTargetsTypesAndLabels() throws {
        let structure = try player().structure
        let transitions = structure.transitions
        #expect(transitions.count == 7)
        #expect(transitions.map(\.source) == [0, 0, 3, 4, 6, 5, 1])
        #expect(transitions[0].trigger == .events(["go"]))
        #expect(transitions[0].targets == [1])
        #expect(transitions[0].hasGuard && transitions[0].guardLabel == "counted")
        #expect(transitions[0].hasAction && transitions[0].actionLabel == "count")
        #expect(transitions[1].targets.isEmpty && transitions[1].hasAction && transitions[1].actionLabel == nil)
        #expect(transitions[3].trigger == .after(.milliseconds(1500)))
        #expect(transitions[3].delay == .milliseconds(1500))
        #expect(transitions[4].trigger == .eventless && transitions[4].hasGuard && transitions[4].guardLabel == nil)
        #expect(transitions[5].trigger == .done)
        #expect(transitions[6].type == .internal)
        #expect(transitions[2].type == .external && !transitions[2].hasGuard && !transitions[2].hasAction)
        #expect(structure.states[0].transitions == [0, 1])
        #expect(structure.events == ["go", "ping", "next", "stop"])
    }

    @Test func entryAndExitActionsKeepTheirLabelsInOrder() throws {
        let structure = try player().structure
        #expect(structure.states[4].entry == ["start"])
        #expect(structure.states[4].exit == [nil])
        #expect(structure.states[3].entry.isEmpty)
    }

    @Test func locationsPointAtTheDSLElements() throws {
        let structure = try player().structure
        let file = structure.states[0].location?.file
        #expect(file == "StatecraftTests/ChartStructureTests.swift")
        #expect(structure.states[0].location?.line == 7)
        #expect(structure.transitions[0].location?.line == 8)
        #expect(structure.states[9].location?.line == 29)
    }

    @Test func typedEventKindsAreFoundByTransitionIndex() throws {
        let chart = try player()
        #expect(chart.eventKind(ofTransition: 0) == .go)
        #expect(chart.eventKind(ofTransition: 2) == .next)
        #expect(chart.eventKind(ofTransition: 3) == nil)    // after
        #expect(chart.eventKind(ofTransition: 6) == .stop)
        #expect(chart.eventKind(ofTransition: 7) == nil)
        #expect(chart.eventKind(ofTransition: -1) == nil)
    }

    @Test func descriptorChartsMatchEventsByPrefix() throws {
        let chart = try Statechart<S, NamedEvent<Int>, Void> {
            Atomic(.a) { On("error.network timeout", to: .b) }
            Atomic(.b)
        }
        let structure = chart.structure
        #expect(structure.eventMatching == .descriptor)
        #expect(structure.transitions[0].events == ["error.network", "timeout"])
        #expect(structure.transition(0, matches: "error.network.dns"))
        #expect(!structure.transition(0, matches: "error"))
        #expect(try player().structure.eventMatching == .exact)
    }

    @Test func labelsChangeNothingTheMachineDoes() throws {
        let chart = try player()
        var machine = chart.makeMachine(context: Log(lines: [], count: 1))
        machine.send(.go)
        #expect(machine.context.count == 3)   // the transition's action, then x2's entry
        #expect(machine.activeStates.contains(.x2))
    }

    @Test func ancestorsAndDescendantsFollowTheTree() throws {
        let structure = try player().structure
        #expect(structure.ancestors(of: 4) == [2, 1])
        #expect(structure.isDescendant(4, of: 1))
        #expect(!structure.isDescendant(1, of: 4))
        #expect(!structure.isDescendant(4, of: 4))
        #expect(structure.state(withID: "y2") == 7)
        #expect(structure.state(withID: "nowhere") == nil)
    }

    @Test func transitionLabelsSayTriggerGuardAndAction() throws {
        let structure = try player().structure
        #expect(structure.label(ofTransition: 0) == "go [counted] / count")
        #expect(structure.label(ofTransition: 1) == "ping")
        #expect(structure.label(ofTransition: 3) == "after 1.5s")
        #expect(structure.label(ofTransition: 4) == "[guard]")
        #expect(structure.label(ofTransition: 5) == "done")
        #expect(structure.detailLines(ofState: 0) == ["ping"])
        #expect(structure.detailLines(ofState: 4) == ["entry / start"])
    }
}
