#if Durable
import Foundation
import Statecraft

/// A machine the writer holds between steps, whatever its chart: what ``HeldMachine`` asks of
/// it, each in the store's terms (stored bytes, ``DurableError``).
protocol HeldInstance: AnyObject {
    /// The time on the machine's own clock (zero when it was made).
    var now: Duration { get }

    /// When its earliest timer is due, on its own clock; `nil` when none is pending.
    var nextDeadline: Duration? { get }

    /// Decodes an event and processes it: one macrostep.
    ///
    /// - Throws: ``DurableError`` `invalidEvent` when the bytes are not an event of the chart
    ///   (the machine is then unchanged), or the error of a message that does not encode.
    func apply(_ event: Data) throws(DurableError) -> DurableStep

    /// Moves the machine's clock to `instant`, firing every timer due by then.
    ///
    /// - Throws: ``DurableError`` when a message does not encode.
    func advance(to instant: Duration) throws(DurableError) -> DurableStep

    /// The machine's state as bytes to store.
    ///
    /// - Throws: ``DurableError`` `unsavable`.
    func encodedSnapshot() throws(DurableError) -> Data
}

/// A chart's machine, driven through `StorableMachine`, the contract every host uses; its
/// chart turns what the machine throws into the store's errors and its outcomes into text.
final class DrivenMachine<Chart: DurableChart>: HeldInstance {
    let chart: Chart
    var machine: Chart.Instance

    init(chart: Chart, machine: Chart.Instance) {
        self.chart = chart
        self.machine = machine
    }

    var now: Duration { machine.now }
    var nextDeadline: Duration? { machine.nextDeadline }

    func apply(_ event: Data) throws(DurableError) -> DurableStep {
        let decoded: Chart.Instance.Event
        do {
            decoded = try machine.decodeEvent(Array(event))
        } catch {
            throw chart.durableError(error, in: .decodeEvent)
        }
        let outcome = machine.send(decoded)
        return DurableStep(outcome: chart.describe(outcome, of: machine), messages: try takeMessages())
    }

    func advance(to instant: Duration) throws(DurableError) -> DurableStep {
        let fired = machine.advance(to: instant)
        return DurableStep(timersFired: fired, messages: try takeMessages())
    }

    func encodedSnapshot() throws(DurableError) -> Data {
        do {
            return Data(try machine.encodedState())
        } catch {
            throw chart.durableError(error, in: .encodeState)
        }
    }

    private func takeMessages() throws(DurableError) -> [MachineMessage] {
        do {
            return try machine.takeMessages()
        } catch {
            throw chart.durableError(error, in: .takeMessages)
        }
    }
}

/// What one step of a durable machine did.
struct DurableStep {
    /// What the step did, for the result and the logs: a transition taken, or why none was
    /// (empty for a step of the clock).
    var outcome = ""
    /// How many timers fired (when the step moved the clock).
    var timersFired = 0
    /// Events for other machines, written to the outbox with the step.
    var messages: [MachineMessage] = []
}
#endif
