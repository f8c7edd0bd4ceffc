import Foundation
import StatecraftSCXML
@testable import StatecraftTools
import Testing

/// The benchmark `scxml.generated` (in the nested package `Benchmarks`) times Swift generated
/// from `Benchmarks/Documents/generated-ring.scxml` and checked in; it must be what the
/// generator writes today, or the figures measure old code.
@Suite("The benchmark's generated chart is current")
struct GenerateBenchmarkTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    @Test func theCheckedInSwiftIsWhatTheGeneratorWrites() throws {
        let document = try SCXMLDocument(
            contentsOfFile: Self.root.appendingPathComponent("Benchmarks/Documents/generated-ring.scxml").path
        )
        let swift = try SCXMLSwiftGenerator(document: document).generate()
        let checkedIn = try String(
            contentsOf: Self.root.appendingPathComponent("Benchmarks/Sources/BenchmarkCases/GeneratedRing.swift"), encoding: .utf8
        )
        // When this fails, write it again from the repository's root:
        // swift run statecraft generate Benchmarks/Documents/generated-ring.scxml \
        //     --output Benchmarks/Sources/BenchmarkCases/GeneratedRing.swift
        #expect(checkedIn == swift)
    }
}
