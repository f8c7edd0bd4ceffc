/// What the fuzz targets share: turning libFuzzer's bytes into the inputs the library reads, and
/// the checks that turn a broken property into a crash libFuzzer keeps.
public enum FuzzInput {
    /// The input as text, decoded as UTF-8 with invalid sequences replaced, as the tools and
    /// the document reader decode files.
    ///
    /// - Parameters:
    ///   - data: libFuzzer's input.
    ///   - size: Its length in bytes.
    /// - Returns: The text.
    public static func text(_ data: UnsafePointer<UInt8>, _ size: Int) -> String {
        String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
    }

    /// The input's bytes.
    ///
    /// - Parameters:
    ///   - data: libFuzzer's input.
    ///   - size: Its length in bytes.
    /// - Returns: A copy of the bytes.
    public static func bytes(_ data: UnsafePointer<UInt8>, _ size: Int) -> [UInt8] {
        Array(UnsafeBufferPointer(start: data, count: size))
    }
}

/// Stops the fuzzer with `message` when a property the library promises does not hold: the
/// input that broke it is kept as a crash.
///
/// - Parameters:
///   - condition: The property.
///   - message: What was promised, with the values that broke it.
public func require(_ condition: @autoclosure () -> Bool, _ message: @autoclosure () -> String) {
    if !condition() {
        fatalError("property broken: \(message())")
    }
}
