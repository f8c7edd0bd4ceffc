import Testing
@testable import Statecraft

/// The hooks a chart of another front end carries around the external queue (an SCXML session
/// is one): `enqueue(_:)` queues without processing, `processQueuedEvent()` takes one event
/// with the external-event hook before its macrostep and the macrostep hook after it.
@Suite("Hooks around the external queue")
struct MachineHookTests {
    /// `processQueuedEvent()`, outside `#expect`, which cannot call a mutating method.
    func take(_ machine: inout Machine<S, E, Log>) -> Bool {
        machine.processQueuedEvent()
    }

    static func declarations(
        @ChartBuilder<S, E, Log> _ content: () -> [ChartElement<S, E, Log>]
    ) -> [StateDeclaration<S, E, Log>] {
        content().map(\.declaration)
    }

    /// `a --go--> b --next--> a`, `ping` targetless in `b`, `stop` into the final `f`; the
    /// external-event hook drops `drop`, the macrostep hook returns `extra` one by one after the
    /// first macrostep of an external event.
    static func chart(drop: E.Kind? = nil, extra: [E] = []) throws -> Statechart<S, E, Log> {
        try Statechart(
            declarations: declarations {
                Atomic(.a) {
                    On(.go, to: .b) { log, _ in log.lines.append("go") }
                }
                Atomic(.b) {
                    On(.next, to: .a) { log, _ in log.lines.append("next") }
                    On(.ping) { log, _ in log.lines.append("ping") }
                    On(.stop, to: .f)
                }
                Final(.f)
            },
            initialTargets: nil, options: StatechartOptions(),
            externalEventHook: { log, event in
                log.lines.append("take \(event)")
                return event.kind != drop
            },
            macrostepHook: { log, isDone, fault, configuration in
                log.lines.append("after done=\(isDone) fault=\(fault != nil) nodes=\(configuration.nodeCount)")
                guard log.count < extra.count else { return [] }
                log.count += 1
                return [extra[log.count - 1]]
            }
        )
    }

    @Test func queuedEventsWaitAndAreTakenOneAtATimeBetweenTheHooks() throws {
        var machine = Machine(chart: try Self.chart(), context: Log())
        #expect(machine.context.lines == ["after done=false fault=false nodes=4"])
        machine.enqueue(.go)
        machine.enqueue(.ping)
        #expect(machine.queuedEventCount == 2)
        #expect(machine.queuedEvents == [.go, .ping])
        #expect(machine.state == .a)
        #expect(take(&machine))
        #expect(machine.state == .b)
        #expect(machine.queuedEventCount == 1)
        #expect(take(&machine))
        #expect(!take(&machine))
        #expect(machine.context.lines == [
            "after done=false fault=false nodes=4",
            "take go", "go", "after done=false fault=false nodes=4",
            "take ping", "ping", "after done=false fault=false nodes=4",
        ])
    }

    @Test func anEventTheHookRefusesRunsNoMacrostep() throws {
        var machine = Machine(chart: try Self.chart(drop: .go), context: Log())
        machine.enqueue(.go)
        #expect(take(&machine))
        #expect(machine.state == .a)
        #expect(machine.queuedEventCount == 0)
        #expect(machine.context.lines.suffix(1) == ["take go"])
    }

    @Test func eventsTheMacrostepHookReturnsRunBeforeTheNextExternalEvent() throws {
        // After the initial macrostep the hook returns `go`, then `ping`, then nothing: both run
        // as macrosteps of their own, each followed by the hook.
        var machine = Machine(chart: try Self.chart(extra: [.go, .ping]), context: Log())
        #expect(machine.state == .b)
        #expect(machine.context.lines == [
            "after done=false fault=false nodes=4", "go",
            "after done=false fault=false nodes=4", "ping",
            "after done=false fault=false nodes=4",
        ])
        machine.enqueue(.stop)
        machine.enqueue(.next)
        #expect(take(&machine))
        #expect(machine.status == .done)
        // A machine that is done takes no more events; what waits stays queued.
        #expect(!take(&machine))
        #expect(machine.queuedEvents == [.next])
        #expect(machine.context.lines.suffix(2) == ["take stop", "after done=true fault=false nodes=4"])
    }

    @Test func chartsWithoutHooksKeepTheirFastPathsAndChartsWithHooksLeaveThem() throws {
        let plain = try Statechart<S, E, Log> {
            Atomic(.a) { On(.go, to: .b) }
            Atomic(.b) { On(.next, to: .a) }
        }
        #expect(plain.isFlat)
        let hooked = try Self.chart()
        #expect(!hooked.isFlat && !hooked.runsRegionSteps)
        // Events queued on a machine of a plain chart wait too, and are taken in turn.
        var machine = plain.makeMachine(context: Log())
        machine.enqueue(.go)
        #expect(machine.state == .a)
        #expect(take(&machine))
        #expect(machine.state == .b)
    }
}
