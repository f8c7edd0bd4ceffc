#if Durable
import Foundation

/// A machine the writer holds between steps: the instance and its row as last written.
final class HeldMachine {
    let instance: any DurableInstance
    var row: StoredMachine

    init(instance: any DurableInstance, row: StoredMachine) {
        self.instance = instance
        self.row = row
    }
}

/// What one step will write: journal entries and outbox messages, gathered before anything
/// is written so that a step that fails writes nothing.
struct PendingWrites {
    var entries: [JournalEntry] = []
    var messages: [OutboxRecord] = []
    var timersFired = 0

    /// Adds the messages of a step that `eventID` caused, each with an id made from it.
    mutating func add(_ step: DurableStep, cause eventID: String, from machine: String) {
        for (index, message) in step.messages.enumerated() {
            messages.append(OutboxRecord(id: "\(eventID)#\(index)", source: machine, target: message.target, payload: message.event))
        }
    }
}

extension DurableError {
    /// Whether the error belongs to one request and leaves the transaction usable (nothing of
    /// that request was written); otherwise the whole transaction rolls back.
    var isRequestLocal: Bool {
        switch code {
        case .database, .conflict, .closed: false
        default: true
        }
    }
}
#endif
