import Testing
import Synchronization
@testable import Turnstile

@Suite("turnstile example")
struct TurnstileTests {
    @Test func dayOfTheTurnstilePrintsEachStep() {
        let lines = Mutex<[String]>([])
        runExample { line in lines.withLock { $0.append(line) } }
        #expect(lines.withLock { $0 } == [
            "push: rejected: no transition on 'push' in state 'locked'",
            "  now locked, 0 cents, 0 passages",
            "coin(cents: 10): rejected: every guard of the transitions on 'coin' in state 'locked' returned false",
            "  now locked, 0 cents, 0 passages",
            "coin(cents: 25): locked -> unlocked",
            "  now unlocked, 25 cents, 0 passages",
            "coin(cents: 5): handled in unlocked",
            "  now unlocked, 30 cents, 0 passages",
            "push: unlocked -> locked",
            "  now locked, 30 cents, 1 passages",
            "push: rejected: no transition on 'push' in state 'locked'",
            "  now locked, 30 cents, 1 passages",
            "kick: locked -> broken",
            "  now broken, 30 cents, 1 passages",
            "coin(cents: 25): rejected: the machine is done (it reached final state 'broken'); 'coin' was ignored",
            "  now broken, 30 cents, 1 passages",
        ])
    }

    @Test func turnstileChartIsSound() throws {
        #expect(try makeTurnstile().warnings.isEmpty)
    }
}
