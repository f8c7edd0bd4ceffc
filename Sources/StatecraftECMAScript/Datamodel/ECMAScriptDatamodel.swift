#if canImport(JavaScriptCore) || ECMAScript
#if canImport(JavaScriptCore)
import JavaScriptCore
#else
import CJavaScriptCore
#endif
public import StatecraftSCXML

/// The `ecmascript` datamodel of SCXML (Appendix B.2 of the recommendation), on
/// JavaScriptCore.
///
/// A document selects it with `datamodel="ecmascript"` and is read with datamodels that
/// include it (`SCXMLDatamodels.withECMAScript(limits:)`). Each session gets
/// a JavaScript context, and a virtual machine, of its own:
///
/// - `<data id="x">` creates the global variable `x`, bound early or late as the document's
///   `binding` says. Its value is that of `expr`, or of its content or `src` file: JSON gives
///   the object, array, string or number it writes; any other text is a string, its whitespace
///   normalized. Content that is an XML document is a DOM `Document` (SCXML B.2.2), and so is
///   `_event.data` that is one (B.2.3), with DOM Level 2 Core's names, read-only.
/// - `cond` is any expression, converted to a boolean as ECMAScript's `ToBoolean` does
///   (`'foo'` is true, `0` false). `In('id')` is true when the state `id` is active.
/// - `location` is any left-hand-side expression. Assigning to a variable nobody declared is an
///   error, not a new global.
/// - `<script>`, inline or from `src`, runs as a global script: its `var` and `function`
///   declarations become variables of the datamodel.
/// - `_event` (`name`, `type`, `sendid`, `origin`, `origintype`, `invokeid`, `data`),
///   `_sessionid`, `_name` and `_ioprocessors` are read-only: assigning to one, or declaring
///   one, is an error.
/// - `<foreach>` walks a copy of an array, handing each item itself (an object, not a copy) to
///   `item`.
/// - Every error an evaluation throws (a syntax error, a `ReferenceError`, an evaluation that
///   runs past ``ECMAScriptLimits/executionTime`` or past the session's `SCXMLBudgets`) becomes
///   `error.execution`, with the message.
/// - The session's `SCXMLBudgets` hold: all the evaluations of a macrostep share its
///   evaluation time, every value that leaves the context is counted against the value budget
///   (an object reached twice counts twice, an array its length), and the JavaScript heap is
///   measured against `SCXMLBudgets.scriptHeapBytes` where JavaScriptCore can tell its size.
///
/// Values leave the context (as event data, `<param>`, `namelist`, `<donedata>`, a log line)
/// as JSON-like `SCXMLValue`s; a function, a symbol or a cycle cannot, and is an error.
///
/// ```swift
/// let model = try ECMAScriptEngine.makeDatamodel(environment: SCXMLDatamodelEnvironment { $0 == "on" })
/// try model.declare("count", expression: "1")
/// try model.run(script: "function twice(x) { return 2 * x }")
/// try model.evaluate("twice(count) + 1")              // .number(3)
/// try model.evaluateCondition("In('on') && count")    // true
/// ```
///
/// The instance is not `Sendable`: a session uses it from one thread of control at a time,
/// which may change between calls (a `MachineRuntime` hands its session from task to task).
public final class ECMAScriptDatamodel: SCXMLDatamodel {
    /// The system variables, which only the session sets.
    static let systemVariableNames = ["_event", "_sessionid", "_name", "_ioprocessors"]

    /// The most compiled expressions and locations kept; past it the cache starts again.
    static let cacheLimit = 4096

