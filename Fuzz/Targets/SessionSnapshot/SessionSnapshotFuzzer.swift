import Foundation
import FuzzSupport
import StatecraftSCXML

/// Fuzzes restoring an SCXML session from an untrusted snapshot: JSON decoded as an
/// ``SCXMLSession/Snapshot`` and made into a session of a document with variables, history,
/// parallel regions, delayed sends and an invoked child.
///
/// Properties checked on every input that decodes:
/// - restoring never crashes: a snapshot the document cannot be in is an
///   ``SCXMLSnapshotError``;
/// - a restored session saves a snapshot that restores to a session in the same states;
/// - a restored session takes every event of the document and lets time pass without crashing.
///
/// With `FUZZ_PRINT_SEEDS=1` in the environment the target prints, one a line, the snapshots of
/// a session of the document at each step of a short run: the seed corpus in
/// `Fuzz/Seeds/session-snapshot` was made that way.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzSessionSnapshot(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Data(UnsafeBufferPointer(start: data, count: size))
    guard let snapshot = try? JSONDecoder().decode(SCXMLSession.Snapshot.self, from: bytes) else { return 0 }
    let session: SCXMLSession
    do {
        session = try SCXMLSession(document: SessionFixture.document, snapshot: snapshot)
    } catch {
        require(!error.message.isEmpty, "an SCXMLSnapshotError without a message")
        return 0
    }
    session.eventLimit = 200
    if let saved = try? session.snapshot() {
        do {
            let again = try SCXMLSession(document: SessionFixture.document, snapshot: saved)
            require(again.activeStates == session.activeStates, "a restored session's snapshot restores to other states")
        } catch {
            require(false, "a restored session's own snapshot is refused: \(error)")
        }
    }
    for name in SessionFixture.events {
        session.send(SCXMLEvent(name, data: .number(1)))
        session.advance(by: .milliseconds(600))
    }
    session.advance(by: .seconds(10))
    _ = session.activeStates
    return 0
}

/// Makes the document before fuzzing starts, so that the leak check after each input sees only
/// what the input allocated; prints the seed snapshots when `FUZZ_PRINT_SEEDS` is set.
@_cdecl("LLVMFuzzerInitialize")
public func initializeSessionSnapshot(
    _ argc: UnsafeMutablePointer<CInt>,
    _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>>
) -> CInt {
    _ = SessionFixture.document
    guard ProcessInfo.processInfo.environment["FUZZ_PRINT_SEEDS"] != nil else { return 0 }
    let session = SCXMLSession(document: SessionFixture.document)
    session.logHandler = { _, _ in }
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys]
    func emit() {
        do {
            print(String(decoding: try encoder.encode(try session.snapshot()), as: UTF8.self))
        } catch {
            FileHandle.standardError.write(Data("no seed: \(error)\n".utf8))
        }
    }
    session.start()
    emit()
    for name in ["go", "flip", "toggle", "back", "call"] {
        session.send(SCXMLEvent(name, data: .object([SCXMLMember("n", .number(2))])))
        emit()
    }
    session.advance(by: .milliseconds(100))
    emit()
    session.advance(by: .milliseconds(300))
    emit()
    session.send(SCXMLEvent("flip"))
    emit()
    exit(0)
}

/// The document the snapshots are restored into.
enum SessionFixture {
    /// Every event the document's transitions name, and one it does not.
    static let events = ["go", "flip", "toggle", "back", "call", "child.done", "finish", "stray"]

    static let document: SCXMLDocument = {
        do {
            return try SCXMLDocument(xml: xml)
        } catch {
            fatalError("the fuzzer's document does not compile: \(error)")
        }
    }()

    static let xml = """
        <scxml xmlns="http://www.w3.org/2005/07/scxml" version="1.0" datamodel="statecraft" initial="idle">
          <datamodel>
            <data id="count" expr="0"/>
            <data id="items">[1, "two", {"three": 3}]</data>
            <data id="later"/>
          </datamodel>
          <state id="idle">
            <onentry><send event="tick" delay="500ms" id="ticker"/></onentry>
            <transition event="go" target="split"><assign location="count" expr="count + 1"/></transition>
            <transition event="tick" target="idle"/>
            <transition event="call" target="calling"/>
          </state>
          <parallel id="split">
            <history id="resume" type="deep"><transition target="left"/></history>
            <state id="left">
              <state id="leftOff"><transition event="flip" target="leftOn"/></state>
              <state id="leftOn"><transition event="flip" target="leftOff"/></state>
            </state>
            <state id="right">
              <state id="rightOff"><transition event="toggle" target="rightOn"/></state>
              <state id="rightOn"><transition event="toggle" target="rightOff"/></state>
            </state>
            <transition event="back" target="idle"/>
            <transition event="finish" target="done"/>
          </parallel>
          <state id="calling">
            <invoke id="child" type="scxml">
              <content>
                <scxml xmlns="http://www.w3.org/2005/07/scxml" version="1.0" datamodel="statecraft" initial="wait">
                  <state id="wait">
                    <onentry><send event="ready" target="#_parent" delay="200ms"/></onentry>
                    <transition event="stop" target="end"/>
                  </state>
                  <final id="end"/>
                </scxml>
              </content>
            </invoke>
            <transition event="ready" target="resumeSplit"/>
            <transition event="done.invoke.child" target="idle"/>
          </state>
          <state id="resumeSplit"><transition target="resume"/></state>
          <final id="done"/>
        </scxml>
        """
}
