import Foundation
import StatecraftSCXML
import Testing

@Suite("Expression language: hostile input")
struct ExpressionSafetyTests {
    @Test(
        "Deep nesting is refused, not a stack overflow",
        arguments: [
            ("(", "1", ")"), ("[", "1", "]"), ("!", "true", ""), ("-", "1", ""), ("{a:", "1", "}"),
            ("a[", "0", "]"), ("true ? ", "1", " : 2"), ("length(", "[]", ")"), ("isBound(a[", "0", "])"),
        ]
    )
    func deepNesting(open: String, middle: String, close: String) {
        // As deep as the 64 KiB expression limit allows: thousands of levels.
        let depth = 60_000 / (open.utf8.count + close.utf8.count)
        let source = String(repeating: open, count: depth) + middle + String(repeating: close, count: depth)
        let error = failure { _ = try makeModel().evaluate(source) }
        #expect(error?.message == "the expression nests more than 32 levels deep")
    }

    @Test("Nesting 100,000 levels deep in a script or inline content is refused too")
    func hundredThousandLevels() {
        let depth = 100_000
        let parentheses = String(repeating: "(", count: depth) + "1" + String(repeating: ")", count: depth)
        let model = makeModel()
        #expect(failure { _ = try model.evaluate(parentheses) }?.message.hasSuffix("the limit is 65536 bytes") == true)
        #expect(failure { try model.run(script: "var x = " + parentheses) }?.message == "the expression nests more than 32 levels deep")
        let arrays = String(repeating: "[", count: depth) + String(repeating: "]", count: depth)
        #expect(model.value(ofContent: arrays) == .string(arrays))
        #expect(failure { try SCXMLExpressionDatamodel.checkSyntax(script: "x = " + arrays) } != nil)
    }

    @Test("Nesting within the limit evaluates")
    func nestingWithinLimit() throws {
        let source = String(repeating: "(", count: 31) + "1" + String(repeating: ")", count: 31)
        #expect(try makeModel().evaluate(source) == .number(1))
        let arrays = String(repeating: "[", count: 30) + String(repeating: "]", count: 30)
        #expect(try makeModel().evaluate("length(\(arrays))") == .number(1))
        let tooDeep = String(repeating: "(", count: 32) + "1" + String(repeating: ")", count: 32)
        #expect(failure { _ = try makeModel().evaluate(tooDeep) }?.message == "the expression nests more than 32 levels deep")
        // Operators nest too: each precedence level in use adds one level to the tree.
        let mixed = "(false || true && 1 == 1 < 1 + 1 * "
        let shallow = String(repeating: mixed, count: 4) + "1" + String(repeating: ")", count: 4)
        #expect(failure { _ = try makeModel().evaluate(shallow) }?.message == "'*' needs two numbers, but here it has a number and a boolean")
        let deep = String(repeating: mixed, count: 6) + "1" + String(repeating: ")", count: 6)
        #expect(failure { _ = try makeModel().evaluate(deep) }?.message == "the expression nests more than 32 levels deep")
    }

    @Test(
        "The deepest expressions allowed parse and evaluate on a 512 KiB stack (the smallest default thread stack)",
        arguments: [
            ("(", "1", ")"), ("[", "1", "]"), ("!", "true", ""), ("-", "1", ""), ("{a:", "1", "}"), ("a[", "0", "]"),
            ("true ? ", "1", " : 2"), ("length(", "[]", ")"), ("isBound(a[", "0", "])"),
            ("(false || true && 1 == 1 < 1 + 1 * ", "1", ")"), ("{k: [", "1", "]}"), ("has({}, ", "'k'", ")"),
        ]
    )
    func deepestExpressionsOnASmallStack(open: String, middle: String, close: String) async throws {
        func source(_ depth: Int) -> String {
            String(repeating: open, count: depth) + middle + String(repeating: close, count: depth)
        }
        // The deepest nesting the parser accepts.
        var depth = 0
        while failure({ try SCXMLExpressionDatamodel.checkSyntax(expression: source(depth + 1)) }) == nil {
            depth += 1
            try #require(depth < 100, "the nesting limit does not hold for \(open)")
        }
        #expect(failure { try SCXMLExpressionDatamodel.checkSyntax(expression: source(depth + 1)) }?.message == "the expression nests more than 32 levels deep")
        let deepest = source(depth)
        let outcome: String = await withCheckedContinuation { continuation in
            let thread = Thread {
                let model = makeModel()
                try? model.declare("a", value: .array([.number(0)]))
                let error = failure { _ = try model.evaluate(deepest) }
                continuation.resume(returning: error?.message ?? "evaluated")
            }
            thread.stackSize = 512 * 1024
            thread.start()
        }
        #expect(!outcome.contains("nests more than"))
    }

    @Test("A 1 MB expression is refused before it is parsed")
    func megabyteExpression() {
        let source = String(repeating: "1+", count: 524_288) + "1"
        let error = failure { _ = try makeModel().evaluate(source) }
        #expect(error?.message == "the expression is 1048577 bytes long; the limit is 65536 bytes")
        #expect(failure { _ = try makeModel().evaluateCondition(source) } != nil)
        #expect(!makeModel().isAssignable(source))
        #expect(failure { try makeModel().run(script: "x = " + source + source) }?.message.contains("the limit is 1048576 bytes") == true)
    }

