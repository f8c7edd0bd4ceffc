#if canImport(JavaScriptCore) || ECMAScript
#if canImport(JavaScriptCore)
import JavaScriptCore
#else
import CJavaScriptCore
#endif

/// A JavaScript function written in Swift: `In()` and the getters of the system variables.
///
/// The JavaScript object carries a pointer to this instance; whoever makes one keeps it alive
/// as long as its context, so the pointer never dangles.
final class NativeFunction {
    typealias Body = (_ arguments: [JSValueRef]) throws(ScriptException) -> JSValueRef

    private let body: Body

    init(_ body: @escaping Body) {
        self.body = body
    }

    /// The class of every native function object: callable, with this instance as private data.
    static func makeClass() -> JSClassRef {
        var definition = kJSClassDefinitionEmpty
        definition.callAsFunction = { context, function, _, count, arguments, exception in
            guard let context, let function, let pointer = JSObjectGetPrivate(function) else {
                return JSValueMakeUndefined(context)
            }
            let native = Unmanaged<NativeFunction>.fromOpaque(pointer).takeUnretainedValue()
            var values: [JSValueRef] = []
            values.reserveCapacity(count)
            for position in 0..<count {
                values.append(arguments?[position] ?? JSValueMakeUndefined(context))
            }
            do throws(ScriptException) {
                return try native.body(values)
            } catch {
                let text = JSStringCreateWithUTF8CString(error.message)
                defer { JSStringRelease(text) }
                let message = JSValueMakeString(context, text)
                exception?.pointee = [message].withUnsafeBufferPointer { JSObjectMakeError(context, 1, $0.baseAddress, nil) }
                return nil
            }
        }
        guard let made = JSClassCreate(&definition) else { preconditionFailure("JavaScriptCore could not create a class") }
        return made
    }

    /// A function object of `context` that runs this instance's body.
    func makeObject(in context: JSContextRef, class functionClass: JSClassRef) -> JSObjectRef {
        guard let object = JSObjectMake(context, functionClass, Unmanaged.passUnretained(self).toOpaque()) else {
            preconditionFailure("JavaScriptCore could not create a function object")
        }
        return object
    }
}
#endif
