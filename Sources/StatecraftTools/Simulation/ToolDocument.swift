import Foundation
package import StatecraftSCXML

/// Reads the document a command-line tool is given: an SCXML file, or a W3C test (`.txml`) with
/// its `conf:` markup translated as the conformance runner does, so that the tools work on
/// every document of the W3C suite.
package enum ToolDocument {
    /// Reads and compiles the document at `path`.
    ///
    /// - Parameters:
    ///   - path: An `.scxml` file, or a W3C test written in `.txml`.
    ///   - datamodels: The datamodels the document may name (the CLI adds `ecmascript` when
    ///     its build has JavaScriptCore).
    ///   - anyDatamodel: Whether to read a document whose datamodel is not in `datamodels`
    ///     (`xpath`, or another name) as if it were `null`: enough to draw it, since a drawing
    ///     shows expressions as written and runs none.
    ///   - readPolicy: Which files the document and the documents it loads may read; the
    ///     document itself is read under it too, and refused before it is read when it is
    ///     larger than the reader's limit.
    /// - Returns: The compiled document.
    /// - Throws: ``SCXMLError`` with the file, line and column of the first mistake.
    package static func load(
        _ path: String, datamodels: SCXMLDatamodels = .standard, anyDatamodel: Bool = false,
        readPolicy: SCXMLDocument.ReadPolicy = .documentFolder
    ) throws(SCXMLError) -> SCXMLDocument {
        let text = try ResourceLoader.documentText(atPath: path, policy: readPolicy)
        var root = try DocumentReader().read(text, file: path)
        if path.hasSuffix(".txml") {
            do {
                root = try ConformanceMarkup.translate(root)
            } catch {
                throw SCXMLError(code: .invalidDocument, message: error.message, position: error.position, file: path)
            }
        }
        var datamodels = datamodels
        if anyDatamodel, let name = root.attribute("datamodel"), !datamodels.names.contains(name) {
            datamodels.register(name, SCXMLNullDatamodel.self)
        }
        let folder = (path as NSString).deletingLastPathComponent
        let base = folder.isEmpty ? "." : folder
        guard path.hasSuffix(".txml") else {
            return try SCXMLDocument(root: root, file: path, baseDirectory: base, datamodels: datamodels, readPolicy: readPolicy)
        }
        let fallback = ConformanceRunner(directory: base, profile: .statecraft).supplement
        return try SCXMLDocument(
            root: root, file: path, baseDirectory: base, fallback: fallback, datamodels: datamodels, readPolicy: readPolicy
        )
    }
}
