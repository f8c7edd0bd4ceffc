/// The clock of one session's evaluation time budget (``SCXMLBudgets/evaluationTime``): the
/// session starts it at each macrostep, and every evaluation of its datamodel charges it.
///
/// A datamodel gets its session's meter in ``SCXMLDatamodelEnvironment/meter``. It calls
/// ``beginEvaluation()`` as each evaluation starts, which fails at once when the macrostep's
/// budget is spent, and ``checkTime()`` (or the cheaper ``tick(_:)``) while it works. A meter
/// no session drives (a datamodel used by itself) gives each evaluation a budget of its own.
///
/// It is not `Sendable`: it belongs to one session and its datamodel, used from one thread of
/// control at a time.
public final class SCXMLEvaluationMeter {
    /// The budgets; the session's ``SCXMLSession/budgets``.
    public var budgets: SCXMLBudgets
    /// Whether the budget of the current macrostep is spent: every evaluation fails until the
    /// next one starts.
    @exclusivity(unchecked) public private(set) var isSpent = false
    /// Whether a session drives the meter (calls ``beginStep()``).
    @exclusivity(unchecked) public private(set) var isDriven = false
    /// When the current step started, on ``clock``; `nil` until the step's first look at the
    /// clock, so that a short step reads no clock at all.
    @exclusivity(unchecked) private var stepStart: Duration?
    /// Ticks left before the next look at the clock.
    @exclusivity(unchecked) private var ticksLeft = SCXMLEvaluationMeter.ticksPerLook
    /// How many ticks pass between two looks at the clock.
    static let ticksPerLook = 1_024
    /// The time, for tests that move it by hand; monotonic.
    package var clock: () -> Duration

    /// Creates a meter that no session drives yet.
    ///
    /// - Parameter budgets: The budgets.
    public init(budgets: SCXMLBudgets = .standard) {
        self.budgets = budgets
        let origin = ContinuousClock.now
        clock = { ContinuousClock.now - origin }
    }

    /// Starts a macrostep: a fresh evaluation time budget. The session calls this when it
    /// starts, and before each external event or timer it processes.
    ///
    /// The step is timed from its first look at the clock, after at most 1,024 ticks of
    /// evaluation: a step whose evaluations are short, or that evaluates nothing, reads no
    /// clock, and the budget still bounds the time of every evaluation after the first 1,024
    /// ticks of the step.
    public func beginStep() {
        isDriven = true
        isSpent = false
        stepStart = nil
        ticksLeft = Self.ticksPerLook
    }

    /// Called as an evaluation starts: fails at once when the step's budget is spent. A meter
    /// that no session drives starts a step for each evaluation, timed from its first look at
    /// the clock (after at most 1,024 ticks), so that a short evaluation costs no clock reading.
    ///
    /// - Throws: ``SCXMLDatamodelError`` naming the budget, when it is spent.
    @inline(__always)
    public func beginEvaluation() throws(SCXMLDatamodelError) {
        if isDriven {
            if isSpent { throw spentError }
        } else {
            isSpent = false
            stepStart = nil
            ticksLeft = Self.ticksPerLook
        }
    }

    /// Counts `count` units of work (nodes evaluated, values converted) and looks at the clock
    /// every 1,024 units: cheap enough for an interpreter's inner loop.
    ///
    /// - Parameter count: The units of work.
    /// - Throws: ``SCXMLDatamodelError`` naming the budget, when it is spent.
    @inline(__always)
    public func tick(_ count: Int = 1) throws(SCXMLDatamodelError) {
        ticksLeft &-= count
        if ticksLeft < 0 { try checkTime() }
    }

    /// Looks at the clock now.
    ///
    /// - Throws: ``SCXMLDatamodelError`` naming the budget, when it is spent (and the meter
    ///   stays spent until the next step).
    public func checkTime() throws(SCXMLDatamodelError) {
        ticksLeft = Self.ticksPerLook
        if isSpent { throw spentError }
        let now = clock()
        guard let stepStart else {
            stepStart = now
            return
        }
        if now - stepStart >= budgets.effectiveTime {
            isSpent = true
            throw spentError
        }
    }

    /// Runs `body` with a fresh evaluation time budget of its own, then puts the macrostep's
    /// back as it was: for work a session's owner asks for between macrosteps (exporting the
    /// variables for a snapshot or an inspector), which must not be refused because the last
    /// macrostep spent its budget, nor give that macrostep more time.
    ///
    /// - Parameter body: The work.
    /// - Returns: What `body` returns.
    /// - Throws: What `body` throws.
    public func withSeparateBudget<Result, Failure: Error>(
        _ body: () throws(Failure) -> Result
    ) throws(Failure) -> Result {
        let saved = (isDriven, isSpent, stepStart, ticksLeft)
        beginStep()
        defer { (isDriven, isSpent, stepStart, ticksLeft) = saved }
        return try body()
    }

    /// What is left of the current step's budget, zero when it is spent.
    public var remainingTime: Duration {
        if isSpent { return .zero }
        guard let stepStart else { return budgets.effectiveTime }
        return max(.zero, budgets.effectiveTime - (clock() - stepStart))
    }

    /// Marks the step's budget spent, for a datamodel that found it spent by its own means
    /// (a script engine's watchdog).
    public func markSpent() {
        isSpent = true
    }

    /// The error of a spent budget: it names the budget and says what happens next.
    public var spentError: SCXMLDatamodelError {
        SCXMLDatamodelError(
            "the step's evaluation time budget of \(SCXMLBudgets.describe(budgets.effectiveTime)) is spent "
                + "(SCXMLBudgets.evaluationTime): an evaluation ran too long, or too many ran in one macrostep; "
                + "every evaluation fails until the next event"
        )
    }
}
