import Foundation

/// Reads the document a command-line tool is given: an SCXML file, or a W3C test (`.txml`) with
/// its `conf:` markup translated as the conformance runner does, so that the tools work on
/// every document of the W3C suite.
package enum ToolDocument {
    /// Reads and compiles the document at `path`.
    ///
    /// - Parameter path: An `.scxml` file, or a W3C test written in `.txml`.
    /// - Returns: The compiled document.
    /// - Throws: ``SCXMLError`` with the file, line and column of the first mistake.
    package static func load(_ path: String) throws(SCXMLError) -> SCXMLDocument {
        guard path.hasSuffix(".txml") else { return try SCXMLDocument(contentsOfFile: path) }
        guard let data = FileManager.default.contents(atPath: path) else {
            throw SCXMLError(code: .unreadableFile, message: "cannot read the file '\(path)'", file: path)
        }
        let root = try DocumentReader().read(String(decoding: data, as: UTF8.self), file: path)
        let translated: DocumentElement
        do {
            translated = try ConformanceMarkup.translate(root)
        } catch {
            throw SCXMLError(code: .invalidDocument, message: error.message, position: error.position, file: path)
        }
        let folder = (path as NSString).deletingLastPathComponent
        let base = folder.isEmpty ? "." : folder
        let loader = ResourceLoader(
            baseDirectory: base, fallback: ConformanceRunner(directory: base, profile: .statecraft).supplement
        )
        return try SCXMLDocument(root: translated, file: path, loader: loader, datamodels: .standard)
    }
}
