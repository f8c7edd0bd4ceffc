/// Writes a ``DocumentModel`` as SCXML text, two spaces per level.
package struct DocumentWriter {
    private var output = ""
    private var depth = 0

    func write(_ model: DocumentModel) -> String {
        var writer = self
        writer.output = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        var attributes: [(String, String?)] = [("xmlns", SCXMLNames.namespace), ("version", "1.0")]
        attributes += [("name", model.name), ("datamodel", model.datamodel)]
        attributes.append(("binding", model.binding == .late ? "late" : nil))
        attributes.append(("initial", model.initial?.joined(separator: " ")))
        writer.open("scxml", attributes)
        writer.data(model.data)
        for action in model.script { writer.action(action) }
        for state in model.states { writer.state(state) }
        writer.close("scxml")
        return writer.output
    }

    // MARK: Elements

    private mutating func line(_ text: String) {
        output += String(repeating: "  ", count: depth) + text + "\n"
    }

    private static func attributes(_ pairs: [(String, String?)]) -> String {
        pairs.compactMap { name, value in value.map { " \(name)=\"\(escape($0, quote: true))\"" } }.joined()
    }

    private mutating func open(_ name: String, _ pairs: [(String, String?)] = []) {
        line("<\(name)\(Self.attributes(pairs))>")
        depth += 1
    }

    private mutating func close(_ name: String) {
        depth -= 1
        line("</\(name)>")
    }

    private mutating func empty(_ name: String, _ pairs: [(String, String?)] = []) {
        line("<\(name)\(Self.attributes(pairs))/>")
    }

    private mutating func element(_ name: String, _ pairs: [(String, String?)], body: (inout DocumentWriter) -> Void) {
        var inner = DocumentWriter()
        inner.depth = depth + 1
        body(&inner)
        if inner.output.isEmpty {
            empty(name, pairs)
        } else {
            line("<\(name)\(Self.attributes(pairs))>")
            output += inner.output
            line("</\(name)>")
        }
    }

    /// An element whose content is written exactly as held, on the element's own line, so that
    /// reading it again gives the same text.
    private mutating func inline(_ name: String, _ pairs: [(String, String?)], _ content: ContentModel?) {
        guard let content else { return empty(name, pairs) }
        let body: String
        switch content {
        case .text(let text): body = Self.escape(text, quote: false)
        case .markup(let nodes): body = Self.serialize(nodes)
        }
        line("<\(name)\(Self.attributes(pairs))>\(body)</\(name)>")
    }

    private mutating func state(_ state: StateModel) {
        let name: String
        var pairs: [(String, String?)] = [("id", state.generatedID ? nil : state.id)]
        switch state.kind {
        case .state:
            name = "state"
            pairs.append(("initial", state.initialTransition == nil ? state.initial?.joined(separator: " ") : nil))
        case .parallel: name = "parallel"
        case .final: name = "final"
        case .history(let deep):
            name = "history"
            pairs.append(("type", deep ? "deep" : "shallow"))
        }
        element(name, pairs) { writer in
            if let initial = state.initialTransition {
                if case .history = state.kind {
                    writer.transition(initial)
                } else {
                    writer.open("initial")
                    writer.transition(initial)
                    writer.close("initial")
                }
            }
            writer.data(state.data)
            for block in state.onEntry { writer.block("onentry", block) }
            for block in state.onExit { writer.block("onexit", block) }
            for transition in state.transitions { writer.transition(transition) }
            for invoke in state.invokes { writer.invoke(invoke) }
            if let doneData = state.doneData {
                writer.element("donedata", []) { writer in
                    writer.payload(params: doneData.params, contentExpr: doneData.contentExpr, content: doneData.content)
                }
            }
            for child in state.children { writer.state(child) }
        }
    }

    private mutating func block(_ name: String, _ actions: [Action]) {
        element(name, []) { writer in
            for action in actions { writer.action(action) }
        }
    }

    private mutating func transition(_ transition: TransitionModel) {
        let pairs: [(String, String?)] = [
            ("event", transition.event), ("cond", transition.cond),
            ("target", transition.targets.isEmpty ? nil : transition.targets.joined(separator: " ")),
            ("type", transition.isInternal ? "internal" : nil),
        ]
        element("transition", pairs) { writer in
            for action in transition.actions { writer.action(action) }
        }
    }

    private mutating func data(_ items: [DataModel]) {
        guard !items.isEmpty else { return }
        open("datamodel")
        for item in items {
            inline("data", [("id", item.id), ("src", item.src), ("expr", item.expr)], item.content)
        }
        close("datamodel")
    }

    private mutating func payload(params: [ParamModel], contentExpr: String?, content: ContentModel?) {
        for param in params {
            empty("param", [("name", param.name), ("expr", param.expr), ("location", param.location)])
        }
        if contentExpr != nil || content != nil {
            inline("content", [("expr", contentExpr)], content)
        }
    }

    private mutating func invoke(_ invoke: InvokeModel) {
        let pairs: [(String, String?)] = [
            ("type", invoke.type), ("typeexpr", invoke.typeExpr), ("src", invoke.src), ("srcexpr", invoke.srcExpr),
            ("id", invoke.id), ("idlocation", invoke.idLocation),
            ("namelist", invoke.namelist.isEmpty ? nil : invoke.namelist.joined(separator: " ")),
            ("autoforward", invoke.autoforward ? "true" : nil),
        ]
        element("invoke", pairs) { writer in
            writer.payload(params: invoke.params, contentExpr: invoke.contentExpr, content: invoke.content)
            if !invoke.finalize.isEmpty { writer.block("finalize", invoke.finalize) }
        }
    }

    private mutating func action(_ action: Action) {
        switch action.kind {
        case .raise(let event):
            empty("raise", [("event", event)])
        case .send(let send):
            let pairs: [(String, String?)] = [
                ("event", send.event), ("eventexpr", send.eventExpr), ("target", send.target),
                ("targetexpr", send.targetExpr), ("type", send.type), ("typeexpr", send.typeExpr), ("id", send.id),
                ("idlocation", send.idLocation), ("delay", send.delay), ("delayexpr", send.delayExpr),
                ("namelist", send.namelist.isEmpty ? nil : send.namelist.joined(separator: " ")),
            ]
            element("send", pairs) { writer in
                writer.payload(params: send.params, contentExpr: send.contentExpr, content: send.content)
            }
        case .cancel(let sendID, let sendIDExpr):
            empty("cancel", [("sendid", sendID), ("sendidexpr", sendIDExpr)])
        case .log(let label, let expr):
            empty("log", [("label", label), ("expr", expr)])
        case .assign(let location, let expr, let content):
            inline("assign", [("location", location), ("expr", expr)], content)
        case .branches(let branches):
            guard let first = branches.first else { return }
            open("if", [("cond", first.cond)])
            for action in first.actions { self.action(action) }
            for branch in branches.dropFirst() {
                if let cond = branch.cond { empty("elseif", [("cond", cond)]) } else { empty("else") }
                for action in branch.actions { self.action(action) }
            }
            close("if")
        case .foreach(let array, let item, let index, let body):
            element("foreach", [("array", array), ("item", item), ("index", index)]) { writer in
                for action in body { writer.action(action) }
            }
        case .script(let source, _):
            inline("script", [], source.flatMap { $0.isEmpty ? nil : .text($0) })
        }
    }

    // MARK: Text

    /// Escapes `&`, `<`, `>` and carriage returns, and in attribute values `"`, tabs and line
    /// feeds, so that an XML reader gives back exactly `text`: a reader turns a carriage return
    /// written as is into a line feed, and an attribute's tabs and line feeds into spaces.
    static func escape(_ text: String, quote: Bool) -> String {
        var result = ""
        result.reserveCapacity(text.utf8.count)
        // Scalar by scalar: "\r\n" is one Character, which a switch on characters would miss.
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\r": result += "&#13;"
            case "\"" where quote: result += "&quot;"
            case "\n" where quote: result += "&#10;"
            case "\t" where quote: result += "&#9;"
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result
    }

    /// Markup written back as XML text, namespaces declared where they were.
    ///
    /// Each element stands on its own: a prefix (or default namespace) that it or its
    /// descendants use but that was declared on an ancestor outside `nodes` is declared again
    /// where it is first needed, so that the text is well-formed wherever it is put, whether
    /// inside a written document or read as a document of its own (an inline `<content>` a
    /// session invokes). Namespaces in XML 1.0, section 5: a prefix that is not declared is an
    /// error.
    package static func serialize(_ nodes: [DocumentNode]) -> String {
        serialize(nodes, inScope: [:])
    }

    package static func serialize(_ element: DocumentElement) -> String {
        serialize(element, inScope: [:])
    }

    /// `inScope` maps each prefix (`""` for the default namespace) declared by the ancestors
    /// already written to its URI (`""` for no namespace).
    private static func serialize(_ nodes: [DocumentNode], inScope: [String: String]) -> String {
        nodes.map { node in
            switch node {
            case .text(let text): escape(text, quote: false)
            case .element(let element): serialize(element, inScope: inScope)
            }
        }.joined()
    }

    private static func serialize(_ element: DocumentElement, inScope: [String: String]) -> String {
        var declarations = element.namespaceDeclarations
        var scope = inScope.merging(declarations) { _, own in own }
        func require(_ prefix: String, _ uri: String) {
            // `xml` is bound by definition and must not be declared to anything else.
            guard prefix != "xml", scope[prefix] != uri else { return }
            // The default namespace is "no namespace" until something declares it.
            if prefix.isEmpty, uri.isEmpty, scope[prefix] == nil { return }
            declarations[prefix] = uri
            scope[prefix] = uri
        }
        require(element.prefix ?? "", element.namespace ?? "")
        for attribute in element.attributes {
            if let prefix = attribute.prefix, let uri = attribute.namespace { require(prefix, uri) }
        }
        let name = element.prefix.map { "\($0):\(element.name)" } ?? element.name
        var text = "<\(name)"
        for (prefix, uri) in declarations.sorted(by: { $0.key < $1.key }) {
            text += prefix.isEmpty ? " xmlns=\"\(escape(uri, quote: true))\"" : " xmlns:\(prefix)=\"\(escape(uri, quote: true))\""
        }
        for attribute in element.attributes {
            text += " \(attribute.qualifiedName)=\"\(escape(attribute.value, quote: true))\""
        }
        if element.children.isEmpty { return text + "/>" }
        return text + ">" + serialize(element.children, inScope: scope) + "</\(name)>"
    }
}