    let environment: SCXMLDatamodelEnvironment
    let script: ScriptContext
    let values: ScriptValues
    /// The class of native functions, and the functions themselves, alive as long as the
    /// context.
    private let functionClass: JSClassRef
    private var natives: [NativeFunction] = []
    /// How the system variables' getters reach this datamodel; cleared when it goes.
    private let box: ModelLink
    /// The helpers the bootstrap script returned, kept from the collector.
    let helpers: Helpers
    /// Makes a DOM `Document` of a tree (``XMLDocumentScript``), kept from the collector.
    let xmlFactory: JSObjectRef
    /// How much XML content may hold to be made a DOM.
    let xmlLimits: SCXMLDocument.Limits
    /// Compiled expressions: a function returning the expression's value.
    var expressions: [String: JSObjectRef] = [:]
    /// Compiled locations: a function storing its argument there.
    var locations: [String: JSObjectRef] = [:]
    /// The values the session set for the system variables, made into JavaScript when read.
    private var systemValues: [String: SCXMLValue] = [:]
    private var systemCache: [String: JSValueRef] = [:]
    /// Variables declared by `<data>` (and restored from snapshots), in order.
    var declaredNames: [String] = []
    private var declared: Set<String> = []
    /// The global names that existed before any document code ran.
    var builtinNames: Set<String> = []

    /// JavaScript functions the datamodel calls.
    struct Helpers {
        var keys: JSObjectRef
        var declare: JSObjectRef
        var defineMember: JSObjectRef
        var copyArray: JSObjectRef
        var globalNames: JSObjectRef
        var isDeclared: JSObjectRef
    }

    /// Creates the datamodel of one session, with the default limits.
    ///
    /// - Parameter environment: Answers `In()`.
    public convenience init(environment: SCXMLDatamodelEnvironment) {
        self.init(environment: environment, limits: ECMAScriptLimits())
    }

    /// Creates the datamodel of one session: a new JavaScript context with `In()` and the
    /// read-only system variables, and no variable yet.
    ///
    /// - Parameters:
    ///   - environment: Answers `In()`.
    ///   - limits: How long one evaluation may run.
    public init(environment: SCXMLDatamodelEnvironment, limits: ECMAScriptLimits) {
        let script = ScriptContext(watchdog: Watchdog(meter: environment.meter, evaluationLimit: limits.executionTime))
        let functionClass = NativeFunction.makeClass()
        let bootstrap: JSObjectRef
        do {
            guard let made = script.object(try script.evaluate(script: Self.bootstrapSource)) else {
                preconditionFailure("the ecmascript bootstrap script did not give a function")
            }
            bootstrap = made
        } catch {
            preconditionFailure("the ecmascript bootstrap script failed: \(error)")
        }
        let box = ModelLink()
        let inState = NativeFunction { [environment, script] arguments throws(ScriptException) in
            guard let first = arguments.first, let id = script.text(of: first) else {
                throw ScriptException("In() takes the id of a state")
            }
            return JSValueMakeBoolean(script.context, environment.isActive(id))
        }
        var made = [inState]
        var arguments: [JSValueRef?] = [inState.makeObject(in: script.context, class: functionClass)]
        for name in Self.systemVariableNames {
            let getter = NativeFunction { [script] _ throws(ScriptException) in
                try box.model?.systemValue(name) ?? JSValueMakeUndefined(script.context)
            }
            made.append(getter)
            arguments.append(getter.makeObject(in: script.context, class: functionClass))
        }
        let helperObject: JSObjectRef
        do {
            guard let object = script.object(try script.call(bootstrap, arguments)) else {
                preconditionFailure("the ecmascript bootstrap script did not give its helpers")
            }
            helperObject = object
        } catch {
            preconditionFailure("the ecmascript bootstrap script failed: \(error)")
        }
        func helper(_ name: String) -> JSObjectRef {
            guard let value = try? script.property(name, of: helperObject), let function = script.object(value) else {
                preconditionFailure("the ecmascript bootstrap script gave no helper '\(name)'")
            }
            script.keep(function)
            return function
        }
        let helpers = Helpers(
            keys: helper("keys"), declare: helper("declare"), defineMember: helper("defineMember"),
            copyArray: helper("copyArray"), globalNames: helper("globalNames"), isDeclared: helper("isDeclared")
        )
        guard let factory = try? script.object(script.evaluate(script: XMLDocumentScript.source)) else {
            preconditionFailure("the ecmascript XML DOM script did not give a function")
        }
        script.keep(factory)
        xmlFactory = factory
        xmlLimits = limits.xmlContent
        self.environment = environment
        self.script = script
        self.functionClass = functionClass
        self.helpers = helpers
        natives = made
        values = ScriptValues(script: script, keys: helpers.keys, defineMember: helpers.defineMember, meter: environment.meter)
        self.box = box
        box.model = self
        builtinNames = Set((try? globalNames()) ?? [])
    }

