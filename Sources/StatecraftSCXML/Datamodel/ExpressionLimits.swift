/// The bounds that keep the `statecraft` language safe on hostile input.
enum ExpressionLimits {
    /// The longest expression or location, in UTF-8 bytes.
    static let maximumExpressionLength = 65_536
    /// The longest script or inline content, in UTF-8 bytes.
    static let maximumScriptLength = 1_048_576
    /// How deeply an expression may nest, in two senses: how deep the parser recurses
    /// (parentheses, brackets, braces, call arguments, indices and the branches of `?:` each
    /// count one level) and how high the tree it builds is (each prefix operator and each
    /// precedence level of an operator chain adds one), which bounds evaluation's recursion.
    /// At 32, the deepest expression parses and evaluates on a 512 KiB stack in a debug build.
    static let maximumNesting = 32
    /// How deeply a value the datamodel stores may nest (arrays and objects inside each
    /// other).
    static let maximumValueDepth = 256
    /// The longest source a parse cache keeps, in UTF-8 bytes; longer sources are parsed at
    /// each use.
    static let maximumCachedLength = 4_096
    /// How many parsed sources a cache keeps before it starts over.
    static let maximumCachedEntries = 1_024
}
