@testable import StatecraftSCXML
@testable import StatecraftTools

/// One `conf:` attribute or element, and what `confEcma.xsl` makes of it.
///
/// Each case below is one template of the sheet. `{v}` in a comment is the item's value;
/// the regular expressions are the sheet's `xsl:analyze-string` patterns, matched the way it
/// matches them (the first match in the value; text outside it dropped), except that a value
/// with no match at all is an error here where the sheet would write an empty attribute.
struct ECMAScriptConformanceItem {
    /// The item's local name.
    let name: String
    /// The attribute's value; empty for an element.
    let value: String
    /// Where the element that carries it starts.
    let position: TextPosition

    func error(_ code: ConformanceMarkupError.Code, _ message: String) -> ConformanceMarkupError {
        ConformanceMarkupError(code: code, message: message, position: position, item: name)
    }

    // MARK: Attribute items

    /// The plain attribute an attribute item becomes: its name and value.
    func attribute() throws(ConformanceMarkupError) -> (String, String) {
        let v = value
        switch name {
        // Success and failure.
        case "targetpass": return ("target", "pass")
        case "targetfail": return ("target", "fail")
        case "datamodel": return ("datamodel", "ecmascript")
        // Names.
        case "id": return ("id", "Var\(v)")
        case "name": return ("name", "Var\(v)")
        case "location": return ("location", "Var\(v)")
        case "invalidLocation": return ("location", "foo.bar.baz ")
        case "systemVarLocation": return ("location", v)
        // Value expressions.
        case "expr": return ("expr", v)
        case "targetVar": return ("targetexpr", "Var\(v)")
        case "quoteExpr": return ("expr", "'\(v)'")
        case "varExpr", "varChildExpr": return ("expr", "Var\(v)")
        case "systemVarExpr": return ("expr", v)
        case "varNonexistentStruct": return ("expr", "Var\(v).bar")
        case "illegalExpr": return ("expr", "return")
        case "illegalTarget": return ("target", "baz")
        case "unreachableTarget": return ("target", "#_scxml_foo")
        case "invalidSessionID": return ("expr", "27")
        case "invalidSendType": return ("type", "27")
        case "invalidSendTypeExpr": return ("expr", "27")
        case "eventName": return ("expr", "_event.name")
        case "eventType": return ("expr", "_event.type")
        case "eventSendid": return ("expr", "_event.sendid")
        case "eventField": return ("expr", "_event.\(v)")
        case "eventRaw": return ("expr", "_event.raw")
        case "eventDataFieldValue", "eventDataParamValue": return ("expr", "_event.data.\(v)")
        case "eventDataNamelistValue": return ("expr", "_event.data.Var\(v)")
        case "scxmlEventIOLocation":
            return ("expr", "_ioprocessors['http://www.w3.org/TR/scxml/#SCXMLEventProcessor'].location")
        // The expr forms of <send>'s attributes.
        case "eventExpr": return ("eventexpr", "Var\(v)")
        case "targetExpr": return ("targetexpr", "Var\(v)")
        case "typeExpr": return ("typeexpr", "Var\(v)")
        case "delayFromVar": return ("delayexpr", "Var\(v)")
        case "delay": return ("delayexpr", "'\(v)s'")
        case "idlocation": return ("idlocation", "Var\(v)")
        case "sendIDExpr": return ("sendidexpr", "Var\(v)")
        case "srcExpr": return ("srcexpr", "Var\(v)")
        case "namelist": return ("namelist", "Var\(v)")
        case "invalidNamelist": return ("namelist", "\"foo")
        // Conditions.
        case "idVal":
            let (id, op, rest) = try comparison()
            return ("cond", "Var\(id)\(op == "=" ? "==" : op)\(rest)")
        case "varIdVal":
            let (id, op, rest) = try comparison()
            return ("cond", "Var\(id)\(op == "=" ? "==" : op)Var\(rest)")
        case "namelistIdVal":
            let (id, op, rest) = try comparison()
            return ("cond", "Var\(id)\(op == "=" ? "===" : op)\(rest)")
        case "VarEqVar":
            let (first, second) = try numberPair()
            return ("cond", "Var\(first)===Var\(second)")
        case "VarEqVarStruct":
            let (first, second) = try numberPair()
            return ("cond", "Var\(first)==Var\(second)")
        case "idQuoteVal":
            let (id, op, rest) = try comparison()
            return ("cond", "Var\(id)\(op == "=" ? "==" : op)'\(rest)'")
        case "compareIDVal":
            // The sheet's pattern ends in the class [0-9+], one character, and keeps '=' as
            // '=': both are reproduced as written.
            let (id, op, rest) = try comparison(operandIsOneCharacterOf: "0123456789+")
            return ("cond", "Var\(id)\(op)Var\(rest)")
        case "idSomeVal": return ("cond", "Var\(v) == 123")
        case "eventNameVal": return ("cond", "_event.name == '\(v)'")
        case "eventvarVal":
            let (id, op, rest) = try comparison()
            return ("cond", "_event.data['Var\(id)']\(op == "=" ? "==" : op)\(rest)")
        case "idSystemVarVal":
            let (id, op, rest) = try comparison()
            return ("cond", "Var\(id)\(op == "=" ? "==" : op)\(rest)")
        case "eventdataVal": return ("cond", "_event.data == \(v)")
        case "eventdataSomeVal": return ("cond", "_event.data == 123")
        case "emptyEventData": return ("cond", "typeof _event.data === 'undefined'")
        case "nameVarVal": return ("cond", "_name  === '\(v)'")
        case "varPrefix":
            let (prefix, whole) = try wordPair()
            return (
                "cond",
                "(function(str, starts){if (starts === '') return true;if (str == null || starts == null) return false;"
                    + "str = String(str); starts = String(starts);return str.length >= starts.length && "
                    + "str.slice(0, starts.length) === starts;})(Var\(whole), Var\(prefix))"
            )
        case "inState": return ("cond", "In('\(v)')")
        case "nonBoolean": return ("cond", "return")
        case "isBound": return ("cond", "Var\(v)")
        case "unboundVar": return ("cond", "typeof Var\(v) === 'undefined' ")
        case "systemVarIsBound": return ("cond", v)
        case "noValue": return ("cond", "!Var\(v)")
        case "true": return ("cond", "true")
        case "false": return ("cond", "false")
        case "eventFieldsAreBound":
            return (
                "cond",
                ["name", "type", "sendid", "origin", "origintype", "invokeid", "data"]
                    .map { "'\($0)' in _event" }.joined(separator: " && ")
            )
        case "eventDataHasField": return ("cond", "\(v) in _event.data")
        case "eventFieldHasNoValue": return ("cond", "typeof _event.\(v) === 'undefined' ")
        case "eventLanguageMatchesDatamodel": return ("cond", " _event.language == 'ecmascript'")
        case "originTypeEq": return ("cond", " _event.origintype == '\(v)'")
        // Scripts.
        case "scriptGoodSrc": return ("src", "D:\\W3C\\SCXMLTests\\test300.js")
        case "scriptBadSrc": return ("src", "D:\\foo")
        // foreach.
        case "arrayVar", "arrayTextVar": return ("array", "Var\(v)")
        case "arrayExpr123": return ("expr", "1, 2, 3]")
        case "illegalArray": return ("expr", "7")
        case "item": return ("item", "Var\(v)")
        case "illegalItem": return ("item", "'continue'")
        case "index": return ("index", "Var\(v)")
        case "multiDimensionalArrayExpr": return ("expr", "[[\(v),\(v)],[\(v),\(v)]]")
        case "arrayVal":
            let (id, _, rest) = try match(#/([0-9]+)(\W+)(.*)/#, "'number, separator, value' such as '1 0'")
            let array = "Var\(id)"
            return (
                "cond",
                "\(array)[0][0]== \(rest) && \(array)[0][1] == \(rest)  && \(array)[1][0] == \(rest) && \(array)[1][1] == \(rest)"
            )
        // Basic HTTP.
        case "testOnServer": return ("target", "SITE_SPECIFIC_ADDRESS\(v)")
        case "basicHTTPAccessURI": return ("expr", "_ioprocessors['basichttp']['location']")
        case "basicHTTPAccessURITarget": return ("targetexpr", "_ioprocessors['basichttp']['location']")
        case "methodIsPost": return ("cond", "_event.raw.search('POST') !== -1")
        case "multipleNamelist":
            let numbers = v.split(whereSeparator: { !$0.isASCII || !$0.isNumber })
            guard !numbers.isEmpty else { throw error(.malformedValue, "'\(v)' names no variable number") }
            return ("namelist", numbers.map { "Var\($0)\n" }.joined())
        case "eventIsExternal": return ("cond", "_event.type === 'external'")
        case "eventIdParamHasValue":
            let (id, _, expected) = try match(#/(\S+)(\s+)(\S+)/#, "two words such as '1 2'")
            return ("cond", "_event.raw.search(/Var\(id)=\(expected)/) !== -1")
        case "eventNamedParamHasValue":
            let (parameter, _, expected) = try match(#/(\S+)(\s+)(\S+)/#, "two words such as 'param1 2'")
            return ("cond", "_event.raw.search('\(parameter)=\(expected)') !== -1")
        case "messageBodyEquals": return ("cond", "_event.raw.search(/\(v)/) !== -1")
        case "getNamedParamVal": return ("expr", "_event.raw.match(/\(v)=(\\S+)$/)[1]")
        case "getIDParamVal": return ("expr", "_event.raw.match(/Var\(v)=(\\S+)$/)[1]")
        case "getNthParamName": return ("expr", "txt.match(/\\n\\n(.*)/)[2].split('&')[\(v)].split('=')[0]")
        case "getNthParamVal": return ("expr", "txt.match(/\\n\\n(.*)/)[2].split('&')[\(v)].split('=')[1]")
        case "scxmlEventExpr":
            return (
                "expr",
                "'<message source=\"' + _ioprocessors['basichttp'] + '\"'\n+ 'xmlns:scxml=\"http://www.w3.org/2005/07/scxml\" "
                    + "version=\"1.0\"  xmlns:xsi=:http://www.w3.org/2001/XMLSchema-instance\"\n"
                    + "xsi:schemaLocation=\"http://www.w3.org/2005/07/scxml scxml-message.xsd\" sourcetype=:scxml\"'\n"
                    + "+' 'name=\"name\"' + '\"' + \(v) + '\"' + />'"
            )
        case "msgIsBody": return ("cond", "_event.raw.match(/\\n\\naddress=(.*)$/)")
        default:
            throw error(.unknownItem, "confEcma.xsl has no template for the attribute conf:\(name)")
        }
    }

    // MARK: Element items

    /// The nodes an element item becomes; `element` is the item's element, for its attributes.
    func nodes(of element: DocumentElement, prefix: String?) throws(ConformanceMarkupError) -> [DocumentNode] {
        func make(_ name: String, _ attributes: [(String, String)], children: [DocumentNode] = []) -> DocumentNode {
            .element(DocumentElement(
                name: name, namespace: ECMAScriptConformanceMarkup.scxmlNamespace, prefix: prefix,
                attributes: attributes.map { DocumentAttribute(localName: $0.0, value: $0.1) },
                children: children, position: position
            ))
        }
        func required(_ attribute: String) throws(ConformanceMarkupError) -> String {
            guard let found = element.attribute(attribute) else {
                throw error(.missingAttribute, "the element needs a '\(attribute)' attribute")
            }
            return found
        }
        func outcome(_ id: String) -> DocumentNode {
            make("final", [("id", id)], children: [
                make("onentry", [], children: [make("log", [("label", "Outcome"), ("expr", "'\(id)'")])]),
            ])
        }
        switch name {
        case "pass", "fail":
            return [outcome(name)]
        case "incrementID":
            let id = try required("id")
            return [make("assign", [("location", "Var\(id)"), ("expr", "Var\(id) + 1")])]
        case "concatVars", "sumVars":
            let first = try required("id1"), second = try required("id2")
            return [make("assign", [("location", "Var\(first)"), ("expr", "Var\(first) + Var\(second)")])]
        case "illegalContent":
            return [make("content", [], children: [.text(" xyz ")])]
        case "contentFoo":
            return [make("content", [], children: [.text("foo")])]
        case "someInlineVal":
            return [.text("123")]
        case "script":
            return [make("script", [], children: [.text("var Var1 = 1")])]
        case "sendToSender":
            let event = try required("name")
            return [make("send", [("event", event), ("targetexpr", "_event.origin"), ("typeexpr", "_event.origintype")])]
        case "array123":
            return [.text("[1,2,3]")]
        case "extendArray":
            let id = try required("id")
            return [make("assign", [("location", "Var\(id)"), ("expr", "[].concat(Var\(id), [4])")])]
        case "incrementArray":
            let array = "Var\(try required("id"))"
            let body = "\n\(array)[index][0] = \(array)[index][0] + 1\n\(array)[index][1] = \(array)[index][1] + 1\n"
            return [make("foreach", [("item", "item"), ("index", "index"), ("array", array)], children: [
                make("script", [], children: [.text(body)]),
            ])]
        case "setUpHTTPTest":
            return []
        case "msgContent":
            return [make("content", [("expr", "'address=' + _ioprocessors['basichttp'] + \"'\"")])]
        default:
            throw error(.unknownItem, "confEcma.xsl has no template for the element <conf:\(name)>")
        }
    }

    // MARK: Values

    /// The sheet's `([0-9]+)([=<>]=?)(.*)`: the variable number, the operator, the rest.
    private func comparison(operandIsOneCharacterOf operand: String? = nil) throws(ConformanceMarkupError) -> (String, String, String) {
        if let operand {
            guard let found = value.firstMatch(of: #/([0-9]+)([=<>]=?)(.)/#), operand.contains(found.3) else {
                throw error(.malformedValue, "'\(value)' is not 'number operator number', such as '1<2'")
            }
            return (String(found.1), String(found.2), String(found.3))
        }
        return try match(#/([0-9]+)([=<>]=?)(.*)/#, "'number operator value', such as '1=1' or '1<2'")
    }

    /// The sheet's `([0-9]+)(\W+)([0-9]+)`: two variable numbers.
    private func numberPair() throws(ConformanceMarkupError) -> (String, String) {
        let (first, _, second) = try match(#/([0-9]+)(\W+)([0-9]+)/#, "two numbers such as '1 2'")
        return (first, second)
    }

    /// The sheet's `(\w+)(\W)(\w+)`: two words.
    private func wordPair() throws(ConformanceMarkupError) -> (String, String) {
        let (first, _, second) = try match(#/(\w+)(\W)(\w+)/#, "two words such as '1 2'")
        return (first, second)
    }

    /// The three groups of the first match of `pattern` in the value.
    private func match(
        _ pattern: Regex<(Substring, Substring, Substring, Substring)>, _ form: String
    ) throws(ConformanceMarkupError) -> (String, String, String) {
        guard let found = value.firstMatch(of: pattern) else {
            throw error(.malformedValue, "'\(value)' is not \(form)")
        }
        return (String(found.1), String(found.2), String(found.3))
    }
}
