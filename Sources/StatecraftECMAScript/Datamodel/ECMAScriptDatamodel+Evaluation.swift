#if canImport(JavaScriptCore) || ECMAScript
#if canImport(JavaScriptCore)
import JavaScriptCore
#else
import CJavaScriptCore
#endif
public import StatecraftSCXML

extension ECMAScriptDatamodel {
    // MARK: Expressions

    /// Evaluates an ECMAScript expression.
    ///
    /// ```swift
    /// try model.evaluate("[1, 2, 3].map(function (x) { return x * 10 })")   // [10, 20, 30]
    /// ```
    ///
    /// Each expression is compiled once, into a function kept for the next evaluation.
    ///
    /// - Parameter expression: Any ECMAScript expression.
    /// - Returns: Its value as an `SCXMLValue`, taken as `JSON.stringify` takes
    ///   it (`undefined` kept).
    /// - Throws: `SCXMLDatamodelError` with the exception's message
    ///   (`ReferenceError: Can't find variable: x`), or naming the part of the value that
    ///   cannot leave the datamodel (a function, a cycle).
    public func evaluate(_ expression: String) throws(SCXMLDatamodelError) -> SCXMLValue {
        let value = try scriptValue(of: expression)
        return try values.scxmlValue(value, purpose: .session, name: "the value of '\(Self.shortened(expression))'")
    }

    /// Evaluates a condition and converts its value as ECMAScript's `ToBoolean` does: `0`,
    /// `''`, `null`, `undefined` and `NaN` are false, every object true.
    ///
    /// - Parameter expression: Any ECMAScript expression; `In('id')` included.
    /// - Returns: Its truth.
    /// - Throws: `SCXMLDatamodelError` when the expression is malformed or
    ///   throws; the session then takes the condition as false and raises `error.execution`.
    public func evaluateCondition(_ expression: String) throws(SCXMLDatamodelError) -> Bool {
        let value = try scriptValue(of: expression)
        return JSValueToBoolean(script.context, value)
    }

    /// The JavaScript value of `expression`.
    func scriptValue(of expression: String) throws(SCXMLDatamodelError) -> JSValueRef {
        try environment.meter.beginEvaluation()
        let function = try compiledExpression(expression)
        do {
            return try script.call(function)
        } catch {
            throw error.datamodelError
        }
    }

    /// The function that returns the value of `expression`, compiled once.
    ///
    /// The expression must be one by itself: text that only compiles inside the wrapper
    /// (`1), (2`) is refused, because it must also compile inside brackets. Trailing `;` are
    /// dropped.
    private func compiledExpression(_ expression: String) throws(SCXMLDatamodelError) -> JSObjectRef {
        if let function = expressions[expression] { return function }
        // Documents written for script-evaluating processors end expressions with ';' (the W3C's
        // test 452 writes expr="new testobject();"): a trailing one is dropped.
        var body = Substring(expression)
        while let last = body.last, last == ";" || Self.whitespace.contains(last) { body.removeLast() }
        if let problem = script.syntaxError(in: "[\n\(body)\n]") {
            throw SCXMLDatamodelError("'\(Self.shortened(expression))' is not an ECMAScript expression: \(problem)")
        }
        let function = try compile("(function () { return (\n\(body)\n); })", for: expression, what: "expression")
        if expressions.count >= Self.cacheLimit {
            for old in expressions.values { script.release(old) }
            expressions.removeAll()
        }
        expressions[expression] = function
        return function
    }

    /// Compiles `source`, which must give a function, and keeps the function.
    private func compile(_ source: String, for text: String, what: String) throws(SCXMLDatamodelError) -> JSObjectRef {
        let value: JSValueRef
        do {
            value = try script.evaluate(script: source)
        } catch {
            throw SCXMLDatamodelError("'\(Self.shortened(text))' is not an ECMAScript \(what): \(error.message)")
        }
        guard let function = script.object(value), JSObjectIsFunction(script.context, function) else {
            throw SCXMLDatamodelError("'\(Self.shortened(text))' is not an ECMAScript \(what)")
        }
        script.keep(function)
        return function
    }

    // MARK: Locations

    /// Stores `value` at `location`: a variable, a member (`a.b`, `a['b']`) or an element
    /// (`a[0]`).
    ///
    /// The assignment runs in strict mode: a variable nobody declared is an error, not a new
    /// global, as SCXML requires, and so is a system variable.
    ///
    /// - Parameters:
    ///   - location: An ECMAScript left-hand-side expression.
    ///   - value: The value; objects and arrays become fresh JavaScript ones.
    /// - Throws: `SCXMLDatamodelError` with the exception's message.
    public func assign(_ location: String, value: SCXMLValue) throws(SCXMLDatamodelError) {
        try environment.meter.beginEvaluation()
        let setter = try compiledLocation(location)
        let made = try scriptValueReadingXML(value, name: "the value for '\(location)'")
        do {
            _ = try script.call(setter, [made])
        } catch {
            throw error.datamodelError
        }
    }

    /// Stores the value of `expression` itself at `location`, as `<assign expr>` does: an
    /// object is shared, not copied, and a function stays a function.
    ///
    /// - Parameters:
    ///   - location: An ECMAScript left-hand-side expression.
    ///   - expression: Any ECMAScript expression.
    /// - Throws: `SCXMLDatamodelError` with the exception's message.
    public func assign(_ location: String, expression: String) throws(SCXMLDatamodelError) {
        let setter = try compiledLocation(location)
        let value = try scriptValue(of: expression)
        do {
            _ = try script.call(setter, [value])
        } catch {
            throw error.datamodelError
        }
    }

