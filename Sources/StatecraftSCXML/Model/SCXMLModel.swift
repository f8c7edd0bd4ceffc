/// The SCXML namespace and the type URIs the recommendation defines.
package enum SCXMLNames {
    static let namespace = "http://www.w3.org/2005/07/scxml"
    package static let scxmlProcessor = "http://www.w3.org/TR/scxml/#SCXMLEventProcessor"
    package static let basicHTTPProcessor = "http://www.w3.org/TR/scxml/#BasicHTTPEventProcessor"
    package static let scxmlInvokeType = "http://www.w3.org/TR/scxml/"
    /// Statecraft's own namespace, for what only the Swift generator reads (`statecraft:type`,
    /// `statecraft:action`, `statecraft:context`); the interpreter ignores its attributes.
    package static let statecraft = "urn:statecraft:scxml"
}

/// An SCXML document as read and checked: the model the compiler turns into a chart and the
/// writer turns back into XML. Executable content keeps its source text; datamodels evaluate it.
package struct DocumentModel: Hashable, Sendable {
    package enum Binding: String, Hashable, Sendable { case early, late }

    package var name: String?
    package var datamodel: String?
    /// `statecraft:context` on `<scxml>`: the context type of a `swift` datamodel document.
    package var contextType: String? = nil
    package var binding: Binding = .early
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
    package var src: String?
    package var expr: String?
    package var content: ContentModel?
    package var position: TextPosition
    /// `statecraft:type`: the Swift type the generated context gives this data.
    package var statedType: String? = nil
}

/// Inline content: text, or markup kept as written.
package enum ContentModel: Hashable, Sendable {
    case text(String)
    case markup([DocumentNode])
}

package struct ParamModel: Hashable, Sendable {
    package var name: String
    package var expr: String?
    package var location: String?
    package var position: TextPosition
}

package struct DoneDataModel: Hashable, Sendable {
    package var contentExpr: String?
    package var content: ContentModel?
    package var params: [ParamModel] = []
    package var position: TextPosition
}

extension DoneDataModel {
    /// The `<donedata>` as the data of a `<send>` (its `<param>`s or `<content>`), which gives an
    /// event its data in the same way.
    package var asSend: SendModel {
        SendModel(params: params, contentExpr: contentExpr, content: content)
    }
}

package struct SendModel: Hashable, Sendable {
    package var event: String?
    package var eventExpr: String?
    package var target: String?
    package var targetExpr: String?
    package var type: String?
    package var typeExpr: String?
    package var id: String?
    package var idLocation: String?
    package var delay: String?
    package var delayExpr: String?
    package var namelist: [String] = []
    package var params: [ParamModel] = []
    package var contentExpr: String?
    package var content: ContentModel?
}

package struct InvokeModel: Hashable, Sendable {
    package var type: String?
    package var typeExpr: String?
    package var src: String?
    package var srcExpr: String?
    package var id: String?
    package var idLocation: String?
    package var namelist: [String] = []
    package var autoforward = false
    package var params: [ParamModel] = []
    package var contentExpr: String?
    package var content: ContentModel?
    package var finalize: [Action] = []
    package var position: TextPosition
}

/// One element of executable content.
package struct Action: Hashable, Sendable {
    package indirect enum Kind: Hashable, Sendable {
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

    package struct Branch: Hashable, Sendable {
        package var cond: String?
        package var actions: [Action]
    }

    package var kind: Kind
    package var position: TextPosition
    /// `statecraft:action` on a `<script>`: an action the app provides to generated code.
    package var hostAction: String? = nil

    /// An element of `kind` at `position`; tools make some that no document writes (the
    /// generator's late-binding `<assign>`).
    package init(kind: Kind, position: TextPosition, hostAction: String? = nil) {
        self.kind = kind
        self.position = position
        self.hostAction = hostAction
    }

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
