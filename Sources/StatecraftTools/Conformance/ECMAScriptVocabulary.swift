import StatecraftSCXML

/// The W3C's `conf:` vocabulary in the `ecmascript` datamodel, as the W3C's own sheet
/// `confEcma.xsl` defines it: every item is what one template of the sheet writes.
///
/// `conf:idVal="1=1"` becomes `cond="Var1==1"`, `<conf:pass/>` a final state `pass` that logs
/// `Outcome: pass`, `conf:datamodel` `datamodel="ecmascript"`. The sheet's templates that the
/// shipped tests do not use (`conf:arrayVal`, `<conf:incrementArray>`, the Basic HTTP items...)
/// are translated too. `{v}` in a comment is the item's value; the regular expressions are the
/// sheet's `xsl:analyze-string` patterns, matched the way it matches them (the first match in
/// the value; text outside it dropped), except that a value with no match at all is an error
/// here where the sheet would write an empty attribute.
///
/// ```swift
/// let test = try DocumentReader().read(text, file: "test144.txml")
/// let document = try ConformanceMarkup.translate(test, vocabulary: ECMAScriptVocabulary())
/// ```
package struct ECMAScriptVocabulary: ConformanceVocabulary {
    /// Creates the vocabulary.
    package init() {}

    /// `ecmascript`.
    package var datamodel: String { "ecmascript" }

    /// What an attribute item becomes: the plain attribute the sheet writes.
    ///
    /// - Parameters:
    ///   - item: The item.
    ///   - context: Facts about the document (unused: the sheet gives every item one meaning).
    /// - Returns: The plain attribute.
    /// - Throws: ``ConformanceMarkupError``: an unknown item, or a value that does not have the
    ///   form its template matches (`1=1` for `conf:idVal`).
    package func attribute(
        for item: ConformanceItem,
        in context: ConformanceContext
    ) throws(ConformanceMarkupError) -> ConformanceAttributeMeaning {
        guard let entry = item.entry, !entry.isElement else { throw item.unknownItemError }
        let (name, value) = try plainAttribute(for: item)
        return .attribute(name, value)
    }

    /// The plain attribute an attribute item becomes: its name and value.
    private func plainAttribute(for item: ConformanceItem) throws(ConformanceMarkupError) -> (String, String) {
        let v = item.value
        switch item.name {
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
            let (id, op, rest) = try item.sheetComparison()
            return ("cond", "Var\(id)\(op == "=" ? "==" : op)\(rest)")
        case "varIdVal":
            let (id, op, rest) = try item.sheetComparison()
            return ("cond", "Var\(id)\(op == "=" ? "==" : op)Var\(rest)")
        case "namelistIdVal":
            let (id, op, rest) = try item.sheetComparison()
            return ("cond", "Var\(id)\(op == "=" ? "===" : op)\(rest)")
        case "VarEqVar":
            let (first, second) = try item.sheetNumberPair()
            return ("cond", "Var\(first)===Var\(second)")
        case "VarEqVarStruct":
            let (first, second) = try item.sheetNumberPair()
            return ("cond", "Var\(first)==Var\(second)")
        case "idQuoteVal":
            let (id, op, rest) = try item.sheetComparison()
            return ("cond", "Var\(id)\(op == "=" ? "==" : op)'\(rest)'")
        case "compareIDVal":
            // The sheet's pattern ends in the class [0-9+], one character, and keeps '=' as
            // '=': both are reproduced as written.
            let (id, op, rest) = try item.sheetComparison(operandIsOneCharacterOf: "0123456789+")
            return ("cond", "Var\(id)\(op)Var\(rest)")
        case "idSomeVal": return ("cond", "Var\(v) == 123")
        case "eventNameVal": return ("cond", "_event.name == '\(v)'")
        case "eventvarVal":
            let (id, op, rest) = try item.sheetComparison()
            return ("cond", "_event.data['Var\(id)']\(op == "=" ? "==" : op)\(rest)")
        case "idSystemVarVal":
            let (id, op, rest) = try item.sheetComparison()
            return ("cond", "Var\(id)\(op == "=" ? "==" : op)\(rest)")
        case "eventdataVal": return ("cond", "_event.data == \(v)")
        case "eventdataSomeVal": return ("cond", "_event.data == 123")
        case "emptyEventData": return ("cond", "typeof _event.data === 'undefined'")
        case "nameVarVal": return ("cond", "_name  === '\(v)'")
        case "varPrefix":
            let (prefix, whole) = try item.sheetWordPair()
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
            let (id, _, rest) = try item.sheetMatch(#/([0-9]+)(\W+)(.*)/#, "'number, separator, value' such as '1 0'")
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
            guard !numbers.isEmpty else { throw item.error(.malformedValue, "'\(v)' names no variable number") }
            return ("namelist", numbers.map { "Var\($0)\n" }.joined())
        case "eventIsExternal": return ("cond", "_event.type === 'external'")
        case "eventIdParamHasValue":
            let (id, _, expected) = try item.sheetMatch(#/(\S+)(\s+)(\S+)/#, "two words such as '1 2'")
            return ("cond", "_event.raw.search(/Var\(id)=\(expected)/) !== -1")
        case "eventNamedParamHasValue":
            let (parameter, _, expected) = try item.sheetMatch(#/(\S+)(\s+)(\S+)/#, "two words such as 'param1 2'")
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
            preconditionFailure("conf:\(item.name) is in the catalog but has no meaning in the ecmascript vocabulary")
        }
    }
}