    deinit {
        box.model = nil
        for function in expressions.values { script.release(function) }
        for function in locations.values { script.release(function) }
        for value in systemCache.values { script.release(value) }
        for function in [xmlFactory, helpers.keys, helpers.declare, helpers.defineMember, helpers.copyArray, helpers.globalNames, helpers.isDeclared] {
            script.release(function)
        }
        JSClassRelease(functionClass)
    }

    /// Lets the getters of the system variables reach the datamodel without keeping it alive:
    /// the datamodel clears it when it goes. Not a weak reference: a weakly referenced object
    /// keeps its counts in a side table, and every retain of the datamodel (one per
    /// evaluation) would take the runtime's slow path.
    private final class ModelLink {
        unowned(unsafe) var model: ECMAScriptDatamodel?
    }

    /// Defines `In` and the system variables on the global object, and returns the helpers.
    /// Called with `In` and the four getters, in the order of ``systemVariableNames``.
    static let bootstrapSource = """
        (function (inState, getEvent, getSessionID, getName, getIOProcessors) {
            'use strict';
            var global = globalThis, define = Object.defineProperty, describe = Object.getOwnPropertyDescriptor;
            var keys = Object.keys, names = Object.getOwnPropertyNames, isArray = Array.isArray;
            var slice = Array.prototype.slice, apply = Function.prototype.call.bind(Function.prototype.apply);
            var getters = { _event: getEvent, _sessionid: getSessionID, _name: getName, _ioprocessors: getIOProcessors };
            names(getters).forEach(function (name) {
                define(global, name, {
                    get: getters[name],
                    set: function () { throw new TypeError("'" + name + "' is a system variable and cannot be assigned"); },
                    enumerable: false, configurable: false
                });
            });
            define(global, 'In', {
                get: function () { return inState; },
                set: function () { throw new TypeError("'In' is the SCXML predicate In() and cannot be assigned"); },
                enumerable: false, configurable: false
            });
            return {
                keys: function (object) { return keys(object); },
                declare: function (name, value) {
                    var found = describe(global, name);
                    if (!found) {
                        define(global, name, { value: value, writable: true, enumerable: true, configurable: false });
                    } else if (('value' in found) ? found.writable : found.set !== undefined) {
                        global[name] = value;
                    } else {
                        throw new TypeError("'" + name + "' is read-only and cannot be declared");
                    }
                },
                defineMember: function (object, name, value) {
                    define(object, name, { value: value, writable: true, enumerable: true, configurable: true });
                },
                copyArray: function (value) { return isArray(value) ? apply(slice, value, []) : undefined; },
                globalNames: function () { return names(global); },
                isDeclared: function (name) { return name in global; }
            };
        })
        """

    // MARK: System variables

    /// Sets a system variable; the session calls this, a document cannot.
    ///
    /// The value is made into JavaScript when a document first reads it: an event nobody
    /// looks at costs nothing. Until the session sets `_event`, reading it gives `undefined`.
    /// A name that is not a system variable is ignored.
    ///
    /// - Parameters:
    ///   - name: `_event`, `_sessionid`, `_name` or `_ioprocessors`.
    ///   - value: Its new value.
    public func setSystemVariable(_ name: String, value: SCXMLValue) {
        guard Self.systemVariableNames.contains(name) else { return }
        systemValues[name] = value
        if let cached = systemCache.removeValue(forKey: name) { script.release(cached) }
    }

