import Foundation
import Synchronization
@testable import Statecraft

/// What one side shows after a step: everything the differential test compares.
struct OracleObservation: Equatable {
    var result: String?
    var activeStates: [String] = []
    var state = ""
    var status = ""
    var log: [String] = []
    var counters: [Int] = []
    var effectBudget = 0
    var history: [String: [String]] = [:]
    var now = 0
    var timers: [String] = []
    var lastFault: String?
    /// Events left in the queues between macrosteps (always none in the recommendation).
    var queued = 0
    /// The transitions taken during the step, as the listener saw them.
    var taken: [String] = []
    /// The exits and entries of the step, when the machine records them.
    var changes: [String]?
    /// For each event name, whether `canSend` says a transition would be taken.
    var canSend: [String] = []

    /// The first field that differs, with both values.
    func difference(from oracle: OracleObservation) -> (field: String, engine: String, oracle: String)? {
        guard self != oracle else { return nil }
        let fields: [(String, String, String)] = [
            ("result", "\(result ?? "-")", "\(oracle.result ?? "-")"),
            ("active states", "\(activeStates)", "\(oracle.activeStates)"),
            ("state", state, oracle.state),
            ("status", status, oracle.status),
            ("action log", "\(log)", "\(oracle.log)"),
            ("counters", "\(counters) budget \(effectBudget)", "\(oracle.counters) budget \(oracle.effectBudget)"),
            ("history", "\(history.sorted { $0.key < $1.key })", "\(oracle.history.sorted { $0.key < $1.key })"),
            ("clock", "\(now)ms", "\(oracle.now)ms"),
            ("timers", "\(timers)", "\(oracle.timers)"),
            ("lastFault", lastFault ?? "nil", oracle.lastFault ?? "nil"),
            ("queued events", "\(queued)", "\(oracle.queued)"),
            ("transitions taken", "\(taken)", "\(oracle.taken)"),
            ("state changes", "\(changes.map { "\($0)" } ?? "-")", "\(oracle.changes.map { "\($0)" } ?? "-")"),
            ("canSend", "\(canSend)", "\(oracle.canSend)"),
        ]
        for (field, engine, expected) in fields where engine != expected {
            if field == "action log" {
                // Name the first entry that differs rather than printing two long logs.
                let at = (0 ..< min(log.count, oracle.log.count)).first { log[$0] != oracle.log[$0] } ?? min(log.count, oracle.log.count)
                return (field, "from entry \(at): \(log.dropFirst(at).prefix(8))", "from entry \(at): \(oracle.log.dropFirst(at).prefix(8))")
            }
            return (field, engine, expected)
        }
        return nil
    }
}

/// Where the engine and the oracle first disagree.
struct OracleDisagreement: CustomStringConvertible {
    /// The step after which they disagree; -1 for the start.
    var step: Int
    var what: String
    var field: String
    var engine: String
    var oracle: String

    var description: String {
        "after \(step < 0 ? "the start" : "step \(step) (\(what))"), \(field) differ:\n  engine: \(engine)\n  oracle: \(oracle)"
    }
}

/// Runs a case on the engine and on the oracle side by side.
enum OracleDifferential {
    typealias EngineMachine = Machine<String, OracleEvent, OracleContext>

    enum Outcome {
        /// The DSL refused the chart (a random target the definition checks reject).
        case refused(DefinitionError)
        /// Both agreed on every step; `cut` when a macrostep reached the microstep bound (the
        /// case stops there: the recommendation's algorithm has no bound to compare with).
        case agreed(steps: Int, cut: Bool, coverage: [String: Int])
        case disagreed(OracleDisagreement)
    }

