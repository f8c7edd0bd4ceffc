#if canImport(JavaScriptCore) || ECMAScript
#if canImport(JavaScriptCore)
import JavaScriptCore
#else
import CJavaScriptCore
#endif
import StatecraftSCXML

/// One JavaScriptCore global context in a context group (a virtual machine) of its own, and
/// the calls of the C API the datamodel makes, in Swift terms.
///
/// Nothing of one context can reach another: each session's datamodel makes its own. The
/// context is not thread-safe by itself; its owner uses it from one thread at a time (the API
/// takes the virtual machine's lock on every call, so handing it between threads is sound).
final class ScriptContext {
    /// The context.
    let context: JSGlobalContextRef
    /// Its global object, where `<data>` variables live.
    let global: JSObjectRef
    /// Keeps its evaluations within their budgets.
    let watchdog: Watchdog
    /// `length`, for measuring strings.
    private let lengthKey: JSStringRef

    /// Creates a context whose evaluations `watchdog` keeps within their budgets.
    init(watchdog: Watchdog) {
        guard let group = JSContextGroupCreate(), let context = JSGlobalContextCreateInGroup(group, nil),
            let global = JSContextGetGlobalObject(context), let lengthKey = JSStringCreateWithUTF8CString("length")
        else {
            preconditionFailure("JavaScriptCore could not create a context: the process is out of memory")
        }
        watchdog.context = context
        watchdog.group = group
        watchdog.arm()
        JSContextGroupRelease(group)
        self.context = context
        self.global = global
        self.watchdog = watchdog
        self.lengthKey = lengthKey
    }

    deinit {
        JSStringRelease(lengthKey)
        watchdog.context = nil
        watchdog.group = nil
        JSGlobalContextRelease(context)
    }

    /// The length of a string value, in UTF-16 units, without making it flat (a string built by
    /// doubling is a tree of a few nodes until it is read).
    func stringLength(_ value: JSValueRef) -> Int {
        guard let object = JSValueToObject(context, value, nil),
            let length = JSObjectGetProperty(context, object, lengthKey, nil)
        else { return 0 }
        let count = JSValueToNumber(context, length, nil)
        return count.isFinite && count > 0 ? Int(count) : 0
    }

    // MARK: Strings

    /// A new JavaScript string holding `text`; the caller releases it.
    func makeString(_ text: String) -> JSStringRef {
        let units = Array(text.utf16)
        let string = units.withUnsafeBufferPointer { JSStringCreateWithCharacters($0.baseAddress, $0.count) }
        guard let string else { preconditionFailure("JavaScriptCore could not create a string of \(units.count) units") }
        return string
    }

    /// The text of a JavaScript string.
    static func text(of string: JSStringRef) -> String {
        let length = JSStringGetLength(string)
        guard length > 0, let characters = JSStringGetCharactersPtr(string) else { return "" }
        return String(decoding: UnsafeBufferPointer(start: characters, count: length), as: UTF16.self)
    }

    /// A JavaScript string value holding `text`.
    func stringValue(_ text: String) -> JSValueRef {
        let string = makeString(text)
        defer { JSStringRelease(string) }
        return JSValueMakeString(context, string)
    }

    /// `String(value)`, or `nil` when converting throws.
    func text(of value: JSValueRef) -> String? {
        guard let string = JSValueToStringCopy(context, value, nil) else { return nil }
        defer { JSStringRelease(string) }
        return Self.text(of: string)
    }

    /// What an exception says: `ReferenceError: Can't find variable: x`.
    func describe(exception: JSValueRef) -> String {
        text(of: exception) ?? "an exception that cannot be shown as text"
    }

    // MARK: Running code

    /// Runs `source` as a global script (sloppy mode, the global scope).
    ///
    /// - Returns: The completion value.
    func evaluate(script source: String) throws(ScriptException) -> JSValueRef {
        try watchdog.enter()
        defer { watchdog.exit() }
        let script = makeString(source)
        defer { JSStringRelease(script) }
        var exception: JSValueRef?
        let result = JSEvaluateScript(context, script, nil, nil, 1, &exception)
        if let exception { throw ScriptException(watchdog.stopReason ?? describe(exception: exception)) }
        return result ?? JSValueMakeUndefined(context)
    }

