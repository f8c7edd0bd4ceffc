import Statecraft
import StatecraftSCXML

/// The `<invoke>`s of a document, as the generator turns them into Swift (SCXML 6.4): each
/// invoked document is generated too, as a type nested in the invoking document's type, and an
/// `Invocations` driver (``SwiftChartWriter/writeInvocations()``) runs the machine with the
/// machines of the documents it invokes, routing the events between them.
///
/// What is generated: `type` `scxml` (or the SCXML type URI, or none) with the document inline
/// in `<content>` or named by `src` (read through the document's loader, so its read policy
/// decides which files may be read), `id` or the generated id, `autoforward`, `<send
/// target="#_parent">` in the invoked document and `<send target="#_<id>">` to it,
/// `done.invoke.<id>`, and cancellation when the invoking state is exited. Everything else an
/// `<invoke>` can say is refused at its line and column, with the reason.
struct Invocations {
    typealias Refusal = SCXMLGenerationError.Refusal

    /// One `<invoke>` that can be generated.
    struct Plan {
        var invoke: InvokeModel
        /// The id of the state the element is in.
        var owner: String
        /// The invocation's id: its `id`, else `<state id>.<n>` for the document's *n*th `<invoke>`.
        var invokeID: String
        /// The nested type of the invoked document.
        var typeName: String
        /// The invoked document's generated type, without the file's header.
        var source: String
        /// Its chart's context type (`Context` or `Void`; its datamodel is `null` or `statecraft`).
        var contextType: String
        /// What its `Host` requires; empty when it has none.
        var hostRequirements: [ExecutableContent.Requirement]
        /// The SCXML names of the events the invoked document sends to `#_parent`.
        var toParent: [String]
        /// The event descriptor of the events the invocation returns, which its `<finalize>` is
        /// translated with (``InvokedDocument/finalizeDescriptor``).
        var finalizeDescriptor: String
        /// The Swift of the invocation's `typeexpr` as text, over the invoking machine's context,
        /// checked when it starts; `nil` without one (or with a literal one, checked here).
        var typeCheck: String? = nil
        /// Why the invocation fails every time it would start (its arguments cannot be evaluated):
        /// the driver then raises `error.execution` and starts nothing; `nil` when it may start.
        var failure: String? = nil
        /// The field where `idlocation` stores the invocation's id when it starts; `nil` without.
        var idField: ContextField? = nil
        /// The values passed to the invoked document's data, each with the label of its
        /// context's initializer (names that are none of its top-level `<data>` are dropped, as
        /// the session drops them).
        var passed: [(label: String, value: PassedValue)] = []

        /// The document it runs interpreted, when it is known only when the invocation starts
        /// (``Invocations/InterpretedDocument``); `nil` for a generated one.
        var interpreted: InterpretedDocument? = nil

        /// Whether starting it may raise `error.execution` (a `typeexpr` checked then, a failure, or
        /// a document read then).
        var raisesWhenStarting: Bool { typeCheck != nil || failure != nil || interpreted != nil }
    }

    /// A value an `<invoke>` passes to the invoked document (`<param>` or a `namelist` name),
    /// computed over the invoking machine's context when the invocation starts.
    struct PassedValue {
        /// The name: the `<data>` id of the invoked document it sets.
        var name: String
        /// The value, Swift over the invoking document's context (`context.`).
        var swift: String
        /// Its Swift type, which the `<data>` must have.
        var type: String
    }

    var plans: [Plan] = []
    var refusals: [Refusal] = []
    /// The invoked documents' warnings (``SCXMLSwiftGenerator/generateWithWarnings()``).
    var warnings: [Refusal] = []

    /// The events the invoking document receives from its invocations, with where they come
    /// from: what the invoked documents send to `#_parent`, and each `done.invoke.<id>`.
    var receivedEvents: [(name: String, position: TextPosition)] {
        var events: [(name: String, position: TextPosition)] = []
        for plan in plans {
            events += plan.toParent.map { ($0, plan.invoke.position) }
            events.append(("done.invoke." + plan.invokeID, plan.invoke.position))
            // A type that is not SCXML's, found when the invocation starts.
            if plan.raisesWhenStarting { events.append(("error.execution", plan.invoke.position)) }
        }
        return events
    }

