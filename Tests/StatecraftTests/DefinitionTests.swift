import Testing
import Statecraft

@Suite("Definition checks")
struct DefinitionTests {
    /// Builds a chart and returns the error it threw, failing the test when it threw none.
    func error(
        initial: Light? = nil,
        @ChartBuilder<Light, Switch, Void> _ content: () -> [ChartElement<Light, Switch, Void>]
    ) -> DefinitionError? {
        do {
            _ = try Statechart(initial: initial, content)
            Issue.record("the definition was accepted")
            return nil
        } catch {
            return error
        }
    }

    @Test func chartWithoutStatesIsRefused() throws {
        let error = try #require(self.error {})
        #expect(error.code == .emptyChart)
        #expect(error.location == nil)
        #expect(error.message.contains("declares no state"))
    }

    @Test func duplicateStateIsRefusedAtItsSecondDeclaration() throws {
        let first = #line + 2
        let built = self.error {
            Atomic(.off) { On(.toggle, to: .on) }
            Atomic(.on)
            Atomic(.off)
        }
        let error = try #require(built)
        #expect(error.code == .duplicateState)
        #expect(error.location == SourceLocation(file: #fileID, line: first + 2))
        #expect(error.message.contains("state 'off' is declared twice"))
        #expect(error.message.contains("\(#fileID):\(first)"))
        #expect(error.description.hasPrefix("\(#fileID):\(first + 2): "))
    }

    @Test func transitionToUndeclaredStateIsRefused() throws {
        let line = #line + 3
        let built = self.error {
            Atomic(.off) {
                On(.toggle, to: .dim)
            }
            Atomic(.on)
        }
        let error = try #require(built)
        #expect(error.code == .unknownTarget)
        #expect(error.location == SourceLocation(file: #fileID, line: line))
        #expect(error.message.contains("the transition on 'toggle' from 'off' targets 'dim'"))
    }

    @Test func unknownInitialStateIsRefused() throws {
        let built = self.error(initial: .burnt) {
            Atomic(.off)
            Atomic(.on)
        }
        let error = try #require(built)
        #expect(error.code == .unknownInitialState)
        #expect(error.message.contains("'burnt'"))
        #expect(error.message.contains("'off', 'on'"))
    }

    @Test func transitionOutOfFinalStateIsRefused() throws {
        let line = #line + 4
        let built = self.error {
            Atomic(.off) { On(.surge, to: .burnt) }
            Final(.burnt) {
                On(.toggle, to: .off)
            }
        }
        let error = try #require(built)
        #expect(error.code == .transitionFromFinalState)
        #expect(error.location == SourceLocation(file: #fileID, line: line))
        #expect(error.message.contains("final state 'burnt'"))
    }

    @Test func unreachableStatesAreWarnedAbout() throws {
        let chart = try Statechart<Light, Switch, Void> {
            Atomic(.off) { On(.toggle, to: .on) }
            Atomic(.on) { On(.toggle, to: .off) }
            Atomic(.dim) { On(.toggle, to: .burnt) }
            Final(.burnt)
        }
        let unreachable = chart.warnings.filter { $0.code == .unreachableState }.map(\.message)
        #expect(unreachable == [
            "state 'dim' cannot be reached from the initial state 'off'",
            "state 'burnt' cannot be reached from the initial state 'off'",
        ])
    }

    @Test func transitionAfterAnUnguardedOneIsWarnedAbout() throws {
        let line = #line + 4
        let chart = try Statechart<Light, Switch, Void> {
            Atomic(.off) {
                On(.toggle, to: .on)
                On(.toggle, to: .off)
            }
            Atomic(.on) {
                On(.toggle, to: .off, guard: { _, _ in true })
                On(.toggle, to: .on)
            }
        }
        let shadowed = chart.warnings.filter { $0.code == .shadowedTransition }
        #expect(shadowed.count == 1)
        #expect(shadowed.first?.location == SourceLocation(file: #fileID, line: line))
    }

    @Test func soundChartHasNoWarnings() throws {
        let chart = try Statechart<Light, Switch, Void> {
            Atomic(.off) { On(.toggle, to: .on) }
            Atomic(.on) { On(.toggle, to: .off) }
        }
        #expect(chart.warnings.isEmpty)
        #expect(chart.states == [.off, .on])
        #expect(chart.contains(.on))
        #expect(!chart.contains(.dim))
    }

    @Test func statesAndTransitionsMayBeWrittenWithLoopsAndConditions() throws {
        let withDimmer = true
        let chart = try Statechart<Light, Switch, Void> {
            for light in [Light.off, .on] {
                Atomic(light) {
                    On(.toggle, to: light == .off ? .on : .off)
                    if withDimmer {
                        On(.dimmer, to: .dim)
                    }
                }
            }
            if withDimmer {
                Atomic(.dim) { On(.toggle, to: .off) }
            } else {
                Atomic(.burnt)
            }
        }
        var machine = chart.makeMachine()
        #expect(machine.send(.dimmer) == .transitioned(from: .off, to: .dim))
        #expect(chart.states == [.off, .on, .dim])
    }
}
