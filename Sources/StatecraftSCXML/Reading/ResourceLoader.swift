import Foundation

/// Loads the files a document names in `src` attributes, relative to the document's folder.
struct ResourceLoader: Sendable {
    /// The folder relative names are resolved against; `nil` refuses every relative name.
    var baseDirectory: String?
    /// Asked for a name that cannot be read as is: may supply the text another way (the
    /// conformance runner translates `name.txml` when `name.scxml` is asked for).
    var fallback: (@Sendable (_ path: String) -> String?)? = nil

    /// The text of the resource `reference` names (`file:name`, `file:///path`, or a plain path),
    /// or `nil` when it cannot be read.
    func load(_ reference: String) -> String? {
        var path = reference
        if path.hasPrefix("file://") {
            path = String(path.dropFirst("file://".count))
        } else if path.hasPrefix("file:") {
            path = String(path.dropFirst("file:".count))
        } else if path.contains("://") {
            return nil
        }
        if !path.hasPrefix("/") {
            guard let baseDirectory else { return nil }
            path = baseDirectory + "/" + path
        }
        guard let data = FileManager.default.contents(atPath: path), data.count <= 4 << 20 else {
            return fallback?(path)
        }
        return String(data: data, encoding: .utf8)
    }
}
