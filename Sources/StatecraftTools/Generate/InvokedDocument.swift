import StatecraftSCXML

/// One `<invoke>` of a document with the document it invokes, read once for the whole
/// generation: the events the invocation returns type the invoking document's `_event`
/// (``EventOrigins``), the data of those it sends `#_parent` join the invoking document's event
/// data (``EventDataShapes``), and its `<finalize>` is translated for them; ``Invocations``
/// then generates the document.
struct InvokedDocument {
    /// The state the `<invoke>` is in.
    var state: StateModel
    var invoke: InvokeModel
    /// The invocation's id (``Invocations/owners(in:)``).
    var id: String
    /// The invoked document, or why it cannot be read when generating.
    var document: Result<SCXMLDocument, SCXMLDocument.InvokedDocumentRefusal>
    /// The invoked document's `<send target="#_parent">`s with a literal event, in document order.
    var sendsToParent: [(send: SendModel, position: TextPosition)] = []
    /// What its `<data src>`s read (``ContextFields/sources(of:)``), read once here: its data are
    /// typed again in each of the invoking document's typing rounds.
    var dataSources: [TextPosition: ContextFields.Source] = [:]

    /// The names of the events the invocation returns to the invoking machine, in order and
    /// once each: what it sends `#_parent`, then `done.invoke.<id>`.
    var returnedEvents: [String] {
        var names: [String] = []
        for (send, _) in sendsToParent {
            if let name = send.event, !names.contains(name) { names.append(name) }
        }
        return names + ["done.invoke." + id]
    }

    /// The event descriptor a `<finalize>` is translated with (SCXML 6.5: it runs for each event
    /// the invocation returns): the names of ``returnedEvents``.
    var finalizeDescriptor: String { returnedEvents.joined(separator: " ") }

    /// The `<invoke>`s of `document` in document order, with the documents they invoke.
    static func read(_ document: SCXMLDocument) -> [InvokedDocument] {
        Invocations.owners(in: document.model).map { state, invoke, id in
            var found = InvokedDocument(state: state, invoke: invoke, id: id, document: .failure(.computed(attribute: "")))
            do throws(SCXMLDocument.InvokedDocumentRefusal) {
                let child = try document.invokedDocument(of: invoke)
                found.document = .success(child)
                found.dataSources = ContextFields.sources(of: child)
                for action in Invocations.actions(of: child.model) {
                    if case .send(let send) = action.kind, send.target == "#_parent", send.event != nil, send.eventExpr == nil {
                        found.sendsToParent.append((send, action.position))
                    }
                }
            } catch {
                found.document = .failure(error)
            }
            return found
        }
    }

    /// The invoked document's data as its own generation types them: its `<data>`, those the
    /// invocation passes (`<param>`, `namelist`) typed from the values, over the invoking
    /// document's `fields`. They type the data of its `#_parent` sends for the invoking
    /// document; the invoked document's generation checks its sends against that
    /// (``ExecutableContent/parentEvents``).
    func dataFields(passing fields: [String: ContextField]) -> (fields: [String: ContextField], declared: Set<String>)? {
        guard case .success(let child) = document, child.datamodelName == "statecraft" else { return nil }
        var supplied: [String: (type: String, from: TextPosition)] = [:]
        let values = invoke.namelist.map { ($0, $0) } + invoke.params.map { ($0.name, $0.expr ?? $0.location ?? "") }
        for (name, expr) in values {
            if let node = try? StatecraftExpressionSyntax.expression(expr), let type = ExpressionTypes.type(of: node, fields) {
                supplied[name] = (type, invoke.position)
            }
        }
        let data = ContextFields(model: child.model, supplied: supplied, sources: dataSources)
        return (Dictionary(data.fields.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first }), data.declaredIDs)
    }
}

extension Invocations {
    /// The document's `<invoke>`s in document order, with their states and ids: the `id`
    /// attribute, or `<state id>.<n>` for the n-th `<invoke>` of the document (SCXML's
    /// `stateid.platformid`, fixed when generated).
    static func owners(in model: DocumentModel) -> [(state: StateModel, invoke: InvokeModel, id: String)] {
        var owners: [(state: StateModel, invoke: InvokeModel, id: String)] = []
        func collect(_ state: StateModel) {
            for invoke in state.invokes { owners.append((state, invoke, invoke.id ?? "\(state.id).\(owners.count + 1)")) }
            state.children.forEach(collect)
        }
        model.states.forEach(collect)
        return owners
    }

    /// Every action of a document, nested ones included, in document order.
    static func actions(of model: DocumentModel) -> [Action] {
        var blocks: [[Action]] = [model.script]
        func gather(_ state: StateModel) {
            blocks += state.onEntry + state.onExit
            if let initial = state.initialTransition { blocks.append(initial.actions) }
            blocks += state.transitions.map(\.actions)
            blocks += state.invokes.map(\.finalize)
            state.children.forEach(gather)
        }
        model.states.forEach(gather)
        var all: [Action] = []
        func flatten(_ actions: [Action]) {
            for action in actions {
                all.append(action)
                switch action.kind {
                case .branches(let branches): branches.forEach { flatten($0.actions) }
                case .foreach(_, _, _, let body): flatten(body)
                default: break
                }
            }
        }
        blocks.forEach(flatten)
        return all
    }
}
