import Foundation
import Statecraft

/// A checked SCXML document, compiled once into a statechart that any number of
/// ``SCXMLSession``s run.
///
/// ```swift
/// let document = try SCXMLDocument(contentsOfFile: "traffic-light.scxml")
/// let session = SCXMLSession(document: document)
/// session.start()
/// session.send(SCXMLEvent("timer"))
/// print(session.activeStates)
/// ```
///
/// Reading refuses hostile input (see ``Limits``) and reports every mistake as an
/// ``SCXMLError`` with its line and column.
public final class SCXMLDocument: Sendable {
    /// The document's `name` attribute.
    public let name: String?
    /// The name of the datamodel the document runs with.
    public let datamodelName: String
    /// Every state id, in document order (made-up ids for states written without one).
    public let stateIDs: [String]
    /// The file it was read from, if any.
    public let file: String?

    /// The document as read and checked, for the tools that translate it (`package`).
    package let model: DocumentModel
    let chart: Statechart<String, SCXMLEvent, SessionHandle>
    /// Per state, in chart order, what its entry and exit run.
    let stateInfos: [StateInfo]
    let stateIndex: [String: Int]
    /// Per state, in chart order, its node number in the engine's configuration.
    let stateNodes: [Int]
    /// Every `<transition>` child of a state, in document order; a taken transition reports its
    /// index here to the session's trace.
    package let transitionSites: [TransitionSite]
    let datamodelFactory: @Sendable (SCXMLDatamodelEnvironment) -> any SCXMLDatamodel
    let datamodels: SCXMLDatamodels
    let loader: ResourceLoader

    /// Reads a document from text.
    ///
    /// The files it names in `src` and `srcexpr` are read under `readPolicy`: by default only
    /// regular files inside `baseDirectory`, and nothing when there is no `baseDirectory` (see
    /// ``ReadPolicy``).
    ///
    /// - Parameters:
    ///   - xml: The document.
    ///   - file: Where it came from, for messages.
    ///   - baseDirectory: The folder that relative `src` references are resolved against, and
    ///     that the document may read by default.
    ///   - datamodels: The datamodels it may name.
    ///   - limits: What the reader accepts.
    ///   - readPolicy: Which files the document may read.
    /// - Throws: ``SCXMLError`` saying what is wrong and where.
    public convenience init(
        xml: String,
        file: String? = nil,
        baseDirectory: String? = nil,
        datamodels: SCXMLDatamodels = .standard,
        limits: Limits = Limits(),
        readPolicy: ReadPolicy = .documentFolder
    ) throws(SCXMLError) {
        let root = try DocumentReader(limits: limits).read(xml, file: file)
        let loader = ResourceLoader(baseDirectory: baseDirectory, policy: readPolicy)
        try self.init(root: root, file: file, loader: loader, datamodels: datamodels)
    }

    /// Reads a document from a file.
    ///
    /// The file itself and the files it names in `src` and `srcexpr` are read under
    /// `readPolicy`: by default only regular files inside the document's folder, after
    /// symbolic links are resolved (see ``ReadPolicy``). A file larger than `limits.maxBytes` is
    /// refused before it is read.
    ///
    /// - Parameters:
    ///   - path: The file.
    ///   - datamodels: The datamodels it may name.
    ///   - limits: What the reader accepts.
    ///   - readPolicy: Which files the document may read.
    /// - Throws: ``SCXMLError`` when the file cannot be read (the same message whether it is
    ///   missing or outside the policy) or the document is wrong.
    public convenience init(
        contentsOfFile path: String,
        datamodels: SCXMLDatamodels = .standard,
        limits: Limits = Limits(),
        readPolicy: ReadPolicy = .documentFolder
    ) throws(SCXMLError) {
        let text = try ResourceLoader.documentText(atPath: path, policy: readPolicy, limit: limits.maxBytes)
        let root = try DocumentReader(limits: limits).read(text, file: path)
        let loader = ResourceLoader.forDocument(atPath: path, policy: readPolicy)
        try self.init(root: root, file: path, loader: loader, datamodels: datamodels)
    }

