import Statecraft

/// The positions of a coin-operated turnstile.
enum Gate: Hashable, Sendable {
    case locked, unlocked, broken
}

/// What can happen to the turnstile. A coin carries its value.
enum Input: MachineEvent {
    case coin(cents: Int)
    case push
    case kick

    enum Kind { case coin, push, kick }

    var kind: Kind {
        switch self {
        case .coin: .coin
        case .push: .push
        case .kick: .kick
        }
    }
}

/// The coin's case with its payload, so that transitions read the cents directly
/// (`On(\.coin)`). The `@MachineEvent` macro writes this and `Kind` for you; the example does
/// without it, so that running it does not build swift-syntax.
extension Input: PayloadCases {
    struct Cases: Sendable {
        let coin = EventCase<Input, Int>(.coin) { input in
            if case .coin(let cents) = input { cents } else { nil }
        }
    }

    static let cases = Cases()
}

/// What the turnstile remembers.
struct Till: Sendable {
    var cents = 0
    var passages = 0
}

/// The turnstile's chart: a coin of at least 25 cents unlocks it, a push lets one person
/// through and locks it again, a kick breaks it for good.
func makeTurnstile() throws(DefinitionError) -> Statechart<Gate, Input, Till> {
    try Statechart {
        Atomic(.locked) {
            On(\.coin, to: .unlocked, guard: { _, cents in cents >= 25 }) { till, cents in till.cents += cents }
                .labelled(guard: "at least 25 cents", action: "add to till")
            On(.kick, to: .broken)
        }
        Atomic(.unlocked) {
            OnExit { till, _ in till.passages += 1 }.labelled("count passage")
            On(.push, to: .locked)
            On(\.coin) { till, cents in till.cents += cents }
                .labelled(action: "add to till")
            On(.kick, to: .broken)
        }
        Final(.broken)
    }
}

/// Drives a turnstile through a day and writes two lines per event: what the event did (the
/// transitions it took, or why it was rejected), then the state and till after it.
func runExample(write: @escaping @Sendable (String) -> Void) {
    let chart: Statechart<Gate, Input, Till>
    do {
        chart = try makeTurnstile()
    } catch {
        write("definition error: \(error)")
        return
    }
    var turnstile = chart.makeMachine(context: Till())
    let day: [Input] = [.push, .coin(cents: 10), .coin(cents: 25), .coin(cents: 5), .push, .push, .kick, .coin(cents: 25)]
    for input in day {
        write("\(turnstile.sendReporting(input))")
        write("  now \(turnstile.state), \(turnstile.context.cents) cents, \(turnstile.context.passages) passages")
    }
}
