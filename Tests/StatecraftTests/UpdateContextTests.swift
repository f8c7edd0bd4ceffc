import Testing
import Statecraft

/// `Machine.updateContext(_:)`: a host changes the context between steps; no transition is
/// taken then, and the next event's guards read the change.
@Suite("A host changes the context between steps")
struct UpdateContextTests {
    /// `go` leaves `a` only when the count is over 1, on a flat chart or inside a compound.
    static func chart(hierarchical: Bool) throws -> Statechart<S, E, Log> {
        if hierarchical {
            return try Statechart<S, E, Log> {
                Compound(.top) {
                    Atomic(.a) {
                        On(.go, to: .b, guard: { log, _ in log.count > 1 }) { log, _ in log.lines.append("go at \(log.count)") }
                    }
                    Atomic(.b)
                }
            }
        }
        return try Statechart<S, E, Log> {
            Atomic(.a) {
                On(.go, to: .b, guard: { log, _ in log.count > 1 }) { log, _ in log.lines.append("go at \(log.count)") }
            }
            Atomic(.b)
        }
    }

    @Test(arguments: [false, true])
    func theNextEventsGuardsReadTheChangeAndNothingElseHappens(hierarchical: Bool) throws {
        var machine = try Self.chart(hierarchical: hierarchical).makeMachine(context: Log())
        #expect(!machine.send(.go).isTaken, "the guard is false")
        let before = machine.lazySnapshot
        let returned = machine.updateContext { log -> Int in
            log.count = 2
            return log.count
        }
        #expect(returned == 2, "what the change returns, the call does")
        #expect(machine.isActive(.a) && machine.context.lines.isEmpty, "no transition is taken by the change")
        #expect(machine.context.count == 2)
        #expect(before.snapshot.context.count == 0, "a snapshot kept before keeps the context of then")
        #expect(machine.snapshot.context.count == 2)
        #expect(machine.send(.go).isTaken)
        #expect(machine.isActive(.b))
        #expect(machine.context.lines == ["go at 2"])
    }

    struct Refused: Error, Equatable {}

    @Test func whatTheChangeThrowsIsThrownWithTheContextAsTheChangeLeftIt() throws {
        var machine = try Self.chart(hierarchical: false).makeMachine(context: Log())
        #expect(throws: Refused()) {
            try machine.updateContext { (log: inout Log) throws(Refused) in
                log.count = 5
                throw Refused()
            }
        }
        #expect(machine.context.count == 5, "an inout change stays, as with any inout argument")
        #expect(machine.isActive(.a))
    }
}