    /// Compiles a parsed document tree (for example one rewritten by `ConformanceMarkup`).
    ///
    /// - Parameters:
    ///   - root: The `<scxml>` element.
    ///   - file: Where it came from, for messages.
    ///   - baseDirectory: The folder that relative `src` references are resolved against.
    ///   - datamodels: The datamodels it may name.
    ///   - readPolicy: Which files the document may read.
    /// - Throws: ``SCXMLError`` saying what is wrong and where.
    package convenience init(
        root: DocumentElement,
        file: String? = nil,
        baseDirectory: String? = nil,
        datamodels: SCXMLDatamodels = .standard,
        readPolicy: ReadPolicy = .documentFolder
    ) throws(SCXMLError) {
        let loader = ResourceLoader(baseDirectory: baseDirectory, policy: readPolicy)
        try self.init(root: root, file: file, loader: loader, datamodels: datamodels)
    }

    /// Compiles a parsed document tree whose `src` references may be supplied by `fallback` when
    /// a file is missing from a readable folder (the conformance runners translate `name.txml`
    /// for `name.scxml`).
    package convenience init(
        root: DocumentElement,
        file: String?,
        baseDirectory: String?,
        fallback: @escaping @Sendable (_ path: String) -> String?,
        datamodels: SCXMLDatamodels,
        readPolicy: ReadPolicy = .documentFolder
    ) throws(SCXMLError) {
        try self.init(
            root: root, file: file,
            loader: ResourceLoader(baseDirectory: baseDirectory, policy: readPolicy, fallback: fallback),
            datamodels: datamodels
        )
    }

    convenience init(root: DocumentElement, file: String?, loader: ResourceLoader, datamodels: SCXMLDatamodels) throws(SCXMLError) {
        var reader = ModelReader(file: file, loader: loader)
        let model = try reader.read(root)
        try self.init(model: model, file: file, loader: loader, datamodels: datamodels)
    }

    init(model: DocumentModel, file: String?, loader: ResourceLoader, datamodels: SCXMLDatamodels) throws(SCXMLError) {
        guard let factory = datamodels.factory(for: model.datamodel) else {
            let name = model.datamodel ?? datamodels.defaultName
            var message = "the datamodel '\(name)' is not available; this reader knows "
                + datamodels.names.map { "'\($0)'" }.joined(separator: ", ")
            if name == "ecmascript" {
                message += ". The ecmascript datamodel is in the StatecraftECMAScript product: read the document with "
                    + "SCXMLDatamodels.withECMAScript(); on Linux build with '--traits ECMAScript' and install "
                    + "libjavascriptcoregtk-4.1-dev (apt)"
            }
            if name == "swift" {
                message = "the datamodel 'swift' holds Swift source, which only generated code runs: the interpreter "
                    + "cannot run this document; turn it into Swift with `statecraft generate` or StatecraftGeneratePlugin"
            }
            message = ModelReader.citing(message, rule: "3.2.1: 'datamodel' names the datamodel the document runs with")
            throw SCXMLError(code: .invalidDocument, message: message, position: model.position, file: file)
        }
        var compiler = ChartCompiler(file: file)
        var declarations = model.states.map { compiler.declaration($0, topLevel: true) }
        if declarations.isEmpty { declarations = [compiler.emptyDocumentState(at: model.position)] }
        do {
            chart = try Statechart(
                declarations: declarations, initialTargets: model.initial, options: SCXMLSession.chartOptions,
                refusesEndlessEventlessTransitions: false, refusesParallelsWithoutRegions: false,
                dequeueHook: { handle, event, configuration in
                    handle { $0.dequeued(event, configuration: configuration) }
                },
                externalEventHook: { handle, event in
                    handle { $0.takingExternalEvent(event) }
                },
                macrostepHook: { handle, isDone, fault, configuration in
                    handle { $0.macrostepEnded(isDone: isDone, fault: fault, configuration: configuration) }
                }
            )
        } catch {
            let key = error.location?.line ?? -1
            let position = compiler.positions[key] ?? model.position
            let message = ModelReader.citing(error.message, rule: Self.rule(of: error, isHistoryDefault: compiler.historyDefaults.contains(key)))
            throw SCXMLError(code: .invalidChart, message: message, position: position, file: file)
        }
        self.model = model
        self.file = file
        self.loader = loader
        self.datamodels = datamodels
        datamodelFactory = factory
        datamodelName = model.datamodel ?? datamodels.defaultName
        name = model.name
        stateInfos = compiler.infos
        stateIndex = Dictionary(uniqueKeysWithValues: compiler.infos.enumerated().map { ($1.id, $0) })
        stateIDs = compiler.infos.map(\.id)
        let compiled = chart
        stateNodes = compiler.infos.map { compiled.node(of: $0.id) ?? -1 }
        transitionSites = compiler.sites
    }

