/// A range of an expression's source, in Unicode scalars from 0.
package struct SourceSpan: Hashable, Sendable {
    /// The first scalar.
    package var start: Int
    /// One past the last scalar.
    package var end: Int

    /// The span from the start of `self` to the end of `other`.
    func through(_ other: SourceSpan) -> SourceSpan {
        SourceSpan(start: start, end: other.end)
    }
}

/// A parsed expression of the `statecraft` language: what it does, and where it was written.
package struct ExpressionNode: Sendable {
    /// What the expression does.
    package var kind: ExpressionKind
    /// Where it was written.
    package var span: SourceSpan
    /// How many nodes deep the tree below this one goes, itself included: evaluation recurses
    /// this deep.
    package var height: Int

    /// Creates a node without children.
    init(kind: ExpressionKind, span: SourceSpan) {
        self.kind = kind
        self.span = span
        self.height = 1
    }

    /// Creates a node over `children`, one level higher than the highest of them.
    init(kind: ExpressionKind, span: SourceSpan, over children: some Sequence<ExpressionNode>) {
        self.kind = kind
        self.span = span
        self.height = 1 + children.reduce(0) { max($0, $1.height) }
    }
}

/// The forms of expression.
///
/// Chains of operators of one precedence level (`a + b - c`), `&&` and `||` chains and the
/// member and index steps after a value are flat lists, so that long expressions make wide
/// trees, not deep ones: evaluating them recurses only as deep as the source nests.
package indirect enum ExpressionKind: Sendable {
    /// A literal value, or an array or object literal whose members are all literals.
    case literal(SCXMLValue)
    /// A variable, read by name.
    case variable(String)
    /// A value followed by one or more `.name` or `[index]` steps.
    case path(base: ExpressionNode, steps: [PathStep])
    /// `-x` or `!x`.
    case unary(UnaryOperator, ExpressionNode)
    /// A left-associative chain of operators of one precedence level: `first op₁ x₁ op₂ x₂ …`.
    case binary(first: ExpressionNode, rest: [BinaryOperand])
    /// `x₁ && x₂ && …` (`isAnd`) or `x₁ || x₂ || …`.
    case logical(isAnd: Bool, operands: [ExpressionNode])
    /// `condition ? whenTrue : whenFalse`.
    case conditional(ExpressionNode, ExpressionNode, ExpressionNode)
    /// `[x, y, …]` with at least one element that is not a literal.
    case array([ExpressionNode])
    /// `{name: x, …}` with at least one member that is not a literal.
    case object([ObjectMemberNode])
    /// A call of a built-in function.
    case call(Builtin, [ExpressionNode])
    /// `isBound(location)`: whether the location holds a value, without throwing when it
    /// names nothing.
    case isBound(LocationNode)
}

/// One `.name` or `[index]` step of a path.
package struct PathStep: Sendable {
    /// A step's selector.
    package enum Selector: Sendable {
        /// `.name`.
        case member(String)
        /// `[index]`.
        case index(ExpressionNode)
    }

    /// What the step selects.
    package var selector: Selector
    /// Where the step was written (from `.` or `[` to the end of the step).
    package var span: SourceSpan
}

/// An operator and its right operand in a ``ExpressionKind/binary(first:rest:)`` chain.
package struct BinaryOperand: Sendable {
    /// The operator.
    package var op: BinaryOperator
    /// Where the operator was written.
    package var operatorSpan: SourceSpan
    /// The right operand.
    package var operand: ExpressionNode
}

/// A member of an object literal.
package struct ObjectMemberNode: Sendable {
    /// The member's name.
    package var name: String
    /// Its value.
    package var value: ExpressionNode
}

/// A location: a variable, then any number of `.name` and `[index]` steps.
package struct LocationNode: Sendable {
    /// The variable at the root.
    package var variable: String
    /// Where the variable's name was written.
    package var variableSpan: SourceSpan
    /// The steps, in order.
    package var steps: [PathStep]
    /// The whole location.
    package var span: SourceSpan
}

/// A statement of a `<script>`.
package enum ScriptStatement: Sendable {
    /// `location = expression`.
    case assignment(LocationNode, ExpressionNode)
    /// `var name` (with `nil`) or `var name = expression`.
    case declaration(name: String, nameSpan: SourceSpan, value: ExpressionNode?)
}

/// `-` and `!`.
package enum UnaryOperator: String, Sendable {
    /// Negation of a number.
    case negate = "-"
    /// Negation of a boolean.
    case not = "!"
}

/// The binary operators, from the lowest precedence level to the highest; `&&` and `||` are
/// ``ExpressionKind/logical(isAnd:operands:)`` chains instead.
package enum BinaryOperator: String, Sendable {
    case equal = "=="
    case notEqual = "!="
    case less = "<"
    case lessOrEqual = "<="
    case greater = ">"
    case greaterOrEqual = ">="
    case add = "+"
    case subtract = "-"
    case multiply = "*"
    case divide = "/"
    case remainder = "%"
}

/// The built-in functions.
package enum Builtin: String, Sendable, CaseIterable {
    /// `In(stateID)`: whether the state is active.
    case inState = "In"
    /// `typeof(x)`: the name of the kind of `x`.
    case typeOf = "typeof"
    /// `length(x)`: the count of an array, a string's characters, an object's members.
    case length
    /// `has(container, key)`: whether an object has a member, or an array an index.
    case has
    /// `contains(container, part)`: substring of a string, element of an array.
    case contains
    /// `startsWith(string, prefix)`.
    case startsWith
    /// `concat(array, array)`: the two arrays joined.
    case concat
    /// `text(x)`: `x` as text.
    case text
    /// `split(string, separator)`: the parts of a string between the separators.
    case split

    /// How many arguments the function takes.
    package var arity: Int {
        switch self {
        case .inState, .typeOf, .length, .text: 1
        case .has, .contains, .startsWith, .concat, .split: 2
        }
    }

    /// The names of all functions, `isBound` included, for messages.
    static let allNames = "In, isBound, typeof, length, has, contains, startsWith, concat, text, split"
}

/// The `statecraft` language's parser, for the Swift generator (in StatecraftTools), which
/// translates the trees into Swift.
package enum StatecraftExpressionSyntax {
    /// Parses a whole expression; the error's message says what is wrong.
    package static func expression(_ text: String) throws(SCXMLDatamodelError) -> ExpressionNode {
        try ExpressionParser.expression(Array(text.unicodeScalars))
    }

    /// Parses a whole location.
    package static func location(_ text: String) throws(SCXMLDatamodelError) -> LocationNode {
        try ExpressionParser.location(Array(text.unicodeScalars))
    }

    /// Parses a whole script.
    package static func script(_ text: String) throws(SCXMLDatamodelError) -> [ScriptStatement] {
        try ExpressionParser.script(Array(text.unicodeScalars))
    }
}
