public import Statecraft
public import StatecraftSCXML

/// Whether this build of Statecraft can run the `ecmascript` datamodel, and the datamodel for
/// one session when it can.
///
/// The datamodel runs on JavaScriptCore. Apple platforms always have it (the system framework).
/// On Linux it is WebKitGTK's JavaScriptCore, brought in by the package trait `ECMAScript`
/// (`swift build --traits ECMAScript`) and the system package that provides it (Debian and
/// Ubuntu: `libjavascriptcoregtk-4.1-dev`). A build without it still compiles this module:
/// ``isAvailable`` is `false` and asking for the datamodel throws an error that says what to do.
///
/// ```swift
/// if ECMAScriptEngine.isAvailable {
///     let document = try SCXMLDocument(xml: text, datamodels: try .withECMAScript())
/// }
/// ```
public enum ECMAScriptEngine {
    /// The name a document gives in its `datamodel` attribute: `ecmascript`.
    public static let datamodelName = "ecmascript"

    /// Whether this build has JavaScriptCore and can run the `ecmascript` datamodel.
    public static var isAvailable: Bool {
        #if canImport(JavaScriptCore) || ECMAScript
        true
        #else
        false
        #endif
    }

    /// Why the datamodel is missing from this build and what brings it in; empty when it is
    /// available.
    public static var unavailableReason: String {
        isAvailable
            ? ""
            : "the ecmascript datamodel is not in this build: on Linux build with the package trait 'ECMAScript' "
                + "(swift build --traits ECMAScript, swift test --traits ECMAScript) and install JavaScriptCore "
                + "with 'apt-get install libjavascriptcoregtk-4.1-dev'; Apple platforms need nothing"
    }

    /// Creates the `ecmascript` datamodel of one session: a JavaScriptCore context of its own.
    ///
    /// A session makes its datamodel through `SCXMLDatamodels`; call this to
    /// use the datamodel by itself, for example to evaluate expressions in a test.
    ///
    /// - Parameters:
    ///   - environment: What the datamodel may ask of its session (`In()`).
    ///   - limits: How long one evaluation may run.
    /// - Returns: The datamodel.
    /// - Throws: ``ECMAScriptEngineError`` when this build has no JavaScriptCore.
    public static func makeDatamodel(
        environment: SCXMLDatamodelEnvironment,
        limits: ECMAScriptLimits = ECMAScriptLimits()
    ) throws(ECMAScriptEngineError) -> any SCXMLDatamodel {
        #if canImport(JavaScriptCore) || ECMAScript
        ECMAScriptDatamodel(environment: environment, limits: limits)
        #else
        throw ECMAScriptEngineError.unavailable
        #endif
    }
}

/// How much one `ecmascript` evaluation may take.
public struct ECMAScriptLimits: Hashable, Sendable {
    /// The longest one evaluation (a condition, an expression, a `<script>`) may run before it
    /// is stopped and reported as `error.execution`: a document's `while (true) {}` cannot
    /// hang its session. Ten seconds by default; zero (or less) sets no limit of its own.
    ///
    /// In a session the macrostep's budget, `SCXMLBudgets.evaluationTime` (one second for all
    /// the evaluations of a macrostep together), is the tighter bound; this one matters for a
    /// datamodel used by itself, and as a cap under larger budgets.
    public var executionTime: Duration

    /// How much XML content may hold to be made a DOM (SCXML B.2.2): `<data>` or `<content>`
    /// whose text is an XML document, a file loaded by `src`, `_event.data`. 1 MiB, nesting 64
    /// deep and 10,000 elements by default; XML past a limit is an error naming it, which
    /// becomes `error.execution`.
    public var xmlContent: SCXMLDocument.Limits

    /// Creates limits.
    ///
    /// - Parameters:
    ///   - executionTime: The longest one evaluation may run.
    ///   - xmlContent: How much XML content may hold to be made a DOM.
    public init(
        executionTime: Duration = .seconds(10),
        xmlContent: SCXMLDocument.Limits = SCXMLDocument.Limits(maxBytes: 1 << 20, maxDepth: 64, maxElements: 10_000)
    ) {
        self.executionTime = executionTime
        self.xmlContent = xmlContent
    }
}

/// Why the `ecmascript` datamodel cannot be had in this build.
public struct ECMAScriptEngineError: Error, Hashable, Sendable, CustomStringConvertible {
    /// What kind of problem it is. New codes may be added.
    public typealias Code = ErrorCode<ECMAScriptEngineError>

    /// What kind of problem it is.
    public let code: Code
    /// What is wrong and what to do.
    public let message: String

    /// Creates an error.
    ///
    /// - Parameters:
    ///   - code: What kind of problem it is.
    ///   - message: What is wrong and what to do.
    public init(code: Code, message: String) {
        self.code = code
        self.message = message.escapingControlCharacters()
    }

    /// The error of a build without JavaScriptCore, naming the trait and the apt package.
    static var unavailable: ECMAScriptEngineError {
        ECMAScriptEngineError(code: .unavailable, message: ECMAScriptEngine.unavailableReason)
    }

    /// The message.
    public var description: String { message }
}

extension ErrorCode where Domain == ECMAScriptEngineError {
    /// This build has no JavaScriptCore.
    public static var unavailable: Self { Self(name: "unavailable") }
}
