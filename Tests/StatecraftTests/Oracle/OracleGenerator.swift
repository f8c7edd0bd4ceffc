/// A deterministic generator (SplitMix64), so that a seed reproduces a case.
struct SplitMix64 {
    var state: UInt64

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    mutating func below(_ bound: Int) -> Int { Int(next() % UInt64(bound)) }
    mutating func chance(_ percent: Int) -> Bool { below(100) < percent }
    mutating func pick<T>(_ items: [T]) -> T { items[below(items.count)] }
}

/// Random charts over the whole DSL, and random scripts to run them with.
struct OracleGenerator {
    var random: SplitMix64
    private var count = 0
    private var events = ["e0", "e1", "e2", "e3"]
    private var doneEvents = false
    private var errorEvents = false
    private var loops = false

    /// Decides which parallel states have no regions, apart from `random`, so that a case
    /// without such a state is the one its seed gave before they were generated.
    private var shapes: SplitMix64

    init(seed: UInt64) {
        random = SplitMix64(state: seed)
        shapes = SplitMix64(state: seed ^ 0x5DEE_CE66_D1CE_4E5B)
    }

    /// The case of `seed`.
    ///
    /// With `loops`, some eventless transitions have no guard, so that some charts loop until
    /// the engine's microstep bound (ten thousand microsteps: slow, so only a few cases do).
    static func makeCase(seed: UInt64, loops: Bool = false) -> OracleCase {
        var generator = OracleGenerator(seed: seed)
        generator.loops = loops
        return generator.makeCase(seed: seed)
    }

    mutating func makeCase(seed: UInt64) -> OracleCase {
        doneEvents = random.chance(25)
        errorEvents = random.chance(30)
        var spec = OracleCase(seed: seed, top: [])
        spec.doneEvents = doneEvents
        spec.errorEvents = errorEvents
        let topCount = 1 + random.below(3)
        for index in 0 ..< topCount {
            let kind: StateSpec.Kind
            let roll = random.below(100)
            if index > 0 && roll < 12 {
                kind = .final
            } else if roll < 45 {
                kind = .compound
            } else if roll < 65 {
                kind = .parallel
            } else {
                kind = .atomic
            }
            spec.top.append(state(kind, depth: 0))
        }
        let all = spec.states
        let enterable = all.filter { !$0.isHistory }
        if random.chance(25) { spec.rootInitial = random.pick(enterable).name }
        // Transitions, once every state exists.
        spec.top = spec.top.map { withTransitions($0, all: all, parents: parents(of: spec.top)) }
        initials(&spec)
        addRegionlessParallels(&spec)
        spec.recordsChanges = random.chance(20)
        spec.skipsPlans = random.chance(15)
        spec.skipsRegionSteps = random.chance(15)
        let length = 8 + random.below(16)
        for _ in 0 ..< length {
            let roll = random.below(100)
            if roll < 66 {
                spec.script.append(.send(random.chance(3) ? "unknown" : random.pick(events)))
            } else if roll < 88 {
                spec.script.append(.advance(random.pick([0, 50, 100, 150, 250, 400, 1_000])))
            } else if roll < 94 {
                spec.script.append(.copy)
            } else if roll < 98 {
                spec.script.append(.restore)
            } else {
                spec.script.append(.restoreCodable)
            }
        }
        return spec
    }

    // MARK: States

    private mutating func name(history: Bool = false) -> String {
        count += 1
        return history ? "h\(count)" : "s\(count)"
    }

    private mutating func state(_ kind: StateSpec.Kind, depth: Int) -> StateSpec {
        var spec = StateSpec(name: name(), kind: kind)
        if random.chance(55) { spec.onEntry.append(action("\(spec.name).entry")) }
        if random.chance(15) { spec.onEntry.append(action("\(spec.name).entry2")) }
        if random.chance(50) { spec.onExit.append(action("\(spec.name).exit")) }
        switch kind {
        case .compound:
            let children = 1 + random.below(3)
            for index in 0 ..< children {
                spec.children.append(state(childKind(depth: depth, parallelParent: false, first: index == 0), depth: depth + 1))
            }
            if random.chance(30) { spec.children.insert(history(parallelParent: false), at: random.below(spec.children.count + 1)) }
        case .parallel:
            let regions = 2 + random.below(2)
            for _ in 0 ..< regions {
                spec.children.append(state(childKind(depth: depth, parallelParent: true, first: false), depth: depth + 1))
            }
            if random.chance(10) { spec.children.append(history(parallelParent: true)) }
        case .final:
            spec.doneData = random.chance(50)
        case .atomic, .history:
            break
        }
        return spec
    }

    private mutating func childKind(depth: Int, parallelParent: Bool, first: Bool) -> StateSpec.Kind {
        let roll = random.below(100)
        if depth >= 2 { return !first && !parallelParent && roll < 25 ? .final : .atomic }
        if parallelParent { return roll < 65 ? .compound : roll < 75 ? .parallel : .atomic }
        if !first && roll < 15 { return .final }
        return roll < 35 ? .compound : roll < 47 ? .parallel : .atomic
    }

