/// Turns a ``DocumentElement`` tree into the checked ``DocumentModel``.
struct ModelReader {
    let file: String?
    let loader: ResourceLoader
    var generated = 0
    var ids: [String: TextPosition] = [:]

    init(file: String?, loader: ResourceLoader) {
        self.file = file
        self.loader = loader
    }

    /// A refusal of `element`, citing the rule of the SCXML recommendation it enforces: `rule` is
    /// the section and the rule in words ("3.10.2: a <history> holds one <transition>").
    func error(_ message: String, at element: DocumentElement, rule: String) -> SCXMLError {
        SCXMLError(code: .invalidDocument, message: Self.citing(message, rule: rule), position: element.position, file: file)
    }

    /// `message` followed by the rule it enforces, as every refusal of a document ends:
    /// `... (SCXML 3.10.2: a <history> holds one <transition>)`.
    static func citing(_ message: String, rule: String) -> String {
        "\(message) (SCXML \(rule))"
    }

    /// The section of the SCXML recommendation that defines an element; its subsection 1 lists
    /// the element's attributes, 2 its children.
    static func section(of element: String) -> String {
        sections[element] ?? "3.1"
    }

    private static let sections: [String: String] = [
        "scxml": "3.2", "state": "3.3", "parallel": "3.4", "transition": "3.5", "initial": "3.6", "final": "3.7",
        "onentry": "3.8", "onexit": "3.9", "history": "3.10", "raise": "4.2", "if": "4.3", "elseif": "4.4",
        "else": "4.5", "foreach": "4.6", "log": "4.7", "datamodel": "5.2", "data": "5.3", "assign": "5.4",
        "donedata": "5.5", "content": "5.6", "param": "5.7", "script": "5.8", "send": "6.2", "cancel": "6.3",
        "invoke": "6.4", "finalize": "6.5",
    ]

    func isSCXML(_ element: DocumentElement) -> Bool {
        element.namespace == SCXMLNames.namespace || element.namespace == nil
    }

    /// The SCXML children; elements of other namespaces are extensions and are skipped.
    func children(_ element: DocumentElement) -> [DocumentElement] {
        element.elements.filter(isSCXML)
    }

    func checkAttributes(_ element: DocumentElement, allowed: Set<String>) throws(SCXMLError) {
        for attribute in element.attributes where attribute.namespace == nil {
            if !allowed.contains(attribute.localName) {
                let list = allowed.sorted().map { "'\($0)'" }.joined(separator: ", ")
                throw error(
                    "<\(element.name)> has no attribute '\(attribute.localName)'"
                        + (allowed.isEmpty ? "" : "; it takes \(list)"),
                    at: element, rule: "\(Self.section(of: element.name)).1: the attributes of <\(element.name)>"
                )
            }
        }
    }

    func required(_ name: String, of element: DocumentElement) throws(SCXMLError) -> String {
        guard let value = element.attribute(name) else {
            throw error("<\(element.name)> needs the attribute '\(name)'", at: element, rule: "\(Self.section(of: element.name)).1: the attributes of <\(element.name)>")
        }
        return value
    }

    func exclusive(_ names: [String], of element: DocumentElement) throws(SCXMLError) {
        let present = names.filter { element.attribute($0) != nil }
        if present.count > 1 {
            throw error(
                "<\(element.name)> has both " + present.map { "'\($0)'" }.joined(separator: " and ")
                    + "; they exclude each other, keep one",
                at: element, rule: "\(Self.section(of: element.name)).1: the attributes of <\(element.name)>"
            )
        }
    }

    static func tokens(_ text: String) -> [String] {
        text.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" }).map(String.init)
    }

    // MARK: Document

