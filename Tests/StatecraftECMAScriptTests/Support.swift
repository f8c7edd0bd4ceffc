import StatecraftECMAScript
import StatecraftSCXML
import Testing

extension Trait where Self == ConditionTrait {
    /// Runs the test only in a build with JavaScriptCore; otherwise it is skipped, and the skip
    /// says which trait and which apt package bring the engine in.
    static var needsJavaScriptCore: Self {
        .enabled(if: ECMAScriptEngine.isAvailable, Comment(rawValue: ECMAScriptEngine.unavailableReason))
    }
}

/// A datamodel by itself, whose `In()` answers from `active`.
func makeModel(active: Set<String> = []) throws -> any SCXMLDatamodel {
    try ECMAScriptEngine.makeDatamodel(environment: SCXMLDatamodelEnvironment { active.contains($0) })
}

/// A session of an ECMAScript document, with the `<log>` lines it prints.
final class LoggedSession {
    let session: SCXMLSession
    private(set) var lines: [String] = []

    init(_ xml: String, file: String? = nil, baseDirectory: String? = nil, limits: ECMAScriptLimits = ECMAScriptLimits()) throws {
        let document = try SCXMLDocument(
            xml: xml, file: file, baseDirectory: baseDirectory, datamodels: try .withECMAScript(limits: limits)
        )
        session = SCXMLSession(document: document)
        session.logHandler = { [unowned self] label, message in
            self.lines.append(label.isEmpty ? message : "\(label): \(message)")
        }
    }

    /// Starts the session and runs it until nothing is left to do.
    @discardableResult
    func run() -> Self {
        session.runToEnd()
        return self
    }

    /// Lines logged with `label`, without it.
    func logged(_ label: String) -> [String] {
        lines.compactMap { line in line.hasPrefix(label + ": ") ? String(line.dropFirst(label.count + 2)) : nil }
    }
}

/// A document in the ECMAScript datamodel whose body is `states`.
func ecmascript(_ states: String, attributes: String = "") -> String {
    """
    <scxml xmlns="http://www.w3.org/2005/07/scxml" version="1.0" datamodel="ecmascript" \(attributes)>
    \(states)
    </scxml>
    """
}
