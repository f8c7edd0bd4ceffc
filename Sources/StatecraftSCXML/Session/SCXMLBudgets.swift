/// How much evaluation time, value size and script memory an SCXML session's datamodel may use:
/// the policy that keeps a hostile document from hanging its caller or eating its memory.
///
/// Every budget is on by default. Exceeding one is never silent: the evaluation that ran over
/// fails with an ``SCXMLDatamodelError`` whose message names the budget, the session raises
/// `error.execution` as for any failed evaluation, and it stays usable.
///
/// - ``evaluationTime`` is shared by **all** the evaluations of one macrostep (conditions,
///   expressions, `<script>`, assignments, conversions of values): a session resets it when a
///   macrostep starts (``SCXMLSession/start()``, an external event, a due timer). Once it is
///   spent, the evaluation running stops and every further evaluation of the same macrostep fails
///   at once, so a condition that loops and is retried on `error.execution` ends the macrostep
///   quickly instead of once per microstep. The next macrostep gets a fresh budget.
/// - ``valueNodes`` and ``valueBytes`` bound one value: a variable of the `statecraft`
///   datamodel, the value of an expression, a JavaScript value converted to an ``SCXMLValue``,
///   and the variables of a snapshot (``SCXMLDatamodel/exportVariables()``) together. Shared
///   parts count each time they are reached, so a value that refers to the same array twice at
///   every level (a DAG of 2^40 nodes in a few kilobytes) is refused early, and an array counts
///   its length even when it is sparse.
/// - ``scriptHeapBytes`` bounds the heap of a scripting datamodel (`ecmascript`), where the
///   engine lets it be measured.
///
/// The budgets travel with the datamodels a document is read with, so invoked children get the
/// same ones; ``SCXMLSession/budgets`` changes them for one session.
///
/// ```swift
/// var datamodels = SCXMLDatamodels.standard
/// datamodels.budgets.evaluationTime = .milliseconds(200)
/// let document = try SCXMLDocument(xml: text, datamodels: datamodels)
/// ```
public struct SCXMLBudgets: Hashable, Sendable {
    /// The wall-clock time all the evaluations of one macrostep may take together. One second
    /// by default: a macrostep normally evaluates in microseconds, so a second is far beyond
    /// any honest document and still short enough that a looping condition costs a caller one
    /// second per event rather than hours.
    public var evaluationTime: Duration
    /// The most nodes (each scalar, array, object and member counts one, a shared part each
    /// time it is reached, a sparse array its length) one value may have. 1,000,000 by
    /// default: some tens of megabytes in memory, and about a second to walk.
    public var valueNodes: Int
    /// The most bytes of text (strings and member names, in UTF-8) one value may hold. 64 MiB
    /// by default.
    public var valueBytes: Int
    /// The most bytes a scripting datamodel's heap may hold (the `ecmascript` datamodel's
    /// JavaScript heap, strings and buffers included). 256 MiB by default: far more than a
    /// statechart's data needs, small enough that several sessions fit in one process.
    public var scriptHeapBytes: Int

    /// Creates budgets; a value of zero or less counts as the smallest budget (1 ns, 1 node,
    /// 1 byte).
    ///
    /// - Parameters:
    ///   - evaluationTime: The evaluation time of one macrostep.
    ///   - valueNodes: The most nodes of one value.
    ///   - valueBytes: The most bytes of text of one value.
    ///   - scriptHeapBytes: The most bytes of a scripting datamodel's heap.
    public init(
        evaluationTime: Duration = .seconds(1),
        valueNodes: Int = 1_000_000,
        valueBytes: Int = 64 << 20,
        scriptHeapBytes: Int = 256 << 20
    ) {
        self.evaluationTime = evaluationTime
        self.valueNodes = valueNodes
        self.valueBytes = valueBytes
        self.scriptHeapBytes = scriptHeapBytes
    }

    /// The defaults: one second of evaluation per macrostep, 1,000,000 nodes and 64 MiB of
    /// text per value, a 256 MiB script heap.
    public static let standard = SCXMLBudgets()

    /// The budgets of tools that run many macrosteps to explore or replay a document
    /// (`statecraft paths`, `simulate`): ``standard``, with 100 ms of evaluation per macrostep,
    /// so that a looping condition costs a tool a tenth of a second per step it explores.
    public static let tools = SCXMLBudgets(evaluationTime: .milliseconds(100))

    /// ``evaluationTime``, at least 1 ns.
    var effectiveTime: Duration { max(evaluationTime, .nanoseconds(1)) }
    /// ``valueNodes``, at least 1.
    var effectiveNodes: Int { max(valueNodes, 1) }
    /// ``valueBytes``, at least 1.
    var effectiveBytes: Int { max(valueBytes, 1) }

    /// The error of a value over ``valueNodes``.
    ///
    /// - Parameter what: What the value is: `the value`, `Var1`.
    /// - Returns: An error naming the budget.
    public func nodesExceeded(_ what: String) -> SCXMLDatamodelError {
        SCXMLDatamodelError(
            "\(what) is larger than the value budget of \(effectiveNodes) nodes (SCXMLBudgets.valueNodes; "
                + "a part shared several times counts each time)"
        )
    }

