/// Reading `<datamodel>`, `<param>`, `<content>`, `<donedata>`, and `<invoke>` with its
/// `<finalize>`.
extension ModelReader {
    func readDatamodel(_ element: DocumentElement) throws(SCXMLError) -> [DataModel] {
        try checkAttributes(element, allowed: [])
        var items: [DataModel] = []
        for child in children(element) {
            guard child.name == "data" else {
                throw error("<\(child.name)> cannot be written in <datamodel>; it holds <data> elements", at: child, rule: "5.2.2: <datamodel> holds <data> elements")
            }
            try checkAttributes(child, allowed: ["id", "src", "expr"])
            try exclusive(["src", "expr"], of: child)
            let content = Self.content(of: child)
            if content != nil, child.attribute("src") != nil || child.attribute("expr") != nil {
                throw error("<data id=\"\(child.attribute("id") ?? "")\"> has content and 'src' or 'expr'; keep one", at: child, rule: "5.3: a <data> with 'src' or 'expr' has no children")
            }
            items.append(DataModel(
                id: try required("id", of: child), src: child.attribute("src"), expr: child.attribute("expr"),
                content: content, position: child.position,
                statedType: child.attribute("type", namespace: SCXMLNames.statecraft)
            ))
        }
        return items
    }

    /// Inline content: `nil` when there is none (only white space).
    static func content(of element: DocumentElement) -> ContentModel? {
        if element.hasElementChildren {
            return .markup(element.children)
        }
        let text = element.text
        return text.allSatisfy(\.isWhitespace) ? nil : .text(text)
    }

    func readParam(_ element: DocumentElement) throws(SCXMLError) -> ParamModel {
        try checkAttributes(element, allowed: ["name", "expr", "location"])
        try exclusive(["expr", "location"], of: element)
        try noChildren(element)
        let param = ParamModel(
            name: try required("name", of: element), expr: element.attribute("expr"),
            location: element.attribute("location"), position: element.position
        )
        if param.expr == nil && param.location == nil {
            throw error("<param name=\"\(param.name)\"> needs 'expr' or 'location'", at: element, rule: "5.7.1: a <param> has 'expr' or 'location'")
        }
        return param
    }

    func readContent(_ element: DocumentElement) throws(SCXMLError) -> (expr: String?, content: ContentModel?) {
        try checkAttributes(element, allowed: ["expr"])
        let content = Self.content(of: element)
        if element.attribute("expr") != nil, content != nil {
            throw error("<content> has both 'expr' and inline content; keep one", at: element, rule: "5.6.1: a <content> with 'expr' has no children")
        }
        return (element.attribute("expr"), content)
    }

    func readDoneData(_ element: DocumentElement) throws(SCXMLError) -> DoneDataModel {
        try checkAttributes(element, allowed: [])
        var model = DoneDataModel(position: element.position)
        var sawContent = false
        for child in children(element) {
            switch child.name {
            case "content":
                guard !sawContent, model.params.isEmpty else {
                    throw error("<donedata> holds either one <content> or <param> elements", at: child, rule: "5.5.2: <donedata> holds one <content> or <param> elements")
                }
                sawContent = true
                (model.contentExpr, model.content) = try readContent(child)
                if model.contentExpr == nil && model.content == nil { model.content = .text("") }
            case "param":
                guard !sawContent else { throw error("<donedata> holds either one <content> or <param> elements", at: child, rule: "5.5.2: <donedata> holds one <content> or <param> elements") }
                model.params.append(try readParam(child))
            default:
                throw error("<\(child.name)> cannot be written in <donedata>", at: child, rule: "5.5.2: <donedata> holds one <content> or <param> elements")
            }
        }
        return model
    }

    mutating func readInvoke(_ element: DocumentElement) throws(SCXMLError) -> InvokeModel {
        try checkAttributes(element, allowed: ["type", "typeexpr", "src", "srcexpr", "id", "idlocation", "namelist", "autoforward"])
        try exclusive(["type", "typeexpr"], of: element)
        try exclusive(["src", "srcexpr"], of: element)
        try exclusive(["id", "idlocation"], of: element)
        var invoke = InvokeModel(position: element.position)
        invoke.type = element.attribute("type")
        invoke.typeExpr = element.attribute("typeexpr")
        invoke.src = element.attribute("src")
        invoke.srcExpr = element.attribute("srcexpr")
        invoke.id = element.attribute("id")
        invoke.idLocation = element.attribute("idlocation")
        invoke.namelist = element.attribute("namelist").map(Self.tokens) ?? []
        switch element.attribute("autoforward") {
        case nil, "false": break
        case "true": invoke.autoforward = true
        case let other?: throw error("<invoke> has autoforward '\(other)'; write 'true' or 'false'", at: element, rule: "6.4.1: 'autoforward' is 'true' or 'false'")
        }
        var sawContent = false, sawFinalize = false
        for child in children(element) {
            switch child.name {
            case "param":
                invoke.params.append(try readParam(child))
            case "content":
                guard !sawContent else { throw error("<invoke> has more than one <content>", at: child, rule: "6.4.2: <content> occurs at most once in <invoke>") }
                sawContent = true
                (invoke.contentExpr, invoke.content) = try readContent(child)
            case "finalize":
                try once(&sawFinalize, child, in: element)
                try checkAttributes(child, allowed: [])
                invoke.finalize = try readBlock(child)
                try checkFinalize(invoke.finalize)
            default:
                throw error("<\(child.name)> cannot be written in <invoke>", at: child, rule: "6.4.2: <invoke> holds <param>, <finalize> and <content>")
            }
        }
        if sawContent, invoke.src != nil || invoke.srcExpr != nil {
            throw error("<invoke> has both <content> and 'src'/'srcexpr'; keep one", at: element, rule: "6.4.2: <content> may not occur with 'src' or 'srcexpr'")
        }
        if !invoke.namelist.isEmpty, !invoke.params.isEmpty {
            throw error("<invoke> has both 'namelist' and <param>; keep one", at: element, rule: "6.4.1: 'namelist' may not be written with <param>")
        }
        return invoke
    }

    /// SCXML 6.5: `<finalize>` only updates the data model from the event it is about to see;
    /// it may not raise or send events, at any depth.
    func checkFinalize(_ actions: [Action]) throws(SCXMLError) {
        for action in actions {
            switch action.kind {
            case .raise, .send:
                let name = if case .raise = action.kind { "raise" } else { "send" }
                throw SCXMLError(
                    code: .invalidDocument,
                    message: Self.citing(
                        "<\(name)> cannot be written in <finalize>: finalize may not raise or send events; "
                            + "move it to a transition on the event instead",
                        rule: "6.5: <finalize> holds no <raise> or <send>"
                    ),
                    position: action.position, file: file
                )
            case .branches(let branches):
                for branch in branches { try checkFinalize(branch.actions) }
            case .foreach(_, _, _, let body):
                try checkFinalize(body)
            default:
                break
            }
        }
    }
}
