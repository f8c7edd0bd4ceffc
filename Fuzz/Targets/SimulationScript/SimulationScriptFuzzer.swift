import FuzzSupport
@testable import StatecraftSCXML
@testable import StatecraftTools

/// Fuzzes the script reader of `statecraft simulate` (one command a line: an event name with
/// optional JSON data, `wait DURATION` or `wait for NAME`), then runs what it reads against a small document
/// with timers and conditions on the event data, as the tool does.
///
/// Properties checked on every input:
/// - reading never crashes; a refused script is a `SimulationScriptError` whose line is one of
///   the script's lines and whose column is from 1;
/// - each line reads alone as it reads in the script;
/// - running a script gives one step for the start and one per command, in line order, or
///   stops at a `wait for` that names no waiting delayed event, saying so.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzSimulationScript(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let script = FuzzInput.text(data, size)
    let lineCount = script.split(omittingEmptySubsequences: false, whereSeparator: { $0 == "\n" || $0 == "\r\n" }).count
    let commands: [(line: Int, text: String, command: SimulationCommand)]
    do {
        commands = try SimulationScript.commands(in: script)
    } catch {
        require(error.line >= 1 && error.line <= lineCount, "error on line \(error.line) of a \(lineCount)-line script")
        require(error.column >= 1, "error at column \(error.column)")
        require(!error.message.isEmpty, "a SimulationScriptError without a message")
        return 0
    }
    let lines = script.split(omittingEmptySubsequences: false, whereSeparator: { $0 == "\n" || $0 == "\r\n" })
    for (line, _, command) in commands {
        let alone = try? SimulationScript.command(in: String(lines[line - 1]), line: line)
        require(alone == command, "line \(line) reads as \(String(describing: alone)) alone but \(command) in the script")
        if case .wait(let duration) = command {
            require(duration >= .zero, "a wait of \(duration)")
            let text = SimulationScript.format(duration)
            require(SimulationScript.parseDuration(text) == duration, "\(duration) formats as '\(text)', which reads otherwise")
        }
    }
    // Running is slower than reading: a few hundred commands say as much as more.
    guard commands.count <= 256 else { return 0 }
    var simulation = SCXMLSimulation(document: ScriptFixture.document, tracing: true, eventLimit: 1_000)
    simulation.deliveryLimit = 1_000
    do {
        let steps = try simulation.run(script: script)
        require(steps.count == commands.count + 1, "\(commands.count) commands gave \(steps.count) steps")
        require(steps.map(\.line) == [0] + commands.map(\.line), "the steps are not in line order")
        for step in steps { _ = step.json }
    } catch {
        // Only a `wait for` naming no waiting delayed event stops a script that reads.
        let command = commands.first { $0.line == error.line }?.command
        var isFire = false
        if case .fire = command { isFire = true }
        require(isFire, "a script that reads failed to run at line \(error.line), not a 'wait for': \(error)")
        require(error.message.contains("no delayed event of that name is waiting"), "a 'wait for' failed otherwise: \(error)")
    }
    return 0
}

/// Makes the document before fuzzing starts, so that the leak check after each input sees only
/// what the input allocated.
@_cdecl("LLVMFuzzerInitialize")
public func initializeSimulationScript(
    _ argc: UnsafeMutablePointer<CInt>,
    _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>>
) -> CInt {
    _ = ScriptFixture.document
    return 0
}

/// The document the scripts run against: a condition on the event data, a repeating timer, a
/// final state.
enum ScriptFixture {
    static let document: SCXMLDocument = {
        do {
            return try SCXMLDocument(xml: xml)
        } catch {
            fatalError("the fuzzer's document does not compile: \(error)")
        }
    }()

    static let xml = """
        <scxml xmlns="http://www.w3.org/2005/07/scxml" version="1.0" datamodel="statecraft" initial="idle">
          <datamodel><data id="total" expr="0"/></datamodel>
          <state id="idle">
            <transition event="add" cond="_event.data.n &gt; 0" target="counting">
              <assign location="total" expr="total + _event.data.n"/>
            </transition>
            <transition event="start" target="counting"/>
          </state>
          <state id="counting">
            <onentry><send event="tick" delay="1s" id="tick"/></onentry>
            <onexit><cancel sendid="tick"/></onexit>
            <transition event="tick" target="counting"><assign location="total" expr="total + 1"/></transition>
            <transition event="stop" target="idle"/>
            <transition event="done" cond="total &gt;= 3" target="end"/>
            <transition event="error.*" target="idle"/>
          </state>
          <final id="end"/>
        </scxml>
        """
}