    @Test("Long flat chains evaluate without deep recursion")
    func longChains() throws {
        let model = makeModel()
        let sum = String(repeating: "1 + ", count: 15_000) + "1"
        #expect(try model.evaluate(sum) == .number(15_001))
        let conjunction = String(repeating: "true && ", count: 8_000) + "true"
        #expect(try model.evaluate(conjunction) == .bool(true))
        try model.declare("o", value: .object([SCXMLMember("o", .number(0))]))
        let members = "{o: 1}" + String(repeating: ".o", count: 20_000)
        #expect(failure { _ = try model.evaluate(members) }?.message == "'{o: 1}.o' is a number, not an object, so it has no member 'o'")
    }

    @Test("Numeric edge cases never trap")
    func numericEdges() throws {
        let model = makeModel()
        try model.declare("a", value: .array([.number(1)]))
        model.setSystemVariable("_name", value: .number(.nan))
        model.setSystemVariable("_sessionid", value: .number(.infinity))
        #expect(try model.evaluate("_name == _name") == .bool(false))
        #expect(try model.evaluate("text(_name)") == .string("nan"))
        #expect(try model.evaluate("text(_sessionid)") == .string("inf"))
        #expect(failure { _ = try model.evaluate("_name + 1") }?.message == "the result of '+' is not a number")
        #expect(failure { _ = try model.evaluate("_sessionid - _sessionid") }?.message == "the result of '-' is not a number")
        #expect(failure { _ = try model.evaluate("a[_name]") }?.message == "the index nan is not a whole number")
        #expect(failure { _ = try model.evaluate("a[_sessionid]") }?.message == "the index inf is not a whole number")
        #expect(failure { _ = try model.evaluate("a[1e300]") }?.message == "the index 1e+300 is out of range: 'a' has 1 element")
        #expect(failure { _ = try model.evaluate("a[-1e300]") } != nil)
        #expect(failure { _ = try model.evaluate("'abc'[9007199254740993]") } != nil)
        #expect(!model.isAssignable("a[1e300]"))
        #expect(failure { try model.assign("a[1e19]", value: .null) } != nil)
        #expect(try model.evaluate("has(a, 1e300)") == .bool(false))
        #expect(try model.evaluate("has(a, _name)") == .bool(false))
        #expect(try model.evaluate("9007199254740993 + 0") == .number(9_007_199_254_740_992))
        #expect(try model.evaluate("'' + 123456789012345678901234567890") == .string("1.2345678901234568e+29"))
        #expect(try model.evaluate("'' + 1e-7") == .string("1e-07"))
        #expect(try model.evaluate("-9007199254740991 - 1") == .number(-9_007_199_254_740_992))
        #expect(failure { _ = try model.evaluate("1" + String(repeating: "0", count: 400)) } != nil)
    }

    @Test("Stored values may not nest more than 256 levels deep")
    func deepValues() throws {
        var deep = SCXMLValue.number(0)
        for _ in 0..<300 { deep = .array([deep]) }
        var shallow = SCXMLValue.number(0)
        for _ in 0..<200 { shallow = .array([shallow]) }
        let model = makeModel()
        #expect(failure { try model.declare("d", value: deep) }?.message.contains("more than 256 levels deep") == true)
        try model.declare("d", value: shallow)
        try model.declare("e", value: .undefined)
        #expect(failure { try model.assign("e", value: deep) } != nil)
        // 200 levels stored 60 levels down is too deep as well.
        let path = "e" + String(repeating: "[0]", count: 60)
        var holder = SCXMLValue.number(0)
        for _ in 0..<60 { holder = .array([holder]) }
        try model.assign("e", value: holder)
        #expect(failure { try model.assign(path, value: shallow) }?.message.contains("more than 256 levels deep") == true)
        #expect(try model.evaluate("e" + String(repeating: "[0]", count: 60)) == .number(0))
    }

    @Test("Random token soup throws or evaluates, and never crashes")
    func tokenSoup() {
        let pieces = [
            "(", ")", "[", "]", "{", "}", ",", ":", "?", ".", "+", "-", "*", "/", "%", "!", "<", ">", "=", "==", "&&",
            "||", "'", "\"", "\\", "1", "0", "1e9", ".5", "x", "a", "In", "isBound", "length", "true", "null",
            "undefined", "var", " ", "\n", "é", "😀", "\u{301}", "\u{0}", "#", "$", "// c\n", "1e999", "\\u{",
        ]
        var generator = SplitMix(seed: 42)
        let model = makeModel(active: ["x"])
        try? model.declare("x", value: .array([.number(1), .object([SCXMLMember("a", .string("s"))])]))
        try? model.declare("a", value: .number(2))
        var outcomes = (values: 0, errors: 0)
        for _ in 0..<3_000 {
            var source = ""
            for _ in 0..<Int(generator.next() % 24) { source += pieces[Int(generator.next() % UInt64(pieces.count))] }
            do {
                _ = try model.evaluate(source)
                outcomes.values += 1
            } catch {
                outcomes.errors += 1
                if let offset = error.offset { #expect(offset >= 0 && offset <= source.count, "\(source)") }
            }
            _ = model.isAssignable(source)
            _ = model.value(ofContent: source)
            _ = failure { try model.run(script: source) }
        }
        #expect(outcomes.values > 0)
        #expect(outcomes.errors > 0)
    }
}

/// A small deterministic random generator, so the soup is the same on every run.
struct SplitMix {
    private var state: UInt64

    init(seed: UInt64) {
        state = seed
    }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
