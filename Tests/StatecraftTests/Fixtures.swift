import Statecraft

/// A three-state light used across the engine tests.
enum Light: Hashable, Sendable {
    case off, on, dim, burnt
}

/// Events without payload: the enum is its own kind.
enum Switch: MachineEvent {
    case toggle, dimmer, surge, unused
}

/// A context that records what ran, in order.
struct Trace: Sendable, Equatable {
    var log: [String] = []
    var allowDim = true
}

/// Events with payload, matched by kind.
enum Command: MachineEvent {
    case add(Int)
    case reset
    case fail

    enum Kind: Hashable, Sendable { case add, reset, fail }

    var kind: Kind {
        switch self {
        case .add: .add
        case .reset: .reset
        case .fail: .fail
        }
    }
}

struct GuardBroke: Error, CustomStringConvertible {
    var description: String { "the sensor is unplugged" }
}
