import Testing
import Synchronization
@testable import Statecraft

@Suite("Eventless transitions")
struct EventlessTests {
    @Test func eventlessChainRunsWithinOneMacrostep() throws {
        let chart = try Statechart<S, E, Log> {
            Atomic(.a) { On(.go, to: .b) }
            Atomic(.b) { Always(to: .c) { log, _, _ in log.lines.append("b->c") } }
            Atomic(.c) { Always(to: .done, guard: { log, _ in log.count > 0 }) }
            Final(.done)
        }
        var machine = chart.makeMachine(context: Log())
        #expect(machine.send(.go) == .transitioned(from: .a, to: .b))
        #expect(machine.activeStates == [.c])
        #expect(machine.context.lines == ["b->c"])
        #expect(machine.status == .running)
    }

    @Test func eventlessTransitionsAreTakenAtStart() throws {
        let chart = try Statechart<S, E, Log> {
            Atomic(.a) { Always(to: .b) }
            Atomic(.b)
        }
        #expect(chart.makeMachine(context: Log()).activeStates == [.b])
    }

    @Test func eventlessLoopIsCutAndReportedWithoutHanging() throws {
        let chart = try Statechart<S, E, Log> {
            Atomic(.a) { Always(to: .b) { log, _, _ in log.count += 1 } }
            Atomic(.b) { Always(to: .a) { log, _, _ in log.count += 1 } }
        }
        let machine = chart.makeMachine(context: Log())
        let fault = try #require(machine.lastFault)
        #expect(fault.code == .microstepLimit)
        #expect(machine.context.count == Machine<S, E, Log>.microstepLimit)
        #expect(fault.message.contains("without settling"))
    }

    @Test func targetlessEventlessLoopIsCutToo() throws {
        let chart = try Statechart<S, E, Log> {
            Atomic(.a) {
                On(.go, to: .b)
            }
            Atomic(.b) { Always(guard: { _, _ in true }) { log, _, _ in log.count += 1 } }
        }
        var machine = chart.makeMachine(context: Log())
        #expect(machine.lastFault == nil)
        machine.send(.go)
        #expect(machine.lastFault?.code == .microstepLimit)
        #expect(machine.isActive(.b))
        // SCXML's main loop checks eventless transitions after every external event, even one
        // that selects nothing, so the loop runs (and is cut) again.
        let before = machine.context.count
        #expect(machine.send(.ping) == .rejected(Rejection(code: .noTransition, state: .b, eventKind: .ping)))
        #expect(machine.lastFault?.code == .microstepLimit)
        #expect(machine.context.count == before + Machine<S, E, Log>.microstepLimit)
    }

    @Test func eventlessTransitionWithNeitherTargetNorGuardIsADefinitionError() throws {
        // Built outside `#expect`, whose expansion would give the DSL its own line.
        let line = #line + 3
        let build = {
            try Statechart<S, E, Log> {
                Atomic(.a) { Always { log, _, _ in log.count += 1 } }
            }
        }
        let error = try #require(throws: DefinitionError.self) { try build() }
        #expect(error.code == .endlessEventlessTransition)
        #expect(error.location?.line == line)
        #expect(error.message.contains("'a'"))
    }

    @Test func eventlessTransitionsAreCheckedAfterAnEventThatSelectedNothing() throws {
        // Appendix D: after an external event, the macrostep loop selects eventless
        // transitions whether or not the event enabled one. Here the eventless guard reads
        // something outside the machine, which changed between two events.
        let door = Mutex(false)
        let chart = try Statechart<S, E, Log> {
            Atomic(.a) {
                On(.go, to: .b)
                Always(to: .c, guard: { _, _ in door.withLock { $0 } })
            }
            Atomic(.b)
            Atomic(.c)
        }
        var machine = chart.makeMachine(context: Log())
        door.withLock { $0 = true }
        #expect(machine.send(.ping).rejection?.code == .noTransition)
        #expect(machine.isActive(.c))
    }

    @Test func eventlessGuardThatAlwaysThrowsAnErrorEventIsCutWithoutHanging() throws {
        // Each evaluation raises an error event, which selects nothing; then the eventless
        // transition is asked again. The engine bounds every pass, not just microsteps.
        enum Named: MachineEvent { case go, error }
        let options = StatechartOptions<S, Named>(guardErrorEvent: { _ in .error })
        let chart = try Statechart<S, Named, Int>(options: options) {
            Atomic(.a) { On(.go, to: .b) }
            Atomic(.b) { Always(to: .c, guard: { _, _ in throw GuardBroke() }) }
            Atomic(.c)
        }
        var machine = chart.makeMachine(context: 0)
        machine.send(.go)
        #expect(machine.isActive(.b))
        let fault = try #require(machine.lastFault)
        #expect(fault.code == .microstepLimit)
        #expect(fault.message.contains("guard throws"))
        // The machine is usable afterwards, its queue emptied.
        #expect(machine.canSend(.go) == false)
    }

    @Test func throwingGuardOfAnEventlessTransitionIsReportedAndSkipped() throws {
        let chart = try Statechart<S, E, Log> {
            Atomic(.a) { On(.go, to: .b) }
            Atomic(.b) {
                Always(to: .c, guard: { _, _ in throw GuardBroke() })
                Always(to: .done)
            }
            Atomic(.c)
            Final(.done)
        }
        var machine = chart.makeMachine(context: Log())
        machine.send(.go)
        #expect(machine.lastFault?.code == .guardFailed)
        #expect(machine.lastFault?.message.contains("the sensor is unplugged") == true)
        #expect(machine.isActive(.done))
    }

