#if Inspector
public import Statecraft

/// Why the inspector refused a request or could not start: a code, the HTTP status it answers
/// with, and a message that says what was wrong and what to do.
///
/// Every refused request changes nothing: no event reaches a machine.
public struct InspectorError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What kind of problem it is.
    public typealias Code = ErrorCode<InspectorError>

    /// What kind of problem it is.
    public var code: Code
    /// What was wrong and what to do.
    public var message: String

    /// Describes a problem.
    ///
    /// - Parameters:
    ///   - code: What kind of problem it is.
    ///   - message: What was wrong and what to do.
    public init(code: Code, message: String) {
        self.code = code
        self.message = message.escapingControlCharacters()
    }

    /// The HTTP status the inspector answers with.
    public var status: Int {
        switch code {
        case .badRequest: 400
        case .missingToken: 401
        case .wrongToken, .foreignOrigin: 403
        case .unknownMachine, .unknownRoute: 404
        case .ambiguousMachine, .stopped, .duplicateMachine: 409
        case .bodyTooLarge: 413
        case .foreignHost: 421
        case .unknownEvent: 422
        default: 500
        }
    }

    /// The message.
    public var description: String { message }
}

extension ErrorCode where Domain == InspectorError {
    /// The body is not the JSON the route takes (`400 Bad Request`).
    public static var badRequest: Self { Self(name: "badRequest") }
    /// No token was given for a route that needs one (`401 Unauthorized`).
    public static var missingToken: Self { Self(name: "missingToken") }
    /// The token given is not the inspector's (`403 Forbidden`).
    public static var wrongToken: Self { Self(name: "wrongToken") }
    /// No machine has that id (`404 Not Found`).
    public static var unknownMachine: Self { Self(name: "unknownMachine") }
    /// A route for the single machine was used while several are inspected, or none is
    /// (`409 Conflict`).
    public static var ambiguousMachine: Self { Self(name: "ambiguousMachine") }
    /// The machine's runtime is stopped and takes no event (`409 Conflict`).
    public static var stopped: Self { Self(name: "stopped") }
    /// The body is larger than ``InspectorConfiguration/maxBodySize`` (`413 Content Too Large`).
    public static var bodyTooLarge: Self { Self(name: "bodyTooLarge") }
    /// A typed machine has no event of that name, or not with that data (`422 Unprocessable Content`).
    public static var unknownEvent: Self { Self(name: "unknownEvent") }
    /// The request's `Host` is not the inspector's own address (`421 Misdirected Request`):
    /// a guard against pages elsewhere that rename themselves to reach this one.
    public static var foreignHost: Self { Self(name: "foreignHost") }
    /// The request carries an `Origin` other than the inspector's own page: another site's
    /// page tried to use it (`403 Forbidden`).
    public static var foreignOrigin: Self { Self(name: "foreignOrigin") }
    /// No route answers the request's method and path (`404 Not Found`).
    public static var unknownRoute: Self { Self(name: "unknownRoute") }
    /// The configured token cannot be carried in an address or a WebSocket subprotocol:
    /// use 1 to 256 letters, digits, `-`, `.`, `_` or `~` (``Inspector/start()`` throws it).
    public static var unusableToken: Self { Self(name: "unusableToken") }
    /// A machine with that id is already inspected.
    public static var duplicateMachine: Self { Self(name: "duplicateMachine") }
    /// The server could not listen (the port is taken, say).
    public static var cannotListen: Self { Self(name: "cannotListen") }
}
#endif
