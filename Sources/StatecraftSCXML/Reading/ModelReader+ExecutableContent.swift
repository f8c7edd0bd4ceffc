import Statecraft

/// Reading executable content: `<raise>`, `<send>`, `<cancel>`, `<log>`, `<assign>`, `<if>`,
/// `<foreach>`, `<script>`.
extension ModelReader {
    func readBlock(_ element: DocumentElement) throws(SCXMLError) -> [Action] {
        var actions: [Action] = []
        for child in children(element) {
            actions.append(try readAction(child))
        }
        return actions
    }

    func readAction(_ element: DocumentElement) throws(SCXMLError) -> Action {
        let kind: Action.Kind
        switch element.name {
        case "raise":
            try checkAttributes(element, allowed: ["event"])
            try noChildren(element)
            kind = .raise(event: try required("event", of: element))
        case "send":
            kind = .send(try readSend(element))
        case "cancel":
            try checkAttributes(element, allowed: ["sendid", "sendidexpr"])
            try exclusive(["sendid", "sendidexpr"], of: element)
            try noChildren(element)
            let sendID = element.attribute("sendid"), sendIDExpr = element.attribute("sendidexpr")
            if sendID == nil && sendIDExpr == nil { throw error("<cancel> needs 'sendid' or 'sendidexpr'", at: element, rule: "6.3.1: a <cancel> has 'sendid' or 'sendidexpr'") }
            kind = .cancel(sendID: sendID, sendIDExpr: sendIDExpr)
        case "log":
            try checkAttributes(element, allowed: ["label", "expr"])
            try noChildren(element)
            kind = .log(label: element.attribute("label"), expr: element.attribute("expr"))
        case "assign":
            try checkAttributes(element, allowed: ["location", "expr"])
            let content = Self.content(of: element)
            if element.attribute("expr") != nil, content != nil {
                throw error("<assign> has both 'expr' and content; keep one", at: element, rule: "5.4.1: an <assign> has 'expr' or children, not both")
            }
            kind = .assign(location: try required("location", of: element), expr: element.attribute("expr"), content: content)
        case "if":
            try checkAttributes(element, allowed: ["cond"])
            var branches = [Action.Branch(cond: try required("cond", of: element), actions: [])]
            var sawElse = false
            for child in children(element) {
                switch child.name {
                case "elseif":
                    guard !sawElse else { throw error("<elseif> after <else>; <else> comes last", at: child, rule: "4.3: <else> follows every <elseif> of its <if>") }
                    try checkAttributes(child, allowed: ["cond"])
                    try noChildren(child)
                    branches.append(Action.Branch(cond: try required("cond", of: child), actions: []))
                case "else":
                    guard !sawElse else { throw error("<if> has more than one <else>", at: child, rule: "4.3.2: <else> occurs at most once in <if>") }
                    try checkAttributes(child, allowed: [])
                    try noChildren(child)
                    sawElse = true
                    branches.append(Action.Branch(cond: nil, actions: []))
                default:
                    branches[branches.count - 1].actions.append(try readAction(child))
                }
            }
            kind = .branches(branches)
        case "foreach":
            try checkAttributes(element, allowed: ["array", "item", "index"])
            kind = .foreach(
                array: try required("array", of: element), item: try required("item", of: element),
                index: element.attribute("index"), body: try readBlock(element)
            )
        case "script":
            try checkAttributes(element, allowed: ["src"])
            if let src = element.attribute("src") {
                if !element.text.allSatisfy(\.isWhitespace) {
                    throw error("<script> has both 'src' and inline text; keep one", at: element, rule: "5.8.1: a <script> with 'src' has no content")
                }
                let source: String
                do {
                    source = try loader.text(of: src)
                } catch {
                    throw SCXMLError(
                        code: error.code,
                        message: Self.citing(
                            "<script src=\"\(src)\"> cannot be loaded; the document is rejected: " + error.message,
                            rule: "5.8: a document whose script cannot be fetched is rejected"
                        ),
                        position: element.position, file: file
                    )
                }
                kind = .script(source: source, src: src)
            } else {
                kind = .script(source: element.text, src: nil)
            }
        default:
            throw error("<\(element.name)> is not executable content", at: element, rule: "4.1: the elements of executable content")
        }
        var action = Action(kind: kind, position: element.position)
        if element.name == "script" { action.hostAction = element.attribute("action", namespace: SCXMLNames.statecraft) }
        return action
    }

    func readSend(_ element: DocumentElement) throws(SCXMLError) -> SendModel {
        try checkAttributes(
            element,
            allowed: ["event", "eventexpr", "target", "targetexpr", "type", "typeexpr", "id", "idlocation", "delay", "delayexpr", "namelist"]
        )
        for pair in [["event", "eventexpr"], ["target", "targetexpr"], ["type", "typeexpr"], ["id", "idlocation"], ["delay", "delayexpr"]] {
            try exclusive(pair, of: element)
        }
        var send = SendModel()
        send.event = element.attribute("event")
        send.eventExpr = element.attribute("eventexpr")
        send.target = element.attribute("target")
        send.targetExpr = element.attribute("targetexpr")
        send.type = element.attribute("type")
        send.typeExpr = element.attribute("typeexpr")
        send.id = element.attribute("id")
        send.idLocation = element.attribute("idlocation")
        send.delay = element.attribute("delay")
        send.delayExpr = element.attribute("delayexpr")
        send.namelist = element.attribute("namelist").map(Self.tokens) ?? []
        var sawContent = false
        for child in children(element) {
            switch child.name {
            case "param":
                send.params.append(try readParam(child))
            case "content":
                guard !sawContent else { throw error("<send> has more than one <content>", at: child, rule: "6.2.2: <content> occurs at most once in <send>") }
                sawContent = true
                (send.contentExpr, send.content) = try readContent(child)
                if send.contentExpr == nil && send.content == nil { send.content = .text("") }
            default:
                throw error("<\(child.name)> cannot be written in <send>", at: child, rule: "6.2.2: <send> holds <param> and <content>")
            }
        }
        // SCXML 6.2.1 requires 'event' or 'eventexpr' only for the SCXML event I/O processor (the
        // default type); another processor may name the event otherwise (Basic HTTP takes the
        // _scxmleventname parameter, W3C test 531). The W3C tests write <content> beside 'event'
        // (179, 354), so only none of the three is refused, and only for the SCXML processor.
        let scxmlProcessor = send.typeExpr == nil
            && [nil, "scxml", SCXMLNames.scxmlProcessor].contains(send.type)
        if scxmlProcessor, send.event == nil, send.eventExpr == nil, !sawContent {
            throw error("<send> needs 'event', 'eventexpr' or <content> to say what it sends", at: element, rule: "6.2.1: a <send> to the SCXML Event I/O Processor names its event")
        }
        if send.target == "#_internal", send.delay != nil || send.delayExpr != nil {
            throw error("<send> to '#_internal' cannot have a delay: the internal queue takes events at once; send it to this session's external queue (no target) instead", at: element, rule: "6.2.1: 'delay' may not be written with the target '#_internal'")
        }
        if sawContent, !send.params.isEmpty || !send.namelist.isEmpty {
            throw error("<send> has <content> and also <param> or 'namelist'; keep one", at: element, rule: "6.2.2: <content> may not occur with <param> or 'namelist'")
        }
        if let delay = send.delay, Duration(scxmlDelay: delay) == nil {
            throw error("<send> has delay '\(delay)'; write a CSS2 time such as '2s' or '500ms'", at: element, rule: "6.2.1: 'delay' is a CSS2 time")
        }
        return send
    }
}