    private mutating func history(parallelParent: Bool) -> StateSpec {
        var spec = StateSpec(name: name(history: true), kind: .history(deep: random.chance(50)))
        if random.chance(35) { spec.historyAction = action("\(spec.name).default") }
        return spec
    }

    /// Initial children, history defaults: chosen once the tree is complete.
    private mutating func initials(_ spec: inout OracleCase) {
        func visit(_ state: inout StateSpec) {
            for index in state.children.indices { visit(&state.children[index]) }
            let descendants = state.children.flatMap(\.subtree).filter { !$0.isHistory }
            switch state.kind {
            case .compound:
                let roll = random.below(100)
                if roll < 25 {
                    state.initial = .attribute(random.pick(descendants).name)
                } else if roll < 50 {
                    state.initial = .element(random.pick(descendants).name, random.chance(50) ? action("\(state.name).initial") : nil)
                }
            default:
                break
            }
            for index in state.children.indices where state.children[index].isHistory && random.chance(60) {
                guard case .history(let deep) = state.children[index].kind else { continue }
                let candidates = deep ? descendants : state.children.filter { !$0.isHistory }
                state.children[index].historyDefault = random.pick(candidates).name
            }
        }
        for index in spec.top.indices { visit(&spec.top[index]) }
    }

    /// Parallel states without regions (SCXML 3.4), drawn from `shapes` alone, so that the rest
    /// of a case is the one its seed gave before they were generated: some inserted into
    /// compound and parallel states (never before a compound state's first child, which stays
    /// its default), each the target of a transition from an atomic state, some with transitions
    /// and `OnDone` of their own, which Appendix D never takes (they are not atomic, and nothing
    /// in them is final).
    private mutating func addRegionlessParallels(_ spec: inout OracleCase) {
        guard shapes.chance(40) else { return }
        var added: [String] = []
        func insert(into state: inout StateSpec) {
            for index in state.children.indices { insert(into: &state.children[index]) }
            guard state.kind == .compound || state.kind == .parallel,
                  let first = state.children.firstIndex(where: { !$0.isHistory }), shapes.chance(40) else { return }
            let name = "p\(added.count + 1)"
            added.append(name)
            var parallel = StateSpec(name: name, kind: .parallel)
            if shapes.chance(50) { parallel.onEntry.append(ActionSpec(label: "\(name).entry", bump: shapes.chance(30) ? 0 : nil)) }
            if shapes.chance(50) { parallel.onExit.append(ActionSpec(label: "\(name).exit")) }
            if shapes.chance(40) { parallel.transitions.append(TransitionSpec(trigger: .event(shapes.pick(events)), targets: [])) }
            if shapes.chance(30) { parallel.transitions.append(TransitionSpec(trigger: .done, targets: [state.name])) }
            state.children.insert(parallel, at: first + 1 + shapes.below(state.children.count - first))
        }
        for index in spec.top.indices { insert(into: &spec.top[index]) }
        let sources = spec.states.filter { $0.kind == .atomic }.map(\.name)
        guard !sources.isEmpty else { return }
        func addTransition(to target: String, from source: String, in states: inout [StateSpec]) {
            for index in states.indices {
                if states[index].name == source {
                    states[index].transitions.append(TransitionSpec(trigger: .event(shapes.pick(events)), targets: [target]))
                    return
                }
                addTransition(to: target, from: source, in: &states[index].children)
            }
        }
        for name in added { addTransition(to: name, from: shapes.pick(sources), in: &spec.top) }
    }

    // MARK: Transitions

    private func parents(of top: [StateSpec]) -> [String: StateSpec] {
        var parents: [String: StateSpec] = [:]
        func visit(_ state: StateSpec) {
            for child in state.children {
                parents[child.name] = state
                visit(child)
            }
        }
        top.forEach(visit)
        return parents
    }

    private mutating func withTransitions(_ state: StateSpec, all: [StateSpec], parents: [String: StateSpec]) -> StateSpec {
        var state = state
        state.children = state.children.map { withTransitions($0, all: all, parents: parents) }
        switch state.kind {
        case .final, .history: return state
        case .atomic: break
        case .compound, .parallel: break
        }
        let count: Int
        if case .atomic = state.kind { count = 1 + random.below(3) } else { count = random.below(3) }
        for _ in 0 ..< count { state.transitions.append(transition(from: state, all: all, parents: parents)) }
        return state
    }

