import StatecraftSCXML
import Testing

@Suite("Expression language: built-in functions")
struct ExpressionFunctionTests {
    @Test("In() asks the session whether a state is active")
    func inState() throws {
        let model = makeModel(active: ["s1", "p.a"])
        #expect(try model.evaluate("In('s1')") == .bool(true))
        #expect(try model.evaluate("In('p.a') && !In('s2')") == .bool(true))
        #expect(failure { _ = try model.evaluate("In(1)") }?.message == "In() needs a state id string, but '1' is a number")
    }

    @Test("isBound() answers without throwing when a location names nothing")
    func isBound() throws {
        let model = makeModel()
        try model.declare("empty", value: .undefined)
        try model.declare("zero", value: .number(0))
        try model.declare("nothing", value: .null)
        try model.declare("o", value: .object([SCXMLMember("a", .array([.number(1)])), SCXMLMember("u", .undefined)]))
        let cases: [(String, Bool)] = [
            ("isBound(zero)", true), ("isBound(nothing)", true), ("isBound(empty)", false), ("isBound(nosuch)", false),
            ("isBound(o.a)", true), ("isBound(o.a[0])", true), ("isBound(o.a[1])", false), ("isBound(o.a[0.5])", false),
            ("isBound(o.u)", false), ("isBound(o.missing)", false), ("isBound(o.a.b)", false), ("isBound(zero.x)", false),
            ("isBound(o['a'])", true), ("isBound(_event)", false), ("!isBound(empty)", true),
        ]
        for (source, expected) in cases {
            #expect(try model.evaluate(source) == .bool(expected), "\(source)")
        }
        model.setSystemVariable("_event", value: eventValue(name: "e"))
        #expect(try model.evaluate("isBound(_event) && !isBound(_event.data)") == .bool(true))
        #expect(failure { _ = try model.evaluate("isBound(o.a[nosuch])") }?.message == "unknown variable 'nosuch'")
        #expect(failure { _ = try model.evaluate("isBound(1)") }?.message.contains("isBound takes a location") == true)
        #expect(failure { _ = try model.evaluate("isBound(In('x'))") } != nil)
    }

    @Test("typeof() names the kind of a value")
    func typeOf() throws {
        let model = makeModel()
        try model.declare("u", value: .undefined)
        let cases: [(String, String)] = [
            ("typeof(u)", "undefined"), ("typeof(null)", "null"), ("typeof(true)", "boolean"), ("typeof(1)", "number"),
            ("typeof('')", "string"), ("typeof([])", "array"), ("typeof({})", "object"),
        ]
        for (source, expected) in cases {
            #expect(try model.evaluate(source) == .string(expected), "\(source)")
        }
    }

    @Test("length(), has(), contains(), startsWith(), concat() and text()")
    func collections() throws {
        let model = makeModel()
        let cases: [(String, SCXMLValue)] = [
            ("length([1, 2, 3])", .number(3)), ("length('héllo')", .number(5)), ("length({a: 1})", .number(1)),
            ("length('')", .number(0)),
            ("has({a: 1}, 'a')", .bool(true)), ("has({a: 1}, 'b')", .bool(false)), ("has([1], 0)", .bool(true)),
            ("has([1], 1)", .bool(false)), ("has([1], -1)", .bool(false)), ("has([1], 0.5)", .bool(false)),
            ("contains('hello', 'ell')", .bool(true)), ("contains('hello', 'xyz')", .bool(false)),
            ("contains('hello', '')", .bool(true)), ("contains([1, [2]], [2])", .bool(true)),
            ("contains([1, 2], '1')", .bool(false)),
            ("startsWith('s0.abc', 's0.')", .bool(true)), ("startsWith('abc', 'b')", .bool(false)),
            ("concat([1, 2, 3], [4])", .array([1, 2, 3, 4].map { .number($0) })), ("concat([], [])", .array([])),
            ("text(12)", .string("12")), ("text([1, 'a'])", .string(#"[1,"a"]"#)), ("text('a')", .string("a")),
        ]
        for (source, expected) in cases {
            #expect(try model.evaluate(source) == expected, "\(source)")
        }
        #expect(failure { _ = try model.evaluate("length(1)") }?.message == "length() needs an array, a string or an object, but '1' is a number")
        #expect(failure { _ = try model.evaluate("has({}, 1)") }?.offset == 8)
        #expect(failure { _ = try model.evaluate("has(1, 1)") } != nil)
        #expect(failure { _ = try model.evaluate("contains('a', 1)") } != nil)
        #expect(failure { _ = try model.evaluate("startsWith(1, 'a')") } != nil)
        #expect(failure { _ = try model.evaluate("concat([1], 2)") }?.message == "concat() needs an array, but '2' is a number")
    }

    @Test("Unknown functions and wrong arity are reported where they are written")
    func callErrors() {
        let model = makeModel()
        let unknown = failure { _ = try model.evaluate("1 + nosuch(2)") }
        #expect(unknown?.message.hasPrefix("unknown function 'nosuch'") == true)
        #expect(unknown?.offset == 4)
        let arity = failure { _ = try model.evaluate("length(1, 2)") }
        #expect(arity?.message == "length() takes 1 argument, not 2")
        #expect(arity?.offset == 0)
        #expect(failure { _ = try model.evaluate("has([1])") }?.message == "has() takes 2 arguments, not 1")
        #expect(failure { _ = try model.evaluate("text()") }?.message == "text() takes 1 argument, not 0")
        #expect(failure { _ = try model.evaluate("(text)(1)") } != nil)
    }

    @Test("split() cuts a string at each separator, keeping empty parts")
    func split() throws {
        let model = makeModel()
        let cases: [(String, [String])] = [
            ("split('a&b&c', '&')", ["a", "b", "c"]), ("split('&a&&', '&')", ["", "a", "", ""]),
            ("split('abc', '')", ["a", "b", "c"]), ("split('', ',')", [""]), ("split('a=b=c', '=')", ["a", "b", "c"]),
            ("split('x\\n\\ny', '\\n\\n')", ["x", "y"]), ("split('aaa', 'aa')", ["", "a"]), ("split('é', 'e')", ["é"]),
        ]
        for (source, parts) in cases {
            #expect(try model.evaluate(source) == .array(parts.map(SCXMLValue.string)), "\(source)")
        }
        #expect(try model.evaluate("split('k=v', '=')[1]") == .string("v"))
        #expect(failure { _ = try model.evaluate("split(1, ',')") }?.message == "split() needs a string to split, but '1' is a number")
        #expect(failure { _ = try model.evaluate("split('a', 1)") }?.message == "split() needs a separator string, but '1' is a number")
        #expect(failure { _ = try model.evaluate("split('a')") } != nil)
    }
}
