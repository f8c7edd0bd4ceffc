import Foundation
@testable import StatecraftSCXML
@testable import StatecraftTools
import Testing

/// Attributes whose value is an expression of the datamodel.
private let expressionAttributes: Set<String> = [
    "cond", "expr", "targetexpr", "typeexpr", "eventexpr", "delayexpr", "srcexpr", "sendidexpr", "array",
]
/// Attributes whose value is a location.
private let locationAttributes: Set<String> = ["location", "idlocation", "item", "index"]
/// The values the mapping makes invalid on purpose (`conf:illegalExpr`, `conf:invalidNamelist`,
/// `conf:illegalItem`).
private let deliberatelyInvalid: Set<String> = ["1 +", "\"foo", "'continue'"]

@Suite("W3C conformance markup: the whole suite", .enabled(if: W3CSuite.folder != nil, W3CSuite.absence))
struct ConformanceSuiteTests {
    private var suiteFolder: URL { URL(fileURLWithPath: W3CSuite.folder ?? W3CSuite.expectedFolder) }

    @Test("The catalog holds exactly the templates of the W3C's confEcma.xsl, attributes and elements")
    func catalogIsTheSheet() throws {
        let sheet = try String(contentsOf: suiteFolder.appendingPathComponent("confEcma.xsl"), encoding: .utf8)
        var templates: [String] = []
        for match in sheet.split(separator: "<xsl:template match=\"").dropFirst() {
            let pattern = match.prefix { $0 != "\"" }
            guard pattern != "/ | @* | node()" else { continue }
            var name = pattern.hasPrefix("//") ? pattern.dropFirst(2) : pattern[...]
            if name.hasPrefix("@conf:") {
                templates.append(String(name.dropFirst("@conf:".count)))
            } else {
                name = name.dropFirst("conf:".count)
                templates.append("<" + name)
            }
        }
        let catalog = ConformanceItem.catalog.map { $0.isElement ? "<" + $0.name : $0.name }
        #expect(catalog == templates)
    }

    /// Every `.txml` file, as its test number and URL.
    private func testFiles() throws -> [(number: String, url: URL)] {
        let manager = FileManager.default
        var files: [(String, URL)] = []
        for folder in try manager.contentsOfDirectory(atPath: suiteFolder.path).sorted() {
            let folderURL = suiteFolder.appendingPathComponent(folder)
            var isDirectory: ObjCBool = false
            guard manager.fileExists(atPath: folderURL.path, isDirectory: &isDirectory), isDirectory.boolValue else { continue }
            for file in try manager.contentsOfDirectory(atPath: folderURL.path).sorted() where file.hasSuffix(".txml") {
                files.append((folder, folderURL.appendingPathComponent(file)))
            }
        }
        return files
    }

    @Test("Every test of the suite translates, and its expressions parse")
    func wholeSuite() throws {
        let manifest = try W3CSuite.manifest(in: suiteFolder.path)
        let files = try testFiles()
        try #require(files.count >= 150, "only \(files.count) .txml files in \(suiteFolder.path)")
        var translated = 0
        var itemsSeen: Set<String> = []
        var basicHTTP: [String] = []
        for (number, url) in files {
            let text = String(decoding: try Data(contentsOf: url), as: UTF8.self)
            let test: DocumentElement
            do {
                test = try DocumentReader().read(text)
            } catch {
                // A few tests are prose for a person to follow, not documents.
                #expect(manifest[number]?.manual == true, "\(url.lastPathComponent) is not XML (\(error)) and not a manual test")
                continue
            }
            collectItems(test, into: &itemsSeen)
            if ConformanceMarkup.usesBasicHTTP(test) { basicHTTP.append(number) }
            do {
                let document = try ConformanceMarkup.translate(test)
                translated += 1
                checkNoMarkupRemains(document, in: url.lastPathComponent)
                checkExpressions(document, statecraft: false, in: url.lastPathComponent)
            } catch {
                Issue.record("\(url.lastPathComponent): \(error)")
            }
        }
        #expect(translated >= 150)
        // Every item the suite uses was met, so the mapping was exercised on real tests.
        #expect(itemsSeen.isSuperset(of: ["pass", "fail", "targetpass", "idVal", "incrementID", "array123", "script"]))
        // The Basic HTTP I/O processor is optional in SCXML; so must be the tests that need it.
        #expect(!basicHTTP.isEmpty)
        for number in Set(basicHTTP) {
            #expect(manifest[number]?.optional == true, "test \(number) needs Basic HTTP but is mandatory")
        }
    }

    private func collectItems(_ element: DocumentElement, into items: inout Set<String>) {
        if element.namespace == ConformanceMarkup.namespace { items.insert(element.name) }
        for attribute in element.attributes where attribute.namespace == ConformanceMarkup.namespace {
            items.insert(attribute.localName)
        }
        for child in element.elements { collectItems(child, into: &items) }
    }

    private func checkNoMarkupRemains(_ element: DocumentElement, in file: String) {
        #expect(element.namespace != ConformanceMarkup.namespace, "\(file): <\(element.name)> remains")
        for attribute in element.attributes {
            #expect(attribute.namespace != ConformanceMarkup.namespace, "\(file): conf:\(attribute.localName) remains")
        }
        #expect(!element.namespaceDeclarations.values.contains(ConformanceMarkup.namespace), "\(file): xmlns:conf remains")
        for child in element.elements { checkNoMarkupRemains(child, in: file) }
    }

    /// Checks that the expressions and locations of documents for the statecraft datamodel
    /// parse, except the values the mapping makes invalid on purpose.
    private func checkExpressions(_ element: DocumentElement, statecraft inherited: Bool, in file: String) {
        var statecraft = inherited
        if element.name == "scxml" { statecraft = element.attribute("datamodel") == "statecraft" }
        if statecraft {
            for attribute in element.attributes where attribute.namespace == nil && !deliberatelyInvalid.contains(attribute.value) {
                let name = attribute.localName
                let error: SCXMLDatamodelError?
                if expressionAttributes.contains(name) {
                    error = failure { try SCXMLExpressionDatamodel.checkSyntax(expression: attribute.value) }
                } else if locationAttributes.contains(name) {
                    error = failure { try SCXMLExpressionDatamodel.checkSyntax(location: attribute.value) }
                } else if name == "namelist" {
                    error = failure {
                        for location in attribute.value.split(separator: " ") {
                            try SCXMLExpressionDatamodel.checkSyntax(location: String(location))
                        }
                    }
                } else {
                    error = nil
                }
                #expect(error == nil, "\(file) \(element.position): \(name)=\"\(attribute.value)\": \(error?.description ?? "")")
            }
            if element.name == "script", !element.hasElementChildren {
                #expect(failure { try SCXMLExpressionDatamodel.checkSyntax(script: element.text) } == nil, "\(file): script")
            }
        }
        for child in element.elements { checkExpressions(child, statecraft: statecraft, in: file) }
    }
}
