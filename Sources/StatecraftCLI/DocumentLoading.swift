#if Tools
import StatecraftECMAScript
import StatecraftSCXML

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
    /// - Returns: The checked document.
    /// - Throws: ``Failure`` saying what is wrong and where.
    static func load(_ path: String, anyDatamodel: Bool = false) throws(Failure) -> SCXMLDocument {
        do {
            return try ToolDocument.load(path, datamodels: datamodels, anyDatamodel: anyDatamodel)
        } catch {
            throw Failure(description: "\(error)")
        }
    }
}
#endif
