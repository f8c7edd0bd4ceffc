#if ECMAScript
import StatecraftECMAScript
import StatecraftSCXML

/// The ECMAScript datamodel's cases (built with the `ECMAScript` trait):
///
/// - `ecmascript.irp`: the whole W3C suite in the ECMAScript profile, as
///   `statecraft conformance --datamodel ecmascript` runs it (target under 10 s, no failure).
/// - `scxml.condition.*`: one event whose transition has a condition, in a session, with the
///   condition in ECMAScript, the same in the `statecraft` datamodel, and no condition at all
///   (what the session costs by itself); `ecmascript.condition.call` is the condition alone,
///   evaluated by the datamodel without a session.
/// - `scxml.start.*`: making and starting a session of a small document, in each datamodel;
///   `ecmascript.context` is the ECMAScript datamodel alone (a JavaScriptCore context and its
///   bootstrap), the largest part of starting.
public enum ECMAScriptCases {
    /// A session in one state whose only transition takes `tick` when `cond` holds, and
    /// counts nothing: the event is handled and the configuration stays.
    static func conditionDocument(datamodel: String, cond: String?) -> String {
        SessionEvent.document(cond: cond, datamodel: datamodel)
    }

    /// A session ready to take `tick` events.
    public final class ConditionCase {
        let session: SCXMLSession
        let event = SCXMLEvent("tick")

        /// Reads the document and starts a session.
        ///
        /// - Parameters:
        ///   - datamodel: `ecmascript` or `statecraft`.
        ///   - cond: The condition, or `nil` for none.
        public init(datamodel: String, cond: String?) throws {
            let document = try SCXMLDocument(
                xml: ECMAScriptCases.conditionDocument(datamodel: datamodel, cond: cond), datamodels: try .withECMAScript()
            )
            session = SCXMLSession(document: document)
            session.start()
        }

        /// Sends `events` ticks; returns how many states are active, for the checksum.
        public func run(_ events: Int) -> Int {
            for _ in 0..<events { session.send(event) }
            return session.activeStates.count
        }
    }

    /// The ECMAScript datamodel by itself, evaluating one condition.
    public final class ConditionCall {
        let model: any SCXMLDatamodel

        /// Makes the datamodel with the document's two variables.
        ///
        /// - Parameter watchdog: Whether evaluations have the default time limit, or none.
        public init(watchdog: Bool = true) throws {
            model = try ECMAScriptEngine.makeDatamodel(
                environment: SCXMLDatamodelEnvironment { $0 == "running" },
                limits: watchdog ? ECMAScriptLimits() : ECMAScriptLimits(executionTime: .zero)
            )
            try model.declare("limit", value: .number(1_000_000))
            try model.declare("level", value: .number(3))
        }

        /// Evaluates the condition `events` times; returns how often it held.
        public func run(_ events: Int) -> Int {
            var held = 0
            for _ in 0..<events where (try? model.evaluateCondition("level < limit && In('running')")) == true { held += 1 }
            return held
        }
    }

    /// Makes and starts sessions of the condition document.
    public final class StartCase {
        let document: SCXMLDocument

        /// Reads the document once.
        ///
        /// - Parameter datamodel: `ecmascript` or `statecraft`.
        public init(datamodel: String) throws {
            document = try SCXMLDocument(
                xml: ECMAScriptCases.conditionDocument(datamodel: datamodel, cond: "level &lt; limit"),
                datamodels: try .withECMAScript()
            )
        }

        /// Makes and starts `count` sessions; returns the active states of the last.
        public func run(_ count: Int) -> Int {
            var active = 0
            for _ in 0..<count {
                let session = SCXMLSession(document: document)
                session.start()
                active += session.activeStates.count
            }
            return active
        }
    }

    /// Makes `count` ECMAScript datamodels, each a new JavaScriptCore context.
    public static func makeContexts(_ count: Int) -> Int {
        var made = 0
        for _ in 0..<count {
            if (try? ECMAScriptEngine.makeDatamodel(environment: SCXMLDatamodelEnvironment { _ in false })) != nil { made += 1 }
        }
        return made
    }

    /// Makes `count` ECMAScript datamodels and declares the document's two variables in each,
    /// as starting a session does.
    public static func makeContextsAndDeclare(_ count: Int) -> Int {
        var made = 0
        for _ in 0..<count {
            guard let model = try? ECMAScriptEngine.makeDatamodel(environment: SCXMLDatamodelEnvironment { _ in false }) else { continue }
            if (try? model.declare("limit", expression: "1000000")) != nil, (try? model.declare("level", expression: "3")) != nil { made += 1 }
        }
        return made
    }

    /// Runs the W3C suite in the ECMAScript profile once and times it, as
    /// `statecraft conformance --datamodel ecmascript` (the runner is not public API).
    ///
    /// - Returns: The wall time in milliseconds and the counts.
    public static func runSuite() throws -> (milliseconds: Double, summary: SCXMLSuiteCase.Summary) {
        try SCXMLSuiteCase.run(datamodel: "ecmascript")
    }
}
#endif
