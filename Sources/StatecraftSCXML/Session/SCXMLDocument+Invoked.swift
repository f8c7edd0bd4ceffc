/// The document an `<invoke>` names, when the element alone says which: for code that reads an
/// invoked document before any session runs (the Swift generator).
extension SCXMLDocument {
    /// Why ``invokedDocument(of:)`` cannot say which document an `<invoke>` runs.
    package enum InvokedDocumentRefusal: Error, Sendable {
        /// The document comes from an expression (`srcexpr`, `<content expr>`), known only
        /// when the invocation starts.
        case computed(attribute: String)
        /// The element names no document, or one that cannot be read or checked.
        case unreadable(String)
    }

    /// The document an `<invoke>` of this document runs, read as a session reads it: `src` through
    /// this document's loader (so its read policy decides which files may be read: by default
    /// those in the document's folder), or the one `<scxml>` element inline in `<content>`, with
    /// this document's file and datamodels.
    ///
    /// - Parameter invoke: An `<invoke>` of this document.
    /// - Returns: The invoked document, read and checked.
    /// - Throws: ``InvokedDocumentRefusal`` when the document is computed when the invocation
    ///   starts, or cannot be read.
    package func invokedDocument(of invoke: InvokeModel) throws(InvokedDocumentRefusal) -> SCXMLDocument {
        if invoke.srcExpr != nil { throw .computed(attribute: "srcexpr") }
        if invoke.contentExpr != nil { throw .computed(attribute: "the expr of <content>") }
        do {
            return try invokedDocument(of: invoke, src: invoke.src, text: nil)
        } catch let error as SCXMLDatamodelError {
            throw .unreadable(error.message)
        } catch {
            throw .unreadable("the invoked document cannot be read: \(error)")
        }
    }

    /// The document an `<invoke>` of this document runs, once what it names is known: the file
    /// `src` read through this document's loader (so its read policy decides which files may be
    /// read: by default those in the document's folder), else the document `text` (a
    /// `<content expr>`'s value), else the `<invoke>`'s inline `<content>`: one `<scxml>`
    /// element, or text. The one reader of invoked documents, for sessions (which evaluate
    /// `srcexpr` and `<content expr>` first) and the generator.
    ///
    /// - Parameters:
    ///   - invoke: An `<invoke>` of this document.
    ///   - src: The file to read, from `src` or `srcexpr`.
    ///   - text: The document's text, from `<content expr>`.
    /// - Returns: The invoked document, read and checked with this document's file, loader and
    ///   datamodels.
    /// - Throws: `SCXMLDatamodelError` when the element names no document or its content is not
    ///   one `<scxml>` element; the loader's, the reader's or the checks' error otherwise.
    package func invokedDocument(of invoke: InvokeModel, src: String?, text: String?) throws -> SCXMLDocument {
        let root: DocumentElement
        if let src {
            root = try DocumentReader().read(try loader.text(of: src), file: file)
        } else if let text {
            root = try DocumentReader().read(text, file: file)
        } else if case .markup(let nodes)? = invoke.content {
            let elements = nodes.compactMap { node -> DocumentElement? in
                if case .element(let element) = node { element } else { nil }
            }
            guard elements.count == 1, let element = elements.first else {
                throw SCXMLDatamodelError("the <content> of <invoke> must hold one <scxml> element")
            }
            root = element
        } else if case .text(let text)? = invoke.content {
            root = try DocumentReader().read(text, file: file)
        } else {
            throw SCXMLDatamodelError("<invoke> names no document: give 'src', 'srcexpr' or <content>")
        }
        return try SCXMLDocument(root: root, file: file, loader: loader, datamodels: datamodels)
    }
}

extension SCXMLDocument {
    /// Reads the document a `src` or `srcexpr` names, as a document in `baseDirectory` reads
    /// it: a path or a `file:` URL, relative to `baseDirectory`, under `readPolicy` (by default
    /// only regular files inside `baseDirectory`, and nothing without one). The document read
    /// reads its own `src`s the same way. What a host that is not a session (a generated
    /// machine's `Invocations`) uses to start an `<invoke>` whose document is named when it runs.
    ///
    /// - Parameters:
    ///   - reference: The `src` or the value of the `srcexpr`.
    ///   - baseDirectory: The folder the reference is resolved against, which may be read.
    ///   - datamodels: The datamodels the document may name.
    ///   - limits: What the reader accepts.
    ///   - readPolicy: Which files may be read.
    /// - Throws: ``SCXMLError``: the same refusal whether the file is missing or outside the
    ///   policy (see ``ReadPolicy``), or what is wrong with the document and where.
    public convenience init(
        reference: String,
        relativeTo baseDirectory: String?,
        datamodels: SCXMLDatamodels = .standard,
        limits: Limits = Limits(),
        readPolicy: ReadPolicy = .documentFolder
    ) throws(SCXMLError) {
        let loader = ResourceLoader(baseDirectory: baseDirectory, policy: readPolicy)
        let root = try DocumentReader(limits: limits).read(try loader.text(of: reference), file: reference)
        try self.init(root: root, file: reference, loader: loader, datamodels: datamodels)
    }

    /// The text a `<data src>` names, read as a session reads it when it binds the data: through
    /// the document's loader, whose read policy decides which files may be read.
    ///
    /// - Throws: ``SCXMLError`` when the policy refuses the file or it cannot be read.
    package func dataSourceText(_ src: String) throws(SCXMLError) -> String {
        try loader.text(of: src)
    }
}
