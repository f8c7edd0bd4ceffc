#if Tools
import ArgumentParser
import Foundation
import StatecraftInspector
import StatecraftSCXML

/// `statecraft inspect FILE [--port P] [--host H] [--id ID]`: runs an SCXML document on the
/// real clock and serves the inspector's live page for it until interrupted.
struct Inspect: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Run an SCXML document with a live page: its chart, active states, events, timers and data.",
        discussion: """
            The document runs on the real clock, as an app would run it, and the page shows it
            live: the chart with the active states highlighted, the event log with each event's
            data and transitions, the delayed sends waiting, the datamodel's variables, a form
            to send events, and steps back through the recorded snapshots.

            At start three lines are printed:
              inspecting <file> as '<id>'
              page: http://127.0.0.1:<port>/?token=<token>
              token: <token>
            Open the page's address: it carries the token, which every route needs (the page
            and its files take it in the address, the updates WebSocket as the subprotocol
            'statecraft-token.<token>'). Tools send the header 'Authorization: Bearer <token>'
            with every request: POST /events {"name": "...", "data": ...}, GET /snapshot, ...
            Requests from other sites' pages (a foreign Origin) are refused.

            The page listens on 127.0.0.1 only unless --host says otherwise: it shows the
            document's data to whoever reaches it. Stop it with Ctrl-C.

            Each time a limit cuts the document's work short (an eventless or <raise> loop, an
            <invoke> past 16 levels or 1,000 sessions), a line is printed on standard error:
              statecraft: fault: <code>: <location>: <message>

            Exit status: 1 for a document error (with its line and column) or when the port
            cannot be listened on.

            Examples:
              statecraft inspect light.scxml
              statecraft inspect light.scxml --port 0      # any free port
            """
    )

    @Argument(help: "The SCXML document (.scxml, or a W3C test in .txml).")
    var file: String

    @OptionGroup var reading: ReadOptions

    @Option(help: "The port to listen on; 0 picks a free one.")
    var port: Int = InspectorConfiguration.defaultPort

    @Option(help: "The address to listen on. Anything but the loopback interface shows the document to the network.")
    var host: String = "127.0.0.1"

    @Option(help: "The machine's id on the page; by default the file's name.")
    var id: String?

    func run() async throws {
        let session: InspectSession
        do {
            session = try InspectSession(file: file, host: host, port: port, id: id, readPolicy: reading.policy)
        } catch {
            Terminal.writeError("error: \(error)")
            throw ExitCode(1)
        }
        do {
            try await session.inspector.run { address in
                for line in session.startLines(address) { print(line) }
                fflush(nil)
            }
        } catch {
            Terminal.writeError("error: \(error)")
            throw ExitCode(1)
        }
    }
}

/// A document loaded and attached to an inspector, not yet served.
struct InspectSession {
    let inspector: Inspector
    let id: String
    let file: String

    /// Loads the document and starts its session on the real clock.
    ///
    /// - Throws: ``DocumentLoading/Failure`` for a document error, `InspectorError` for an
    ///   unusable id.
    init(
        file: String, host: String, port: Int, id: String?, readPolicy: SCXMLDocument.ReadPolicy = .documentFolder
    ) throws {
        let document = try DocumentLoading.load(file, readPolicy: readPolicy)
        self.file = file
        self.id = id ?? Self.id(forFile: file)
        inspector = Inspector(configuration: InspectorConfiguration(host: host, port: port))
        try inspector.inspect(document: document, id: self.id)
    }

    /// The lines printed once the page is served.
    func startLines(_ address: InspectorAddress) -> [String] {
        ["inspecting \(file) as '\(id)'", "page: \(address.pageURL)", "token: \(address.token)"]
    }

    /// The file's name without folder and extension, with every character an id cannot hold
    /// made a `-`: `test144.txml` is `test144`.
    static func id(forFile file: String) -> String {
        let name = URL(fileURLWithPath: file).deletingPathExtension().lastPathComponent
        let cleaned = String(name.unicodeScalars.prefix(64).map { scalar -> Character in
            scalar.isASCII && (scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) || "._-".unicodeScalars.contains(scalar))
                ? Character(scalar) : "-"
        })
        return cleaned.isEmpty ? "machine" : cleaned
    }
}
#endif