    /// The document written back as SCXML text: the same states, transitions and executable
    /// content, so that it behaves the same when read again.
    public var xml: String {
        DocumentWriter().write(model)
    }
}

/// What a state's entry and exit do beyond the engine's bookkeeping.
struct StateInfo: Sendable {
    var id: String
    var onEntry: [[Action]]
    var onExit: [[Action]]
    var data: [DataModel]
    var invokes: [InvokeModel]
    /// The done data of a top-level final state, evaluated by the session when it ends.
    var topLevelDoneData: DoneDataModel?
    var isTopLevelFinal: Bool
    /// Whether it is atomic: a `<state>` without child states, or a `<final>`.
    var isAtomic: Bool
    /// Whether it is a `<history>` pseudo-state.
    var isHistory: Bool
}

/// The session a chart's closures act on. The session owns its machine, which holds this
/// handle, so the reference is unowned; and unchecked, because the machine's closures run
/// only inside the session's own calls (it moves the machine out to run it, and the machine
/// never leaves it), when the session is certainly alive: checking costs a reference count
/// per closure called.
///
/// The closures call the session through ``callAsFunction(_:)``, which lends it for the call
/// without retaining it: a strong reference made from an unowned one is retained and released
/// around every call, atomically, several times an event.
struct SessionHandle {
    private let unmanaged: Unmanaged<SCXMLSession>

    init(session: SCXMLSession) {
        unmanaged = Unmanaged.passUnretained(session)
    }

    /// Runs `body` with the session lent, not retained.
    @inline(__always)
    func callAsFunction<Result>(_ body: (SCXMLSession) throws -> Result) rethrows -> Result {
        try unmanaged._withUnsafeGuaranteedRef(body)
    }
}

/// Turns the model's states into the engine's declarations, with closures that call back into
/// the session.
struct ChartCompiler {
    typealias Declaration = StateDeclaration<String, SCXMLEvent, SessionHandle>
    typealias Element = StateElement<String, SCXMLEvent, SessionHandle>
    typealias Transition = TransitionDeclaration<String, SCXMLEvent, SessionHandle>

    let file: String?
    var infos: [StateInfo] = []
    /// Source locations use a running number as their "line", mapped back to document positions.
    var positions: [Int: TextPosition] = [:]
    /// The `<transition>` children of states, in the order their closures were made.
    var sites: [TransitionSite] = []
    /// The source-location keys (see ``location(_:)``) of the default transitions of histories.
    var historyDefaults: Set<Int> = []

    init(file: String?) {
        self.file = file
    }

    mutating func location(_ position: TextPosition) -> SourceLocation {
        let key = positions.count + 1
        positions[key] = position
        return SourceLocation(file: file ?? "document", line: key)
    }

    /// The engine's one state for a document without states (3.2.2 allows one), which no
    /// state of the document can be: Appendix D enters nothing, and the session runs with an
    /// empty configuration until it is cancelled, taking no transition. The state has no
    /// ``StateInfo``, so the session's configuration, `In()` and state changes never show it.
    static let emptyDocumentStateID = "(no state)"