    static func run(_ spec: OracleCase) -> Outcome {
        let chart: OracleDSL.Chart
        do {
            chart = try ChartCompilationOptions.$skipsPlans.withValue(spec.skipsPlans) {
                try ChartCompilationOptions.$skipsRegionSteps.withValue(spec.skipsRegionSteps) { try OracleDSL.chart(spec) }
            }
        } catch let error as DefinitionError {
            return .refused(error)
        } catch {
            preconditionFailure("building a chart throws only DefinitionError, not \(error)")
        }
        let listener = Mutex<[String]>([])
        let onTransition: EngineMachine.Listener = { taken in
            let line = "\(taken.source)>\(taken.target ?? "-")@\(taken.event.map(\.description) ?? "-")"
            listener.withLock { $0.append(line) }
        }
        var machine = EngineMachine(chart: chart, context: OracleContext(), onTransition: onTransition)
        if spec.recordsChanges { machine.recordsStateChanges = true }
        var oracle = AppendixD(chart: OracleChart(spec), context: OracleContext())
        oracle.interpret()
        oracle.changes.removeAll()   // recording starts once the machine exists
        let names = eventNames(spec)

        func compare(_ step: Int, _ what: String, engineResult: String?, oracleResult: String?) -> OracleDisagreement? {
            var engine = observe(&machine, listener: listener, recordsChanges: spec.recordsChanges, names: names)
            engine.result = engineResult
            var expected = observe(&oracle, recordsChanges: spec.recordsChanges, names: names)
            expected.result = oracleResult
            guard let (field, engineValue, oracleValue) = engine.difference(from: expected) else { return nil }
            return OracleDisagreement(step: step, what: what, field: field, engine: engineValue, oracle: oracleValue)
        }

        if let disagreement = compare(-1, "start", engineResult: nil, oracleResult: nil) { return .disagreed(disagreement) }
        var kept: (machine: EngineMachine, snapshot: Snapshot<String, OracleEvent, OracleContext>)?
        for (index, step) in spec.script.enumerated() {
            if oracle.cutAtLimit { return .agreed(steps: index, cut: true, coverage: oracle.coverage) }
            var engineResult: String?
            var oracleResult: String?
            switch step {
            case .send(let name):
                engineResult = describe(machine.send(OracleEvent(name)))
                oracleResult = oracle.send(name)
            case .advance(let milliseconds):
                engineResult = "fired \(machine.advance(by: .milliseconds(milliseconds)))"
                oracleResult = "fired \(oracle.advance(by: milliseconds))"
            case .copy:
                oracle.coverage["copy", default: 0] += 1
                let original = machine
                kept = (original, original.snapshot)
                let copy = machine
                machine = copy
            case .restore, .restoreCodable:
                var snapshot = machine.snapshot
                if step == .restoreCodable {
                    do {
                        let data = try JSONEncoder().encode(snapshot)
                        snapshot = try JSONDecoder().decode(Snapshot<String, OracleEvent, OracleContext>.self, from: data)
                    } catch {
                        return .disagreed(OracleDisagreement(
                            step: index, what: "\(step)", field: "JSON round trip", engine: "\(error)", oracle: "the snapshot"
                        ))
                    }
                }
                do {
                    machine = try EngineMachine(chart: chart, snapshot: snapshot, onTransition: onTransition)
                } catch {
                    return .disagreed(OracleDisagreement(
                        step: index, what: "\(step)", field: "restore", engine: "\(error)", oracle: "a machine"
                    ))
                }
                if spec.recordsChanges { machine.recordsStateChanges = true }
                oracle.restore()
                oracle.coverage["restore", default: 0] += 1
            }
            if let disagreement = compare(index, "\(step)", engineResult: engineResult, oracleResult: oracleResult) {
                return .disagreed(disagreement)
            }
            if let (original, snapshot) = kept, step != .copy {
                // The copy moved on; the original it was copied from must not have.
                if original.snapshot != snapshot {
                    return .disagreed(OracleDisagreement(
                        step: index, what: "\(step)", field: "the machine copied from",
                        engine: "\(original.snapshot.activeStates) \(original.snapshot.context.log.suffix(4))",
                        oracle: "\(snapshot.activeStates) \(snapshot.context.log.suffix(4)), as when copied"
                    ))
                }
                kept = nil
            }
        }
        return .agreed(steps: spec.script.count, cut: oracle.cutAtLimit, coverage: oracle.coverage)
    }

    /// The event names asked about with `canSend`: those the script sends.
    static func eventNames(_ spec: OracleCase) -> [String] {
        var names: Set<String> = []
        for case .send(let name) in spec.script { names.insert(name) }
        return names.sorted()
    }

