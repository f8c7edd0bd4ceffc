import Foundation
import Statecraft
import Testing

@Suite("JSON export")
struct JSONExportTests {
    private func object(_ text: String) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
    }

    @Test func statesAndTransitionsReferToEachOtherByIndex() throws {
        let json = try object(try doorChart().structure.json())
        #expect(json["name"] is NSNull)
        #expect(json["eventMatching"] as? String == "exact")
        #expect(json["initial"] as? [Int] == [0])
        let states = try #require(json["states"] as? [[String: Any]])
        #expect(states.map { $0["id"] as? String } == ["a", "b", "b1", "b2", "h"])
        #expect(states.map { $0["kind"] as? String } == ["atomic", "compound", "atomic", "final", "shallowHistory"])
        #expect(states[1]["children"] as? [Int] == [2, 3, 4])
        #expect(states[1]["initial"] as? [Int] == [2])
        #expect(states[2]["parent"] as? Int == 1)
        let location = try #require(states[0]["location"] as? [String: Any])
        #expect(location["file"] as? String == "StatecraftTests/ExportFixtures.swift")
        #expect(location["line"] as? Int == 6)
        #expect(location["column"] is NSNull)
        let transitions = try #require(json["transitions"] as? [[String: Any]])
        #expect(transitions.count == 4)
        #expect(transitions[1]["events"] as? [String] == ["reset"])
        #expect(transitions[1]["targets"] as? [Int] == [4])
        #expect(transitions[3]["source"] as? Int == 1)
        #expect(transitions[3]["guard"] as? Bool == false)
        #expect(transitions[3]["type"] as? String == "external")
    }

    @Test func delaysAreSecondsAndLabelsAndEscapesSurvive() throws {
        let chart = try Statechart<String, NamedEvent<Int>, Void> {
            Atomic("tab\there \"quoted\"") {
                OnEntry { _, _ in }.labelled("line\nbreak")
                OnExit { _, _ in }
                After(.milliseconds(150), to: "b", guard: { _, _ in true }).labelled(guard: "back\\slash")
            }
            Atomic("b") { On("x.y z", to: "b", type: .internal) }
        }
        let json = try object(chart.structure.json())
        #expect(json["eventMatching"] as? String == "descriptor")
        let states = try #require(json["states"] as? [[String: Any]])
        #expect(states[0]["id"] as? String == "tab\there \"quoted\"")
        #expect(states[0]["entry"] as? [String] == ["line\nbreak"])
        #expect((states[0]["exit"] as? [Any])?.first is NSNull)
        let transitions = try #require(json["transitions"] as? [[String: Any]])
        #expect(transitions[0]["trigger"] as? String == "after")
        #expect(transitions[0]["delay"] as? Double == 0.15)
        #expect(transitions[0]["guardLabel"] as? String == "back\\slash")
        #expect(transitions[1]["events"] as? [String] == ["x.y", "z"])
        #expect(transitions[1]["delay"] is NSNull)
        #expect(transitions[1]["type"] as? String == "internal")
        #expect((json["emittedEvents"] as? [Any])?.isEmpty == true)
    }

    @Test func everyFormatIsReachedByName() throws {
        let structure = try doorChart().structure
        #expect(ChartStructure.Format.allCases.map(\.rawValue) == ["dot", "mermaid", "plantuml", "json"])
        #expect(structure.drawing(.dot) == structure.dot())
        #expect(structure.drawing(.mermaid, highlighting: ["a"]) == structure.mermaid(highlighting: ["a"]))
        #expect(structure.drawing(.plantuml) == structure.plantUML())
        #expect(structure.drawing(.json) == structure.json())
    }
}
