#if Tools
import Foundation
@testable import StatecraftCLI
import StatecraftInspector
import Testing

@Suite("statecraft inspect")
struct InspectCommandTests {
    @Test func theIDIsTheFilesNameMadeUsableInAURL() {
        #expect(InspectSession.id(forFile: "../shared/scxml-irp/144/test144.txml") == "test144")
        #expect(InspectSession.id(forFile: "my light (v2).scxml") == "my-light--v2-")
        #expect(InspectSession.id(forFile: ".scxml") == ".scxml")
    }

    @Test func aDocumentIsServedAndItsStartLinesNameThePageAndTheToken() async throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("inspect-\(UUID().uuidString).scxml").path
        try Data("""
            <scxml xmlns="http://www.w3.org/2005/07/scxml" version="1.0" initial="a">
              <state id="a"><transition event="go" target="b"/></state>
              <state id="b"/>
            </scxml>
            """.utf8).write(to: URL(fileURLWithPath: path))
        defer { try? FileManager.default.removeItem(atPath: path) }
        let session = try InspectSession(file: path, host: "127.0.0.1", port: 0, id: "doc")
        let address = try await session.inspector.start()
        let lines = session.startLines(address)
        #expect(lines == [
            "inspecting \(path) as 'doc'", "page: http://127.0.0.1:\(address.port)/?token=\(address.token)",
            "token: \(address.token)",
        ])
        #expect(session.inspector.machineIDs == ["doc"])
        await session.inspector.stop()
    }

    @Test func aBrokenDocumentIsAnErrorNotACrash() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("inspect-\(UUID().uuidString).scxml").path
        try Data("<scxml><state id=".utf8).write(to: URL(fileURLWithPath: path))
        defer { try? FileManager.default.removeItem(atPath: path) }
        #expect(throws: (any Error).self) { try InspectSession(file: path, host: "127.0.0.1", port: 0, id: nil) }
    }
}
#endif
