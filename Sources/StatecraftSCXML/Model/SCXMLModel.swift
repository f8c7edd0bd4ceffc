/// The SCXML namespace and the type URIs the recommendation defines.
enum SCXMLNames {
    static let namespace = "http://www.w3.org/2005/07/scxml"
    static let scxmlProcessor = "http://www.w3.org/TR/scxml/#SCXMLEventProcessor"
    static let basicHTTPProcessor = "http://www.w3.org/TR/scxml/#BasicHTTPEventProcessor"
    static let scxmlInvokeType = "http://www.w3.org/TR/scxml/"
}

/// An SCXML document as read and checked: the model the compiler turns into a chart and the
/// writer turns back into XML. Executable content keeps its source text; datamodels evaluate it.
struct DocumentModel: Hashable, Sendable {
    enum Binding: String, Hashable, Sendable { case early, late }

    var name: String?
    var datamodel: String?
    var binding: Binding = .early
    var initial: [String]?
    var states: [StateModel] = []
    var data: [DataModel] = []
    var script: [Action] = []
    var position = TextPosition(line: 1, column: 1)
}

struct StateModel: Hashable, Sendable {
    enum Kind: Hashable, Sendable { case state, parallel, final, history(deep: Bool) }

    var id: String
    /// Whether the id was made up because the document gave none (the writer leaves it out).
    var generatedID = false
    var kind: Kind
    var initial: [String]?
    /// `<initial><transition>` of a compound state, or the default transition of a history state.
    var initialTransition: TransitionModel?
    var onEntry: [[Action]] = []
    var onExit: [[Action]] = []
    var transitions: [TransitionModel] = []
    var children: [StateModel] = []
    var data: [DataModel] = []
    var invokes: [InvokeModel] = []
    var doneData: DoneDataModel?
    var position: TextPosition
}

struct TransitionModel: Hashable, Sendable {
    var event: String?
    var cond: String?
    var targets: [String] = []
    var isInternal = false
    var actions: [Action] = []
    var position: TextPosition
}

struct DataModel: Hashable, Sendable {
    var id: String
    var src: String?
    var expr: String?
    var content: ContentModel?
    var position: TextPosition
}

/// Inline content: text, or markup kept as written.
enum ContentModel: Hashable, Sendable {
    case text(String)
    case markup([DocumentNode])
}

struct ParamModel: Hashable, Sendable {
    var name: String
    var expr: String?
    var location: String?
    var position: TextPosition
}

struct DoneDataModel: Hashable, Sendable {
    var contentExpr: String?
    var content: ContentModel?
    var params: [ParamModel] = []
    var position: TextPosition
}

struct SendModel: Hashable, Sendable {
    var event: String?
    var eventExpr: String?
    var target: String?
    var targetExpr: String?
    var type: String?
    var typeExpr: String?
    var id: String?
    var idLocation: String?
    var delay: String?
    var delayExpr: String?
    var namelist: [String] = []
    var params: [ParamModel] = []
    var contentExpr: String?
    var content: ContentModel?
}

struct InvokeModel: Hashable, Sendable {
    var type: String?
    var typeExpr: String?
    var src: String?
    var srcExpr: String?
    var id: String?
    var idLocation: String?
    var namelist: [String] = []
    var autoforward = false
    var params: [ParamModel] = []
    var contentExpr: String?
    var content: ContentModel?
    var finalize: [Action] = []
    var position: TextPosition
}

/// One element of executable content.
struct Action: Hashable, Sendable {
    indirect enum Kind: Hashable, Sendable {
        case raise(event: String)
        case send(SendModel)
        case cancel(sendID: String?, sendIDExpr: String?)
        case log(label: String?, expr: String?)
        case assign(location: String, expr: String?, content: ContentModel?)
        /// `if`/`elseif`/`else`: conditions in order, `nil` for `else`.
        case branches([Branch])
        case foreach(array: String, item: String, index: String?, body: [Action])
        case script(source: String?, src: String?)
    }

    struct Branch: Hashable, Sendable {
        var cond: String?
        var actions: [Action]
    }

    var kind: Kind
    var position: TextPosition
}
