import StatecraftECMAScript
import StatecraftSCXML
import Testing

/// What a build says about JavaScriptCore, with or without it.
@Suite("ECMAScript engine availability")
struct EngineAvailabilityTests {
    @Test("Without JavaScriptCore, asking for ecmascript names the trait and the apt package")
    func missingEngineIsExplained() throws {
        if ECMAScriptEngine.isAvailable {
            #expect(ECMAScriptEngine.unavailableReason.isEmpty)
            #expect(try SCXMLDatamodels.withECMAScript().names.contains("ecmascript"))
            return
        }
        let error = #expect(throws: ECMAScriptEngineError.self) { try SCXMLDatamodels.withECMAScript() }
        #expect(error?.code == .unavailable)
        #expect(error?.message.contains("--traits ECMAScript") == true)
        #expect(error?.message.contains("libjavascriptcoregtk-4.1-dev") == true)
    }

    @Test("A reader without the ecmascript datamodel refuses such a document and says where it is")
    func readerWithoutECMAScriptExplains() {
        let xml = #"<scxml xmlns="http://www.w3.org/2005/07/scxml" version="1.0" datamodel="ecmascript"><state id="a"/></scxml>"#
        let error = #expect(throws: SCXMLError.self) { try SCXMLDocument(xml: xml, datamodels: .standard) }
        #expect(error?.message.contains("StatecraftECMAScript") == true)
        #expect(error?.message.contains("--traits ECMAScript") == true)
        #expect(error?.message.contains("libjavascriptcoregtk-4.1-dev") == true)
        #expect(error?.position?.line == 1)
    }
}
