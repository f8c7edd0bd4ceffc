package import Statecraft
import Foundation

/// What an example program's command line asks for besides `--simulate`: its run, or a drawing
/// of its chart (`--draw FORMAT`). The examples `turnstile` and `media-player` read it.
package enum ExampleArguments: Equatable {
    /// No option: run the example.
    case run
    /// `--draw FORMAT`: print the chart in this format.
    case draw(ChartStructure.Format)
    /// Something else; the message says what and what to use instead.
    case invalid(String)

    /// Reads the arguments, the program's name first.
    ///
    /// - Parameter arguments: The command line, as `CommandLine.arguments` gives it.
    package init(_ arguments: [String]) {
        let options = arguments.dropFirst()
        guard let position = options.firstIndex(of: "--draw") else {
            self = options.isEmpty ? .run : .invalid("unknown argument '\(options.first!)'; use --draw FORMAT, or nothing")
            return
        }
        let formats = ChartStructure.Format.allCases.map(\.rawValue).joined(separator: ", ")
        guard position + 1 < options.endIndex else {
            self = .invalid("--draw needs a format: \(formats)")
            return
        }
        let name = options[position + 1]
        guard let format = ChartStructure.Format(rawValue: name) else {
            self = .invalid("unknown drawing format '\(name)'; use one of: \(formats)")
            return
        }
        self = .draw(format)
    }
}

/// The command line of an example program with a typed chart (`turnstile`, `media-player`):
/// its run; `--draw FORMAT` (`dot`, `mermaid`, `plantuml` or `json`) prints the chart instead;
/// `--simulate` runs the script on standard input (`--json` for JSON lines). Errors go to
/// standard error, prefixed with the program's name, with exit status 1 (a chart that cannot
/// be built) or 2 (a command line that cannot be read).
package enum ExampleProgram {
    /// Does what the command line asks, and exits unless it asked for the run.
    ///
    /// - Parameters:
    ///   - name: The program's name, for its error messages.
    ///   - run: The example's own run.
    ///   - structure: The chart's structure, for `--draw`.
    ///   - simulate: Runs a script's lines: `(lines, json, write, error)`, returning the exit status.
    package static func main(
        name: String,
        run: () -> Void,
        structure: () throws -> ChartStructure,
        simulate: (AnyIterator<String>, Bool, (String) -> Void, (String) -> Void) -> Int32
    ) {
        let arguments = CommandLine.arguments
        func fail(_ message: String, status: Int32) -> Never {
            FileHandle.standardError.write(Data("\(name): \(message)\n".utf8))
            exit(status)
        }
        if arguments.dropFirst().contains("--simulate") {
            let status = simulate(
                AnyIterator { readLine() }, arguments.contains("--json"), { print($0) },
                { FileHandle.standardError.write(Data(($0 + "\n").utf8)) }
            )
            exit(status)
        }
        switch ExampleArguments(arguments) {
        case .run:
            run()
        case .draw(let format):
            do {
                print(try structure().drawing(format), terminator: "")
            } catch {
                fail("\(error)", status: 1)
            }
        case .invalid(let message):
            fail(message, status: 2)
        }
    }
}
