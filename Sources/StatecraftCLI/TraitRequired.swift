#if !Tools
import Foundation

// Built without the Tools trait, the command-line tool is only this file: it says how to build it.
@main
enum StatecraftWithoutTools {
    static func main() {
        FileHandle.standardError.write(Data("""
            statecraft is built only with the package trait Tools (swift-argument-parser, the inspector): \
            swift run --traits Tools statecraft \(CommandLine.arguments.dropFirst().joined(separator: " "))

            """.utf8))
        exit(2)
    }
}
#endif
