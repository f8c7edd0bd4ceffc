#if Tools
import Foundation
import Testing

/// Where the tests find the W3C documents and Graphviz.
///
/// The documents are looked for in the folder `STATECRAFT_SCXML_IRP` names, else in
/// `../shared/scxml-irp` beside the package, as the SCXML tests do. A clone without them skips
/// the tests that need them, with ``absence`` as the reason.
enum Suite {
    /// Where the W3C tests are expected.
    static let folder: String = {
        if let named = ProcessInfo.processInfo.environment["STATECRAFT_SCXML_IRP"], !named.isEmpty { return named }
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        return root.deletingLastPathComponent().appendingPathComponent("shared/scxml-irp").path
    }()

    /// Whether the W3C tests are there (their manifest is).
    static let isPresent = FileManager.default.fileExists(atPath: folder + "/manifest.xml")

    /// Why the tests that need the W3C documents are skipped, when they are absent.
    static let absence: Comment = Comment(
        rawValue: "the W3C SCXML tests were not found at \(folder): put the Implementation Report Plan folder "
            + "at ../shared/scxml-irp beside the package, or set STATECRAFT_SCXML_IRP to its path"
    )

    /// Every test document of the suite (`NNN/testNNN.txml`, and the documents they load).
    static func documents() throws -> [String] {
        let names = try FileManager.default.subpathsOfDirectory(atPath: folder)
        return names.filter { $0.hasSuffix(".txml") }.sorted().map { folder + "/" + $0 }
    }

    /// Graphviz's `dot`, when it is installed.
    static let dot: String? = ["/usr/bin", "/usr/local/bin", "/opt/homebrew/bin"]
        .map { $0 + "/dot" }.first { FileManager.default.isExecutableFile(atPath: $0) }
}
#endif
