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

    /// The document `invoke` runs: `srcexpr` and `<content expr>` evaluated now, then read by
    /// the document's one reader of invoked documents.
    func childDocument(of invoke: InvokeModel) throws -> SCXMLDocument {
        let src = try invoke.src ?? invoke.srcExpr.map { try text(of: datamodel.evaluate($0)) }
        let content = try src == nil ? invoke.contentExpr.map { try text(of: datamodel.evaluate($0)) } : nil
        return try document.invokedDocument(of: invoke, src: src, text: content)
    }
}