    /// Surveys the `<invoke>`s of `document` and generates the documents they invoke.
    ///
    /// - Parameters:
    ///   - document: The invoking document.
    ///   - typeName: Its generated type's name.
    ///   - access: Who may use the generated declarations.
    ///   - invoked: Whether `document` is itself invoked: its `<invoke>`s are refused.
    ///   - content: The invoking document's executable content, whose context the values passed
    ///     with `<param>` and `namelist` are computed over.
    ///   - typeName: The invoking document's type, whose data structs the invoked documents'
    ///     `#_parent` sends make.
    ///   - read: The document's `<invoke>`s with the documents they invoke (``InvokedDocument/read(_:)``).
    init(
        document: SCXMLDocument, typeName parentType: String, access: SCXMLSwiftGenerator.Access, invoked: Bool,
        content: ExecutableContent?, read: [InvokedDocument]
    ) {
        let model = document.model
        guard !read.isEmpty else { return }
        let parentActions = Self.actions(of: model)
        var typeNames: Set<String> = []
        for found in read {
            let (state, invoke, invokeID) = (found.state, found.invoke, found.id)
            if invoked {
                refuse(invoke, "an invoked document that invokes another is not generated yet")
                continue
            }
            if let reason = Self.unsupported(invoke, inDatamodel: document.datamodelName) {
                refuse(invoke, reason)
                continue
            }
            var passed: [PassedValue] = []
            var idField: ContextField?
            var typeCheck: String?
            var failure: String?
            do throws(Untranslatable) {
                idField = try Self.idField(invoke, content: content)
                typeCheck = try Self.typeCheck(invoke, content: content)
                passed = try Self.passedValues(invoke, content: content)
            } catch where error.failsWhenRun {
                // SCXML 6.4: arguments that cannot be evaluated end the <invoke> with error.execution,
                // every time, as in the session: generated so, with a warning.
                failure = error.reason
                typeCheck = nil
                warnings.append(Refusal(element: "invoke", position: invoke.position, reason: error.reason
                    + "; the generated machine raises error.execution when it would start, and starts nothing, as the session does"))
            } catch {
                refuse(invoke, error.reason)
                continue
            }
            let child: SCXMLDocument
            switch found.document {
            case .success(let document): child = document
            case .failure(let error):
                switch error {
                case .computed:
                    // Known when the invocation starts: the driver reads it then and runs it interpreted.
                    addInterpreted(
                        found, parentActions: parentActions, content: content,
                        start: (typeCheck: typeCheck, failure: failure, idField: idField)
                    )
                case .unreadable(let reason): refuse(invoke, reason)
                }
                continue
            }
            guard ["null", "statecraft"].contains(child.datamodelName) else {
                refuse(invoke, "an invoked document is generated when its datamodel is null or statecraft, not "
                    + "'\(SwiftNames.escapedText(child.datamodelName))'")
                continue
            }
            let childActions = Self.actions(of: child.model)
            if let script = childActions.first(where: { $0.hostAction != nil }) {
                refusals.append(Refusal(
                    element: "script", position: script.position,
                    reason: "an invoked document's statecraft:action is not generated: its host is the invoking machine"
                ))
                continue
            }
            // The events the invoking document sends to this invocation, and those it forwards.
            let toChild = Self.sends(in: parentActions, to: "#_" + invokeID)
            var extra = Self.names(of: toChild)
            if invoke.autoforward {
                // What the machine sends itself takes its turn in the driver's queue too (the machine
                // holds it, `Machine.holdsSentEvents`), where it is forwarded like any other event.
                let descriptors = Self.descriptors(of: child.model)
                let candidates = Self.eventNames(of: model) + Self.sentEvents(in: parentActions)
                let forwarded = candidates.filter { name in descriptors.contains { $0.matches(name) } }
                if let name = forwarded.first(where: { content?.eventData.shapes[$0] != nil }) {
                    refuse(invoke, "autoforward is not generated when a forwarded event carries data ('\(SwiftNames.escapedText(name))'): "
                        + "events cross between the machines by name, without data")
                    continue
                }
                extra += forwarded
            }
            let base = "Invoked" + SwiftNames.typeName(invokeID, fallback: "Document")
            var typeName = base
            var suffix = 2
            while typeNames.contains(typeName) {
                typeName = "\(base)\(suffix)"
                suffix += 1
            }
            typeNames.insert(typeName)
            var generator = SCXMLSwiftGenerator(document: child, typeName: typeName, access: access)
            generator.invoked = true
            generator.extraEvents = extra.map { name in (name, invoke.position, toChild.filter { $0.event == name }) }
            generator.parentEvents = content.map { .init(typeName: parentType, shapes: $0.eventData.shapes, datamodel: $0.datamodel) }
            generator.supplied = Dictionary(passed.map { ($0.name, (type: $0.type, from: invoke.position)) }, uniquingKeysWith: { _, last in last })
            do throws(SCXMLGenerationError) {
                let shape = try generator.generateWithShape()
                let text = shape.source
                let header = "import Statecraft\n\n"
                let source = text.range(of: header).map { String(text[$0.upperBound...]) } ?? text
                plans.append(Plan(
                    invoke: invoke, owner: state.id, invokeID: invokeID, typeName: typeName, source: source,
                    contextType: shape.contextType, hostRequirements: shape.hostRequirements,
                    toParent: Self.names(of: Self.sends(in: childActions, to: "#_parent")), finalizeDescriptor: found.finalizeDescriptor,
                    typeCheck: typeCheck, failure: failure, idField: idField,
                    passed: passed.compactMap { value in shape.suppliedLabels[value.name].map { ($0, value) } }
                ))
                warnings += shape.warnings
            } catch {
                refusals += error.refusals
            }
        }
    }

