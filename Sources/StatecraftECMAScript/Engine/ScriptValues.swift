#if canImport(JavaScriptCore) || ECMAScript
#if canImport(JavaScriptCore)
import JavaScriptCore
#else
import CJavaScriptCore
#endif
import StatecraftSCXML

/// Conversions between JavaScript values and `SCXMLValue`s.
///
/// Going out, a value is taken as `JSON.stringify` takes it (`toJSON` is called, an object
/// gives its own enumerable string-keyed properties, an array its elements), except that
/// nothing is left out without a word: a function, a symbol, a cycle or a value that nests
/// too deeply is a problem, reported with where it was found. `undefined` stays
/// `SCXMLValue.undefined`, except in ``Purpose/json`` where it is a problem below the top.
///
/// Every conversion is counted against the session's value budget (`SCXMLBudgets.valueNodes`,
/// `valueBytes`) as it goes: an object reached twice counts twice, an array counts its length
/// before its elements are read (a sparse array of 2^32 - 1 holes is refused at once), and a
/// string its length before it is read. The conversion also charges the step's evaluation time.
struct ScriptValues {
    /// Why a value is converted, which decides what it may hold.
    enum Purpose {
        /// For the session (event data, a log, a send attribute): `undefined` and numbers that
        /// are not finite are kept.
        case session
        /// For a snapshot: only what JSON can hold, `undefined` at the top excepted.
        case json
    }

    /// The deepest a converted value may nest.
    static let maximumDepth = 256

    let script: ScriptContext
    /// `Object.keys`, captured before any document code ran.
    let keys: JSObjectRef
    /// Defines an own data property (for the member name `__proto__`, which an assignment
    /// would take as the prototype).
    let defineMember: JSObjectRef
    /// The session's meter and budgets.
    let meter: SCXMLEvaluationMeter

    // MARK: To SCXML

    /// `value` as an `SCXMLValue`, within a value budget of its own.
    ///
    /// - Parameter name: What the value is, for messages: `Var1`, `the value of 'x + 1'`.
    /// - Throws: `SCXMLDatamodelError` listing every problem found, each with its path, or
    ///   naming the budget the value passed.
    func scxmlValue(_ value: JSValueRef, purpose: Purpose, name: String) throws(SCXMLDatamodelError) -> SCXMLValue {
        var tally = SCXMLValueTally(budgets: meter.budgets)
        return try scxmlValue(value, purpose: purpose, name: name, tally: &tally)
    }

    /// `value` as an `SCXMLValue`, counted in `tally` (several values sharing one budget, as
    /// the variables of a snapshot do).
    ///
    /// - Throws: `SCXMLDatamodelError` listing every problem found, or naming the budget.
    func scxmlValue(
        _ value: JSValueRef, purpose: Purpose, name: String, tally: inout SCXMLValueTally
    ) throws(SCXMLDatamodelError) -> SCXMLValue {
        var walk = Walk(tally: tally)
        let result = convert(value, path: name, depth: 0, purpose: purpose, walk: &walk)
        tally = walk.tally
        if let overrun = walk.overrun { throw overrun }
        guard walk.problems.isEmpty else {
            throw SCXMLDatamodelError(walk.problems.joined(separator: "; "))
        }
        return result
    }

    /// What one conversion has found so far.
    private struct Walk {
        var tally: SCXMLValueTally
        var problems: [String] = []
        var open: [JSObjectRef] = []
        /// The budget passed, which ends the conversion.
        var overrun: SCXMLDatamodelError?
        /// Whether to stop: a budget was passed or too many problems were found.
        var isOver: Bool { overrun != nil || problems.count > 20 }
    }

    /// Counts a node of `bytes` bytes at `path`; `false` when a budget is passed.
    private func charge(nodes: Int, bytes: Int = 0, at path: String, _ walk: inout Walk) -> Bool {
        do {
            try meter.tick(nodes)
            try walk.tally.add(nodes: nodes, bytes: bytes, what: path)
            return true
        } catch {
            walk.overrun = error
            return false
        }
    }

    private func convert(
        _ value: JSValueRef, path: String, depth: Int, purpose: Purpose, walk: inout Walk
    ) -> SCXMLValue {
        guard !walk.isOver else { return .undefined }
        let context = script.context
        let kind = JSValueGetType(context, value)
        if kind != kJSTypeObject, kind != kJSTypeString {
            guard charge(nodes: 1, at: path, &walk) else { return .undefined }
        }
        switch kind {
        case kJSTypeUndefined:
            if purpose == .json, depth > 0 { walk.problems.append("\(path) is undefined, which JSON cannot hold") }
            return .undefined
        case kJSTypeNull:
            return .null
        case kJSTypeBoolean:
            return .bool(JSValueToBoolean(context, value))
        case kJSTypeNumber:
            let number = JSValueToNumber(context, value, nil)
            if purpose == .json, !number.isFinite {
                walk.problems.append("\(path) is \(number.isNaN ? "NaN" : "an infinity"), which JSON cannot hold")
            }
            return .number(number)
        case kJSTypeString:
            // The length first: reading a string built by doubling makes it flat, all of it.
            guard charge(nodes: 1, bytes: script.stringLength(value), at: path, &walk) else { return .undefined }
            return .string(script.text(of: value) ?? "")
        case kJSTypeObject:
            return convertObject(value, path: path, depth: depth, purpose: purpose, walk: &walk)
        case kJSTypeSymbol:
            walk.problems.append("\(path) is a symbol, which cannot leave the ecmascript datamodel")
            return .undefined
        default:
            walk.problems.append("\(path) is a BigInt or another kind of value that cannot leave the ecmascript datamodel")
            return .undefined
        }
    }