    private mutating func transition(from source: StateSpec, all: [StateSpec], parents: [String: StateSpec]) -> TransitionSpec {
        let isContainer = !source.children.isEmpty
        let roll = random.below(100)
        let trigger: TransitionSpec.Trigger
        if roll < 8 {
            trigger = .eventless
        } else if roll < 18 && isContainer {
            trigger = .done
        } else if roll < 30 {
            trigger = .after(random.pick([0, 100, 100, 250, 500]))
        } else {
            let containers = all.filter { !$0.children.isEmpty && !$0.isHistory }
            if errorEvents && random.chance(15) {
                trigger = .event("error.execution")
            } else if doneEvents && !containers.isEmpty && random.chance(15) {
                trigger = .event("done.state.\(random.pick(containers).name)")
            } else {
                trigger = .event(random.chance(70) ? random.pick(Array(events.prefix(2))) : random.pick(events))
            }
        }
        var spec = TransitionSpec(trigger: trigger, targets: targets(from: source, all: all, parents: parents, trigger: trigger))
        switch trigger {
        case .event, .eventless: spec.isInternal = random.chance(25)   // `After` and `OnDone` are external
        case .done, .after: break
        }
        switch trigger {
        case .eventless:
            // An eventless transition passes a few times and then settles: its guard reads the
            // counter its action bumps. With `loops`, one in four is left unguarded.
            let counter = random.below(3)
            if !loops || random.chance(75) {
                spec.guardSpec = GuardSpec(counter: counter, test: .below(1 + random.below(3)), throwsAt: random.chance(10) ? random.below(2) : nil)
                spec.action = action("\(source.name).always", bump: counter)
            } else if random.chance(50) {
                spec.action = action("\(source.name).always")
            }
        case .after(0) where !loops:
            // A delayed transition of no delay into its own state (or a ring of them) is due
            // again at once, and loops until the machine's timer bound; it settles the same way.
            let counter = random.below(3)
            spec.guardSpec = GuardSpec(counter: counter, test: .below(1 + random.below(3)), throwsAt: random.chance(10) ? random.below(2) : nil)
            spec.action = action("\(source.name).t\(source.transitions.count)", bump: counter)
        case _ where !loops && trigger.isDoneEvent:
            // A done event whose transition enters a state that is done again at once loops as
            // an eventless transition does: bounded the same way unless loops are wanted.
            let counter = random.below(3)
            spec.guardSpec = GuardSpec(counter: counter, test: .below(1 + random.below(3)), throwsAt: random.chance(10) ? random.below(2) : nil)
            spec.action = action("\(source.name).t\(source.transitions.count)", bump: counter)
        default:
            if random.chance(35) { spec.guardSpec = guardSpec() }
            if random.chance(55) { spec.action = action("\(source.name).t\(source.transitions.count)") }
        }
        return spec
    }

    private mutating func targets(
        from source: StateSpec, all: [StateSpec], parents: [String: StateSpec], trigger: TransitionSpec.Trigger
    ) -> [String] {
        let roll = random.below(100)
        if roll < 15 { return [] }
        if case .event = trigger, roll < 27 {
            // Several targets: descendants of different regions of one parallel state.
            let parallels = all.filter { $0.kind == .parallel }
            if let parallel = parallels.isEmpty ? nil : random.pick(parallels) {
                let regions = parallel.children.filter { !$0.isHistory }
                var chosen: [String] = []
                for region in regions where random.chance(70) {
                    chosen.append(random.pick(region.subtree.filter { !$0.isHistory }).name)
                }
                if !chosen.isEmpty { return chosen }
            }
        }
        if roll < 50 && !source.children.isEmpty {
            return [random.pick(source.children.flatMap(\.subtree)).name]   // inside: internal matters
        }
        if roll < 75, let parent = parents[source.name] {
            return [random.pick(parent.children).name]
        }
        return [random.pick(all).name]
    }

    private mutating func guardSpec() -> GuardSpec {
        let test: GuardSpec.Test = switch random.below(3) {
        case 0: .below(1 + random.below(4))
        case 1: .even
        default: .odd
        }
        return GuardSpec(counter: random.below(3), test: test, throwsAt: random.chance(20) ? random.below(3) : nil)
    }

    private mutating func action(_ label: String, bump: Int? = nil) -> ActionSpec {
        var spec = ActionSpec(label: label, bump: bump ?? (random.chance(40) ? random.below(3) : nil))
        if random.chance(22) {
            for _ in 0 ..< 1 + random.below(2) {
                let event = random.chance(80) ? random.pick(events) : "unknown"
                let id = random.pick(["t1", "t2"])
                let effect: EffectSpec = switch random.below(5) {
                case 0, 1: .raise(event)
                case 2: .send(event)
                case 3: .schedule(event, delay: random.pick([0, 100, 300]), id: random.chance(60) ? id : nil)
                default: .cancel(id)
                }
                spec.effects.append(effect)
            }
        }
        return spec
    }
}

extension TransitionSpec.Trigger {
    /// Whether the trigger is a state's done event: `OnDone`, or `On("done.state.<id>")`.
    var isDoneEvent: Bool {
        switch self {
        case .done: true
        case .event(let name): name.hasPrefix("done.state.")
        case .eventless, .after: false
        }
    }
}