    /// The declaration of ``emptyDocumentStateID``: atomic, without transitions or content.
    mutating func emptyDocumentState(at position: TextPosition) -> Declaration {
        Declaration(id: Self.emptyDocumentStateID, kind: .atomic, elements: [], location: location(position))
    }

    mutating func declaration(_ state: StateModel, topLevel: Bool) -> Declaration {
        let index = infos.count
        let isTopFinal = topLevel && state.kind == .final
        infos.append(StateInfo(
            id: state.id, onEntry: state.onEntry, onExit: state.onExit, data: state.data, invokes: state.invokes,
            topLevelDoneData: isTopFinal ? state.doneData : nil, isTopLevelFinal: isTopFinal,
            isAtomic: state.kind == .final || (state.kind == .state && state.children.isEmpty),
            isHistory: { if case .history = state.kind { true } else { false } }()
        ))
        var elements: [Element] = []
        elements.append(Element(storage: .entry(.withEffects { handle, event, effects in
            handle { $0.enter(index, event: event, effects: &effects) }
        })))
        elements.append(Element(storage: .exit(.withEffects { handle, event, effects in
            handle { $0.exit(index, event: event, effects: &effects) }
        })))
        for transition in state.transitions {
            sites.append(TransitionSite(
                source: state.id, event: transition.event, cond: transition.cond, targets: transition.targets,
                isInternal: transition.isInternal, position: transition.position
            ))
            elements.append(Element(storage: .transition(self.transition(transition, site: sites.count - 1))))
        }
        if let initial = state.initialTransition {
            elements.append(Element(storage: .initial(self.transition(initial))))
            if case .history = state.kind { historyDefaults.insert(positions.count) }
        } else if let targets = state.initial {
            elements.append(Element(storage: .initial(Transition(
                trigger: .eventless, targets: targets, type: .external, condition: nil, action: nil,
                location: location(state.position)
            ))))
        }
        if state.kind == .final, !topLevel, let doneData = state.doneData {
            elements.append(Element(storage: .doneData { handle, effects in
                handle { $0.evaluateDoneData(doneData, effects: &effects) }
            }))
        }
        for child in state.children {
            elements.append(Element(storage: .child(declaration(child, topLevel: false))))
        }
        let kind: Declaration.Kind
        switch state.kind {
        case .state: kind = state.children.isEmpty ? .atomic : .compound(initial: [])
        case .parallel: kind = .parallel
        case .final: kind = .final
        case .history(let deep): kind = .history(deep ? .deep : .shallow)
        }
        return Declaration(id: state.id, kind: kind, elements: elements, location: location(state.position))
    }

    /// The engine's transition for `model`; `site` is its index in ``sites``, `nil` for an
    /// initial or history default transition.
    mutating func transition(_ model: TransitionModel, site: Int? = nil) -> Transition {
        let actions = model.actions
        let (position, file) = (model.position, file)
        let condition = model.cond.map { cond in
            GuardClosure<SCXMLEvent, SessionHandle>.plain { handle, event in
                do {
                    return try handle { try $0.condition(cond, event: event) }
                } catch {
                    throw ConditionFailure(error: error, cond: cond, position: position, file: file)
                }
            }
        }
        return Transition(
            trigger: model.event.map { .event(EventDescriptor($0)) } ?? .eventless,
            targets: model.targets,
            type: model.isInternal ? .internal : .external,
            condition: condition,
            // A transition without executable content captures no array: the closure of one
            // that runs nothing is what a plain event costs.
            action: actions.isEmpty
                ? .withEffects { handle, event, effects in handle { $0.pass(event: event, site: site, effects: &effects) } }
                : .withEffects { handle, event, effects in
                    handle { $0.run(actions, event: event, site: site, effects: &effects) }
                },
            location: location(model.position)
        )
    }
}
