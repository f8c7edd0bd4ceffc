#if Inspector
import Foundation
import Testing
import StatecraftInspector
import StatecraftRuntime
import StatecraftSCXML

/// An SCXML document that keeps each `put` event's data in its datamodel, so that a record's
/// size follows the data sent.
let blobXML = """
    <scxml xmlns="http://www.w3.org/2005/07/scxml" version="1.0" datamodel="statecraft" initial="idle">
      <datamodel><data id="blob" expr="''"/></datamodel>
      <state id="idle">
        <transition event="put"><assign location="blob" expr="_event.data"/></transition>
      </state>
    </scxml>
    """

@Suite("The history's byte budget")
struct HistoryBudgetTests {
    /// Sends `put` with `size` bytes of data and returns the size of the record made.
    func put(_ size: Int, _ runtime: MachineRuntime<SCXMLMachine>, _ inspector: Inspector, sequence: Int) async throws -> Int {
        _ = await runtime.send(SCXMLEvent("put", data: .string(String(repeating: "x", count: size))))
        try await waitForRecord(inspector, "blob", sequence)
        let last = try #require(inspector.history(of: "blob")?.last)
        #expect(last.sequence == sequence)
        return last.json.utf8.count
    }

    @Test func recordsOfVariedSizesAreKeptWithinTheBudgetNewestFirst() async throws {
        let budget = 16 * 1_024
        let (inspector, port) = try await startedInspector(historyLimit: 100, historyByteLimit: budget)
        let runtime = try inspector.inspect(document: try SCXMLDocument(xml: blobXML), id: "blob")
        try await waitForRecord(inspector, "blob", 1)
        var sizes = [1: try #require(inspector.history(of: "blob")?.first).json.utf8.count]
        var sequence = 1
        // A record holds the data about three times (the event, its text, the context): each stays
        // under the budget on its own, and together they pass it.
        for size in [1_000, 3_000, 200, 3_200, 2_500, 50, 3_000, 100, 3_200, 1] {
            sequence += 1
            sizes[sequence] = try await put(size, runtime, inspector, sequence: sequence)
            let kept = try #require(inspector.history(of: "blob"))
            let bytes = kept.reduce(0) { $0 + $1.json.utf8.count }
            // Within the budget, a run of the newest, and as long as the budget allows.
            #expect(bytes <= budget, "after record \(sequence): \(bytes) bytes kept")
            #expect(kept.map(\.sequence) == Array((kept[0].sequence)...sequence))
            if let previous = sizes[kept[0].sequence - 1] {
                #expect(bytes + previous > budget, "record \(kept[0].sequence - 1) was dropped though it fit")
            }
            #expect(kept.allSatisfy { $0.tooLargeBytes == nil })
        }
        let first = try #require(inspector.history(of: "blob")?.first).sequence
        #expect(first > 1, "the sizes sent pass the budget, so some records must have been dropped")
        let summary = try #require((try await HTTP.get("/machines", port: port).json as? [[String: Any]])?.first)
        #expect(summary["droppedRecords"] as? Int == first - 1)
        #expect(summary["historyByteLimit"] as? Int == budget)
        #expect(summary["tooLargeRecords"] as? Int == 0)
        await inspector.stop()
    }

    @Test func aRecordLargerThanTheWholeBudgetIsKeptAsASmallRecordThatSaysSo() async throws {
        let budget = 8 * 1_024
        let (inspector, port) = try await startedInspector(historyLimit: 100, historyByteLimit: budget)
        let runtime = try inspector.inspect(document: try SCXMLDocument(xml: blobXML), id: "blob")
        try await waitForRecord(inspector, "blob", 1)
        _ = try await put(500, runtime, inspector, sequence: 2)
        _ = await runtime.send(SCXMLEvent("put", data: .string(String(repeating: "y", count: 3 * budget))))
        try await waitForRecord(inspector, "blob", 3)
        let kept = try #require(inspector.history(of: "blob"))
        // Nothing vanished: the small records before it still fit, and it is there, marked.
        #expect(kept.map(\.sequence) == [1, 2, 3])
        let large = try #require(kept.last)
        #expect(large.eventName == "put")
        #expect(large.activeStates == ["idle"])
        #expect((large.tooLargeBytes ?? 0) > 3 * budget)
        #expect(large.json.utf8.count < 2_048)
        #expect(!large.json.contains("yyyy"))
        #expect(kept.reduce(0) { $0 + $1.json.utf8.count } <= budget)
        let history = try #require(try await HTTP.get("/history", port: port).json as? [[String: Any]])
        #expect(member(history.last, "tooLarge", "limit") as? Int == budget)
        #expect((member(history.last, "tooLarge", "bytes") as? Int ?? 0) > 3 * budget)
        #expect((member(history.last, "outcome") as? String)?.contains("historyByteLimit") == true)
        #expect(member(history.last, "snapshot", "omitted") as? Bool == true)
        let summary = try #require((try await HTTP.get("/machines", port: port).json as? [[String: Any]])?.first)
        #expect(summary["tooLargeRecords"] as? Int == 1)
        #expect(summary["droppedRecords"] as? Int == 0)
        // The machine goes on, and the next record is kept whole.
        _ = try await put(100, runtime, inspector, sequence: 4)
        #expect(inspector.history(of: "blob")?.last?.tooLargeBytes == nil)
        #expect(member(try await HTTP.get("/snapshot", port: port).json, "context", "blob") as? String == String(repeating: "x", count: 100))
        await inspector.stop()
    }

    @Test func theBudgetHasADocumentedDefaultAndAFloor() {
        #expect(InspectorConfiguration().historyByteLimit == 32 * 1_024 * 1_024)
        #expect(InspectorConfiguration.defaultHistoryByteLimit == 32 * 1_024 * 1_024)
        #expect(InspectorConfiguration(historyByteLimit: 10).historyByteLimit == 4_096)
    }
}
#endif
