import ArgumentParser
import StatecraftECMAScript
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
        // With JavaScriptCore in the build, documents may name the ecmascript datamodel too.
        let datamodels = (try? SCXMLDatamodels.withECMAScript()) ?? .standard
        for file in files {
            do {
                let document = try SCXMLDocument(contentsOfFile: file, datamodels: datamodels)
                print("\(file): ok, \(document.stateIDs.count) states, datamodel '\(document.datamodelName)'")
            } catch {
                print(error)
                failed = true
            }
        }
        if failed { throw ExitCode(1) }
    }
}