    /// Why `source` is not a valid script, or `nil` when it is.
    func syntaxError(in source: String) -> String? {
        let script = makeString(source)
        defer { JSStringRelease(script) }
        var exception: JSValueRef?
        if JSCheckScriptSyntax(context, script, nil, 1, &exception) { return nil }
        return exception.map { describe(exception: $0) } ?? "SyntaxError"
    }

    /// Calls `function` with `arguments`, `this` being the global object.
    func call(_ function: JSObjectRef, _ arguments: [JSValueRef?] = [], this: JSObjectRef? = nil) throws(ScriptException) -> JSValueRef {
        try watchdog.enter()
        defer { watchdog.exit() }
        var exception: JSValueRef?
        let result = arguments.withUnsafeBufferPointer { buffer in
            JSObjectCallAsFunction(context, function, this, buffer.count, buffer.baseAddress, &exception)
        }
        if let exception { throw ScriptException(watchdog.stopReason ?? describe(exception: exception)) }
        return result ?? JSValueMakeUndefined(context)
    }

    /// `value` as an object, when it is one.
    func object(_ value: JSValueRef) -> JSObjectRef? {
        guard JSValueIsObject(context, value) else { return nil }
        return JSValueToObject(context, value, nil)
    }

    /// Whether `value` is a function.
    func isFunction(_ value: JSValueRef) -> Bool {
        guard let object = object(value) else { return false }
        return JSObjectIsFunction(context, object)
    }

    // MARK: Properties

    /// `object[name]`.
    func property(_ name: String, of object: JSObjectRef) throws(ScriptException) -> JSValueRef {
        let key = makeString(name)
        defer { JSStringRelease(key) }
        var exception: JSValueRef?
        let value = JSObjectGetProperty(context, object, key, &exception)
        if let exception { throw ScriptException(describe(exception: exception)) }
        return value ?? JSValueMakeUndefined(context)
    }

    /// `object[index]`.
    func element(_ index: Int, of object: JSObjectRef) throws(ScriptException) -> JSValueRef {
        var exception: JSValueRef?
        let value = JSObjectGetPropertyAtIndex(context, object, UInt32(truncatingIfNeeded: index), &exception)
        if let exception { throw ScriptException(describe(exception: exception)) }
        return value ?? JSValueMakeUndefined(context)
    }

    /// Sets `object[name]` as a plain assignment does.
    func setProperty(_ name: String, of object: JSObjectRef, to value: JSValueRef) throws(ScriptException) {
        let key = makeString(name)
        defer { JSStringRelease(key) }
        var exception: JSValueRef?
        JSObjectSetProperty(context, object, key, value, JSPropertyAttributes(kJSPropertyAttributeNone), &exception)
        if let exception { throw ScriptException(describe(exception: exception)) }
    }

    /// An array's length, or `nil` when `value` is not an array.
    func arrayLength(_ value: JSValueRef) throws(ScriptException) -> (JSObjectRef, Int)? {
        guard JSValueIsArray(context, value), let array = object(value) else { return nil }
        let length = JSValueToNumber(context, try property("length", of: array), nil)
        return (array, length.isFinite && length > 0 ? Int(length) : 0)
    }

    // MARK: Keeping values

    /// Keeps `value` from the garbage collector until ``release(_:)``.
    func keep(_ value: JSValueRef) {
        JSValueProtect(context, value)
    }

    /// Lets the garbage collector have `value` again.
    func release(_ value: JSValueRef) {
        JSValueUnprotect(context, value)
    }

    /// A new `Error` object with `message`, to throw from a native function.
    func makeError(_ message: String) -> JSValueRef? {
        let text = stringValue(message)
        return [text].withUnsafeBufferPointer { JSObjectMakeError(context, 1, $0.baseAddress, nil) }
    }
}

/// An exception thrown inside JavaScript, as text.
struct ScriptException: Error, CustomStringConvertible {
    /// `TypeError: ...`.
    var message: String

    init(_ message: String) {
        self.message = message
    }

    var description: String { message }

    /// The error the session reports as `error.execution`.
    var datamodelError: SCXMLDatamodelError { SCXMLDatamodelError(message) }
}
#endif
