import Statecraft
import Testing

@Suite("Chart lints")
struct ChartLintTests {
    private func codes(_ chart: Statechart<S, E, Log>) -> [ChartLint.Code] {
        chart.structure.lint().map(\.code)
    }

    @Test func aStateNoTransitionEntersIsUnreachable() throws {
        let chart = try Statechart<S, E, Log> {
            Atomic(.a) { On(.go, to: .b) }
            Final(.b)
            Atomic(.c) { On(.go, to: .b) }
        }
        let findings = chart.structure.lint()
        #expect(findings.map(\.code) == [.unreachableState])
        #expect(findings.first?.state == 2)
        #expect(findings.first?.location == chart.structure.states[2].location)
        #expect(findings.first?.message.contains("'c'") == true)
    }

    @Test func statesEnteredByDefaultThroughParallelRegionsAndHistoryAreReachable() throws {
        let chart = try Statechart<S, E, Log> {
            Atomic(.a) { On(.go, to: .h) }
            Compound(.b) {
                History(.h, .shallow)
                Parallel(.p) {
                    Compound(.r1) { Final(.x1) }
                    Compound(.r2) { Final(.y1) }
                }
            }
        }
        #expect(!codes(chart).contains(.unreachableState))
        #expect(chart.structure.reachableStates() == [true, true, false, true, true, true, true, true])
    }

    @Test func anUnguardedTransitionShadowsALaterOneOnTheSameEvent() throws {
        let chart = try Statechart<S, E, Log> {
            Atomic(.a) {
                On(.go, to: .b)
                On(.go, to: .c)
            }
            Final(.b)
            Final(.c)
        }
        let findings = chart.structure.lint()
        // c is reached only through the shadowed transition, so it is unreachable too.
        #expect(findings.map(\.code) == [.unreachableState, .shadowedTransition])
        #expect(findings.first?.state == 2)
        #expect(findings.last?.transition == 1)
        #expect(findings.last?.location == chart.structure.transitions[1].location)
    }

    @Test func aGuardedEarlierTransitionOrAnotherEventShadowsNothing() throws {
        let chart = try Statechart<S, E, Log> {
            Atomic(.a) {
                On(.go, to: .b, guard: { log, _ in log.count > 0 })
                On(.go, to: .c)
                On(.next, to: .c)
                Always(to: .b, guard: { log, _ in log.count > 5 })
                Always(to: .c)
            }
            Final(.b)
            Final(.c)
        }
        #expect(codes(chart).isEmpty)
    }

    @Test func descriptorsShadowTheEventsTheirPrefixCovers() throws {
        let chart = try Statechart<S, NamedEvent<Int>, Void> {
            Atomic(.a) {
                On("error", to: .b)
                On("error.network", to: .c)
                On("done", to: .c)
                On("done.state.a other", to: .b)
            }
            Final(.b)
            Final(.c)
        }
        #expect(chart.structure.lint().map(\.transition) == [1])
    }

    @Test func aStateThatNothingLeavesHasNoWayOut() throws {
        let chart = try Statechart<S, E, Log> {
            Atomic(.a) { On(.go, to: .b) }
            Atomic(.b) {
                On(.ping) { log, _ in log.count += 1 }
                On(.next, to: .b)
            }
        }
        let findings = chart.structure.lint()
        #expect(findings.map(\.code) == [.noWayOut])
        #expect(findings.first?.state == 1)
    }

    @Test func aParentsTransitionOrAnotherRegionsLeavesAState() throws {
        let chart = try Statechart<S, E, Log> {
            Parallel(.p) {
                Compound(.r1) {
                    Atomic(.x1)
                }
                Compound(.r2) {
                    Atomic(.y1) { On(.stop, to: .done) }
                }
            }
            Compound(.b) {
                Atomic(.b1)
                On(.back, to: .p)
            }
            Final(.done)
        }
        let findings = chart.structure.lint()
        #expect(!findings.map(\.code).contains(.noWayOut), "\(findings)")
    }

    @Test func aDoneTransitionOfAnAncestorDoesNotLeaveANonFinalChild() throws {
        let chart = try Statechart<S, E, Log> {
            Compound(.b) {
                Atomic(.b1) { On(.next, to: .b2) }
                Atomic(.b2)
                OnDone(to: .done)
            }
            Final(.done)
        }
        let findings = chart.structure.lint()
        #expect(findings.filter { $0.code == .noWayOut }.map(\.state) == [2])
        #expect(findings.contains { $0.code == .unreachableState && $0.state == 3 })
    }

    @Test func findingsReadWithTheirLocation() throws {
        let finding = ChartLint(
            code: .noWayOut, message: "stuck", location: SourceLocation(file: "a.scxml", line: 3, column: 7)
        )
        #expect(finding.description == "a.scxml:3:7: stuck")
        #expect(ChartLint(code: .noWayOut, message: "stuck", location: nil).description == "stuck")
        #expect(ChartLint.Code.unhandledEvent.description == "unhandledEvent")
    }
}
