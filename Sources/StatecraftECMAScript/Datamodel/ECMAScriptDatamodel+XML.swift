#if canImport(JavaScriptCore) || ECMAScript
#if canImport(JavaScriptCore)
import JavaScriptCore
#else
import CJavaScriptCore
#endif
public import StatecraftSCXML

/// XML values (SCXML B.2.2, B.2.3): content that is a legal XML document becomes a DOM.
///
/// `<data>` content or `src`, a value handed in by the environment (an invocation's parameter),
/// `<assign>` content, and `_event.data` are made a `Document` node when their text is one
/// well-formed XML element (after an optional prolog); text that is not well-formed XML stays
/// what it was (JSON, or a string). The text is read by the SCXML reader, bounded by
/// ``ECMAScriptLimits/xmlContent``: no document type declaration (so no entity but the
/// predefined ones and character references), and text past a limit is an error naming it.
extension ECMAScriptDatamodel {
    /// `value` made into JavaScript, a string that is an XML document made into a DOM.
    ///
    /// - Parameters:
    ///   - value: The value.
    ///   - name: What it is, for messages: `'x'`, `_event.data`.
    /// - Throws: `SCXMLDatamodelError` when the value is XML text that passes a limit of
    ///   ``ECMAScriptLimits/xmlContent`` or holds a document type declaration.
    func scriptValueReadingXML(_ value: SCXMLValue, name: String) throws(SCXMLDatamodelError) -> JSValueRef {
        if case .string(let text) = value, let document = try xmlDocument(text, name: name) {
            return document
        }
        return values.scriptValue(value)
    }

    /// Whether `text`, without its surrounding whitespace, starts as markup does.
    static func mayBeXML(_ text: String) -> Bool {
        text.first { !whitespace.contains($0) } == "<"
    }

    /// Whether `text` reads as an XML document within the limits: the content of `<data>` and
    /// `<content>` that is XML keeps its text as written.
    func isXMLDocument(_ text: String) -> Bool {
        guard Self.mayBeXML(text) else { return false }
        return (try? DocumentReader(limits: xmlLimits).read(text)) != nil
    }

    /// The DOM `Document` of `text`, or `nil` when it is not well-formed XML.
    ///
    /// - Throws: `SCXMLDatamodelError` when it passes a limit or holds forbidden markup.
    func xmlDocument(_ text: String, name: String) throws(SCXMLDatamodelError) -> JSValueRef? {
        guard Self.mayBeXML(text) else { return nil }
        let root: DocumentElement
        do {
            root = try DocumentReader(limits: xmlLimits).read(text)
        } catch {
            guard error.code == .limitExceeded || error.code == .forbiddenMarkup else { return nil }
            throw SCXMLDatamodelError(
                "\(name) is XML that cannot be made a DOM: \(error.message) (ECMAScriptLimits.xmlContent bounds XML values)"
            )
        }
        var json = ""
        Self.writeTree(root, into: &json)
        let string = script.makeString(json)
        defer { JSStringRelease(string) }
        guard let tree = JSValueMakeFromJSONString(script.context, string) else { return nil }
        do {
            return try script.call(xmlFactory, [tree])
        } catch {
            throw error.datamodelError
        }
    }

    /// The element as the DOM script's tree, in JSON (``XMLDocumentScript/source``).
    static func writeTree(_ element: DocumentElement, into json: inout String) {
        func string(_ text: String?) {
            guard let text else {
                json += "null"
                return
            }
            json += "\""
            for scalar in text.unicodeScalars {
                switch scalar {
                case "\"": json += "\\\""
                case "\\": json += "\\\\"
                case _ where scalar.value < 0x20:
                    let hex = String(scalar.value, radix: 16)
                    json += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                default: json.unicodeScalars.append(scalar)
                }
            }
            json += "\""
        }
        func attribute(_ localName: String, _ prefix: String?, _ namespace: String?, _ value: String) {
            json += "["
            string(localName)
            json += ","
            string(prefix)
            json += ","
            string(namespace)
            json += ","
            string(value)
            json += "]"
        }
        json += "["
        string(element.name)
        json += ","
        string(element.prefix)
        json += ","
        string(element.namespace)
        json += ",["
        var first = true
        for (prefix, uri) in element.namespaceDeclarations.sorted(by: { $0.key < $1.key }) {
            if !first { json += "," }
            first = false
            if prefix.isEmpty {
                attribute("xmlns", nil, xmlnsNamespace, uri)
            } else {
                attribute(prefix, "xmlns", xmlnsNamespace, uri)
            }
        }
        for item in element.attributes {
            if !first { json += "," }
            first = false
            attribute(item.localName, item.prefix, item.namespace, item.value)
        }
        json += "],["
        for (index, child) in element.children.enumerated() {
            if index > 0 { json += "," }
            switch child {
            case .text(let text): string(text)
            case .element(let nested): writeTree(nested, into: &json)
            }
        }
        json += "]]"
    }

    /// The namespace of namespace declarations, as DOM Level 2 gives them.
    static let xmlnsNamespace = "http://www.w3.org/2000/xmlns/"
}
#endif
