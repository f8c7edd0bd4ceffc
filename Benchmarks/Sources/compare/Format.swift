/// `value` with `digits` digits after the point, without Foundation.
func fixed(_ value: Double, _ digits: Int = 2) -> String {
    guard value.isFinite else { return "\(value)" }
    var scale = 1
    for _ in 0..<digits { scale *= 10 }
    let scaled = Int(abs(value) * Double(scale) + 0.5)
    let fraction = String(scaled % scale)
    let padded = String(repeating: "0", count: digits - fraction.count) + fraction
    return (value < 0 && scaled != 0 ? "-" : "") + "\(scaled / scale)" + (digits > 0 ? ".\(padded)" : "")
}

/// A per-event count, to two decimals: whole numbers print bare, and anything that rounds to
/// zero (a one-off allocation spread over the run, or a negative difference of such) is `0`.
func perEvent(_ value: Double) -> String {
    let rounded = Double(Int(abs(value) * 100 + 0.5)) / 100
    if rounded == 0 { return "0" }
    return rounded == Double(Int(rounded)) ? "\(value < 0 ? "-" : "")\(Int(rounded))" : fixed(value)
}
