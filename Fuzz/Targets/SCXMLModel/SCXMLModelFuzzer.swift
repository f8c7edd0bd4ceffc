import FuzzSupport
@testable import StatecraftSCXML
@testable import StatecraftTools

/// Fuzzes the SCXML reader's second half: a document tree to a checked document (the model
/// reader, the chart compiler), with the W3C tests' `conf:` markup translated first, as the
/// conformance runner does.
///
/// Properties checked on every input that reads as XML:
/// - compiling never crashes; a refusal is an `SCXMLError` with a message;
/// - a compiled document written back (``SCXMLDocument/xml``) compiles again to a document
///   with the same states, datamodel and text: snapshots identify a document by that text;
/// - a session of it starts, takes each event its transitions name and lets time pass
///   without crashing.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzSCXMLModel(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let text = FuzzInput.text(data, size)
    guard var root = try? DocumentReader().read(text) else { return 0 }
    if !ConformanceMarkup.items(in: root).isEmpty {
        guard let translated = try? ConformanceMarkup.translate(root) else { return 0 }
        root = translated
    }
    let document: SCXMLDocument
    do {
        document = try SCXMLDocument(root: root)
    } catch {
        require(!error.message.isEmpty, "an SCXMLError without a message")
        return 0
    }
    checkWrittenBack(document)
    run(document)
    return 0
}

/// The document written back compiles to the same document, and writing that back changes
/// nothing.
func checkWrittenBack(_ document: SCXMLDocument) {
    let written = document.xml
    do {
        let again = try SCXMLDocument(xml: written)
        require(again.stateIDs == document.stateIDs, "written back, the states \(document.stateIDs) became \(again.stateIDs):\n\(written)")
        require(again.datamodelName == document.datamodelName, "written back, the datamodel changed:\n\(written)")
        require(again.xml == written, "written back twice, the text changed:\n\(written)\n---\n\(again.xml)")
    } catch {
        require(false, "the document written back does not compile: \(error)\n\(written)")
    }
}

/// Starts a session and drives it with every event the document names, a few times over,
/// and with time; the limits keep a document that loops from holding the fuzzer.
func run(_ document: SCXMLDocument) {
    let session = SCXMLSession(document: document)
    // One external event may cost invocationRoundLimit macrosteps (invocations that fail and
    // are entered again), so both bounds are kept small enough for libFuzzer's timeout.
    session.eventLimit = 100
    session.invocationRoundLimit = 10
    session.start()
    let names = EventAlphabet(document: document).names.prefix(8)
    for round in 0..<2 {
        for name in names {
            session.send(SCXMLEvent(name, data: .number(Double(round))))
        }
        session.advance(by: .seconds(1))
    }
    _ = session.activeStates
    if let snapshot = try? session.snapshot() {
        do {
            let restored = try SCXMLSession(document: document, snapshot: snapshot)
            require(restored.activeStates == session.activeStates, "a restored session has other active states")
        } catch {
            require(false, "a session's own snapshot does not restore: \(error)")
        }
    }
}
