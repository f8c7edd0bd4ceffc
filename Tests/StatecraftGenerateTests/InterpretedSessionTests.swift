import StatecraftECMAScript
import StatecraftSCXML
import Testing

/// `Doorbell.scxml` is an `ecmascript` document: the plugin generates its typed `State` and
/// `Event` and `Doorbell.Session`, which interprets the embedded document. The session runs on
/// JavaScriptCore when this build has it (the package trait `ECMAScript`); it runs here in every
/// build with the statecraft datamodel standing in for `ecmascript` (the document's expressions
/// mean the same in both), and without JavaScriptCore the default must say it is unavailable.
@Suite("Generated typed sessions of ecmascript documents")
struct InterpretedSessionTests {
    /// Records what the document sends out and logs.
    final class Recorder: Doorbell.Host {
        var delivered: [String] = []
        var logged: [String] = []
        var takes = true

        func deliver(_ event: Doorbell.Outgoing, to target: String) -> Bool {
            delivered.append("\(event.rawValue) to \(target)")
            return takes
        }

        func log(label: String, message: String) {
            logged.append("\(label): \(message)")
        }
    }

    /// The statecraft datamodel registered as `ecmascript`.
    static var standIn: SCXMLDatamodels {
        var datamodels = SCXMLDatamodels.standard
        datamodels.register("ecmascript", SCXMLExpressionDatamodel.self)
        return datamodels
    }

    /// Drives a session through the document and checks states, logs, outgoing events and done.
    func drive(_ session: Doorbell.Session, _ host: Recorder) {
        #expect(session.activeStates == [.idle])
        session.send(.press)
        #expect(session.activeStates == [.ringing])
        #expect(session.isActive(.ringing))
        session.send(.release)
        session.send(.press)
        session.send(.release)
        #expect(host.logged == ["ring: ring number 1", "ring: ring number 2"])
        #expect(host.delivered == ["chime to app:speaker", "chime to app:speaker"])
        session.send(.press)  // rings < 2 fails: both regions final at once, then done.state.annoyed
        #expect(session.activeStates == [.gone])
        #expect(session.isFinished)
    }

    @Test func typedEventsDriveTheInterpretedSession() throws {
        let host = Recorder()
        drive(try Doorbell.Session(host: host, datamodels: Self.standIn), host)
    }

    @Test func theTypesNameTheDocumentsStatesAndEvents() {
        #expect(Doorbell.State.allCases.map(\.rawValue) == [
            "idle", "ringing", "broken", "annoyed", "annoyed.door", "annoyed.door.locked", "annoyed.owner", "annoyed.owner.away", "gone",
        ])
        #expect(Doorbell.Event.press.scxmlName == "press")
        #expect(Doorbell.Event.doneState(.annoyed).scxmlName == "done.state.annoyed")
        #expect(Doorbell.Outgoing.allCases == [.chime])
        #expect(Doorbell.scxml.contains("datamodel=\"ecmascript\""))
    }

    @Test func anEventTheHostDoesNotTakeRaisesAnError() throws {
        let host = Recorder()
        host.takes = false
        let session = try Doorbell.Session(host: host, datamodels: Self.standIn)
        session.send(.press)
        #expect(host.delivered == ["chime to app:speaker"])
        #expect(session.activeStates == [.broken])  // error.execution, as the session raises it
    }

    /// The default datamodels: JavaScriptCore's `ecmascript` when the build has it, else the
    /// error that names the trait.
    @Test func theDefaultIsJavaScriptCoreOrSaysItIsMissing() throws {
        let host = Recorder()
        if (try? SCXMLDatamodels.withECMAScript()) != nil {
            drive(try Doorbell.Session(host: host), host)
        } else {
            #expect(throws: ECMAScriptEngineError.self) { try Doorbell.Session(host: host) }
        }
    }
}
