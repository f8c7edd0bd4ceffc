import Statecraft

/// Executable content: `raise`, `send`, `cancel`, `log`, `assign`, `if`, `foreach`, `script`.
extension SCXMLSession {
    /// Runs a block in order. The first error raises `error.execution` (or
    /// `error.communication`) and stops the block, as SCXML says.
    ///
    /// - Returns: Whether the block ran to its end.
    func execute(_ actions: [Action], raised: inout [SCXMLEvent]) -> Bool {
        for action in actions {
            do {
                try perform(action, raised: &raised)
            } catch let failure as ExecutionFailure {
                raised.append(failure.event)
                return false
            } catch is Stop {
                // A nested block already raised its error.
                return false
            } catch {
                raised.append(executionError(action.elementName, Self.describe(action), error, at: action.position))
                return false
            }
        }
        return true
    }

    struct ExecutionFailure: Error {
        var event: SCXMLEvent
    }

    /// The element as a message names it: `<send>`, `<assign location="x">`.
    static func describe(_ action: Action) -> String {
        if case .assign(let location, _, _) = action.kind { return "<assign location=\"\(location)\">" }
        return "<\(action.elementName)>"
    }

    private func perform(_ action: Action, raised: inout [SCXMLEvent]) throws {
        switch action.kind {
        case .raise(let name):
            raised.append(SCXMLEvent(name, type: .internal))
        case .send(let send):
            try perform(send, at: action.position, raised: &raised)
        case .cancel(let sendID, let sendIDExpr):
            let id = try sendID ?? text(of: datamodel.evaluate(sendIDExpr ?? ""))
            cancelHeld(sendID: id)
            for processor in ioProcessors { processor.cancel(sendID: id) }
        case .log(let label, let expr):
            let message = try expr.map { try text(of: datamodel.evaluate($0)) } ?? ""
            logHandler(label ?? "", message)
        case .assign(let location, let expr, let content):
            if let expr {
                try datamodel.assign(location, expression: expr)
                return
            }
            let value: SCXMLValue
            if let content {
                value = contentValue(content)
            } else {
                value = .undefined
            }
            try datamodel.assign(location, value: value)
        case .branches(let branches):
            for branch in branches {
                guard let cond = branch.cond else {
                    if !execute(branch.actions, raised: &raised) { throw Stop() }
                    return
                }
                let holds: Bool
                do {
                    holds = try datamodel.evaluateCondition(cond)
                } catch {
                    // A condition that cannot be evaluated counts as false, and is reported.
                    raised.append(executionError("if", "<if cond=\"\(cond)\">", error, at: action.position))
                    holds = false
                }
                if holds {
                    if !execute(branch.actions, raised: &raised) { throw Stop() }
                    return
                }
            }
        case .foreach(let arrayExpression, let item, let index, let body):
            try datamodel.iterate(array: arrayExpression, item: item, index: index) {
                if !execute(body, raised: &raised) { throw Stop() }
            }
        case .script(let source, _):
            try datamodel.run(script: source ?? "")
        }
    }

    /// A nested block already reported its error; stop the enclosing blocks without another.
    struct Stop: Error {}

    func text(of value: SCXMLValue) -> String {
        switch value {
        case .string(let text): text
        default: value.description
        }
    }

    private func perform(_ send: SendModel, at position: TextPosition, raised: inout [SCXMLEvent]) throws {
        var sendID = send.id
        if let location = send.idLocation {
            let generated = nextSendID()
            try datamodel.assign(location, value: .string(generated))
            sendID = generated
        }
        let event: SCXMLEvent, target: String?, type: String?, delay: Duration
        do {
            (event, target, type, delay) = try evaluate(send, sendID: sendID)
        } catch {
            // SCXML 5.10: an error from a failed send carries the send's id; 6.2: the message
            // is discarded.
            var failure = executionError("send", "<send>", error, at: position)
            failure.sendID = sendID
            throw ExecutionFailure(event: failure)
        }
        do {
            try deliver(event, to: target, type: type, delay: delay, raised: &raised)
            if target != "#_internal" {
                traceHandler?(.sent(name: event.name, target: target.flatMap { $0.isEmpty ? nil : $0 }, delay: delay))
            }
        } catch {
            switch error {
            case .invalidTarget(let message):
                throw ExecutionFailure(event: errorEvent(
                    "error.execution", element: "send", reason: message, at: position, sendID: sendID
                ))
            case .unreachable(let message):
                throw ExecutionFailure(event: errorEvent(
                    "error.communication", element: "send", reason: message, at: position, sendID: sendID
                ))
            }
        }
    }

    /// Evaluates every argument of a `<send>` (SCXML 6.2: when the send runs, not when the
    /// message is delivered): the event, its target and its delay.
    private func evaluate(_ send: SendModel, sendID: String?) throws -> (SCXMLEvent, String?, String?, Duration) {
        let type = try send.type ?? send.typeExpr.map { try text(of: datamodel.evaluate($0)) }
        // Another I/O processor may send no event name (Basic HTTP: then no _scxmleventname).
        let unnamed = send.event == nil && send.eventExpr == nil && type.flatMap(ioProcessor(ofType:)) != nil
        let name = try send.event ?? (unnamed ? "" : text(of: datamodel.evaluate(send.eventExpr ?? "")))
        let target = try send.target ?? send.targetExpr.map { try text(of: datamodel.evaluate($0)) }
        var delay = Duration.zero
        if let text = try send.delay ?? send.delayExpr.map({ try text(of: datamodel.evaluate($0)) }) {
            guard let parsed = Duration(scxmlDelay: text) else {
                throw SCXMLDatamodelError("<send> delay '\(text)' is not a CSS2 time such as '2s' or '500ms'")
            }
            delay = parsed
        }
        let data: SCXMLValue
        if let expr = send.contentExpr {
            data = try datamodel.evaluate(expr)
        } else if let content = send.content {
            data = contentValue(content)
        } else {
            data = try evaluateParams(send.params, namelist: send.namelist)
        }
        if let type, type != SCXMLNames.scxmlProcessor, type != "scxml", ioProcessor(ofType: type) == nil {
            throw SCXMLDatamodelError("<send> type '\(type)' is not supported; \(supportedSendTypes)")
        }
        if target == "#_internal", delay > .zero {
            throw SCXMLDatamodelError("<send> to '#_internal' cannot have a delay")
        }
        let event = SCXMLEvent(
            name, type: .external, sendID: sendID, origin: Self.address(of: sessionID),
            originType: SCXMLNames.scxmlProcessor, data: data
        )
        return (event, target, type, delay)
    }
}