    mutating func refuse(_ invoke: InvokeModel, _ reason: String) {
        refusals.append(Refusal(element: "invoke", position: invoke.position, reason: reason))
    }

    /// The `type`s of an SCXML document (SCXML 6.4.1), which generated code invokes.
    static let scxmlTypes = ["scxml", SCXMLNames.scxmlInvokeType, "http://www.w3.org/TR/scxml"]

    /// Why `invoke` cannot be generated whatever document it names, or `nil`.
    private static func unsupported(_ invoke: InvokeModel, inDatamodel datamodel: String) -> String? {
        let literal = invoke.typeExpr.flatMap(DelayedTransitions.stringLiteral)
        if let type = invoke.type ?? literal, !scxmlTypes.contains(type) {
            return "only SCXML documents are invoked by generated code, not type '\(SwiftNames.escapedText(type))'"
        }
        if !["null", "statecraft"].contains(datamodel) {
            return "<invoke> is generated in documents of the null and statecraft datamodels only"
        }
        return nil
    }

    /// The Swift of `invoke`'s `typeexpr` as text, over the invoking document's context, which the
    /// driver checks when the invocation starts (SCXML 6.4.1: a type the processor does not
    /// support is `error.execution`, and nothing starts); `nil` without one, or for a string
    /// literal, checked with the `type`s.
    ///
    /// - Throws: `Untranslatable` outside the statecraft datamodel, or for an expression that is
    ///   not generated there.
    static func typeCheck(_ invoke: InvokeModel, content: ExecutableContent?) throws(Untranslatable) -> String? {
        guard let expr = invoke.typeExpr, DelayedTransitions.stringLiteral(expr) == nil else { return nil }
        let translator = try startTranslator(content, refusing: "an <invoke> with typeexpr is generated in the statecraft "
            + "datamodel, whose expressions the generator translates")
        do throws(Untranslatable) {
            return try translator.expression(expr, reading: .text)
        } catch {
            throw failing("the typeexpr", error)
        }
    }

    /// The translator of what an `<invoke>` computes when the invocation starts: over the
    /// invoking document's context, where no event is at hand.
    ///
    /// - Throws: `Untranslatable` with `refusal` outside the statecraft datamodel.
    static func startTranslator(
        _ content: ExecutableContent?, refusing refusal: String
    ) throws(Untranslatable) -> ExpressionTranslator {
        guard let content, content.datamodel == "statecraft" else { throw Untranslatable(reason: refusal) }
        var translator = content.translator(eventIsOptional: true, inAction: true)
        translator.hasEvent = false
        return translator
    }

    /// `error`, met in `what` (`the typeexpr`), saying so, and that the invocation then always
    /// fails when the session fails on it every time.
    static func failing(_ what: String, _ error: Untranslatable) -> Untranslatable {
        Untranslatable(
            reason: "\(what): \(error.reason)" + (error.failsWhenRun ? ", so the invocation always fails" : ""),
            failsWhenRun: error.failsWhenRun
        )
    }

