import Statecraft

/// The glue between the session and its datamodel: `<data>` bound early or late, `_event`,
/// conditions, `<content>`, `<param>` and `<donedata>` evaluated, and the `error.execution`
/// event a failure raises.
extension SCXMLSession {
    func bind(_ item: DataModel, override: SCXMLValue?) {
        if let override {
            declare(item.id, override, at: item.position)
            return
        }
        do {
            let value: SCXMLValue
            if let expr = item.expr {
                try datamodel.declare(item.id, expression: expr)
                return
            } else if let src = item.src {
                let text = try document.loader.text(of: src)
                value = datamodel.value(ofContent: text)
            } else if let content = item.content {
                value = contentValue(content)
            } else {
                value = .undefined
            }
            declare(item.id, value, at: item.position)
        } catch {
            declare(item.id, .undefined, at: item.position)
            pendingRaises.append(executionError("data", "<data id=\"\(item.id)\">", error, at: item.position))
        }
    }

    func declare(_ id: String, _ value: SCXMLValue, at position: TextPosition) {
        do {
            try datamodel.declare(id, value: value)
        } catch {
            pendingRaises.append(executionError("data", "<data id=\"\(id)\">", error, at: position))
        }
    }

    func bindEvent(_ event: SCXMLEvent) {
        guard boundEvent != event else { return }
        boundEvent = event
        datamodel.setSystemVariable("_event", value: event.systemValue)
    }

    func condition(_ expression: String, event: SCXMLEvent?) throws -> Bool {
        return try datamodel.evaluateCondition(expression)
    }

    func contentValue(_ content: ContentModel) -> SCXMLValue {
        switch content {
        case .text(let text): datamodel.value(ofContent: text)
        case .markup(let nodes): .string(DocumentWriter.serialize(nodes))
        }
    }


    /// `<donedata>`: the event whose data the done event carries. SCXML 5.7: a `<param>` that
    /// fails is left out, and when none is left the event carries no data. SCXML 5.6 says a
    /// `<content>` whose expression fails gives the empty string, but the W3C test of that
    /// sentence (528, like 343 for params) expects the done event to carry no data: that is
    /// what it carries. Each failure raises `error.execution`.
    func evaluateDoneData(_ model: DoneDataModel, effects: inout Effects<SCXMLEvent>) -> SCXMLEvent? {
        let value: SCXMLValue
        if let expr = model.contentExpr {
            do {
                value = try datamodel.evaluate(expr)
            } catch {
                effects.raise(executionError("content", "<donedata><content expr=\"\(expr)\">", error, at: model.position))
                value = .undefined
            }
        } else if let content = model.content {
            value = contentValue(content)
        } else if model.params.isEmpty {
            value = .undefined
        } else {
            var members: [SCXMLMember] = []
            for param in model.params {
                do {
                    members.append(SCXMLMember(param.name, try datamodel.evaluate(param.expr ?? param.location ?? "")))
                } catch {
                    effects.raise(executionError("param", "<param name=\"\(param.name)\">", error, at: param.position))
                }
            }
            value = members.isEmpty ? .undefined : .object(members)
        }
        return SCXMLEvent("", data: value)
    }

    func evaluateParams(_ params: [ParamModel], namelist: [String]) throws -> SCXMLValue {
        if params.isEmpty && namelist.isEmpty { return .undefined }
        var members: [SCXMLMember] = []
        for name in namelist {
            members.append(SCXMLMember(name, try datamodel.evaluate(name)))
        }
        for param in params {
            let value = try datamodel.evaluate(param.expr ?? param.location ?? "")
            members.append(SCXMLMember(param.name, value))
        }
        return .object(members)
    }
}
