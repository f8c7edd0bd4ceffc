/// A delayed event waiting on the oracle's clock: a delayed send or a delayed transition.
struct OracleTimer {
    var due: Int
    /// Ties between timers due at the same instant go to the one scheduled first.
    var sequence: Int
    var trigger: OracleTrigger
    /// The id of a delayed send, for `cancel`.
    var id: String?
    /// The state whose exit cancels it: a delayed transition's source.
    var owner: Int?

    func precedes(_ other: OracleTimer) -> Bool {
        due < other.due || (due == other.due && sequence < other.sequence)
    }
}

/// The machine's interface as Statecraft documents it (`send(_:)`, `advance(by:)`, effects,
/// timers), around the transcription.
extension AppendixD {
    /// `Machine.send(_:)`: an external event, then the events the actions sent.
    mutating func send(_ name: String) -> String {
        guard running else { return "rejected machineDone in \(stateName)" }
        lastFault = nil
        let result = processExternalEvent(.event(OracleEvent(name)))
        mainEventLoop()
        return result
    }

    /// `Machine.advance(by:)`: every timer due by then fires in order (deadline, then the
    /// order scheduled), each as an external event followed by the events the actions sent.
    mutating func advance(by milliseconds: Int) -> Int {
        let instant = now + milliseconds
        guard instant > now else { return 0 }
        lastFault = nil
        var fired = 0
        var firedAtThisInstant = 0
        while running, let next = timers.indices.filter({ timers[$0].due <= instant }).min(by: { timers[$0].precedes(timers[$1]) }) {
            let timer = timers.remove(at: next)
            firedAtThisInstant = timer.due == now ? firedAtThisInstant + 1 : 1
            now = timer.due
            if firedAtThisInstant > Self.microstepLimit {
                // Statecraft's bound: timers that keep scheduling each other with no delay are
                // cut, and every timer due at that instant is dropped.
                let due = now
                timers.removeAll { $0.due <= due }
                lastFault = "timerLimit"
                break
            }
            fired += 1
            _ = processExternalEvent(timer.trigger)
            mainEventLoop()
        }
        now = instant
        return fired
    }

    /// Starts the timers of the delayed transitions written in `state`, in the order written.
    mutating func startTimers(of state: Int) {
        for t in chart.delayedTransitions(of: state) {
            guard case .after(let delay) = chart.transitions[t].trigger else { continue }
            schedule(.timer(transition: t), after: delay, id: nil, owner: state)
        }
    }

    mutating func schedule(_ trigger: OracleTrigger, after delay: Int, id: String?, owner: Int?) {
        timerSequence += 1
        timers.append(OracleTimer(due: now + max(delay, 0), sequence: timerSequence, trigger: trigger, id: id, owner: owner))
    }

    /// `executeContent`: runs an action and performs its effects at once: raised events to
    /// the internal queue, sent events to the external queue, delayed ones to the timers.
    mutating func executeContent(_ content: ActionSpec, event: OracleEvent?) {
        for effect in content.perform(&datamodel, event: event) {
            switch effect {
            case .raise(let name): internalQueue.append(.event(OracleEvent(name)))
            case .send(let name): externalQueue.append(OracleEvent(name))
            case .schedule(let name, let delay, let id): schedule(.event(OracleEvent(name)), after: delay, id: id, owner: nil)
            case .cancel(let id): timers.removeAll { $0.id == id }
            }
        }
    }

    // MARK: What a snapshot shows

    var activeStateNames: [String] {
        documentOrder(configuration).map { chart.states[$0].name }
    }

    /// What each history state remembers, in document order.
    var historyNames: [String: [String]] {
        var names: [String: [String]] = [:]
        for (history, remembered) in historyValue where !remembered.isEmpty {
            names[chart.states[history].name] = documentOrder(remembered).map { chart.states[$0].name }
        }
        return names
    }

    /// The timers in firing order, as the differential test prints a snapshot's timers.
    var timerNames: [String] {
        timers.sorted { $0.precedes($1) }.map { timer in
            switch timer.trigger {
            case .event(let event):
                return "\(timer.due)ms \(event)" + (timer.id.map { " id \($0)" } ?? "")
            case .timer(let transition):
                let source = chart.transitions[transition].source
                let index = chart.delayedTransitions(of: source).firstIndex(of: transition)!
                return "\(timer.due)ms after #\(index) of \(chart.states[source].name)"
            case .done:
                preconditionFailure("a done event is never a timer")
            }
        }
    }

    /// What a machine restored from a snapshot of this one holds: the same configuration,
    /// history, context, clock and timers (their order kept), no fault.
    mutating func restore() {
        lastFault = nil
        internalQueue.removeAll()
        externalQueue.removeAll()
    }
}
