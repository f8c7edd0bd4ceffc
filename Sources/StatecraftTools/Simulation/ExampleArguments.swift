package import Statecraft

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
