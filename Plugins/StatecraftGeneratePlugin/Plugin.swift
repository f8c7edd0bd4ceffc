import PackagePlugin

/// Turns each `.scxml` file of a target into Swift at build time, as `statecraft generate`
/// does: a type named after the document with its `State` and `Event` enums and `makeChart()`.
/// A document that cannot be read or generated fails the build with its errors at their line
/// and column in the document.
///
/// ```swift
/// .target(name: "App", dependencies: [.product(name: "Statecraft", package: "statecraft")],
///         plugins: [.plugin(name: "StatecraftGeneratePlugin", package: "statecraft")])
/// ```
@main
struct StatecraftGeneratePlugin: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: any Target) throws -> [Command] {
        guard let target = target as? SourceModuleTarget else { return [] }
        let tool = try context.tool(named: "StatecraftGenerateTool")
        return target.sourceFiles(withSuffix: "scxml").map { file in
            let name = file.url.deletingPathExtension().lastPathComponent
            let output = context.pluginWorkDirectoryURL.appending(path: "\(name).swift")
            return .buildCommand(
                displayName: "Generating Swift from \(file.url.lastPathComponent)",
                executable: tool.url,
                arguments: [file.url.path(percentEncoded: false), output.path(percentEncoded: false)],
                inputFiles: [file.url],
                outputFiles: [output]
            )
        }
    }
}
