import Statecraft
import StatecraftRuntime
import Synchronization

/// State identities for the runtime tests.
enum Phase: Hashable, Sendable {
    case a, b, c, idle, loading, loaded, failed
}

/// Events for the runtime tests.
enum Input: MachineEvent, Equatable {
    case go, back, reset, ping, stop, tick, load, number(Int), loaded(String), failed(String)

    enum Kind: Hashable, Sendable { case go, back, reset, ping, stop, tick, load, number, loaded, failed }

    var kind: Kind {
        switch self {
        case .go: .go
        case .back: .back
        case .reset: .reset
        case .ping: .ping
        case .stop: .stop
        case .tick: .tick
        case .load: .load
        case .number: .number
        case .loaded: .loaded
        case .failed: .failed
        }
    }
}

/// What the machine's actions record.
struct Record: Sendable, Equatable {
    var numbers: [Int] = []
    var lines: [String] = []
}

typealias TestMachine = Machine<Phase, Input, Record>
typealias TestRuntime = MachineRuntime<TestMachine>

/// `a` and `b`: `go` and `back` move between them, `number` is recorded in either, `reset`
/// re-enters `a`.
func toggleChart() throws -> Statechart<Phase, Input, Record> {
    try Statechart {
        Atomic(.a) {
            On(.go, to: .b)
            On(.reset, to: .a)
            On(.number) { record, event in if case .number(let value) = event { record.numbers.append(value) } }
        }
        Atomic(.b) {
            On(.back, to: .a)
            On(.number) { record, event in if case .number(let value) = event { record.numbers.append(value) } }
        }
    }
}

/// `go` moves `a` to `b`, which moves to `c` after two seconds; `ping` in `a` schedules `tick`
/// five seconds later under the id "tick", `stop` cancels it.
func delayChart() throws -> Statechart<Phase, Input, Record> {
    try Statechart {
        Atomic(.a) {
            On(.go, to: .b)
            On(.ping) { _, _, effects in effects.send(.tick, after: .seconds(5), id: "tick") }
            On(.stop) { _, _, effects in effects.cancel("tick") }
            On(.tick) { record, _ in record.lines.append("tick") }
        }
        Atomic(.b) {
            After(.seconds(2), to: .c)
            On(.back, to: .a)
        }
        Atomic(.c) {
            On(.back, to: .a)
        }
    }
}

/// `idle`, `loading` (entered again by `load`), `loaded`, `failed`; `reset` goes back to idle.
func loaderChart() throws -> Statechart<Phase, Input, Record> {
    try Statechart {
        Atomic(.idle) {
            On(.load, to: .loading)
        }
        Atomic(.loading) {
            On(.load, to: .loading)
            On(.loaded, to: .loaded) { record, event in if case .loaded(let text) = event { record.lines.append(text) } }
            On(.failed, to: .failed) { record, event in if case .failed(let text) = event { record.lines.append(text) } }
            On(.reset, to: .idle)
        }
        Atomic(.loaded) { On(.reset, to: .idle) }
        Atomic(.failed) { On(.reset, to: .idle) }
    }
}

/// A list that tasks append to.
final class Lines: Sendable {
    private let lines = Mutex<[String]>([])

    func append(_ line: String) {
        lines.withLockChecked { $0.append(line) }
    }

    var all: [String] { lines.withLockChecked { $0 } }
}

/// Collects the first `count` elements of a sequence.
func collect<Sequence: AsyncSequence & Sendable>(
    _ count: Int, of sequence: Sequence
) async -> [Sequence.Element] where Sequence.Element: Sendable {
    var elements: [Sequence.Element] = []
    var iterator = sequence.makeAsyncIterator()
    while elements.count < count, let element = try? await iterator.next() {
        elements.append(element)
    }
    return elements
}

extension TakenTransition where State == Phase, Event == Input {
    /// `source->target`, or `source` for a transition without target.
    var arrow: String {
        target.map { "\(source)->\($0)" } ?? "\(source)"
    }
}

/// A gate tasks wait at until it opens; every waiter passes then.
final class Gate: Sendable {
    private let state = Mutex<(open: Bool, waiters: [UnsafeContinuation<Void, Never>])>((false, []))

    func wait() async {
        await withUnsafeContinuation { (waiter: UnsafeContinuation<Void, Never>) in
            let open = state.withLockChecked { state in
                if !state.open { state.waiters.append(waiter) }
                return state.open
            }
            if open { waiter.resume() }
        }
    }

    func open() {
        let waiters = state.withLockChecked { state in
            state.open = true
            defer { state.waiters = [] }
            return state.waiters
        }
        for waiter in waiters { waiter.resume() }
    }
}