    /// The field where `invoke`'s `idlocation` stores the invocation's id, or `nil` without one.
    ///
    /// - Throws: `Untranslatable` outside the statecraft datamodel, for a location that is not a
    ///   field of the context, or a field that does not hold a string.
    static func idField(_ invoke: InvokeModel, content: ExecutableContent?) throws(Untranslatable) -> ContextField? {
        guard let location = invoke.idLocation else { return nil }
        let translator = try startTranslator(
            content, refusing: "an <invoke> with idlocation is generated in the statecraft datamodel, which has data"
        )
        let field: ContextField
        do throws(Untranslatable) {
            field = try translator.location(location)
        } catch {
            throw failing("the idlocation", error)
        }
        guard field.type == "String" || field.type == "String?" else {
            throw Untranslatable(reason: "the idlocation '\(SwiftNames.escapedText(location))' is a \(field.type), and the "
                + "invocation's id a String")
        }
        return field
    }

    /// The values `invoke` passes, namelist's first and then the `<param>`s, a later one of a
    /// name replacing an earlier (as the session builds them), each translated over the invoking
    /// document's context with a certain type.
    ///
    /// - Throws: `Untranslatable` for a value that is not generated: in the null datamodel, one
    ///   reading `_event` (the invocation starts after its macrostep), data unbound until
    ///   assigned, or whose type is not certain, or a name no `<data>` declares (the session's
    ///   invocation then always fails).
    static func passedValues(_ invoke: InvokeModel, content: ExecutableContent?) throws(Untranslatable) -> [PassedValue] {
        guard !invoke.params.isEmpty || !invoke.namelist.isEmpty else { return [] }
        let translator = try startTranslator(content, refusing: "data passed to an invoked document (<param>, namelist) is "
            + "generated in the statecraft datamodel, whose expressions the generator translates")
        let sources = invoke.namelist.map { (name: $0, expr: $0, what: "the namelist's '\(SwiftNames.escapedText($0))'") }
            + invoke.params.map { (name: $0.name, expr: $0.expr ?? $0.location ?? "", what: "the <param> '\(SwiftNames.escapedText($0.name))'") }
        var values: [PassedValue] = []
        for source in sources {
            let node: ExpressionNode
            do {
                node = try StatecraftExpressionSyntax.expression(source.expr)
            } catch {
                throw Untranslatable(reason: "the value of \(source.what) does not parse, so the invocation always fails: "
                    + error.message, failsWhenRun: true)
            }
            let swift: String
            do throws(Untranslatable) {
                swift = try translator.translate(node)
            } catch {
                throw failing(source.what, error)
            }
            guard let type = ExpressionTypes.type(of: node, translator.fields) else {
                throw Untranslatable(reason: "the type of the value of \(source.what) is not certain (data unbound until assigned, "
                    + "members, objects): the invoked document's data are typed from it")
            }
            values.removeAll { $0.name == source.name }
            values.append(PassedValue(name: source.name, swift: swift, type: type))
        }
        return values
    }

    /// The `<send>`s of `actions` with a literal event to the literal `target` (`#_parent`, `#_<id>`).
    static func sends(in actions: [Action], to target: String) -> [SendModel] {
        actions.compactMap { action in
            guard case .send(let send) = action.kind, send.target == target, send.event != nil else { return nil }
            return send
        }
    }

    /// The event names of `sends`, in order and once each.
    private static func names(of sends: [SendModel]) -> [String] {
        var names: [String] = []
        for case let name? in sends.map(\.event) where !names.contains(name) { names.append(name) }
        return names
    }

    /// The literal event names `actions` name in any `<send>` or `<raise>`, in order and once each.
    private static func sentEvents(in actions: [Action]) -> [String] {
        var names: [String] = []
        for action in actions {
            let name: String?
            switch action.kind {
            case .send(let send):
                name = send.event
            case .raise(let event):
                name = event
            default:
                name = nil
            }
            if let name, !names.contains(name) { names.append(name) }
        }
        return names
    }

    /// The event names the transitions of a document write, `*` left out.
    private static func eventNames(of model: DocumentModel) -> [String] {
        descriptors(of: model).flatMap(\.alternatives).filter { $0 != "*" }
    }

    private static func descriptors(of model: DocumentModel) -> [EventDescriptor] {
        var descriptors: [EventDescriptor] = []
        func gather(_ state: StateModel) {
            descriptors += state.transitions.compactMap { transition in transition.event.map { EventDescriptor($0) } }
            state.children.forEach(gather)
        }
        model.states.forEach(gather)
        return descriptors
    }
}
