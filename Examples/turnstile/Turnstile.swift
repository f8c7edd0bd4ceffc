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
            On(.coin, to: .unlocked, guard: { _, event in
                if case .coin(let cents) = event { cents >= 25 } else { false }
            }) { till, event in
                if case .coin(let cents) = event { till.cents += cents }
            }
            .labelled(guard: "at least 25 cents", action: "add to till")
            On(.kick, to: .broken)
        }
        Atomic(.unlocked) {
            OnExit { till, _ in till.passages += 1 }.labelled("count passage")
            On(.push, to: .locked)
            On(.coin) { till, event in
                if case .coin(let cents) = event { till.cents += cents }
            }
            .labelled(action: "add to till")
            On(.kick, to: .broken)
        }
        Final(.broken)
    }
}

/// Drives a turnstile through a day and writes one line per event: the event, what the
/// machine did, and the state and till after it.
func runExample(write: @escaping @Sendable (String) -> Void) {
    let chart: Statechart<Gate, Input, Till>
    do {
        chart = try makeTurnstile()
    } catch {
        write("definition error: \(error)")
        return
    }
    var turnstile = chart.makeMachine(context: Till())
    turnstile.onTransition = { step in
        write(step.target.map { "  moved \(step.source) -> \($0)" } ?? "  handled in \(step.source)")
    }
    let day: [Input] = [.push, .coin(cents: 10), .coin(cents: 25), .coin(cents: 5), .push, .push, .kick, .coin(cents: 25)]
    for input in day {
        write("\(input):")
        switch turnstile.send(input) {
        case .transitioned, .handled:
            break
        case .rejected(let rejection):
            write("  rejected: \(rejection)")
        }
        write("  now \(turnstile.state), \(turnstile.context.cents) cents, \(turnstile.context.passages) passages")
    }
}
