public import Statecraft

extension TestModel {
    /// A check of one state: it receives the machine while that state is active, and throws
    /// (or records an issue) when what it sees is wrong.
    public typealias StateCheck = (Machine<State, Event, Context>) throws -> Void

    /// Replays `path` on a fresh machine and calls the check of every active state that has
    /// one, at the start and after each step, in document order.
    ///
    /// Each step is first handed to `onStep`, so that a system under test can take the same
    /// event (or the same time) as the model; a check then compares the two. At the end the
    /// machine must be in the configuration the search found: a machine that is not (a chart
    /// whose actions read something outside the machine) fails the test.
    ///
    /// ```swift
    /// for path in model.transitionPaths().paths {
    ///     try model.test(path, checks: [
    ///         .locked: { _ in #expect(gate.isLocked) },
    ///         .unlocked: { _ in #expect(!gate.isLocked) },
    ///     ]) { step in
    ///         if case .send(let event) = step { gate.handle(event) }
    ///     }
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - path: A path from ``shortestPaths()`` or ``transitionPaths()``.
    ///   - checks: The check of each state you want checked.
    ///   - onStep: Called with each step before the machine takes it.
    /// - Returns: The states whose checks ran, in the order first checked.
    /// - Throws: ``ModelTestFailure`` naming the path, the step and the state, with the error a
    ///   check or `onStep` threw; when a `fire` step names a timer that is not pending at its
    ///   place; or when the machine does not end where the path says.
    @discardableResult
    public func test(
        _ path: ModelPath<State, Event>,
        checks: [State: StateCheck],
        onStep: (ModelStep<Event>) throws -> Void = { _ in }
    ) throws(ModelTestFailure) -> [State] {
        var machine = makeMachine()
        var checked: [State] = []
        func runChecks(after step: Int) throws(ModelTestFailure) {
            for state in machine.activeStates {
                guard let check = checks[state] else { continue }
                do {
                    try check(machine)
                } catch {
                    throw ModelTestFailure(
                        path: path.description, step: step, state: "\(state)", reason: "the check failed", underlying: error
                    )
                }
                if !checked.contains(state) { checked.append(state) }
            }
        }
        try runChecks(after: 0)
        for (index, step) in path.steps.enumerated() {
            if let problem = machine.problem(firing: step) {
                throw ModelTestFailure(path: path.description, step: index + 1, state: nil, reason: problem, underlying: nil)
            }
            do {
                try onStep(step)
            } catch {
                throw ModelTestFailure(
                    path: path.description, step: index + 1, state: nil, reason: "onStep failed on '\(step)'", underlying: error
                )
            }
            machine.take(step)
            try runChecks(after: index + 1)
        }
        let reached = configuration(of: machine)
        guard reached == path.configuration, (machine.status == .done) == path.isDone else {
            throw ModelTestFailure(
                path: path.description, step: path.steps.count, state: nil,
                reason: "the machine ended in \(reached.map { "\($0)" }.joined(separator: ", ")), not where the path leads;"
                    + " its actions or guards depend on something outside the machine",
                underlying: nil
            )
        }
        return checked
    }

    /// Replays every path and calls the checks, as ``test(_:checks:onStep:)`` does for one;
    /// then fails when a state that has a check was never checked, or when a state the paths
    /// reach has no check and `requireEveryState` is set.
    ///
    /// - Parameters:
    ///   - paths: The paths, such as ``ModelPaths/paths``.
    ///   - checks: The check of each state you want checked.
    ///   - requireEveryState: Whether every state a path reaches (atomic or not) must have a
    ///     check.
    ///   - onStep: Called with each step before the machine takes it; the first argument is
    ///     `true` for the first step of a path, so that a system under test can be reset.
    /// - Returns: The states checked, in the order first checked.
    /// - Throws: ``ModelTestFailure`` for the first path that fails, or for checks never run.
    @discardableResult
    public func testAll(
        _ paths: [ModelPath<State, Event>],
        checks: [State: StateCheck],
        requireEveryState: Bool = false,
        onStep: (_ isFirst: Bool, ModelStep<Event>) throws -> Void = { _, _ in }
    ) throws(ModelTestFailure) -> [State] {
        var checked: [State] = []
        var reached: Set<State> = []
        for path in paths {
            var first = true
            let states = try test(path, checks: checks) { step in
                defer { first = false }
                try onStep(first, step)
            }
            for state in states where !checked.contains(state) { checked.append(state) }
            var machine = makeMachine()
            reached.formUnion(machine.activeStates)
            for step in path.steps {
                machine.take(step)
                reached.formUnion(machine.activeStates)
            }
        }
        let neverChecked = chart.states.filter { checks[$0] != nil && !checked.contains($0) }
        if !neverChecked.isEmpty {
            throw ModelTestFailure(
                path: nil, step: nil, state: nil,
                reason: "no path reached the states " + neverChecked.map { "\($0)" }.joined(separator: ", ")
                    + ", so their checks never ran", underlying: nil
            )
        }
        if requireEveryState {
            let unchecked = chart.states.filter { reached.contains($0) && checks[$0] == nil }
            if !unchecked.isEmpty {
                throw ModelTestFailure(
                    path: nil, step: nil, state: nil,
                    reason: "the paths reach states without a check: " + unchecked.map { "\($0)" }.joined(separator: ", "),
                    underlying: nil
                )
            }
        }
        return checked
    }
}
