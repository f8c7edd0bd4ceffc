import Statecraft
import Testing

/// `DelayedOut.scxml`, whose `<send>`s leave the machine after a delay (SCXML 6.2): the generated
/// machine keeps each on its clock (`Effects.send(_:to:after:id:)`) and gives it to its host when
/// the delay has passed. (A session hands such an event to its `externalSendHandler` at once, with
/// the delay, so this runs the generated machine alone.)
@Suite("Delayed sends out of a generated machine reach the host when due")
struct DelayedOutTests {
    /// Takes what goes to `app:log`, refuses the rest.
    final class Host: DelayedOut.Host {
        var delivered: [String] = []
        var logs: [String] = []

        func deliver(_ event: DelayedOut.Outgoing, to target: String) -> Bool {
            delivered.append("\(event.rawValue) to \(target)")
            return target == "app:log"
        }

        func log(label: String, message: String) {
            logs.append("\(label): \(message)")
        }
    }

    @Test func eachReachesTheHostWhenItsDelayHasPassedUnlessCancelled() throws {
        let host = Host()
        var machine = try DelayedOut.makeChart().makeMachine(context: DelayedOut.Context(host: host))
        // A delay computed as zero sends at once; the others wait on the machine's clock.
        #expect(host.delivered == ["early to app:log"])
        #expect(machine.pendingTimers.map(\.due) == [.seconds(1), .seconds(2), .seconds(4)])
        machine.advance(by: .milliseconds(999))
        #expect(host.delivered.count == 1)
        machine.advance(by: .milliseconds(1))
        #expect(host.delivered.last == "ping to app:log")
        // Refused when due: error.execution then, carrying the id idlocation made.
        machine.advance(by: .seconds(1))
        #expect(host.delivered.last == "pong to app:refusing")
        #expect(host.logs == ["refused: true"] && machine.activeStates == [.waiting])
        machine.advance(by: .seconds(2))
        #expect(host.delivered == ["early to app:log", "ping to app:log", "pong to app:refusing", "ping to app:log"])
        // The cancelled <send> never left; the one `waiting` made is dropped when the machine finishes.
        #expect(machine.pendingTimers.map(\.kind) == [.outbound(.never, target: "app:log", id: nil)])
        machine.send(.finish)
        #expect(machine.status == .done && machine.pendingTimerCount == 0)
        machine.advance(by: .seconds(20))
        #expect(host.delivered.count == 4 && machine.lastFault == nil)
    }
}
