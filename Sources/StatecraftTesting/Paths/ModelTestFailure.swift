/// Why a model-based test failed: the path, the step and the state, and the error your check
/// threw.
///
/// ```
/// coin(cents: 25), push -> locked: after step 2, in 'locked': the check failed: expected a lock
/// ```
public struct ModelTestFailure: Error, CustomStringConvertible {
    /// The path, as ``ModelPath/description`` prints it; `nil` for a failure about all paths.
    public var path: String?
    /// The number of steps taken when it failed (0: at the start); `nil` when not on one step.
    public var step: Int?
    /// The state whose check failed, if one did.
    public var state: String?
    /// What went wrong, in words.
    public var reason: String
    /// The error a check or `onStep` threw.
    public var underlying: (any Error)?

    /// Creates a failure.
    ///
    /// - Parameters:
    ///   - path: The path's description.
    ///   - step: The steps taken when it failed.
    ///   - state: The state whose check failed.
    ///   - reason: What went wrong.
    ///   - underlying: The error thrown, if any.
    public init(path: String?, step: Int?, state: String?, reason: String, underlying: (any Error)?) {
        self.path = path
        self.step = step
        self.state = state
        self.reason = reason
        self.underlying = underlying
    }

    /// The path, the step, the state, the reason and the underlying error.
    public var description: String {
        var text = path.map { "\($0): " } ?? ""
        if let step { text += step == 0 ? "at the start, " : "after step \(step), " }
        if let state { text += "in '\(state)': " }
        text += reason
        if let underlying { text += ": \(underlying)" }
        return text
    }
}
