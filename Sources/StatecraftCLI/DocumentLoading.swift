import Foundation
import StatecraftECMAScript
import StatecraftSCXML

/// Reads the documents the commands take: SCXML, and W3C test documents (`.txml`) whose
/// conformance markup is translated for the `statecraft` datamodel first, as
/// `statecraft conformance` does.
enum DocumentLoading {
    /// Why a document could not be loaded: the reader's or the translation's message, with
    /// the file, line and column.
    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    /// Reads, translates and checks the document at `path`.
    ///
    /// - Parameters:
    ///   - path: The document's path.
    ///   - anyDatamodel: Whether to read a document whose datamodel this build cannot run
    ///     (`ecmascript`, `xpath`, or another name) as if it were `null`: enough to draw it,
    ///     since a drawing shows expressions as written and runs none.
    /// - Returns: The checked document.
    /// - Throws: ``Failure`` saying what is wrong and where.
    static func load(_ path: String, anyDatamodel: Bool = false) throws(Failure) -> SCXMLDocument {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw Failure(description: "\(path): cannot read the file")
        }
        let folder = (path as NSString).deletingLastPathComponent
        do {
            let root = try DocumentReader().read(String(decoding: data, as: UTF8.self), file: path)
            let translated: DocumentElement
            do {
                translated = try ConformanceMarkup.translate(root)
            } catch {
                throw Failure(description: "\(path):\(error)")
            }
            // With JavaScriptCore in the build, documents may name the ecmascript datamodel too.
            var datamodels = (try? SCXMLDatamodels.withECMAScript()) ?? .standard
            if anyDatamodel, let name = translated.attribute("datamodel"), !datamodels.names.contains(name) {
                datamodels.register(name, SCXMLNullDatamodel.self)
            }
            return try SCXMLDocument(
                root: translated, file: path, baseDirectory: folder.isEmpty ? "." : folder, datamodels: datamodels
            )
        } catch let error as Failure {
            throw error
        } catch {
            throw Failure(description: "\(error)")
        }
    }
}
