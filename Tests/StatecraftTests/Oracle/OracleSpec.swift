import Statecraft

/// The events of the oracle's charts: a name, which is the kind transitions are written
/// against, and an optional detail (done data, the data of a done event).
struct OracleEvent: MachineEvent, Hashable, Codable, CustomStringConvertible {
    var name: String
    var detail: String?

    init(_ name: String, detail: String? = nil) {
        self.name = name
        self.detail = detail
    }

    var kind: String { name }

    var description: String { detail.map { "\(name)(\($0))" } ?? name }
}

/// The context of the oracle's charts: the log every action appends to, the counters guards
/// read and actions bump, and how many more effects actions may still produce (so that raised
/// and sent events cannot chase each other forever).
struct OracleContext: Hashable, Codable, Sendable {
    var log: [String] = []
    var counters: [Int] = [0, 0, 0]
    var effectBudget = 24
}

/// The error a guard throws, deterministically, when its counter has a given value.
struct OracleGuardError: Error, CustomStringConvertible {
    var counter: Int
    var value: Int
    var description: String { "c\(counter) is \(value)" }
}

/// A guard: a test on one counter, which may instead throw when the counter has one value.
struct GuardSpec: Hashable, Sendable, CustomStringConvertible {
    enum Test: Hashable, Sendable { case below(Int), even, odd }

    var counter: Int
    var test: Test
    var throwsAt: Int?

    func evaluate(_ context: OracleContext) throws -> Bool {
        let value = context.counters[counter]
        if let throwsAt, value == throwsAt { throw OracleGuardError(counter: counter, value: value) }
        switch test {
        case .below(let bound): return value < bound
        case .even: return value % 2 == 0
        case .odd: return value % 2 != 0
        }
    }

    var description: String {
        let test = switch test {
        case .below(let bound): "c\(counter) < \(bound)"
        case .even: "c\(counter) even"
        case .odd: "c\(counter) odd"
        }
        return throwsAt.map { "\(test), throws at c\(counter) == \($0)" } ?? test
    }
}

/// What an action asks of the machine besides logging: raise, send, schedule or cancel.
enum EffectSpec: Hashable, Sendable, CustomStringConvertible {
    case raise(String)
    case send(String)
    case schedule(String, delay: Int, id: String?)
    case cancel(String)

    var description: String {
        switch self {
        case .raise(let name): "raise \(name)"
        case .send(let name): "send \(name)"
        case .schedule(let name, let delay, let id): "send \(name) after \(delay)ms" + (id.map { " id \($0)" } ?? "")
        case .cancel(let id): "cancel \(id)"
        }
    }
}

/// An action: appends `label@event` to the log, perhaps bumps a counter, and perhaps produces
/// effects while the context's budget lasts.
struct ActionSpec: Hashable, Sendable, CustomStringConvertible {
    var label: String
    var bump: Int?
    var effects: [EffectSpec] = []

    /// Runs the action on a context; returns the effects it produces, in order. Both the
    /// oracle and the engine's closures call this, so they agree on what an action does; the
    /// differential test compares when and in which order actions run.
    func perform(_ context: inout OracleContext, event: OracleEvent?) -> [EffectSpec] {
        context.log.append("\(label)@\(event.map(\.description) ?? "-")")
        if let bump { context.counters[bump] += 1 }
        var produced: [EffectSpec] = []
        for effect in effects where context.effectBudget > 0 {
            context.effectBudget -= 1
            produced.append(effect)
        }
        return produced
    }

    var description: String {
        var parts = ["log \(label)"]
        if let bump { parts.append("c\(bump) += 1") }
        parts += effects.map(\.description)
        return parts.joined(separator: "; ")
    }
}

/// A transition as the generator writes it.
struct TransitionSpec: Hashable, Sendable {
    enum Trigger: Hashable, Sendable {
        case event(String)
        case eventless
        case done
        /// A delayed transition, in milliseconds.
        case after(Int)
    }

    var trigger: Trigger
    var targets: [String]
    var isInternal = false
    var guardSpec: GuardSpec?
    var action: ActionSpec?
}

/// A state as the generator writes it, with its children.
struct StateSpec: Hashable, Sendable {
    enum Kind: Hashable, Sendable {
        case atomic, compound, parallel, final
        case history(deep: Bool)
    }

    /// How a compound state names its initial child.
    enum Initial: Hashable, Sendable {
        /// The first child written.
        case firstChild
        /// `Compound(_:initial:)`.
        case attribute(String)
        /// `Initial(to:action:)`.
        case element(String, ActionSpec?)
    }

    var name: String
    var kind: Kind
    var children: [StateSpec] = []
    var initial: Initial = .firstChild
    /// For a history state: its default target (`nil`: the parent's default entry) and action.
    var historyDefault: String?
    var historyAction: ActionSpec?
    var onEntry: [ActionSpec] = []
    var onExit: [ActionSpec] = []
    var transitions: [TransitionSpec] = []
    /// For a final state: whether it has done data (`data.<name>.<c0>`).
    var doneData = false

    var isHistory: Bool {
        if case .history = kind { true } else { false }
    }

    /// This state and its descendants, in document order.
    var subtree: [StateSpec] {
        [self] + children.flatMap(\.subtree)
    }
}

/// One thing the differential test does to both machines.
enum OracleStep: Hashable, Sendable, CustomStringConvertible {
    case send(String)
    /// Lets time pass, in milliseconds.
    case advance(Int)
    /// Copies the machine and carries on with the copy, the original kept alive beside it.
    case copy
    /// Takes a snapshot and carries on with a machine restored from it.
    case restore
    /// Takes a snapshot, encodes and decodes it as JSON, and carries on from the result.
    case restoreCodable

    var description: String {
        switch self {
        case .send(let name): "send \(name)"
        case .advance(let milliseconds): "advance \(milliseconds)ms"
        case .copy: "copy"
        case .restore: "snapshot and restore"
        case .restoreCodable: "snapshot, JSON round trip and restore"
        }
    }
}

/// One differential case: a chart, its options, how it is compiled, and what is done to it.
struct OracleCase: Hashable, Sendable {
    var seed: UInt64
    var top: [StateSpec]
    var rootInitial: String?
    /// `StatechartOptions.doneEvent`: done events as `done.state.<id>` events.
    var doneEvents = false
    /// `StatechartOptions.guardErrorEvent`: guard errors as `error.execution` events.
    var errorEvents = false
    /// Whether the machine records state changes (which also moves it off the fast paths).
    var recordsChanges = false
    /// Compile without microstep plans, or without region steps (the engine's test switches).
    var skipsPlans = false
    var skipsRegionSteps = false
    var script: [OracleStep] = []

    /// Every state, in document order.
    var states: [StateSpec] { top.flatMap(\.subtree) }
}
