import Testing
import Statecraft

/// How the engine finds the transitions an event's name matches (SCXML 1.0, 3.12.1, "Event
/// Descriptors"): by the name and its prefixes at dots, looked up in the chart's table of
/// names, without building a descriptor for the event.
@Suite("Event descriptors: matching an event's name")
struct EventDescriptorMatchingTests {
    typealias Named = NamedEvent<Int>

    /// A chart with descriptors of one, two and three tokens, and `*` in an ancestor.
    static func chart() throws -> Statechart<S, Named, Log> {
        try Statechart {
            Compound(.a) {
                Atomic(.a1) {
                    On("x.y.z") { log, _ in log.lines.append("x.y.z") }
                    On("x.y") { log, _ in log.lines.append("x.y") }
                    On("q") { log, _ in log.lines.append("q") }
                }
                On("x") { log, _ in log.lines.append("x") }
                On("*") { log, event in log.lines.append("* \(event.name)") }
            }
        }
    }

    /// The line the chart logs for each event name: what SCXML 3.12.1 says matches it first.
    @Test(
        "3.12.1: a descriptor matches a name that is the same or starts with it at a dot; the deepest state's first match wins",
        arguments: [
            ("x.y.z", "x.y.z"), ("x.y.z.w", "x.y.z"), ("x.y.w", "x.y"), ("x.y", "x.y"), ("x.w", "x"), ("x", "x"),
            ("xy", "* xy"), ("x.yz", "x"), ("q.r.s.t.u.v", "q"), ("", "* "), ("a b", "* a b"), ("x.", "x"),
        ]
    )
    func firstMatch(name: String, logged: String) throws {
        var machine = try Self.chart().makeMachine(context: Log())
        machine.send(Named(name))
        #expect(machine.context.lines == [logged])
    }

    @Test("A name with many more tokens than any descriptor still matches by its first tokens")
    func longName() throws {
        var machine = try Self.chart().makeMachine(context: Log())
        let name = "x.y." + Array(repeating: "t", count: 10_000).joined(separator: ".")
        machine.send(Named(name))
        let dots = String(repeating: ".", count: 10_000)
        machine.send(Named(dots))
        #expect(machine.context.lines == ["x.y", "* \(dots)"])
    }

    @Test("canSend agrees with send on prefixes and the wildcard")
    func canSendAgrees() throws {
        let machine = try Self.chart().makeMachine(context: Log())
        for name in ["x.y.z.w", "x.w", "zzz", "q.r"] {
            var copy = machine
            #expect(machine.canSend(Named(name)) == copy.send(Named(name)).isTaken, "\(name)")
        }
    }

    /// An event type of a user's whose kind is a descriptor, without a name of its own.
    struct Signal: MachineEvent {
        var label: String
        var kind: EventDescriptor { EventDescriptor(label) }
    }

    @Test("An event type without descriptorName is matched by its kind's first name")
    func defaultDescriptorName() throws {
        #expect(Signal(label: "x.y").descriptorName == "x.y")
        #expect(Named("a.b").descriptorName == "a.b")
        let chart = try Statechart<S, Signal, Log> {
            Atomic(.a) {
                On("x") { log, event in log.lines.append("x \(event.label)") }
            }
            Atomic(.b)
        }
        var machine = chart.makeMachine(context: Log())
        machine.send(Signal(label: "x.y"))
        #expect(machine.send(Signal(label: "y")).rejection?.code == .noTransition)
        #expect(machine.context.lines == ["x x.y"])
    }
}
