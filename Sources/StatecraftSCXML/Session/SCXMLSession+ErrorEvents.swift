import Statecraft

/// The events that report a failure while the document runs: `error.execution` and
/// `error.communication`, with `_event.data` saying what failed, where and why.
extension SCXMLSession {
    /// The data of an error event: an object with
    ///
    /// - `tagname`: the name of the element that failed, without brackets (`send`, `assign`,
    ///   `transition` for a `cond`, `data`, `invoke`, `param`, `content`, `if`, ...);
    /// - `line` and `column`: where that element starts in the document, from 1;
    /// - `reason`: why it failed, in words;
    /// - `message`: all of it on one line, `file:line:column: <element ...>: reason`, for logs.
    ///
    /// - Parameters:
    ///   - element: The element's name.
    ///   - what: The element as the message shows it (`<assign location="x">`).
    ///   - reason: Why it failed.
    ///   - position: Where the element starts.
    ///   - file: The document's file, if any.
    static func errorData(
        element: String, what: String, reason: String, at position: TextPosition, file: String?
    ) -> SCXMLValue {
        let place = file.map { "\($0):\(position)" } ?? "\(position)"
        return .object([
            SCXMLMember("tagname", .string(element)),
            SCXMLMember("line", .number(Double(position.line))),
            SCXMLMember("column", .number(Double(position.column))),
            SCXMLMember("reason", .string(reason)),
            SCXMLMember("message", .string("\(place): \(what): \(reason)")),
        ])
    }

    /// An `error.execution` event for `element`, which failed with `error`.
    ///
    /// - Parameters:
    ///   - element: The element's name, without brackets.
    ///   - what: The element as the message shows it.
    ///   - error: Why it failed.
    ///   - position: Where the element starts.
    func executionError(_ element: String, _ what: String, _ error: any Error, at position: TextPosition) -> SCXMLEvent {
        errorEvent("error.execution", element: element, what: what, reason: "\(error)", at: position)
    }

    /// An error event named `name` (`error.execution` or `error.communication`).
    func errorEvent(
        _ name: String, element: String, what: String? = nil, reason: String, at position: TextPosition,
        sendID: String? = nil
    ) -> SCXMLEvent {
        SCXMLEvent(
            name, type: .platform, sendID: sendID,
            data: Self.errorData(element: element, what: what ?? "<\(element)>", reason: reason, at: position, file: document.file)
        )
    }
}

/// A `cond` of a `<transition>` that could not be evaluated: what the engine hands to the
/// chart's guard-error event, so that `error.execution` names the transition and its place.
struct ConditionFailure: Error, CustomStringConvertible {
    var error: any Error
    var cond: String
    var position: TextPosition
    var file: String?

    var description: String { "\(error)" }

    /// The `error.execution` event that reports it.
    var event: SCXMLEvent {
        SCXMLEvent(
            "error.execution", type: .platform,
            data: SCXMLSession.errorData(
                element: "transition", what: "<transition cond=\"\(cond)\">", reason: "\(error)", at: position, file: file
            )
        )
    }
}
