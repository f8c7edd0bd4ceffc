import StatecraftSCXML
import Testing

/// Small documents run the way the recommendation's requirements are stated: a body of states
/// inside `<scxml>`, a few events, and what the session logged and where it ended.
enum Recommendation {
    /// The opening tag every document here starts with; `attributes` go inside it.
    static func root(_ attributes: String = "", datamodel: String = "statecraft") -> String {
        "<scxml xmlns=\"http://www.w3.org/2005/07/scxml\" version=\"1.0\" datamodel=\"\(datamodel)\" \(attributes)>"
    }

    /// Reads `body` inside `<scxml>`.
    static func document(_ body: String, attributes: String = "", datamodel: String = "statecraft") throws -> SCXMLDocument {
        try SCXMLDocument(xml: root(attributes, datamodel: datamodel) + "\n" + body + "\n</scxml>", file: "spec.scxml")
    }

    /// Starts a session of `body`, sends `events` one after another (each processed to the
    /// end), and answers what it logged and where it is.
    static func run(
        _ body: String, attributes: String = "", datamodel: String = "statecraft", events: [String] = []
    ) throws -> Run {
        let run = Run(session: SCXMLSession(document: try document(body, attributes: attributes, datamodel: datamodel)))
        run.session.start()
        for event in events { run.session.send(SCXMLEvent(event)) }
        return run
    }

    /// The error reading `xml` (a whole document) throws, or `nil` when it reads.
    static func refusal(xml: String) -> SCXMLError? {
        do {
            _ = try SCXMLDocument(xml: xml, file: "spec.scxml")
            return nil
        } catch {
            return error
        }
    }

    /// The error reading `body` inside `<scxml>` throws, or `nil` when it reads.
    static func refusal(_ body: String, attributes: String = "", datamodel: String = "statecraft") -> SCXMLError? {
        refusal(xml: root(attributes, datamodel: datamodel) + "\n" + body + "\n</scxml>")
    }
}

/// A started session and the `<log>` lines it wrote, as `label:message` (or just the message
/// when the label is empty).
final class Run {
    let session: SCXMLSession
    private(set) var log: [String] = []

    init(session: SCXMLSession) {
        self.session = session
        session.logHandler = { [unowned self] label, message in
            self.log.append(label.isEmpty ? message : "\(label):\(message)")
        }
    }

    /// Sends an event and processes it to the end.
    func send(_ name: String, data: SCXMLValue = .undefined) {
        session.send(SCXMLEvent(name, data: data))
    }

    /// The active states, in document order.
    var active: [String] { session.activeStates }
}

/// Expects reading `body` to be refused with a message containing `words`, at `line` (the
/// body's first line is line 2) and `column`.
func expectRefused(
    _ body: String, _ words: String, line: Int, column: Int, attributes: String = "",
    sourceLocation: SourceLocation = #_sourceLocation
) {
    guard let error = Recommendation.refusal(body, attributes: attributes) else {
        Issue.record("the document was read; expected a refusal saying \(words)", sourceLocation: sourceLocation)
        return
    }
    #expect(error.message.contains(words), "\(error)", sourceLocation: sourceLocation)
    #expect(error.position == TextPosition(line: line, column: column), "\(error)", sourceLocation: sourceLocation)
    #expect(error.file == "spec.scxml", sourceLocation: sourceLocation)
}

/// Expects `body` to be read.
func expectRead(_ body: String, attributes: String = "", sourceLocation: SourceLocation = #_sourceLocation) {
    if let error = Recommendation.refusal(body, attributes: attributes) {
        Issue.record("the document was refused: \(error)", sourceLocation: sourceLocation)
    }
}
