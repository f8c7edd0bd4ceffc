import StatecraftSCXML

/// An `<invoke>` whose document is known only when the invocation starts (`srcexpr`, `<content
/// expr>`, SCXML 6.4): the driver computes it over the machine's context then, reads it
/// (``SwiftChartWriter/writeInterpretedRun(_:number:)``) and runs it interpreted, an
/// `SCXMLSession` of the standard datamodels on the driver's clock, with the events crossing by
/// name as between generated machines.
extension Invocations {
    /// The document of an interpreted invocation, as Swift over the invoking machine's context.
    struct InterpretedDocument {
        /// The text of the `srcexpr`'s value (a path or `file:` URL, read under the driver's
        /// folder and read policy), or of the `<content expr>`'s (the document itself).
        var swift: String
        /// Whether it names a file (`srcexpr`) rather than being the document's text.
        var isFile: Bool
    }

    /// Plans `found`, whose document is computed when it starts, to run interpreted; refuses it
    /// with why when what it asks cannot cross to a session by name: values passed to the
    /// invoked document's data (`<param>`, `namelist`), data on the events the machine sends it,
    /// and `autoforward` of events that carry data.
    ///
    /// - Parameters:
    ///   - found: The `<invoke>`.
    ///   - parentActions: The invoking document's actions.
    ///   - content: The invoking document's executable content, whose context the expression reads.
    ///   - start: What the invocation computes when it starts, before its document.
    mutating func addInterpreted(
        _ found: InvokedDocument, parentActions: [Action], content: ExecutableContent?,
        start: (typeCheck: String?, failure: String?, idField: ContextField?)
    ) {
        let invoke = found.invoke
        guard invoke.params.isEmpty, invoke.namelist.isEmpty else {
            return refuse(invoke, "values passed to a document named when the invocation starts (<param>, namelist) are not "
                + "generated: it runs interpreted, and its data are not known when generating")
        }
        let withData = Self.sends(in: parentActions, to: "#_" + found.id).first {
            !$0.params.isEmpty || !$0.namelist.isEmpty || $0.content != nil || $0.contentExpr != nil
        }
        if let send = withData {
            return refuse(invoke, "the machine sends '\(SwiftNames.escapedText(send.event ?? ""))' with data to this invocation, "
                + "whose document runs interpreted: events cross to it by name, without data")
        }
        if invoke.autoforward, let name = content?.eventData.shapes.keys.sorted().first {
            return refuse(invoke, "autoforward to a document named when the invocation starts forwards every event by name, "
                + "without data, and '\(SwiftNames.escapedText(name))' carries data")
        }
        var document: InterpretedDocument?
        var failure = start.failure
        if failure == nil {
            let (expr, what) = invoke.srcExpr.map { ($0, "the srcexpr") } ?? (invoke.contentExpr ?? "", "the expr of <content>")
            do throws(Untranslatable) {
                let translator = try Self.startTranslator(content, refusing: "an <invoke> with srcexpr or <content expr> is "
                    + "generated in the statecraft datamodel, whose expressions the generator translates")
                do throws(Untranslatable) {
                    document = InterpretedDocument(swift: try translator.expression(expr, reading: .text), isFile: invoke.srcExpr != nil)
                } catch {
                    throw Self.failing(what, error)
                }
            } catch where error.failsWhenRun {
                failure = error.reason
                warnings.append(Refusal(element: "invoke", position: invoke.position, reason: error.reason
                    + "; the generated machine raises error.execution when it would start, and starts nothing, as the session does"))
            } catch {
                return refuse(invoke, error.reason)
            }
        }
        plans.append(Plan(
            invoke: invoke, owner: found.state.id, invokeID: found.id, typeName: "", source: "", contextType: "Void",
            hostRequirements: [], toParent: [], finalizeDescriptor: found.finalizeDescriptor,
            typeCheck: failure == nil ? start.typeCheck : nil, failure: failure, idField: start.idField,
            // One that always fails keeps its kind, with nothing to read.
            interpreted: document ?? InterpretedDocument(swift: "", isFile: invoke.srcExpr != nil)
        ))
    }
}