    @Test func eventlessTransitionsOfEveryActiveRegionAreTakenTogether() throws {
        let chart = try Statechart<S, E, Log> {
            Parallel(.p) {
                Compound(.r1) { Atomic(.x1) { Always(to: .x2) }; Atomic(.x2) }
                Compound(.r2) { Atomic(.y1) { Always(to: .y2) }; Atomic(.y2) }
            }
        }
        let machine = chart.makeMachine(context: Log())
        #expect(machine.activeStates == [.p, .r1, .x2, .r2, .y2])
    }
}

@Suite("Internal and external queues")
struct QueueTests {
    @Test func eventRaisedInAnExitActionIsProcessedAfterTheMicrostep() throws {
        let chart = try Statechart<S, E, Log> {
            Atomic(.a) {
                OnExit { log, _, effects in
                    log.lines.append("exit a raises ping")
                    effects.raise(.ping)
                }
                On(.go, to: .b)
            }
            Atomic(.b) {
                OnEntry { log, _ in log.lines.append("enter b") }
                On(.ping, to: .c) { log, _ in log.lines.append("b->c on ping") }
            }
            Atomic(.c)
        }
        var machine = chart.makeMachine(context: Log())
        machine.send(.go)
        #expect(machine.context.lines == ["exit a raises ping", "enter b", "b->c on ping"])
        #expect(machine.activeStates == [.c])
    }

    @Test func raisedEventsComeBeforeSentEventsInTheOrderMade() throws {
        let chart = try Statechart<S, E, Log> {
            Atomic(.a) {
                On(.go) { log, _, effects in
                    effects.send(.tick)
                    effects.raise(.ping)
                    effects.raise(.next)
                }
                On(.ping) { log, _ in log.lines.append("ping") }
                On(.next) { log, _ in log.lines.append("next") }
                On(.tick) { log, _ in log.lines.append("tick") }
            }
        }
        var machine = chart.makeMachine(context: Log())
        #expect(machine.send(.go) == .handled(in: .a))
        #expect(machine.context.lines == ["ping", "next", "tick"])
    }

    @Test func raisedEventWaitsForEventlessTransitionsFirst() throws {
        let chart = try Statechart<S, E, Log> {
            Atomic(.a) { On(.go, to: .b) { _, _, effects in effects.raise(.ping) } }
            Atomic(.b) {
                Always(to: .c)
                On(.ping, to: .a)
            }
            Atomic(.c) { On(.ping) { log, _ in log.lines.append("ping in c") } }
        }
        var machine = chart.makeMachine(context: Log())
        machine.send(.go)
        #expect(machine.activeStates == [.c])
        #expect(machine.context.lines == ["ping in c"])
    }
    /// After an event that takes no transition the macrostep still runs, as SCXML's main event
    /// loop does (section 3.13 and Appendix D): an eventless guard that throws is asked again
    /// and reported again. Found while building the Appendix D oracle.
    @Test func aRejectedEventStillAsksTheEventlessGuardsAgain() throws {
        struct Broken: Error {}
        let chart = try Statechart<S, E, Log> {
            Atomic(.a) {
                Always(to: .b, guard: { _, _ in throw Broken() })
                On(.go, guard: { _, _ in false })
            }
            Atomic(.b)
        }
        var machine = chart.makeMachine(context: Log())
        #expect(machine.lastFault?.code == .guardFailed)
        #expect(machine.send(.go).rejection?.code == .guardsDeclined)
        #expect(machine.lastFault?.code == .guardFailed)
    }

    /// An event whose own guard threw is rejected and leaves the machine as it was: the
    /// eventless transitions are not asked again (nothing changed since they were), so the
    /// only fault is the rejection's. Both the general and the region path; found by the
    /// Appendix D oracle once its avoidances were lifted (seed 22).
    @Test(arguments: [false, true])
    func anEventWhoseGuardThrewDoesNotRunTheEventlessTransitionsAgain(generalPath: Bool) throws {
        struct Broken: Error {}
        let chart = try ChartCompilationOptions.$skipsRegionSteps.withValue(generalPath) {
            try Statechart<S, E, Log> {
                Atomic(.a) {
                    Always(to: .b, guard: { _, _ in throw Broken() })
                    On(.go, to: .c, guard: { _, _ in throw Broken() })
                }
                Atomic(.b)
                Atomic(.c)
            }
        }
        var machine = chart.makeMachine(context: Log())
        #expect(machine.lastFault?.code == .guardFailed)
        let result = machine.send(.go)
        #expect(result.rejection?.code == .guardFailed)
        #expect(machine.lastFault == nil)
        #expect(machine.isActive(.a))
    }

    /// With guard errors delivered as events, an eventless guard that keeps throwing raises an
    /// error event on every pass: the macrostep must be cut at the microstep bound like any
    /// other loop.
    @Test
    func anEventlessGuardThatKeepsThrowingIsCutAtTheBound() throws {
        struct Broken: Error {}
        let options = StatechartOptions<S, E>(guardErrorEvent: { _ in .tick })
        let chart = try Statechart<S, E, Log>(options: options) {
            Atomic(.a) { Always(to: .b, guard: { _, _ in throw Broken() }) }
            Atomic(.b)
        }
        let machine = chart.makeMachine(context: Log())
        #expect(machine.lastFault?.code == .microstepLimit)
    }
}
