#if Tools
import ArgumentParser
import StatecraftECMAScript
import StatecraftSCXML
import StatecraftTools

/// Reads the documents the commands take (SCXML, and W3C test documents in `.txml` with their
/// conformance markup translated, as `statecraft conformance` does) with every datamodel this
/// build can run: `null`, `statecraft`, and `ecmascript` when it has JavaScriptCore.
enum DocumentLoading {
    /// Why a document could not be loaded: the reader's or the translation's message, with
    /// the file, line and column.
    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    /// The datamodels of this build.
    static var datamodels: SCXMLDatamodels { (try? SCXMLDatamodels.withECMAScript()) ?? .standard }

    /// Reads, translates and checks the document at `path`.
    ///
    /// - Parameters:
    ///   - path: The document's path.
    ///   - anyDatamodel: Whether to read a document whose datamodel this build cannot run
    ///     (`ecmascript` without JavaScriptCore, `xpath`, or another name) as if it were `null`:
    ///     enough to draw it, since a drawing shows expressions as written and runs none.
    ///   - readPolicy: Which files the document and the files it names may be read from (its
    ///     own folder by default, widened by `--allow-read`).
    /// - Returns: The checked document.
    /// - Throws: ``Failure`` saying what is wrong and where.
    static func load(
        _ path: String, anyDatamodel: Bool = false, readPolicy: SCXMLDocument.ReadPolicy = .documentFolder
    ) throws(Failure) -> SCXMLDocument {
        do {
            return try ToolDocument.load(path, datamodels: datamodels, anyDatamodel: anyDatamodel, readPolicy: readPolicy)
        } catch {
            throw Failure(description: "\(error)")
        }
    }

    /// Reads the document as ``load(_:anyDatamodel:readPolicy:)`` does, for a command that
    /// can do nothing without it: a failure is written to standard error as `error: ...` and
    /// ends the command with exit code 1.
    static func loadOrExit(
        _ path: String, anyDatamodel: Bool = false, readPolicy: SCXMLDocument.ReadPolicy = .documentFolder
    ) throws(ExitCode) -> SCXMLDocument {
        do {
            return try load(path, anyDatamodel: anyDatamodel, readPolicy: readPolicy)
        } catch {
            Terminal.writeError("\(Terminal.standardError.paint("error:", .error)) \(error)")
            throw ExitCode(1)
        }
    }
}

/// `--allow-read DIR`, shared by every command that reads a document.
struct ReadOptions: ParsableArguments {
    /// What `--help` says of the option.
    static let help = """
        Also let the document, and the files and documents it names in src and srcexpr, read regular \
        files inside DIR (repeatable). Without it a document reads only regular files inside its own \
        folder, symbolic links resolved, 4 MiB each; anything else (a path outside, a link leading out, \
        a device, a pipe, a URL) is refused with one message that does not say whether the file exists.
        """

    @Option(name: .customLong("allow-read"), help: ArgumentHelp(Self.help, valueName: "dir"))
    var allowRead: [String] = []

    /// The policy the options give.
    var policy: SCXMLDocument.ReadPolicy {
        SCXMLDocument.ReadPolicy(allowedFolders: allowRead)
    }
}
#endif
