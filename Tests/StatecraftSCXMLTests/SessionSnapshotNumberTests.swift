import Foundation
import Statecraft
import StatecraftSCXML
import Testing

/// The numbers of a restored session snapshot are hostile input: clock, due times and counters
/// are checked against their rules, and nothing traps afterwards.
@Suite("SCXML session snapshot numbers")
struct SessionSnapshotNumberTests {
    /// A session with a delayed send, one without an id (counted by the send counter), and an
    /// invoked child (counted by the session counter).
    static let xml = """
        <scxml xmlns="http://www.w3.org/2005/07/scxml" version="1.0" datamodel="statecraft" initial="idle">
          <datamodel><data id="count" expr="0"/></datamodel>
          <state id="idle">
            <onentry><send event="tick" delay="1s"/></onentry>
            <transition event="tick" target="idle"><assign location="count" expr="count + 1"/></transition>
            <transition event="call" target="calling"/>
          </state>
          <state id="calling">
            <invoke type="scxml">
              <content>
                <scxml xmlns="http://www.w3.org/2005/07/scxml" version="1.0" datamodel="statecraft" initial="wait">
                  <state id="wait"><onentry><send event="ready" target="#_parent" delay="200ms"/></onentry></state>
                </scxml>
              </content>
            </invoke>
            <transition event="ready" target="idle"/>
          </state>
        </scxml>
        """

    static let durationMax = Duration(secondsComponent: Int64.max, attosecondsComponent: 999_999_999_999_999_999)

    /// A saved session's JSON, with sorted keys, after it started and scheduled its tick.
    static func savedJSON() throws -> (SCXMLDocument, String) {
        let document = try SCXMLDocument(xml: xml)
        let session = SCXMLSession(document: document)
        session.start()
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        return (document, String(decoding: try encoder.encode(try session.snapshot()), as: UTF8.self))
    }

    /// A duration as the snapshot's JSON writes it.
    static func json(_ duration: Duration) throws -> String {
        String(decoding: try JSONEncoder().encode(duration), as: UTF8.self)
    }

    /// The JSON with the first match of `pattern` replaced.
    static func replacing(_ pattern: String, with value: String, in text: String) throws -> String {
        let expression = try NSRegularExpression(pattern: pattern)
        let range = try #require(expression.firstMatch(in: text, range: NSRange(text.startIndex..., in: text))?.range)
        return (text as NSString).replacingCharacters(in: range, with: value)
    }

    static func restore(_ text: String, into document: SCXMLDocument) throws -> SCXMLSession {
        try SCXMLSession(document: document, snapshot: JSONDecoder().decode(SCXMLSession.Snapshot.self, from: Data(text.utf8)))
    }

    static func expectRefused(_ text: String, into document: SCXMLDocument, naming field: String) throws {
        do {
            _ = try restore(text, into: document)
            Issue.record("a snapshot with \(field) out of range was restored")
        } catch let error as SCXMLSnapshotError {
            #expect(error.code == .outOfRange, "\(error)")
            #expect(error.message.contains(field), "\(error.message)")
        }
    }