    /// The error of a value over ``valueBytes``.
    ///
    /// - Parameter what: What the value is: `the value`, `Var1`.
    /// - Returns: An error naming the budget.
    public func bytesExceeded(_ what: String) -> SCXMLDatamodelError {
        SCXMLDatamodelError(
            "\(what) holds more text than the value budget of \(Self.describe(bytes: effectiveBytes)) "
                + "(SCXMLBudgets.valueBytes)"
        )
    }

    /// `bytes` in words: `64 MiB`, `1500 bytes`.
    static func describe(bytes: Int) -> String {
        if bytes >= 1 << 20, bytes % (1 << 20) == 0 { return "\(bytes >> 20) MiB" }
        if bytes >= 1 << 10, bytes % (1 << 10) == 0 { return "\(bytes >> 10) KiB" }
        return bytes == 1 ? "1 byte" : "\(bytes) bytes"
    }

    /// `duration` in words: `1 s`, `250 ms`, `20 µs`.
    static func describe(_ duration: Duration) -> String {
        let (seconds, attoseconds) = duration.components
        if attoseconds == 0 { return "\(seconds) s" }
        let nanoseconds = seconds * 1_000_000_000 + attoseconds / 1_000_000_000
        if nanoseconds % 1_000_000 == 0 { return "\(nanoseconds / 1_000_000) ms" }
        if nanoseconds % 1_000 == 0 { return "\(nanoseconds / 1_000) µs" }
        return "\(nanoseconds) ns"
    }
}

/// The size of a value, counted against ``SCXMLBudgets/valueNodes`` and
/// ``SCXMLBudgets/valueBytes``: nodes (a shared part each time it is reached) and bytes of text.
public struct SCXMLValueTally: Sendable {
    /// The nodes counted so far.
    public private(set) var nodes = 0
    /// The bytes of text counted so far.
    public private(set) var bytes = 0
    /// The budgets counted against.
    public let budgets: SCXMLBudgets
    /// Whether a budget was passed: the tally threw.
    public private(set) var isOver = false

    /// Creates an empty tally.
    ///
    /// - Parameter budgets: The budgets to count against.
    public init(budgets: SCXMLBudgets) {
        self.budgets = budgets
    }

    /// Counts `count` nodes and `text` bytes.
    ///
    /// - Parameters:
    ///   - count: Nodes to add.
    ///   - text: Bytes of text to add.
    ///   - what: What the value is, for the error.
    /// - Throws: ``SCXMLDatamodelError`` naming the budget when the tally passes it; the tally
    ///   keeps the counts.
    public mutating func add(nodes count: Int, bytes text: Int = 0, what: String) throws(SCXMLDatamodelError) {
        nodes = nodes.addingReportingOverflow(count).partialValue
        bytes = bytes.addingReportingOverflow(text).partialValue
        if nodes > budgets.effectiveNodes || nodes < 0 {
            isOver = true
            throw budgets.nodesExceeded(what)
        }
        if bytes > budgets.effectiveBytes || bytes < 0 {
            isOver = true
            throw budgets.bytesExceeded(what)
        }
    }

    /// Throws when `count` more nodes would pass the node budget, without counting them: for
    /// an array whose length is known before its elements are read.
    ///
    /// - Parameters:
    ///   - count: The nodes to come.
    ///   - what: What the value is, for the error.
    /// - Throws: ``SCXMLDatamodelError`` naming the budget.
    public mutating func checkRoom(nodes count: Int, what: String) throws(SCXMLDatamodelError) {
        if count > budgets.effectiveNodes - nodes {
            isOver = true
            throw budgets.nodesExceeded(what)
        }
    }

    /// Counts every node of `value`, stopping as soon as a budget is passed, so that the work
    /// is bounded by the budget rather than by the value.
    ///
    /// - Parameters:
    ///   - value: The value.
    ///   - what: What the value is, for the error.
    /// - Throws: ``SCXMLDatamodelError`` naming the budget.
    public mutating func add(_ value: SCXMLValue, what: String) throws(SCXMLDatamodelError) {
        switch value {
        case .undefined, .null, .bool, .number:
            try add(nodes: 1, what: what)
        case .string(let text):
            try add(nodes: 1, bytes: text.utf8.count, what: what)
        case .array(let items):
            try add(nodes: 1 + items.count, what: what)
            for item in items where item.isContainer || item.isString {
                try add(contentsOf: item, what: what)
            }
        case .object(let members):
            try add(nodes: 1 + members.count, what: what)
            for member in members {
                try add(nodes: 0, bytes: member.name.utf8.count, what: what)
                if member.value.isContainer || member.value.isString {
                    try add(contentsOf: member.value, what: what)
                }
            }
        }
    }

    /// Counts a part already counted as one node: its text, or its own parts.
    private mutating func add(contentsOf value: SCXMLValue, what: String) throws(SCXMLDatamodelError) {
        switch value {
        case .string(let text): try add(nodes: 0, bytes: text.utf8.count, what: what)
        case .array, .object:
            nodes -= 1
            try add(value, what: what)
        default: break
        }
    }
}

extension SCXMLValue {
    /// Whether it is an array or an object.
    var isContainer: Bool {
        switch self {
        case .array, .object: true
        default: false
        }
    }

    /// Whether it is a string.
    var isString: Bool {
        if case .string = self { return true }
        return false
    }
}
