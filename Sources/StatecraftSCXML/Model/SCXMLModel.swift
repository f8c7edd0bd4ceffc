/// The SCXML namespace and the type URIs the recommendation defines.
enum SCXMLNames {
    static let namespace = "http://www.w3.org/2005/07/scxml"
    static let scxmlProcessor = "http://www.w3.org/TR/scxml/#SCXMLEventProcessor"
    static let basicHTTPProcessor = "http://www.w3.org/TR/scxml/#BasicHTTPEventProcessor"
    static let scxmlInvokeType = "http://www.w3.org/TR/scxml/"
}

/// An SCXML document as read and checked: the model the compiler turns into a chart and the
/// writer turns back into XML. Executable content keeps its source text; datamodels evaluate it.
package struct DocumentModel: Hashable, Sendable {
    enum Binding: String, Hashable, Sendable { case early, late }

    package var name: String?
    package var datamodel: String?
    var binding: Binding = .early
    package var initial: [String]?
    package var states: [StateModel] = []
    package var data: [DataModel] = []
    package var script: [Action] = []
    package var position = TextPosition(line: 1, column: 1)
}

package struct StateModel: Hashable, Sendable {
    package enum Kind: Hashable, Sendable { case state, parallel, final, history(deep: Bool) }

    package var id: String
    /// Whether the id was made up because the document gave none (the writer leaves it out).
    package var generatedID = false
    package var kind: Kind
    package var initial: [String]?
    /// `<initial><transition>` of a compound state, or the default transition of a history state.
    package var initialTransition: TransitionModel?
    package var onEntry: [[Action]] = []
    package var onExit: [[Action]] = []
    package var transitions: [TransitionModel] = []
    package var children: [StateModel] = []
    package var data: [DataModel] = []
    package var invokes: [InvokeModel] = []
    package var doneData: DoneDataModel?
    package var position: TextPosition
}

package struct TransitionModel: Hashable, Sendable {
    package var event: String?
    package var cond: String?
    package var targets: [String] = []
    package var isInternal = false
    package var actions: [Action] = []
    package var position: TextPosition
}

package struct DataModel: Hashable, Sendable {
    package var id: String
    var src: String?
    var expr: String?
    var content: ContentModel?
    package var position: TextPosition
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

package struct DoneDataModel: Hashable, Sendable {
    var contentExpr: String?
    var content: ContentModel?
    var params: [ParamModel] = []
    package var position: TextPosition
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

package struct InvokeModel: Hashable, Sendable {
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
    package var position: TextPosition
}

/// One element of executable content.
package struct Action: Hashable, Sendable {
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
    package var position: TextPosition

    /// The element's name as the document writes it (`assign`, `if`, `send`...), for messages.
    package var elementName: String {
        switch kind {
        case .raise: "raise"
        case .send: "send"
        case .cancel: "cancel"
        case .log: "log"
        case .assign: "assign"
        case .branches: "if"
        case .foreach: "foreach"
        case .script: "script"
        }
    }
}
