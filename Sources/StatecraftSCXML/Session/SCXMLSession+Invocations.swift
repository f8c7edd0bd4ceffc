import Statecraft

/// `<invoke>`: the child sessions a state starts, and the documents they run.
extension SCXMLSession {
    struct Invocation {
        var child: SCXMLSession
        var owner: Int
        var model: InvokeModel
    }

    /// Starts an `<invoke>`: a child SCXML session, from `src`, `srcexpr` or inline content.
    ///
    /// The child is made and registered now, and started by the group's run loop once this
    /// macrostep is over (``SessionGroup/startPending()``), so that a chain of invocations
    /// never nests on the native stack. An invocation past the group's depth or session limit
    /// is not made: it raises `error.execution` naming the limit, and reports a fault.
    func startInvocation(_ invoke: InvokeModel, owner: Int) {
        let stateID = document.stateInfos[owner].id
        var raised: [SCXMLEvent] = []
        do {
            let type = try invoke.type ?? invoke.typeExpr.map { try text(of: datamodel.evaluate($0)) }
            let invokeID: String
            if let id = invoke.id {
                invokeID = id
            } else {
                sendCounter += 1
                invokeID = "\(stateID).\(sessionID).\(sendCounter)"
                if let location = invoke.idLocation {
                    try datamodel.assign(location, value: .string(invokeID))
                }
            }
            if let type, !["scxml", SCXMLNames.scxmlInvokeType, "http://www.w3.org/TR/scxml"].contains(type) {
                throw SCXMLDatamodelError("<invoke> type '\(type)' is not supported; this processor invokes SCXML sessions")
            }
            if let refusal = group.refusal(invokingFrom: self) {
                let location = SourceLocation(
                    file: document.file ?? "document", line: invoke.position.line, column: invoke.position.column
                )
                group.reportRefusal(
                    EngineFault(code: refusal.code, message: "<invoke> in '\(stateID)': \(refusal.reason)", location: location),
                    limit: refusal.limit, from: self
                )
                throw SCXMLDatamodelError(refusal.reason)
            }
            let childDocument = try childDocument(of: invoke)
            var parameters: [String: SCXMLValue] = [:]
            if case .object(let members) = try evaluateParams(invoke.params, namelist: invoke.namelist) {
                for member in members { parameters[member.name] = member.value }
            }
            let child = SCXMLSession(document: childDocument, group: group, parent: (self, invokeID))
            child.logHandler = logHandler
            children[invokeID] = Invocation(child: child, owner: owner, model: invoke)
            childOrder.append(invokeID)
            group.scheduleStart(child, parameters: parameters)
        } catch {
            raised.append(executionError("invoke", "<invoke> in '\(stateID)'", error, at: invoke.position))
        }
        pendingRaises += raised
    }

    func childDocument(of invoke: InvokeModel) throws -> SCXMLDocument {
        var source: String?
        if let src = try invoke.src ?? invoke.srcExpr.map({ try text(of: datamodel.evaluate($0)) }) {
            source = try document.loader.text(of: src)
        } else if let expr = invoke.contentExpr {
            source = try text(of: datamodel.evaluate(expr))
        } else if case .markup(let nodes)? = invoke.content {
            let elements = nodes.compactMap { node -> DocumentElement? in
                if case .element(let element) = node { element } else { nil }
            }
            guard elements.count == 1, let root = elements.first else {
                throw SCXMLDatamodelError("the <content> of <invoke> must hold one <scxml> element")
            }
            return try SCXMLDocument(root: root, file: document.file, loader: document.loader, datamodels: document.datamodels)
        } else if case .text(let text)? = invoke.content {
            source = text
        }
        guard let source else { throw SCXMLDatamodelError("<invoke> names no document: give 'src', 'srcexpr' or <content>") }
        let root = try DocumentReader().read(source, file: document.file)
        return try SCXMLDocument(root: root, file: document.file, loader: document.loader, datamodels: document.datamodels)
    }
}
