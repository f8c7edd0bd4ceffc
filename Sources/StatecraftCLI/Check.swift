import ArgumentParser
import StatecraftSCXML

/// `statecraft check FILE...`: reads and checks SCXML documents.
struct Check: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Read and check SCXML documents; print what is wrong and where."
    )

    @Argument(help: "SCXML documents.")
    var files: [String]

    func run() throws {
        var failed = false
        for file in files {
            do {
                let document = try SCXMLDocument(contentsOfFile: file)
                print("\(file): ok, \(document.stateIDs.count) states, datamodel '\(document.datamodelName)'")
            } catch {
                print(error)
                failed = true
            }
        }
        if failed { throw ExitCode(1) }
    }
}