    mutating func read(_ root: DocumentElement) throws(SCXMLError) -> DocumentModel {
        guard root.name == "scxml" else {
            throw error("the root element is <\(root.name)>; an SCXML document starts with <scxml>", at: root, rule: "3.2: an SCXML document's root is <scxml>")
        }
        guard isSCXML(root) else {
            throw error(
                "the root element <scxml> is in the namespace '\(root.namespace ?? "")'; SCXML elements are in "
                    + "'\(SCXMLNames.namespace)', so write xmlns=\"\(SCXMLNames.namespace)\"",
                at: root, rule: "3.2: SCXML elements are in the namespace \(SCXMLNames.namespace)"
            )
        }
        try checkAttributes(root, allowed: ["version", "initial", "name", "datamodel", "binding", "xmlns"])
        guard let version = root.attribute("version") else {
            throw error("<scxml> needs the attribute 'version'; write version=\"1.0\"", at: root, rule: "3.2.1: 'version' is required and is '1.0'")
        }
        if version != "1.0" {
            throw error("<scxml> has version '\(version)'; only SCXML 1.0 is read", at: root, rule: "3.2.1: 'version' is required and is '1.0'")
        }
        var model = DocumentModel(position: root.position)
        model.name = root.attribute("name")
        model.datamodel = root.attribute("datamodel")
        model.contextType = root.attribute("context", namespace: SCXMLNames.statecraft)
        if let binding = root.attribute("binding") {
            guard let value = DocumentModel.Binding(rawValue: binding) else {
                throw error("<scxml> has binding '\(binding)'; write 'early' or 'late'", at: root, rule: "3.2.1: 'binding' is 'early' or 'late'")
            }
            model.binding = value
        }
        model.initial = try initialAttribute(of: root)
        var sawDatamodel = false
        for child in children(root) {
            switch child.name {
            case "state", "parallel", "final":
                model.states.append(try readState(child))
            case "datamodel":
                try once(&sawDatamodel, child, in: root)
                model.data += try readDatamodel(child)
            case "script":
                guard model.script.isEmpty else {
                    throw error("<scxml> has more than one <script>; SCXML allows one, so join their text", at: child, rule: "3.2.2: <script> occurs at most once in <scxml>")
                }
                model.script.append(try readAction(child))
            default:
                throw error("<\(child.name)> cannot be written in <scxml>; it takes <state>, <parallel>, <final>, <datamodel> and <script>", at: child, rule: "3.2.2: the children of <scxml>")
            }
        }
        for id in model.initial ?? [] where ids[id] == nil {
            throw error("the 'initial' of <scxml> names '\(id)', which is not a state of the document", at: root, rule: "3.2.1: 'initial' names states of the document")
        }
        return model
    }

    /// An `initial` attribute: the ids it lists, `nil` without the attribute; an empty list is
    /// refused.
    func initialAttribute(of element: DocumentElement) throws(SCXMLError) -> [String]? {
        guard let value = element.attribute("initial") else { return nil }
        let ids = Self.tokens(value)
        if ids.isEmpty {
            throw error("<\(element.name)> has an empty 'initial'; name a state, or leave the attribute out", at: element, rule: "\(Self.section(of: element.name)).1: 'initial' names one or more states")
        }
        return ids
    }

    /// Refuses a second child that the content model allows once.
    func once(_ seen: inout Bool, _ child: DocumentElement, in parent: DocumentElement) throws(SCXMLError) {
        if seen {
            throw error("<\(parent.name)> has more than one <\(child.name)>; it takes one, so merge them", at: child, rule: "\(Self.section(of: parent.name)).2: the children of <\(parent.name)>")
        }
        seen = true
    }

    /// Refuses SCXML children of an element whose content model is empty.
    func noChildren(_ element: DocumentElement) throws(SCXMLError) {
        if let child = children(element).first {
            throw error("<\(element.name)> has no children in SCXML, but holds <\(child.name)>", at: element, rule: "\(Self.section(of: element.name)).2: <\(element.name)> has no children")
        }
    }

    mutating func identify(_ element: DocumentElement) throws(SCXMLError) -> (String, Bool) {
        if let id = element.attribute("id") {
            if let earlier = ids[id] {
                throw error("the id '\(id)' is declared twice (first at \(earlier)); give every state its own id", at: element, rule: "3.14: every id is unique in the document")
            }
            ids[id] = element.position
            return (id, false)
        }
        generated += 1
        var id = "_state\(generated)"
        while ids[id] != nil {
            generated += 1
            id = "_state\(generated)"
        }
        ids[id] = element.position
        return (id, true)
    }
}

extension String {
    /// The text without leading and trailing white space.
    var trimmingWhitespace: Substring {
        let start = firstIndex { !$0.isWhitespace } ?? endIndex
        let end = lastIndex { !$0.isWhitespace }.map { index(after: $0) } ?? start
        return self[start..<max(start, end)]
    }
}
