import Foundation

/// Where the tests find the W3C documents and Graphviz.
enum Suite {
    /// `../shared/scxml-irp` beside the package.
    static let folder: String = {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        return root.deletingLastPathComponent().appendingPathComponent("shared/scxml-irp").path
    }()

    /// Every test document of the suite (`NNN/testNNN.txml`, and the documents they load).
    static func documents() throws -> [String] {
        let names = try FileManager.default.subpathsOfDirectory(atPath: folder)
        return names.filter { $0.hasSuffix(".txml") }.sorted().map { folder + "/" + $0 }
    }

    /// Graphviz's `dot`, when it is installed.
    static let dot: String? = ["/usr/bin", "/usr/local/bin", "/opt/homebrew/bin"]
        .map { $0 + "/dot" }.first { FileManager.default.isExecutableFile(atPath: $0) }
}
