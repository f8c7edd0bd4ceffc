#if Tools
import Foundation
@testable import StatecraftCLI
import Testing

@Suite("statecraft check")
struct CheckCommandTests {
    private func write(_ text: String) throws -> String {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("statecraft-\(UUID().uuidString).scxml").path
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        return path
    }

    static let linted = """
        <scxml xmlns="http://www.w3.org/2005/07/scxml" version="1.0">
          <state id="a"><transition event="go" target="b"/><transition event="go" target="c"/></state>
          <state id="b"><onentry><raise event="nobody"/></onentry></state>
          <final id="c"/>
        </scxml>
        """

    @Test func lintFindingsAreWarningsWithLineAndColumnAndDoNotFail() throws {
        let path = try write(Self.linted)
        defer { try? FileManager.default.removeItem(atPath: path) }
        var report = CheckReport(strict: false, terminal: Terminal(usesColor: false))
        report.check(path)
        #expect(report.status == 0)
        let codes = report.lines.compactMap { $0.split(separator: "[").last.map { String($0.dropLast()) } }
        #expect(codes.prefix(4) == ["unreachableState", "shadowedTransition", "noWayOut", "unhandledEvent"])
        #expect(report.lines[0].hasPrefix("\(path):4:3: warning: state 'c' cannot be reached from the initial state 'a'"))
        #expect(report.lines[1].hasPrefix("\(path):2:52: warning: the transition 'go' from 'a' is never taken"))
        #expect(report.lines[2].hasPrefix("\(path):3:3: warning: state 'b' is not final"))
        #expect(report.lines[3].hasPrefix("\(path):3:26: warning: state 'b' raises the event 'nobody'"))
        #expect(report.lines.last == "\(path): 4 findings, 3 states, datamodel 'statecraft'")
    }

    @Test func strictMakesFindingsErrorsAndExitsWithTwo() throws {
        let path = try write(Self.linted)
        defer { try? FileManager.default.removeItem(atPath: path) }
        var report = CheckReport(strict: true, terminal: Terminal(usesColor: false))
        report.check(path)
        #expect(report.status == 2)
        #expect(report.lines[0].contains(": error: "))
    }

    @Test func aCleanDocumentIsOkAndAnInvalidOneExitsWithOne() throws {
        let clean = try write("""
            <scxml xmlns="http://www.w3.org/2005/07/scxml" version="1.0">
              <state id="a"><transition event="go" target="b"/></state>
              <final id="b"/>
            </scxml>
            """)
        let broken = try write("""
            <scxml xmlns="http://www.w3.org/2005/07/scxml" version="1.0">
              <state id="a"><transition event="go" target="nowhere"/></state>
            </scxml>
            """)
        defer {
            try? FileManager.default.removeItem(atPath: clean)
            try? FileManager.default.removeItem(atPath: broken)
        }
        var report = CheckReport(strict: true, terminal: Terminal(usesColor: false))
        report.check(clean)
        #expect(report.lines == ["\(clean): ok, 2 states, datamodel 'statecraft'"])
        #expect(report.status == 0)
        report.check(broken)
        #expect(report.status == 1)
        #expect(report.lines.last?.hasPrefix("error: \(broken):2:") == true)
        #expect(report.lines.last?.contains("nowhere") == true)
    }

    /// SCXML 3.2.2 allows an `<scxml>` without states and 3.4 a `<parallel>` without child
    /// states: neither is an error.
    @Test func documentsWithoutStatesAndParallelsWithoutChildrenAreNotErrors() throws {
        let empty = try write(#"<scxml xmlns="http://www.w3.org/2005/07/scxml" version="1.0"/>"#)
        let regionless = try write(#"<scxml xmlns="http://www.w3.org/2005/07/scxml" version="1.0"><parallel id="p"/></scxml>"#)
        defer {
            try? FileManager.default.removeItem(atPath: empty)
            try? FileManager.default.removeItem(atPath: regionless)
        }
        var report = CheckReport(strict: false, terminal: Terminal(usesColor: false))
        report.check(empty)
        report.check(regionless)
        #expect(report.status == 0, "\(report.lines)")
        #expect(!report.lines.contains { $0.contains("error:") }, "\(report.lines)")
        #expect(report.lines.contains { $0.hasPrefix("\(empty): ") && $0.hasSuffix("0 states, datamodel 'statecraft'") }, "\(report.lines)")
        #expect(report.lines.contains { $0.hasPrefix("\(regionless): ") && $0.hasSuffix("1 states, datamodel 'statecraft'") }, "\(report.lines)")
    }

    @Test(.enabled(if: Suite.isPresent, Suite.absence)) func everyW3CDocumentIsCheckedWithoutCrashing() throws {
        var report = CheckReport(strict: false, terminal: Terminal(usesColor: false))
        let documents = try Suite.documents()
        try #require(documents.count > 150)
        for path in documents { report.check(path) }
        // Every document ends in a summary line or an error with its place.
        let summaries = report.lines.filter { $0.contains(" states, datamodel '") }
        let errors = report.lines.filter { $0.hasPrefix("error: ") }
        #expect(summaries.count + errors.count == documents.count)
        #expect(errors.allSatisfy { $0.contains(".txml:") }, "\(errors)")
        #expect(report.status == 1)
    }

    @Test func colourOnlyOnATerminalAndNeverWithNoColor() {
        #expect(Terminal.allowsColor(isTerminal: true, environment: [:]))
        #expect(!Terminal.allowsColor(isTerminal: false, environment: [:]))
        #expect(!Terminal.allowsColor(isTerminal: true, environment: ["NO_COLOR": "1"]))
        #expect(Terminal.allowsColor(isTerminal: true, environment: ["NO_COLOR": ""]))
        #expect(!Terminal.allowsColor(isTerminal: true, environment: ["TERM": "dumb"]))
        #expect(Terminal(usesColor: true).paint("error:", .error) == "\u{1B}[1;31merror:\u{1B}[0m")
        #expect(Terminal(usesColor: false).paint("error:", .error) == "error:")
        #expect(Conformance.painted("PASS test144", Terminal(usesColor: true)) == "\u{1B}[32mPASS\u{1B}[0m test144")
        #expect(Conformance.painted("note", Terminal(usesColor: true)) == "note")
    }
}
#endif
