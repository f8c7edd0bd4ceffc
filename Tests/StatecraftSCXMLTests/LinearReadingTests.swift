import Foundation
import StatecraftSCXML
import Testing

/// Reading is linear in the text's length however its lines are laid out: the work of turning
/// the parser's line and column into offsets is counted, and the positions stay right.
@Suite("Reading in linear time")
struct LinearReadingTests {
    static let open = #"<scxml xmlns="http://www.w3.org/2005/07/scxml" version="1.0">"#

    /// The byte offsets of each `<state` in `text`.
    func stateOffsets(_ text: String) -> [Int] {
        let bytes = Array(text.utf8), pattern = Array("<state".utf8)
        return bytes.indices.filter { bytes[$0...].starts(with: pattern) }
    }

    @Test("Sibling states on one line cost no more walking than the same states on lines of their own")
    func oneLongLine() throws {
        let count = 20_000
        let oneLine = Self.open + (0..<count).map { #"<state id="s\#($0)"/>"# }.joined() + "</scxml>"
        let manyLines = Self.open + "\n" + (0..<count).map { #"<state id="s\#($0)"/>"# }.joined(separator: "\n") + "\n</scxml>"
        var walkedOne = 0, walkedMany = 0
        let root = try DocumentReader().read(oneLine, walked: &walkedOne)
        _ = try DocumentReader().read(manyLines, walked: &walkedMany)
        // Rescanning the line from its start for every tag would walk about count² / 2 tags'
        // worth of bytes (10^9 here); each byte is walked a bounded number of times instead.
        #expect(walkedOne <= 2 * oneLine.utf8.count, "walked \(walkedOne) bytes for \(oneLine.utf8.count)")
        #expect(walkedMany <= 2 * manyLines.utf8.count)
        // And the positions are still those of each tag's '<'.
        let offsets = stateOffsets(oneLine)
        #expect(root.elements.count == count)
        for index in [0, 1, 777, count - 1] {
            #expect(root.elements[index].position == TextPosition(line: 1, column: offsets[index] + 1))
            #expect(root.elements[index].attribute("id") == "s\(index)")
        }
    }

    @Test("Multi-byte characters and empty processing instructions on a long line keep positions exact")
    func positionsOnALongLine() throws {
        // Columns are counted in bytes of the text given: the parser's character columns are
        // walked one UTF-8 sequence at a time, and the spaces put into `<?x?>` are left out.
        let states = (0..<500).map { #"<state id="é\#($0)"><?x?></state>"# }.joined()
        let text = Self.open + states + "</scxml>"
        var walked = 0
        let root = try DocumentReader().read(text, walked: &walked)
        #expect(walked <= 2 * text.utf8.count)
        let offsets = stateOffsets(text)
        for index in [0, 1, 250, 499] {
            #expect(root.elements[index].position == TextPosition(line: 1, column: offsets[index] + 1))
            #expect(root.elements[index].attribute("id") == "é\(index)")
        }
    }

    @Test("Text the parser delivers in many pieces is read whole, joined across a dropped comment")
    func textInPieces() throws {
        let pieces = String(repeating: "a&amp;", count: 5_000)
        let text = Self.open + "<state id=\"s\"><onentry><log expr=\"'" + pieces + "'\"/></onentry></state>"
            + "<datamodel><data id=\"d\">" + pieces + "<!-- dropped -->&lt;end</data></datamodel></scxml>"
        let root = try DocumentReader().read(text)
        let data = try #require(root.elements.last?.elements.first)
        #expect(data.text == String(repeating: "a&", count: 5_000) + "<end")
        #expect(data.children.count == 1)
    }

    @Test("An error late on a long line has the column of the element at fault")
    func errorColumn() throws {
        let states = (0..<3_000).map { #"<state id="s\#($0)"/>"# }.joined()
        let text = Self.open + states + #"<state id="bad" bogus="1"/></scxml>"#
        let error = try #require(throws: SCXMLError.self) { _ = try SCXMLDocument(xml: text) }
        let column = Array(text.utf8).count - #"<state id="bad" bogus="1"/></scxml>"#.utf8.count + 1
        #expect(error.position == TextPosition(line: 1, column: column))
    }
}
