package import StatecraftSCXML

/// Turns an SCXML document into Swift source: a type named after the document, an enum of its
/// states, an enum of the events it names, and its chart written with the Statecraft DSL, so
/// that it runs on the typed engine (`statecraft generate`, and the build-tool plugin
/// `StatecraftGeneratePlugin`).
///
/// ```swift
/// let document = try SCXMLDocument(contentsOfFile: "light.scxml")
/// let swift = try SCXMLSwiftGenerator(document: document).generate()
/// ```
///
/// What it translates is the document's structure: states, compound and parallel states with
/// their initial states (the attribute and `<initial>`), finals and their `done.state.<id>`
/// events, shallow and deep history with its default, transitions with and without events,
/// internal and external, with several targets, `In('id')` conditions (``When``), and delayed
/// transitions (`After`): a `<send>` of an event to the session itself after a literal delay in
/// a state's `<onentry>`, cancelled in its `<onexit>`, whose event only that state's transition
/// takes. In a `null`, `statecraft` or `swift` document, executable content and conditions become
/// Swift over a context (``ExecutableContent``): a generated `Context` struct of the document's
/// `<data>`, or the type a `swift` document names. Events carry data, typed: a `<send>` to the
/// machine with `<param>`, `namelist` or `<content>` builds its event with a generated struct of
/// the event's fields, which `_event.data` reads in the transitions it triggers
/// (``EventDataShapes``). A document that needs more (`<donedata>`, what cannot be
/// translated) is refused with every element that cannot be
/// generated, at its line and column: nothing is dropped in silence. An `ecmascript` document
/// keeps its ECMAScript: the file holds the same `State` and `Event` around a `Session` class that
/// interprets the embedded document (`SwiftChartWriter.writeInterpreted`).
package struct SCXMLSwiftGenerator {
    /// Who may use the generated declarations.
    package enum Access: String, Sendable {
        /// No modifier: the module the file is compiled in.
        case `internal`
        /// `public`, for a library that exports the chart.
        case `public`
    }

    let model: DocumentModel
    /// The document, for the documents its `<invoke>`s name (``Invocations``).
    let document: SCXMLDocument
    let file: String?
    let datamodel: String
    /// An `ecmascript` document written back as text, which the generated file embeds and
    /// interprets; `nil` for the documents whose chart is generated.
    let interpretedXML: String?
    /// The generated type's name.
    package let typeName: String
    /// Who may use the generated declarations.
    package var access: Access
    /// Whether the document is invoked by the one being generated: its type is nested in the
    /// invoking document's, and its `<invoke>`s are refused.
    var invoked = false
    /// Events the document receives beside those it names: from the document that invokes it,
    /// sent to it by its `<send target="#_<id>">`s of that name (`sends`), or else, with none,
    /// forwarded (`autoforward`).
    var extraEvents: [(name: String, position: TextPosition, sends: [SendModel])] = []
    /// The data the invoking document passes (`<param>`, `namelist`): `<data>` id → the value's
    /// Swift type and the `<invoke>`'s position. A top-level `<data>` of such an id takes the value
    /// in place of its `expr`, through a parameter of the context's initializer.
    var supplied: [String: (type: String, from: TextPosition)] = [:]
    /// For an invoked document: the invoking document's type and the data of the events it
    /// takes, which this document's `<send target="#_parent">`s give.
    var parentEvents: ExecutableContent.ParentEvents?

    /// Prepares to generate `document`.
    ///
    /// - Parameters:
    ///   - document: A read and checked document.
    ///   - typeName: The generated type's name; made from the document's `name` when `nil`,
    ///     else from its file's name, else `GeneratedChart`. Made a valid Swift type name either
    ///     way (`traffic-light` → `TrafficLight`).
    ///   - access: Who may use the generated declarations.
    package init(document: SCXMLDocument, typeName: String? = nil, access: Access = .internal) {
        model = document.model
        self.document = document
        file = document.file
        datamodel = document.datamodelName
        interpretedXML = document.datamodelName == "ecmascript" ? document.xml : nil
        let fileStem = document.file.map { path in
            let last = path.split(separator: "/").last.map(String.init) ?? path
            return last.split(separator: ".").first.map(String.init) ?? last
        }
        self.typeName = SwiftNames.typeName(typeName ?? document.name ?? fileStem ?? "")
        self.access = access
    }

    /// The Swift source.
    ///
    /// - Returns: One file's text, ending with a newline.
    /// - Throws: ``SCXMLGenerationError`` listing every element the generator cannot express.
    package func generate() throws(SCXMLGenerationError) -> String {
        try generateWithShape().source
    }

    /// The Swift source, with the generator's warnings: each place where the generated machine
    /// fails every time it runs (an expression that does not parse, a name no `<data>`
    /// declares), raising `error.execution` as the session does. Such a document is legal SCXML,
    /// and most likely wrong.
    ///
    /// - Throws: ``SCXMLGenerationError`` listing every element the generator cannot express.
    package func generateWithWarnings() throws(SCXMLGenerationError) -> (source: String, warnings: [SCXMLGenerationError.Refusal]) {
        let shape = try generateWithShape()
        return (shape.source, shape.warnings)
    }

    /// What generated code declares that code around it uses: to make the machine (its context
    /// type and its `Host`'s requirements) and to run it (a driver of its invocations).
    struct Shape {
        /// The Swift source, as `generate()` returns it.
        var source: String
        /// The chart's context type: `Context`, `Void`, or the `swift` datamodel's type.
        var contextType: String
        /// What the generated `Host` protocol requires, in its order; empty when there is none.
        var hostRequirements: [ExecutableContent.Requirement]
        /// Whether the type has an `Invocations` driver (the document invokes others).
        var hasInvocations: Bool
        /// Whether an invocation's document is named when it starts and run interpreted: the
        /// driver then takes the folder such documents are read from (`documentFolder:`).
        var interpretsInvocations = false
        /// Where the generated machine fails every time it runs, as the session does, in
        /// document order, those of invoked documents included.
        var warnings: [SCXMLGenerationError.Refusal] = []
        /// `<data>` id → the label of the context initializer's parameter that passes its value
        /// (``SCXMLSwiftGenerator/supplied``).
        var suppliedLabels: [String: String] = [:]
    }

    /// The Swift source with what it declares, for the generator's own use (invoked documents)
    /// and the conformance harness, which read it here rather than in the text.
    func generateWithShape() throws(SCXMLGenerationError) -> Shape {
        if let interpretedXML {
            let refusals = SwiftChartWriter.InterpretedNeeds.refusals(in: model)
            guard refusals.isEmpty else { throw SCXMLGenerationError(file: file, refusals: refusals) }
            var writer = SwiftChartWriter(
                model: model, typeName: typeName, access: access, datamodel: datamodel, file: file, timers: [:]
            )
            writer.interpretedXML = interpretedXML
            // The interpreted session's `Host` is its own (`Session(host:)`); its chart is not made here.
            return Shape(source: writer.write(), contextType: "Void", hostRequirements: [], hasInvocations: false)
        }
        var delayed = DelayedTransitions(model: model, datamodel: datamodel)
        let invokedDocuments = InvokedDocument.read(document)
        var content = executableContent(claimed: delayed.claimed, invoked: invokedDocuments)
        // Data given values of several types that the document reads only as text hold their text.
        let textual = content.map { $0.system.typeConflicts.subtracting($0.system.readAsValues) } ?? []
        if !textual.isEmpty { content = executableContent(claimed: delayed.claimed, invoked: invokedDocuments, textual: textual) }
        if content?.system.lastEvent == true, !delayed.timers.isEmpty {
            // Actions read the event taken last (Effects.lastEvent), which a delayed transition's
            // timer does not bind: the delayed sends stay sends to the machine, and their events are taken.
            delayed = DelayedTransitions(model: model, datamodel: datamodel, pairs: false)
            content = executableContent(claimed: delayed.claimed, invoked: invokedDocuments, textual: textual)
        }
        let invocations = Invocations(
            document: document, typeName: typeName, access: access, invoked: invoked, content: content, read: invokedDocuments
        )
        var crossing: [SCXMLGenerationError.Refusal] = []
        // What the invoking document sends this one (`#_<id>`, autoforward) crosses by name, without
        // data (`event(named:)`): an event it gives a field that every send of it must give cannot.
        let required = extraEvents.map(\.name).first { name in
            content?.eventData.shapes[name]?.fields.contains { !$0.isOptional } ?? false
        }
        if invoked, let name = required {
            crossing.append(SCXMLGenerationError.Refusal(
                element: "scxml", position: model.position,
                reason: "the event '\(SwiftNames.escapedText(name))' carries data here and comes from the invoking document too, "
                    + "which gives it none: events the invoking document sends an invoked one cross without data"
            ))
        }
        let refusals = (Refusals.find(in: model, delayed: delayed, content: content) + invocations.refusals + crossing)
            .sorted { $0.position < $1.position }
        guard refusals.isEmpty else { throw SCXMLGenerationError(file: file, refusals: refusals) }
        var writer = SwiftChartWriter(
            model: model, typeName: typeName, access: access, datamodel: datamodel, file: file, timers: delayed.timers,
            content: content
        )
        writer.extraEvents = extraEvents.map { ($0.name, $0.position) }
        writer.invocations = invocations
        writer.invoked = invoked
        let source = writer.write()
        return Shape(
            // The `Host` protocol is written when the context is, with the content's requirements.
            source: source, contextType: writer.contextType,
            hostRequirements: writer.content.map { $0.needsContext ? $0.requirements : [] } ?? [],
            hasInvocations: !invocations.plans.isEmpty,
            interpretsInvocations: invocations.plans.contains { $0.interpreted != nil },
            warnings: (Refusals.neverTaken(in: model) + (content?.warnings ?? []) + invocations.warnings)
                .sorted { $0.position < $1.position },
            suppliedLabels: Dictionary(
                (content?.orderedFields ?? []).filter(\.suppliedByInvoker).map { ($0.id, $0.swiftName) },
                uniquingKeysWith: { first, _ in first }
            )
        )
    }

    /// Fields by `<data>` id (the first of an id, which SCXML does not allow twice).
    private static func byID(_ fields: [ContextField]) -> [String: ContextField] {
        Dictionary(fields.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
    }

    /// The translation of the document's data and executable content, surveyed; `nil` for a
    /// datamodel other than `null` and `statecraft`, whose executable content is refused.
    ///
    /// - Parameter invoked: The documents the document invokes: the events they return are the
    ///   events of each `<finalize>`, and what they send `#_parent` carries their data.
    /// - Parameter textual: The data that hold their text (``ContextField/keepsText``).
    private func executableContent(
        claimed: Set<TextPosition>, invoked: [InvokedDocument], textual: Set<String> = []
    ) -> ExecutableContent? {
        guard ["null", "statecraft", "swift"].contains(datamodel) else { return nil }
        var ids: [String: String] = [:]
        var names = SwiftNameTable(reserved: ["rawValue", "allCases", "hashValue", "hash"])
        func collect(_ state: StateModel) {
            ids[state.id] = "." + SwiftNames.escaped(names.name(for: state.id, fallback: "state"))
            state.children.forEach(collect)
        }
        model.states.forEach(collect)
        var blocks: [(actions: [Action], event: String?)] = []
        var transitions: [TransitionModel] = []
        // Each final inside a state gives (or not) the data of its parent's done event.
        var doneData: [DoneDataSource] = []
        var timedSends: [Action] = []
        func gather(_ state: StateModel) {
            for child in state.children where child.kind == .final {
                doneData.append(DoneDataSource(event: "done.state." + state.id, data: child.doneData))
            }
            for block in state.onEntry + state.onExit { blocks.append((block.filter { !claimed.contains($0.position) }, nil)) }
            // The delayed transitions' <send>s: their events reach the machine by a timer.
            timedSends += state.onEntry.joined().filter { action in
                if case .send = action.kind { return claimed.contains(action.position) }
                return false
            }
            if let initial = state.initialTransition { blocks.append((initial.actions, nil)) }
            blocks += state.transitions.map { ($0.actions, $0.event) }
            // SCXML 6.5: a <finalize> runs for each event its invocation returns, with that event.
            for invoke in state.invokes where !invoke.finalize.isEmpty {
                let descriptor = invoked.first { $0.invoke.position == invoke.position }?.finalizeDescriptor
                blocks.append((invoke.finalize, descriptor))
            }
            transitions += state.transitions
            state.children.forEach(gather)
        }
        model.states.forEach(gather)
        let reserved: Set<String> = ["State", "Event", "Context", "Host", "Outgoing", "Invocations", typeName]
        let sources = ContextFields.sources(of: document)
        var fields = ContextFields(model: model, supplied: supplied, sources: sources, textual: textual)
        // Data assigned a field of an event's data take its type, once the events' data are typed
        // over the fields found so far; each round types at least one more field, or ends with
        // the shapes of the final fields, which the survey takes.
        var shapes: EventDataShapes?
        while datamodel == "statecraft" {
            let found = EventDataShapes(
                blocks.map(\.actions), doneData: doneData, fields: Self.byID(fields.fields), declared: fields.declaredIDs,
                reserved: reserved, invoked: invoked
            )
            let next = ContextFields(model: model, eventData: found, supplied: supplied, sources: sources, textual: textual)
            guard next.typedCount > fields.typedCount else {
                shapes = found
                break
            }
            fields = next
        }
        let usable = datamodel == "statecraft" ? fields.fields : []
        var content = ExecutableContent(datamodel: datamodel, fields: Self.byID(usable), states: ids, file: file)
        content.adopt(fields, documentName: model.name)
        content.parentEvents = parentEvents
        if datamodel == "statecraft" {
            // binding="late": each state's data get their values when it is first entered.
            content.lateBindings = fields.lateBindings
            blocks += fields.lateBindings.keys.sorted().map { (fields.lateBindings[$0] ?? [], nil) }
        }
        content.eventOrigins = EventOrigins(
            model: model, blocks: blocks.map(\.actions) + [model.script], fromInvoked: invoked.flatMap { document in document.sendsToParent.map { (document.id, $0.send) } },
            fromInvoker: extraEvents.map { ($0.name, $0.sends) }, timed: timedSends
        )
        content.survey(blocks, doneData: doneData, reservedTypeNames: reserved, shapes: shapes)
        for field in fields.fields where field.keepsText {
            content.warnings.append(SCXMLGenerationError.Refusal(
                element: "data", position: field.position,
                reason: "'\(SwiftNames.escapedText(field.id))' is given values of several types, and the document reads it only as "
                    + "text: the generated field is a String that holds the text of its value, as the session writes it"
            ))
        }
        if datamodel == "statecraft" {
            content.startErrors = fields.startFailures.count
            for failure in fields.startFailures {
                content.noteInternal("error.execution", at: failure.position)
                content.warnings.append(failure)
            }
        }
        content.surveyConditions(transitions)
        // A transition reads an error event's sendid: the error events carry the failed <send>'s id.
        if content.system.errorSendIDs {
            content.eventData.carrySendIDs(raised: Set(content.internalEvents.map(\.name)), reserved: reserved)
        }
        var allData = model.data
        func collectData(_ state: StateModel) {
            allData += state.data
            state.children.forEach(collectData)
        }
        model.states.forEach(collectData)
        switch datamodel {
        case "null":
            content.refuse(allData.map { SCXMLGenerationError.Refusal(element: "data", position: $0.position, reason: "the null datamodel has no data") })
        case "swift":
            content.refuse(allData.map {
                SCXMLGenerationError.Refusal(element: "data", position: $0.position, reason: "the swift datamodel's data are the "
                    + "properties of the context type the document names (statecraft:context); declare them there")
            })
            if !SwiftNames.isTypeName(model.contextType ?? "") {
                content.refuse([SCXMLGenerationError.Refusal(
                    element: "scxml", position: model.position,
                    reason: "a document of the swift datamodel names its context type in statecraft:context "
                        + "(xmlns:statecraft=\"urn:statecraft:scxml\"), a Swift type name such as 'Game' or 'App.Game'"
                )])
            }
        default:
            content.refuse(fields.refusals)
        }
        // A statecraft document's top-level script is read with its data (ContextFields).
        if datamodel != "statecraft" { content.refuse(model.script.map {
            SCXMLGenerationError.Refusal(element: "script", position: $0.position, reason: "a top-level <script> is not generated yet; "
                + "write it in the initial state's <onentry>")
        }) }
        content.orderedFields = usable
        return content
    }
}



/// Why a document cannot be generated: each element the generator cannot express, where it is,
/// and why.
package struct SCXMLGenerationError: Error, CustomStringConvertible, Sendable {
    /// One element that cannot be generated.
    package struct Refusal: Hashable, Sendable, CustomStringConvertible {
        /// The element's name, such as `assign`.
        package var element: String
        /// Where it starts in the document.
        package var position: TextPosition
        /// Why it cannot be generated.
        package var reason: String

        /// `<assign> at 12:5: why`.
        package var description: String { "<\(element)> at \(position): \(reason)" }
    }

    /// The document's file, if any.
    package var file: String?
    /// The elements, in document order.
    package var refusals: [Refusal]

    /// One line per refusal, each with the file when known: `light.scxml: <assign> at 12:5: why`.
    package var description: String {
        refusals.map { refusal in file.map { "\($0): \(refusal)" } ?? "\(refusal)" }.joined(separator: "\n")
    }

    /// One line per refusal in the form compilers and build tools report errors in, so that an
    /// editor shows each at its place: `light.scxml:12:5: error: <assign>: why`.
    package var diagnostics: [String] {
        refusals.map { Self.diagnostic($0, file: file, severity: "error") }
    }

    /// `refusal` in the form compilers report diagnostics in, with `severity` (`error`, `warning`).
    package static func diagnostic(_ refusal: Refusal, file: String?, severity: String) -> String {
        "\(file ?? "document"):\(refusal.position.line):\(refusal.position.column): \(severity): <\(refusal.element)>: \(refusal.reason)"
    }
}