    private func convertObject(
        _ value: JSValueRef, path: String, depth: Int, purpose: Purpose, walk: inout Walk
    ) -> SCXMLValue {
        guard let object = script.object(value) else { return .undefined }
        guard charge(nodes: 1, at: path, &walk) else { return .undefined }
        if JSObjectIsFunction(script.context, object) {
            walk.problems.append("\(path) is a function, which cannot leave the ecmascript datamodel")
            return .undefined
        }
        guard depth < Self.maximumDepth else {
            walk.problems.append("\(path) nests more than \(Self.maximumDepth) levels deep")
            return .undefined
        }
        if walk.open.contains(where: { $0 == object }) {
            walk.problems.append("\(path) refers back to an object that contains it (a cycle)")
            return .undefined
        }
        do throws(ScriptException) {
            let toJSON = try script.property("toJSON", of: object)
            if let method = script.object(toJSON), JSObjectIsFunction(script.context, method) {
                let replaced = try script.call(method, [script.stringValue("")], this: object)
                walk.open.append(object)
                defer { walk.open.removeLast() }
                return convert(replaced, path: path, depth: depth + 1, purpose: purpose, walk: &walk)
            }
            walk.open.append(object)
            defer { walk.open.removeLast() }
            if let (array, length) = try script.arrayLength(value) {
                // The whole length counts before any element is read: a sparse array of 2^32 - 1
                // holes is refused here, not after billions of reads.
                do {
                    try walk.tally.checkRoom(nodes: length, what: path)
                } catch {
                    walk.overrun = error
                    return .undefined
                }
                var items: [SCXMLValue] = []
                items.reserveCapacity(min(length, 1 << 16))
                for index in 0..<length {
                    let element = try script.element(index, of: array)
                    items.append(convert(element, path: "\(path)[\(index)]", depth: depth + 1, purpose: purpose, walk: &walk))
                    if walk.isOver { break }
                }
                return .array(items)
            }
            let names = try script.call(keys, [object])
            guard let (list, count) = try script.arrayLength(names) else { return .object([]) }
            do {
                try walk.tally.checkRoom(nodes: count, what: path)
            } catch {
                walk.overrun = error
                return .undefined
            }
            var members: [SCXMLMember] = []
            for index in 0..<count {
                let name = script.text(of: try script.element(index, of: list)) ?? ""
                guard charge(nodes: 0, bytes: name.utf8.count, at: path, &walk) else { break }
                let member = try script.property(name, of: object)
                members.append(SCXMLMember(name, convert(member, path: Self.path(path, name), depth: depth + 1, purpose: purpose, walk: &walk)))
                if walk.isOver { break }
            }
            return .object(members)
        } catch {
            walk.problems.append("\(path) could not be read: \(error.message)")
            return .undefined
        }
    }

    /// `path.name`, or `path["name"]` when `name` is not a plain identifier.
    static func path(_ path: String, _ name: String) -> String {
        let plain = !name.isEmpty && name.unicodeScalars.enumerated().allSatisfy { offset, scalar in
            scalar == "_" || scalar == "$" || (offset == 0 ? scalar.properties.isXIDStart : scalar.properties.isXIDContinue)
        }
        if plain { return "\(path).\(name)" }
        var quoted = ""
        for character in name { quoted += character == "\"" ? "\\\"" : character == "\\" ? "\\\\" : String(character) }
        return "\(path)[\"\(quoted)\"]"
    }

    // MARK: To JavaScript

    /// A new JavaScript value equal to `value`: arrays and objects are fresh.
    func scriptValue(_ value: SCXMLValue) -> JSValueRef {
        let context = script.context
        switch value {
        case .undefined: return JSValueMakeUndefined(context)
        case .null: return JSValueMakeNull(context)
        case .bool(let flag): return JSValueMakeBoolean(context, flag)
        case .number(let number): return JSValueMakeNumber(context, number)
        case .string(let text): return script.stringValue(text)
        case .array(let items):
            guard let array = JSObjectMakeArray(context, 0, nil, nil) else { return JSValueMakeUndefined(context) }
            for (index, item) in items.enumerated() {
                let element = scriptValue(item)
                JSObjectSetPropertyAtIndex(context, array, UInt32(truncatingIfNeeded: index), element, nil)
            }
            return array
        case .object(let members):
            guard let object = JSObjectMake(context, nil, nil) else { return JSValueMakeUndefined(context) }
            for member in members {
                let element = scriptValue(member.value)
                if member.name == "__proto__" {
                    _ = try? script.call(defineMember, [object, script.stringValue(member.name), element])
                } else {
                    try? script.setProperty(member.name, of: object, to: element)
                }
            }
            return object
        }
    }
}
#endif