    /// Whether `location` is a left-hand-side expression that can be written now: for a bare
    /// name, a declared variable.
    ///
    /// - Parameter location: A location expression.
    /// - Returns: `false` for malformed locations and undeclared names.
    public func isAssignable(_ location: String) -> Bool {
        guard (try? compiledLocation(location)) != nil else { return false }
        let name = location.trimmingXMLWhitespace()
        guard Self.isIdentifierName(name) else { return true }
        guard let answer = try? script.call(helpers.isDeclared, [script.stringValue(name)]) else { return false }
        return JSValueToBoolean(script.context, answer)
    }

    /// The function that stores its argument at `location`, compiled once.
    private func compiledLocation(_ location: String) throws(SCXMLDatamodelError) -> JSObjectRef {
        if let function = locations[location] { return function }
        if let problem = script.syntaxError(in: location) {
            throw SCXMLDatamodelError("'\(Self.shortened(location))' is not an ECMAScript location: \(problem)")
        }
        let function = try compile(
            "(function () { 'use strict'; (\n\(location)\n) = arguments[0]; })", for: location, what: "location"
        )
        if locations.count >= Self.cacheLimit {
            for old in locations.values { script.release(old) }
            locations.removeAll()
        }
        locations[location] = function
        return function
    }

    // MARK: Scripts

    /// Runs a `<script>` as a global ECMAScript script: `var` and `function` declarations
    /// become variables of the datamodel.
    ///
    /// - Parameter source: The script's text.
    /// - Throws: `SCXMLDatamodelError` with the exception's message; the
    ///   statements before the one that threw keep their effect.
    public func run(script source: String) throws(SCXMLDatamodelError) {
        try environment.meter.beginEvaluation()
        do {
            _ = try script.evaluate(script: source)
        } catch {
            throw error.datamodelError
        }
    }

    // MARK: Content

    /// The value of `<data>` or `<content>` text, or a file loaded by `src`, as Appendix B.2
    /// says: JSON gives the value it writes; any other text is a string with its whitespace
    /// normalized (trimmed, each inner run made one space).
    ///
    /// ```swift
    /// model.value(ofContent: "{ \"size\": 27 }")     // an object
    /// model.value(ofContent: " this  is\n a string ") // .string("this is a string")
    /// ```
    ///
    /// - Parameter text: The content's text.
    /// - Returns: Its value.
    public func value(ofContent text: String) -> SCXMLValue {
        let trimmed = text.trimmingXMLWhitespace()
        if isXMLDocument(trimmed) { return .string(trimmed) }
        if !trimmed.isEmpty {
            let json = script.makeString(trimmed)
            defer { JSStringRelease(json) }
            if let parsed = JSValueMakeFromJSONString(script.context, json),
                let value = try? values.scxmlValue(parsed, purpose: .session, name: "the content")
            {
                return value
            }
        }
        return .string(trimmed.split(whereSeparator: { Self.whitespace.contains($0) }).joined(separator: " "))
    }

    /// XML's whitespace: space, tab, carriage return, line feed.
    static let whitespace: Set<Character> = [" ", "\t", "\r", "\n", "\r\n"]

    // MARK: foreach

    /// Runs `body` once per element of the array `array` evaluates to, as `<foreach>` does.
    ///
    /// The array is copied first (a shallow copy), so a body that changes the variable does
    /// not change the iteration; each element itself goes to `item`, so a body that changes an
    /// element's members changes the array's object. `item` and `index` are declared when
    /// they are not variables yet.
    ///
    /// - Parameters:
    ///   - array: An expression whose value is an ECMAScript array.
    ///   - item: A variable name.
    ///   - index: A variable name for the position, from 0, if any.
    ///   - body: The `<foreach>` children.
    /// - Throws: `SCXMLDatamodelError` when the value is not an array or
    ///   `item` or `index` is not a legal variable name; what `body` throws.
    public func iterate(array: String, item: String, index: String?, body: () throws -> Void) throws {
        let collection = try scriptValue(of: array)
        let copy: JSValueRef
        do {
            copy = try script.call(helpers.copyArray, [collection])
        } catch {
            throw error.datamodelError
        }
        guard let (elements, count) = try ScriptException.mapped({ () throws(ScriptException) in try script.arrayLength(copy) }) else {
            throw SCXMLDatamodelError("<foreach> array '\(Self.shortened(array))' is not an array")
        }
        script.keep(elements)
        defer { script.release(elements) }
        if !isAssignable(item) { try declare(item, value: .undefined) }
        if let index, !isAssignable(index) { try declare(index, value: .undefined) }
        let itemSetter = try compiledLocation(item)
        let indexSetter = try index.map { (name) throws(SCXMLDatamodelError) in try compiledLocation(name) }
        for position in 0..<count {
            try ScriptException.mapped { () throws(ScriptException) in
                _ = try script.call(itemSetter, [try script.element(position, of: elements)])
                if let indexSetter {
                    _ = try script.call(indexSetter, [JSValueMakeNumber(script.context, Double(position))])
                }
            }
            try body()
        }
    }

    // MARK: Helpers

    /// `text` cut to a length a message can show.
    static func shortened(_ text: String) -> String {
        text.count > 60 ? String(text.prefix(57)) + "…" : text
    }
}

extension ScriptException {
    /// Runs `work`, turning a JavaScript exception into the datamodel's error.
    static func mapped<Result>(_ work: () throws(ScriptException) -> Result) throws(SCXMLDatamodelError) -> Result {
        do {
            return try work()
        } catch {
            throw error.datamodelError
        }
    }
}

extension String {
    /// The string without leading and trailing XML whitespace.
    func trimmingXMLWhitespace() -> String {
        let set = ECMAScriptDatamodel.whitespace
        guard let first = firstIndex(where: { !set.contains($0) }), let last = lastIndex(where: { !set.contains($0) }) else {
            return ""
        }
        return String(self[first...last])
    }
}
#endif