    /// The JavaScript value of a system variable, made when first read; `_event.data` that is
    /// an XML document is a DOM (SCXML B.2.3).
    private func systemValue(_ name: String) throws(ScriptException) -> JSValueRef {
        if let cached = systemCache[name] { return cached }
        guard let value = systemValues[name] else { return JSValueMakeUndefined(script.context) }
        let made = values.scriptValue(value)
        if name == "_event", case .object(let members) = value, let data = members.first(where: { $0.name == "data" }),
            case .string(let text) = data.value, let object = script.object(made)
        {
            do {
                if let document = try xmlDocument(text, name: "_event.data") {
                    try script.setProperty("data", of: object, to: document)
                }
            } catch {
                throw ScriptException("\(error)")
            }
        }
        script.keep(made)
        systemCache[name] = made
        return made
    }

    // MARK: Variables

    /// Creates the global variable `id` with `value`, or gives an existing one that value, as
    /// `<data>` does.
    ///
    /// - Parameters:
    ///   - id: An ECMAScript identifier that is not a reserved word, a system variable or `In`.
    ///   - value: Its value; objects and arrays become fresh JavaScript ones.
    /// - Throws: `SCXMLDatamodelError` when `id` cannot name a variable.
    public func declare(_ id: String, value: SCXMLValue) throws(SCXMLDatamodelError) {
        try environment.meter.beginEvaluation()
        try checkDeclarable(id)
        let made = try scriptValueReadingXML(value, name: "'\(id)'")
        try store(id, made)
    }

    /// Creates the global variable `id` with the value of `expression` itself: a function or
    /// an object with a prototype stays what the expression made.
    ///
    /// - Parameters:
    ///   - id: An ECMAScript identifier that is not a reserved word, a system variable or `In`.
    ///   - expression: Any ECMAScript expression.
    /// - Throws: `SCXMLDatamodelError` with the exception's message when the
    ///   expression fails, or when `id` cannot name a variable.
    public func declare(_ id: String, expression: String) throws(SCXMLDatamodelError) {
        try checkDeclarable(id)
        let value = try scriptValue(of: expression)
        try store(id, value)
    }

    /// Declares `id` whatever its form (a snapshot may hold globals a script made with any
    /// name), with `value`.
    func restore(_ id: String, _ value: JSValueRef) throws(SCXMLDatamodelError) {
        try store(id, value)
    }

    private func store(_ id: String, _ value: JSValueRef) throws(SCXMLDatamodelError) {
        do {
            _ = try script.call(helpers.declare, [script.stringValue(id), value])
        } catch {
            throw error.datamodelError
        }
        if declared.insert(id).inserted { declaredNames.append(id) }
    }

    /// Throws unless `id` can be a variable of the document.
    private func checkDeclarable(_ id: String) throws(SCXMLDatamodelError) {
        if Self.systemVariableNames.contains(id) {
            throw SCXMLDatamodelError("'\(id)' is a system variable and cannot be declared")
        }
        if id == "In" {
            throw SCXMLDatamodelError("'In' is the SCXML predicate In() and cannot be declared")
        }
        guard Self.isIdentifierName(id), script.syntaxError(in: "var \(id);") == nil else {
            throw SCXMLDatamodelError("'\(id)' cannot name an ECMAScript variable: it is not an identifier, or it is a reserved word")
        }
    }

    /// Whether `name` has the form of an ECMAScript identifier (reserved words included).
    static func isIdentifierName(_ name: String) -> Bool {
        guard !name.isEmpty else { return false }
        for (offset, scalar) in name.unicodeScalars.enumerated() {
            let allowed = scalar == "_" || scalar == "$"
                || (offset == 0 ? scalar.properties.isXIDStart : scalar.properties.isXIDContinue)
            if !allowed { return false }
        }
        return true
    }

    /// The names of the global object's own properties.
    func globalNames() throws(ScriptException) -> [String] {
        let list = try script.call(helpers.globalNames)
        guard let (array, count) = try script.arrayLength(list) else { return [] }
        var names: [String] = []
        for index in 0..<count {
            names.append(script.text(of: try script.element(index, of: array)) ?? "")
        }
        return names
    }
}
#endif
