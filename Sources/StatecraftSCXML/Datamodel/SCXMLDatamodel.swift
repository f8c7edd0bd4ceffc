/// What a datamodel may ask of the session it serves. It is only valid on the session's own
/// thread of control, like the datamodel itself.
public struct SCXMLDatamodelEnvironment {
    /// Whether the state with this id is active now: the `In()` predicate.
    public var isActive: (String) -> Bool

    /// Creates an environment.
    ///
    /// - Parameter isActive: Answers `In(id)`.
    public init(isActive: @escaping (String) -> Bool) {
        self.isActive = isActive
    }
}

/// An error a datamodel reports: the session turns it into an `error.execution` event and goes
/// on, as the SCXML recommendation says.
public struct SCXMLDatamodelError: Error, Hashable, Sendable, CustomStringConvertible {
    /// What went wrong, in words: `unknown variable 'Var9'`.
    public var message: String
    /// Where in the expression, from 0, when known.
    public var offset: Int?

    /// Creates an error.
    ///
    /// - Parameters:
    ///   - message: What went wrong.
    ///   - offset: Where in the expression, counted in characters from 0.
    public init(_ message: String, offset: Int? = nil) {
        self.message = message
        self.offset = offset
    }

    /// The message, with the offset when known.
    public var description: String {
        offset.map { "\(message) (at character \($0 + 1))" } ?? message
    }
}

/// The data side of an SCXML session: it holds the variables and evaluates the expressions a
/// document writes in `expr`, `cond`, `location`, `<script>` and the `*expr` attributes.
///
/// A session makes one instance for itself when it starts. Every method runs on the session's
/// own thread of control, one at a time. A method that cannot do what it is asked throws; the
/// session raises `error.execution` with the error's description and goes on.
///
/// Two datamodels come with the package: ``SCXMLNullDatamodel`` (`datamodel="null"`: only
/// `In()`) and ``SCXMLExpressionDatamodel`` (`datamodel="statecraft"`, the default). Bring
/// your own by conforming to this protocol and registering a factory with the reader.
public protocol SCXMLDatamodel: AnyObject {
    /// Creates the datamodel of one session.
    ///
    /// - Parameter environment: What the datamodel may ask of its session.
    init(environment: SCXMLDatamodelEnvironment)

    /// Creates the variable `id` with `value`, as `<data>` does. Declaring a name again
    /// replaces its value.
    ///
    /// - Throws: When `id` cannot name a variable in this datamodel.
    func declare(_ id: String, value: SCXMLValue) throws

    /// Evaluates a value expression (`expr`, `delayexpr`, `targetexpr`...).
    ///
    /// - Returns: Its value.
    /// - Throws: When the expression is malformed or cannot be evaluated.
    func evaluate(_ expression: String) throws -> SCXMLValue

    /// Evaluates a condition (`cond`).
    ///
    /// - Returns: Its truth.
    /// - Throws: When it is malformed, cannot be evaluated, or is not a boolean where the
    ///   datamodel requires one.
    func evaluateCondition(_ expression: String) throws -> Bool

    /// Stores `value` at `location` (`assign`, `idlocation`, `foreach`'s `item` and `index`).
    ///
    /// - Throws: When `location` is malformed, names nothing that can be written, or names a
    ///   system variable.
    func assign(_ location: String, value: SCXMLValue) throws

    /// Whether `location` names something that ``assign(_:value:)`` can write.
    func isAssignable(_ location: String) -> Bool

    /// Runs a `<script>`.
    ///
    /// - Throws: When the script is malformed or fails.
    func run(script: String) throws

    /// Sets a system variable (`_event`, `_sessionid`, `_name`, `_ioprocessors`): the only way
    /// to write one; a document that assigns to one gets an error.
    func setSystemVariable(_ name: String, value: SCXMLValue)

    /// The value of inline content (`<data>` or `<content>` text, a file loaded by `src`): what
    /// this datamodel makes of the text. Content it cannot parse is kept as a string.
    func value(ofContent text: String) -> SCXMLValue
}
