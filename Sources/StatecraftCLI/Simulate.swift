#if Tools
import ArgumentParser
import Foundation
import StatecraftSCXML
import StatecraftTools

/// `statecraft simulate FILE [--script PATH] [--json] [--trace]`: runs a document command by
/// command and prints where it is after each.
struct Simulate: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Run an SCXML document on a script of events and print the configuration after each.",
        discussion: """
            The script (standard input without --script) has one command a line:
              NAME              send the external event NAME
              NAME JSON         send it with the JSON value as _event.data
              wait DURATION     advance the virtual clock (150ms, 2s, 1.5s), delivering delayed
                                events as they fall due, in order
              wait for NAME     deliver the waiting delayed event NAME now, ahead of its
                                delay and of those due before it; the clock does not move
                                (what 'statecraft verify --timers any' counterexamples do)
              # comment         skipped, as are blank lines

            After the start and after each command one line is printed:
              <line>: <command> -> <active atomic states, document order>
            the start as line 0, '0: (start) -> ...'. With --json, one object a line:
              {"line": 1, "input": "go", "configuration": ["a", "b"], "done": false}
            where done turns true once a top-level final state is reached. --trace adds the
            microsteps (exits, transitions, entries, raised and sent events) and what the
            document's <log> elements say before each line, or as a "trace" array.

            When standard input is a terminal and there is no --script, the session is
            interactive: a prompt, the configuration after each command, and the events that
            the active states have transitions for. End it with Ctrl-D.

            Each time a limit cuts something short, a line says so before the command's line
            (a "faults" array with --json):
              fault: <code>: <location>: <message>
            microstepLimit for an eventless or <raise> loop stopped after 10,000 microsteps,
            eventLimit for sessions that kept sending each other events past 100,000 in one
            command, invocationDepthLimit for an <invoke> deeper than 16 levels (a document
            that invokes itself), sessionLimit past 1,000 sessions at once, timerLimit for a
            wait that would deliver more than 100,000 delayed events.

            Exit status: 0 when the script ran; 1 for a document error (with its line and
            column); 2 for a script error (with its line and column; a 'wait for' naming
            no waiting delayed event is one); 3 when the script ran
            but a limit cut something short (a fault line was printed).

            Examples:
              statecraft simulate light.scxml --script day.txt
              printf 'go\\nwait 2s\\n' | statecraft simulate light.scxml --json
              statecraft simulate light.scxml --trace
            """
    )

    @Argument(help: "The SCXML document (.scxml, or a W3C test in .txml).")
    var file: String

    @OptionGroup var reading: ReadOptions

    @Option(help: "The script to run; standard input without it.")
    var script: String?

    @Flag(help: "Print one JSON object a line.")
    var json = false

    @Flag(help: "Print the microsteps (exits, transitions, entries, raised and sent events) and <log> output.")
    var trace = false

    func run() throws {
        let document = try DocumentLoading.loadOrExit(file, readPolicy: reading.policy)
        var simulation = SCXMLSimulation(document: document, tracing: trace)
        let interactive = script == nil && isatty(STDIN_FILENO) != 0
        emit(simulation.start())
        if interactive {
            try runInteractive(&simulation)
            try exitForFaults(simulation)
            return
        }
        var lines = LineSource.standardInput
        if let script {
            guard let data = FileManager.default.contents(atPath: script) else {
                Terminal.writeError("error: \(script): cannot read the script")
                throw ExitCode(2)
            }
            lines = .text(String(decoding: data, as: UTF8.self))
        }
        var number = 0
        while let line = lines.next() {
            number += 1
            do {
                guard let command = try SimulationScript.command(in: line, line: number) else { continue }
                emit(try simulation.run(command, line: number, text: String(line.trimmingCharacters(in: .whitespaces))))
            } catch {
                Terminal.writeError("error: \(script ?? "script"):\(error.line):\(error.column): \(error.message)")
                throw ExitCode(2)
            }
        }
        try exitForFaults(simulation)
    }

    /// Exit status 3 when a fault was reported: the run did not do all it was asked.
    private func exitForFaults(_ simulation: SCXMLSimulation) throws {
        guard simulation.faultCount > 0 else { return }
        Terminal.writeError("statecraft simulate: \(simulation.faultCount) fault\(simulation.faultCount == 1 ? "" : "s"): a limit cut the run short")
        throw ExitCode(3)
    }

    /// A prompt, each command's step, and the enabled events, until the end of input.
    private func runInteractive(_ simulation: inout SCXMLSimulation) throws {
        let colour = Terminal.standardOutput.usesColor
        var number = 0
        showEnabled(simulation, colour: colour)
        while true {
            prompt(colour: colour)
            guard let line = readLine(strippingNewline: true) else {
                Terminal.write("\n")
                return
            }
            number += 1
            do {
                guard let command = try SimulationScript.command(in: line, line: number) else { continue }
                emit(try simulation.run(command, line: number, text: line.trimmingCharacters(in: .whitespaces)))
                showEnabled(simulation, colour: colour)
            } catch {
                Terminal.writeError(Terminal.standardError.paint("error: \(error.message) (column \(error.column))", .error))
            }
        }
    }

    private func prompt(colour: Bool) {
        let text = Terminal(usesColor: colour).paint("simulate>", .emphasis) + " "
        if json { Terminal.writeError(text, newline: false) } else { Terminal.write(text) }
    }

    private func showEnabled(_ simulation: SCXMLSimulation, colour: Bool) {
        let events = simulation.enabledEvents.map { $0.guarded ? "\($0.name) (guarded)" : $0.name }
        var text = Terminal(usesColor: colour).paint("enabled:", .note) + " "
        let ended = simulation.machine.status == .done
        if ended {
            text += "none, the session has ended"
        } else {
            text += events.isEmpty ? "none" : events.joined(separator: ", ")
        }
        if simulation.machine.nextDeadline != nil, !ended {
            text += "; a delayed event waits (wait DURATION)"
        }
        if json { Terminal.writeError(text) } else { Terminal.write(text + "\n") }
    }

    private func emit(_ step: SimulationStep) {
        Terminal.write((json ? step.json : step.text) + "\n")
    }
}

/// Lines of a script: from a file's text, or read from standard input as they come.
enum LineSource {
    case standardInput
    case text(String)
    case lines([Substring], Int)

    mutating func next() -> String? {
        switch self {
        case .standardInput:
            return readLine(strippingNewline: true)
        case .text(let text):
            var lines = text.split(omittingEmptySubsequences: false, whereSeparator: { $0 == "\n" || $0 == "\r\n" })
            if lines.last == "" { lines.removeLast() }
            self = .lines(lines, 0)
            return next()
        case .lines(let lines, let index):
            guard index < lines.count else { return nil }
            self = .lines(lines, index + 1)
            return String(lines[index])
        }
    }
}
#endif