    static func describe(_ result: SendResult<String, String>) -> String {
        switch result {
        case .transitioned(let from, let to): "transitioned \(from) -> \(to)"
        case .handled(let state): "handled in \(state)"
        case .rejected(let rejection): "rejected \(rejection.code.name) in \(rejection.state)"
        }
    }

    static func milliseconds(_ duration: Duration) -> Int {
        let (seconds, attoseconds) = duration.components
        return Int(seconds) * 1_000 + Int(attoseconds / 1_000_000_000_000_000)
    }

    static func observe(
        _ machine: inout EngineMachine, listener: borrowing Mutex<[String]>, recordsChanges: Bool, names: [String]
    ) -> OracleObservation {
        let snapshot = machine.snapshot
        var observation = OracleObservation()
        observation.activeStates = machine.activeStates
        observation.state = machine.state
        observation.status = snapshot.status == .done ? "done" : "running"
        observation.log = snapshot.context.log
        observation.counters = snapshot.context.counters
        observation.effectBudget = snapshot.context.effectBudget
        observation.history = snapshot.history
        observation.now = milliseconds(snapshot.now)
        observation.timers = snapshot.timers.map { timer in
            switch timer.kind {
            case .event(let event, let id): "\(milliseconds(timer.due))ms \(event)" + (id.map { " id \($0)" } ?? "")
            case .delayedTransition(let source, let index): "\(milliseconds(timer.due))ms after #\(index) of \(source)"
            // The oracle's charts schedule nothing to leave the machine (Appendix D has no such timer).
            case .outbound(let event, let target, _): "\(milliseconds(timer.due))ms \(event) to \(target)"
            }
        }
        if machine.pendingTimerCount != snapshot.timers.count || machine.nextDeadline != snapshot.timers.first?.due {
            observation.timers.append("pendingTimerCount \(machine.pendingTimerCount), nextDeadline \(String(describing: machine.nextDeadline))")
        }
        if snapshot.activeStates != machine.activeStates {
            observation.activeStates.append("snapshot: \(snapshot.activeStates)")
        }
        observation.lastFault = machine.lastFault?.code.name
        if let space = machine.workspace {
            observation.queued = space.internalQueue.count - space.internalHead + space.externalQueue.count - space.externalHead
        }
        observation.taken = listener.withLock { taken in
            defer { taken.removeAll() }
            return taken
        }
        if recordsChanges {
            observation.changes = machine.takeStateChanges().map { change in
                switch change {
                case .exited(let state): "exit \(state)"
                case .entered(let state): "enter \(state)"
                }
            }
        }
        observation.canSend = names.filter { machine.canSend(OracleEvent($0)) }
        return observation
    }

    static func observe(_ oracle: inout AppendixD, recordsChanges: Bool, names: [String]) -> OracleObservation {
        var observation = OracleObservation()
        observation.activeStates = oracle.activeStateNames
        observation.state = oracle.stateName
        observation.status = oracle.running ? "running" : "done"
        observation.log = oracle.datamodel.log
        observation.counters = oracle.datamodel.counters
        observation.effectBudget = oracle.datamodel.effectBudget
        observation.history = oracle.historyNames
        observation.now = oracle.now
        observation.timers = oracle.timerNames
        observation.lastFault = oracle.lastFault
        observation.queued = oracle.internalQueue.count + oracle.externalQueue.count
        observation.taken = oracle.taken
        oracle.taken.removeAll()
        if recordsChanges { observation.changes = oracle.changes }
        oracle.changes.removeAll()
        observation.canSend = names.filter { oracle.canSend($0) }
        return observation
    }
}

extension AppendixD {
    /// Whether an external event would take a transition: `selectTransitions` on a copy, so
    /// that nothing the guards raise is kept. Without `guardErrorEvent` a guard that throws
    /// means the event would be rejected.
    func canSend(_ name: String) -> Bool {
        guard running else { return false }
        var probe = self
        return (try? probe.selectTransitions(.event(OracleEvent(name)), strict: true))?.enabled.isEmpty == false
    }
}
