import Statecraft

/// What the command line asks for: the example's run, or a drawing of its chart.
enum DrawingRequest: Equatable {
    case none
    case format(ChartStructure.Format)
    case invalid(String)
}

/// Reads `--draw FORMAT` from the arguments (the program's name first).
func drawingRequest(_ arguments: [String]) -> DrawingRequest {
    let options = arguments.dropFirst()
    guard let position = options.firstIndex(of: "--draw") else {
        return options.isEmpty ? .none : .invalid("unknown argument '\(options.first!)'; use --draw FORMAT, or nothing")
    }
    let formats = ChartStructure.Format.allCases.map(\.rawValue).joined(separator: ", ")
    guard position + 1 < options.endIndex else { return .invalid("--draw needs a format: \(formats)") }
    let name = options[position + 1]
    guard let format = ChartStructure.Format(rawValue: name) else {
        return .invalid("unknown drawing format '\(name)'; use one of: \(formats)")
    }
    return .format(format)
}
