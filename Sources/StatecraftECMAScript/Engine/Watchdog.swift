#if canImport(JavaScriptCore) || ECMAScript
#if canImport(JavaScriptCore)
import JavaScriptCore
#else
import CJavaScriptCore
#endif
import StatecraftSCXML

/// Keeps one JavaScript context within its session's budgets: the macrostep's evaluation time
/// (`SCXMLBudgets.evaluationTime`), the time of one evaluation (``ECMAScriptLimits``) and the
/// heap (`SCXMLBudgets.scriptHeapBytes`).
///
/// Before each call into JavaScript, ``enter()`` fails at once when the step's budget is spent
/// or the heap is over its budget. While JavaScript runs, JavaScriptCore's watchdog calls
/// ``fire()`` every ``period`` of CPU time, which stops the evaluation when a budget is passed
/// and says why in ``stopReason``.
final class Watchdog {
    /// The session's meter and budgets.
    let meter: SCXMLEvaluationMeter
    /// The longest one evaluation may run; zero or less for no limit of its own.
    let evaluationLimit: Duration
    /// The context watched; set once the context exists.
    var context: JSGlobalContextRef?
    /// Its group, for re-arming the watchdog.
    var group: JSContextGroupRef?
    /// Why the last evaluation was stopped, when the watchdog stopped it.
    private(set) var stopReason: String?
    /// How many calls into JavaScript are under way (a native function may call in again).
    private var depth = 0
    /// When the outermost call started, on the meter's clock.
    private var evaluationStart: Duration = .zero
    /// When the heap may be measured again: measuring walks it, so it is done at most every
    /// 20 ms, and less often when it is slow.
    private var nextHeapCheck: Duration = .zero
    /// Whether the heap was over its budget when last measured.
    private var heapOver = false
    /// The period the watchdog was last armed with.
    private var armedPeriod: Duration = .zero

    /// How often, in CPU time, a running evaluation is looked at: the most it may overrun.
    static let period: Duration = .milliseconds(10)

    init(meter: SCXMLEvaluationMeter, evaluationLimit: Duration) {
        self.meter = meter
        self.evaluationLimit = evaluationLimit
    }

    /// Arms JavaScriptCore's watchdog for `group`; `always` even when the period is the same
    /// (after the watchdog called back, which disarms it).
    func arm(always: Bool = false) {
        guard let group else { return }
        let period = min(Self.period, max(meter.remainingTime, .milliseconds(1)))
        guard always || period != armedPeriod else { return }
        armedPeriod = period
        ExecutionLimit.arm(group, period: period, callback: watchdogCallback, data: Unmanaged.passUnretained(self).toOpaque())
    }

    /// Called before each call into JavaScript.
    ///
    /// - Throws: ``ScriptException`` naming the budget when the step's evaluation time is spent
    ///   or the heap is over its budget after a collection.
    func enter() throws(ScriptException) {
        depth += 1
        guard depth == 1 else { return }
        stopReason = nil
        do {
            if !meter.isDriven { try meter.beginEvaluation() }
            try meter.checkTime()
        } catch {
            depth -= 1
            throw ScriptException(error.message)
        }
        let now = meter.clock()
        evaluationStart = now
        if heapOver || now >= nextHeapCheck, let context, let bytes = measureHeap(context, collecting: true),
            bytes > heapBudget
        {
            depth -= 1
            throw ScriptException(heapMessage(bytes))
        }
        arm()
    }

    /// Called after each call into JavaScript.
    func exit() {
        depth -= 1
    }

    /// The heap budget, at least 1 MiB.
    private var heapBudget: Int { max(meter.budgets.scriptHeapBytes, 1 << 20) }

    /// Measures the heap, after a collection when `collecting` and it is over its budget, and
    /// sets when to measure next.
    private func measureHeap(_ context: JSGlobalContextRef, collecting: Bool) -> Int? {
        let start = meter.clock()
        guard var bytes = ExecutionLimit.heapBytes(context) else { return nil }
        if collecting, bytes > heapBudget {
            ExecutionLimit.collectGarbage(context)
            bytes = ExecutionLimit.heapBytes(context) ?? bytes
        }
        let end = meter.clock()
        nextHeapCheck = end + max(.milliseconds(20), (end - start) * 10)
        heapOver = bytes > heapBudget
        return bytes
    }

    private func heapMessage(_ bytes: Int) -> String {
        "the JavaScript heap holds \(bytes >> 20) MiB, more than its budget of \(heapBudget >> 20) MiB "
            + "(SCXMLBudgets.scriptHeapBytes): the evaluation was stopped, and evaluations fail while the "
            + "datamodel's variables hold that much"
    }

    /// Called by JavaScriptCore while an evaluation runs: whether to stop it.
    func fire() -> Bool {
        let now = meter.clock()
        if meter.remainingTime <= .zero {
            meter.markSpent()
            stopReason = meter.spentError.message
            return true
        }
        if evaluationLimit > .zero, now - evaluationStart >= evaluationLimit {
            stopReason = "the evaluation ran longer than \(evaluationLimit) (ECMAScriptLimits.executionTime) and was stopped"
            return true
        }
        if now >= nextHeapCheck, let context, let bytes = measureHeap(context, collecting: false), bytes > heapBudget {
            stopReason = heapMessage(bytes)
            return true
        }
        arm(always: true)
        return false
    }
}

/// JavaScriptCore's watchdog callback: asks the ``Watchdog`` whose address it is handed.
private let watchdogCallback: ExecutionLimit.ShouldTerminate = { _, data in
    guard let data else { return true }
    return Unmanaged<Watchdog>.fromOpaque(data).takeUnretainedValue().fire()
}
#endif
