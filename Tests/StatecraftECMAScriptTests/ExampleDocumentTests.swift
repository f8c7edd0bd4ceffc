import Foundation
import StatecraftECMAScript
import StatecraftSCXML
import Testing

/// The ECMAScript example documents in `Examples/scxml`, run through sessions event by event.
@Suite("ECMAScript example documents", .needsJavaScriptCore)
struct ExampleDocumentTests {
    static func path(_ name: String) -> String {
        // Tests/StatecraftECMAScriptTests/<file> → package root → Examples/scxml
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Examples/scxml/\(name)").path
    }

    static func session(_ name: String) throws -> (SCXMLSession, () -> [String]) {
        let document = try SCXMLDocument(contentsOfFile: path(name), datamodels: try .withECMAScript())
        let session = SCXMLSession(document: document)
        final class Lines { var all: [String] = [] }
        let lines = Lines()
        session.logHandler = { label, message in lines.all.append("\(label): \(message)") }
        return (session, { defer { lines.all.removeAll() }; return lines.all })
    }

    @Test("The traffic light cycles on its timers, counts cycles, and shortens green once per cycle")
    func trafficLight() throws {
        let (light, lines) = try Self.session("traffic-light.scxml")
        light.start()
        #expect(light.activeStates == ["operating", "red"])
        #expect(lines() == ["light: red for 20 s"])
        light.advance(by: .seconds(20))
        #expect(light.activeStates == ["operating", "green"])
        #expect(lines() == ["light: green for 30 s, cycle 1"])
        light.advance(by: .seconds(10))
        light.send(SCXMLEvent("pedestrian"))
        light.send(SCXMLEvent("pedestrian"))
        #expect(lines() == ["button: green ends in 5 s"])
        light.advance(by: .seconds(5))
        #expect(light.activeStates == ["operating", "yellow"])
        light.advance(by: .seconds(3 + 20 + 10))
        #expect(lines() == ["light: yellow for 3 s", "light: red for 20 s", "light: green for 30 s, cycle 2"])
        light.send(SCXMLEvent("maintenance"))
        #expect(light.activeStates == ["flashing"])
        #expect(lines() == ["light: flashing yellow after 2 cycles"])
        // The timers of the states it left were cancelled: nothing fires while flashing.
        #expect(light.nextDeadline == nil)
        light.send(SCXMLEvent("resume"))
        #expect(light.activeStates == ["operating", "red"])
    }

    static func digit(_ value: Int) -> SCXMLEvent {
        SCXMLEvent("digit", data: .object([SCXMLMember("value", .number(Double(value)))]))
    }

    static func op(_ symbol: String) -> SCXMLEvent {
        SCXMLEvent("operator", data: .object([SCXMLMember("value", .string(symbol))]))
    }

    @Test("The calculator keeps a running total and shows every change")
    func calculatorArithmetic() throws {
        let (calculator, lines) = try Self.session("calculator.scxml")
        for event in [Self.digit(1), Self.digit(2), Self.op("+"), Self.digit(3), Self.op("*"), Self.digit(2), SCXMLEvent("equals")] {
            calculator.send(event)
        }
        #expect(lines() == ["display: 1", "display: 12", "display: 12", "display: 3", "display: 15", "display: 2", "display: 30"])
        #expect(calculator.activeStates == ["on", "ready"])
    }

    @Test("Dividing by zero shows an error until the calculator is cleared")
    func calculatorDivisionByZero() throws {
        let (calculator, lines) = try Self.session("calculator.scxml")
        for event in [Self.digit(8), Self.op("/"), Self.digit(0), SCXMLEvent("equals"), Self.digit(5)] {
            calculator.send(event)
        }
        #expect(lines() == ["display: 8", "display: 8", "display: 0", "display: error"])
        #expect(calculator.activeStates == ["on", "failed"])
        calculator.send(SCXMLEvent("clear"))
        calculator.send(Self.digit(4))
        calculator.send(SCXMLEvent("off"))
        #expect(lines() == ["display: 0", "display: 4"])
        #expect(calculator.finalState == "off")
    }
}
