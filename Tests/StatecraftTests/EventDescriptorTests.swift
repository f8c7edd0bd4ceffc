import Testing
import Statecraft

@Suite("Event descriptors")
struct EventDescriptorTests {
    @Test(arguments: [
        ("error", "error", true),
        ("error", "error.execution", true),
        ("error", "errors", false),
        ("error.*", "error.communication.timeout", true),
        ("error.", "error.x", true),
        ("error.execution", "error", false),
        ("*", "anything.at.all", true),
        ("a b", "b.c", true),
        ("a b", "c", false),
    ])
    func descriptorMatchesByTokenPrefix(descriptor: String, name: String, matches: Bool) {
        #expect(EventDescriptor(descriptor).matches(name) == matches)
    }

    @Test func descriptorNormalizesItsNames() {
        #expect(EventDescriptor("  done.* error.  *  ").alternatives == ["done", "error", "*"])
        #expect(EventDescriptor("a.b").description == "a.b")
    }

    typealias Named = NamedEvent<Int>

    static func chart() throws -> Statechart<S, Named, Log> {
        try Statechart {
            Compound(.a) {
                Atomic(.a1) {
                    On("error.network", to: .b) { log, event in log.lines.append("network \(event.name)") }
                    On("done", guard: { _, event in event.payload == 1 }) { log, _ in log.lines.append("done 1") }
                }
                On("error", to: .c) { log, event in log.lines.append("error \(event.name)") }
                On("*") { log, event in log.lines.append("anything \(event.name)") }
            }
            Atomic(.b) { On("reset timeout", to: .a) }
            Atomic(.c)
        }
    }

    @Test func mostSpecificStateWinsThenDocumentOrderAcrossDescriptors() throws {
        var machine = try Self.chart().makeMachine(context: Log())
        #expect(machine.send(Named("error.network.dns")) == .transitioned(from: .a1, to: .b))
        #expect(machine.context.lines == ["network error.network.dns"])
    }

    @Test func ancestorDescriptorMatchesWhenTheChildHasNone() throws {
        var machine = try Self.chart().makeMachine(context: Log())
        #expect(machine.send(Named("error.disk")) == .transitioned(from: .a, to: .c))
    }

    @Test func wildcardMatchesWhatNothingElseDoes() throws {
        var machine = try Self.chart().makeMachine(context: Log())
        #expect(machine.send(Named("ping")) == .handled(in: .a))
        #expect(machine.send(Named("done", payload: 2)) == .handled(in: .a))
        #expect(machine.send(Named("done", payload: 1)) == .handled(in: .a1))
        #expect(machine.context.lines == ["anything ping", "anything done", "done 1"])
    }

    @Test func severalNamesInOneDescriptorEachMatch() throws {
        var machine = try Self.chart().makeMachine(context: Log())
        machine.send(Named("error.network"))
        #expect(machine.canSend(Named("timeout.hard")))
        #expect(machine.send(Named("timeout.hard")) == .transitioned(from: .b, to: .a))
        machine.send(Named("error.network"))
        #expect(!machine.canSend(Named("resets")))
        #expect(machine.send(Named("resets")).rejection?.code == .noTransition)
        #expect(machine.send(Named("reset")) == .transitioned(from: .b, to: .a))
    }
}
