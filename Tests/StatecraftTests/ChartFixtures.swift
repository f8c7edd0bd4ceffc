import Statecraft

/// State identities for the statechart tests: a few generic names, as in the SCXML tests.
enum S: Hashable, Sendable, Codable {
    case a, a1, a2, a3, b, b1, b2, b3, c, c1, c2, p, r1, r2, x1, x2, y1, y2, h, hd, done, f, f1, f2, top
}

/// Events for the statechart tests.
enum E: MachineEvent, Codable, Equatable {
    case go, next, back, reset, inner, stop, tick, ping, data(Int)

    enum Kind: Hashable, Sendable { case go, next, back, reset, inner, stop, tick, ping, data }

    var kind: Kind {
        switch self {
        case .go: .go
        case .next: .next
        case .back: .back
        case .reset: .reset
        case .inner: .inner
        case .stop: .stop
        case .tick: .tick
        case .ping: .ping
        case .data: .data
        }
    }
}

/// A context that records what ran.
struct Log: Sendable, Equatable, Codable {
    var lines: [String] = []
    var count = 0
}

/// Entry and exit actions that write `enter X` / `exit X`.
func traced(_ state: S) -> (OnEntry<S, E, Log>, OnExit<S, E, Log>) {
    (OnEntry { log, _ in log.lines.append("enter \(state)") }, OnExit { log, _ in log.lines.append("exit \(state)") })
}
