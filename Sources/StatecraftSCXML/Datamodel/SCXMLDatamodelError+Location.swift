extension SCXMLDatamodelError {
    /// The error with its offset, counted in Unicode scalars of `source`, converted to
    /// characters.
    func located(in source: String) -> SCXMLDatamodelError {
        guard let offset else { return self }
        let scalars = source.unicodeScalars
        let index = scalars.index(scalars.startIndex, offsetBy: max(0, offset), limitedBy: scalars.endIndex)
            ?? scalars.endIndex
        var located = self
        located.offset = source.distance(from: source.startIndex, to: index)
        return located
    }
}
