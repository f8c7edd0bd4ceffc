#if Tools
import ArgumentParser
import Foundation
@testable import StatecraftCLI
import StatecraftSCXML
import Testing

/// Every command that reads a document reads it, and the files it names, under the document's
/// read policy, and `--allow-read DIR` widens it.
@Suite("statecraft --allow-read")
struct ReadPolicyCommandTests {
    /// `root/machines/order.scxml`, whose `<script src>` names `root/shared/setup.txt`.
    final class Tree {
        let root: String
        var document: String { root + "/machines/order.scxml" }
        var shared: String { root + "/shared" }

        init() throws {
            let base = FileManager.default.temporaryDirectory.path + "/statecraft-allow-\(UUID().uuidString)"
            try FileManager.default.createDirectory(atPath: base + "/machines", withIntermediateDirectories: true)
            try FileManager.default.createDirectory(atPath: base + "/shared", withIntermediateDirectories: true)
            root = base
            try "var total = 0".write(toFile: base + "/shared/setup.txt", atomically: true, encoding: .utf8)
            try """
                <scxml xmlns="http://www.w3.org/2005/07/scxml" version="1.0">
                  <state id="a"><onentry><script src="../shared/setup.txt"/></onentry>
                    <transition event="go" target="b"/></state>
                  <final id="b"/>
                </scxml>
                """.write(toFile: document, atomically: true, encoding: .utf8)
        }

        deinit {
            try? FileManager.default.removeItem(atPath: root)
        }
    }

    @Test("Without the flag a file outside the document's folder is refused with the rule, line and column")
    func refusedByDefault() throws {
        let tree = try Tree()
        var report = CheckReport(strict: false, terminal: Terminal(usesColor: false))
        report.check(tree.document)
        #expect(report.status == 1)
        let line = try #require(report.lines.last)
        #expect(line.hasPrefix("error: \(tree.document):2:26: <script src=\"../shared/setup.txt\"> cannot be loaded"))
        #expect(line.contains("regular files inside its own folder"))
        #expect(line.contains("--allow-read DIR"))
    }

    @Test("--allow-read DIR (repeatable) lets the document read inside DIR")
    func flagWidens() throws {
        let tree = try Tree()
        let options = try ReadOptions.parse(["--allow-read", "/nonexistent-folder", "--allow-read", tree.shared])
        #expect(options.policy.allowedFolders == ["/nonexistent-folder", tree.shared])
        var report = CheckReport(strict: false, terminal: Terminal(usesColor: false), readPolicy: options.policy)
        report.check(tree.document)
        #expect(report.status == 0, "\(report.lines)")
        #expect(report.lines.last == "\(tree.document): ok, 2 states, datamodel 'statecraft'")
        // The flag reaches the command's options.
        let check = try Check.parse(["--allow-read", tree.shared, tree.document])
        #expect(check.reading.policy.allowedFolders == [tree.shared])
        let simulate = try Simulate.parse([tree.document, "--allow-read", tree.shared])
        #expect(try DocumentLoading.load(simulate.file, readPolicy: simulate.reading.policy).stateIDs == ["a", "b"])
        #expect(throws: DocumentLoading.Failure.self) { _ = try DocumentLoading.load(tree.document) }
    }

    @Test("Every command that reads a document documents --allow-read in its help")
    func helpNamesTheFlag() {
        let helps = [
            Check.helpMessage(), Draw.helpMessage(), Simulate.helpMessage(), Paths.helpMessage(),
            Inspect.helpMessage(), Conformance.helpMessage(),
        ]
        for help in helps.map({ $0.split(whereSeparator: \.isWhitespace).joined(separator: " ") }) {
            #expect(help.contains("--allow-read <dir>"))
            #expect(help.contains("its own folder"))
        }
    }
}
#endif