    @Test("A clock or a due time outside 0 ... MachineClock.limit is refused, naming the field")
    func timesOutOfRange() throws {
        let (document, saved) = try Self.savedJSON()
        let outside: [Duration] = [.nanoseconds(-1), MachineClock.limit + .nanoseconds(1), .seconds(Int64.max), Self.durationMax]
        for value in outside {
            try Self.expectRefused(
                try Self.replacing(#""now":\[[-0-9]+,[0-9]+\]"#, with: #""now":"# + Self.json(value), in: saved),
                into: document, naming: "clock (now)"
            )
            try Self.expectRefused(
                try Self.replacing(#""due":\[[-0-9]+,[0-9]+\]"#, with: #""due":"# + Self.json(value), in: saved),
                into: document, naming: "delayed send 0's due time"
            )
        }
    }

    @Test("Counters below zero, past 2^53, or below what the snapshot's lists count are refused, naming the field")
    func countersOutOfRange() throws {
        let (document, saved) = try Self.savedJSON()
        for value in ["-1", "9007199254740993", "\(Int.max)", "\(Int.min)"] {
            try Self.expectRefused(
                try Self.replacing(#""counter":[0-9]+"#, with: #""counter":"# + value, in: saved), into: document, naming: "counter"
            )
            try Self.expectRefused(
                try Self.replacing(#""sendCounter":[0-9]+"#, with: #""sendCounter":"# + value, in: saved),
                into: document, naming: "send counter (sendCounter)"
            )
        }
        for value in ["9007199254740993", "\(UInt64.max)"] {
            try Self.expectRefused(
                try Self.replacing(#""sequence":[0-9]+,"session""#, with: #""sequence":\#(value),"session""#, in: saved),
                into: document, naming: "sequence (sequence)"
            )
        }
        // The session is "1": a counter of 0 would make the next session "1" again.
        try Self.expectRefused(
            try Self.replacing(#""counter":[0-9]+"#, with: #""counter":0"#, in: saved), into: document, naming: "session counter (counter)"
        )
        // The tick was the first delayed send: a sequence of 0 has not counted it.
        try Self.expectRefused(
            try Self.replacing(#""sequence":[0-9]+,"session""#, with: #""sequence":0,"session""#, in: saved),
            into: document, naming: "delayed send 0's sequence"
        )
    }

    @Test("Two delayed sends with one sequence number are refused: the number orders sends due at one instant")
    func sharedSequence() throws {
        let (document, saved) = try Self.savedJSON()
        var object = try #require(try JSONSerialization.jsonObject(with: Data(saved.utf8)) as? [String: Any])
        let timers = try #require(object["timers"] as? [Any])
        try #require(timers.count == 1)
        object["timers"] = timers + timers
        let text = String(decoding: try JSONSerialization.data(withJSONObject: object), as: UTF8.self)
        try Self.expectRefused(text, into: document, naming: "delayed sends 0 and 1 have the same sequence")
    }

    @Test("At the ends of every range a session restores, takes events and lets time pass without trapping")
    func endsOfTheRanges() throws {
        let (document, saved) = try Self.savedJSON()
        for counter in [9_007_199_254_740_992, 9_007_199_254_640_992] {
            var text = try Self.replacing(
                #""now":\[[-0-9]+,[0-9]+\]"#, with: #""now":"# + Self.json(MachineClock.limit - .milliseconds(500)), in: saved
            )
            text = try Self.replacing(#""due":\[[-0-9]+,[0-9]+\]"#, with: #""due":"# + Self.json(MachineClock.limit - .milliseconds(100)), in: text)
            text = try Self.replacing(#""counter":[0-9]+"#, with: #""counter":\#(counter)"#, in: text)
            text = try Self.replacing(#""sendCounter":[0-9]+"#, with: #""sendCounter":\#(counter)"#, in: text)
            text = try Self.replacing(#""sequence":[0-9]+,"session""#, with: #""sequence":\#(counter),"session""#, in: text)
            let session = try Self.restore(text, into: document)
            // The tick sends itself again at the limit, where time stops: each call takes at most 50 events.
            session.eventLimit = 50
            session.advance(by: .milliseconds(450))  // the tick, due 100 ms short of the limit: a new tick due at the limit
            #expect(session.nextDeadline == MachineClock.limit)
            session.send(SCXMLEvent("call"))  // a new child session, counted
            session.advance(by: .seconds(Int64.max))
            session.advance(by: Self.durationMax)
            _ = session.advance(to: Self.durationMax)
            #expect(session.now == MachineClock.limit)
            #expect(session.activeStates == ["idle"])
            if counter == SCXMLSession.Snapshot.counterLimit {
                // It counted past 2^53: saving says so, rather than writing what would not restore.
                #expect {
                    _ = try session.snapshot()
                } throws: { error in
                    guard let error = error as? SCXMLSnapshotError else { return false }
                    return error.code == .unsavableData && error.message.contains("counter")
                }
            } else {
                let again = try SCXMLSession(document: document, snapshot: session.snapshot())
                #expect(again.now == MachineClock.limit)
                #expect(again.activeStates == ["idle"])
            }
        }
    }
}
