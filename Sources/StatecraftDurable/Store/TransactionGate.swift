#if Durable
import Synchronization


/// Lets one transaction at a time through, in the order they came: a store on one connection
/// (SQLite) must not begin a transaction inside another when two hosts share it.
package final class TransactionGate: Sendable {
    private struct State: ~Copyable {
        var busy = false
        var waiting: [CheckedContinuation<Void, Never>] = []
    }

    private let state = Mutex(State())

    package init() {}

    /// Runs `body` once no other transaction is running.
    package func run<Result>(_ body: () async throws -> Result) async throws -> Result {
        await enter()
        defer { leave() }
        return try await body()
    }

    private func enter() async {
        await withCheckedContinuation { (entered: CheckedContinuation<Void, Never>) in
            let now = state.withLock { state -> Bool in
                guard state.busy else {
                    state.busy = true
                    return true
                }
                state.waiting.append(entered)
                return false
            }
            if now { entered.resume() }
        }
    }

    private func leave() {
        let next = state.withLock { state -> CheckedContinuation<Void, Never>? in
            guard !state.waiting.isEmpty else {
                state.busy = false
                return nil
            }
            // Stays busy: the turn passes straight to the first waiting.
            return state.waiting.removeFirst()
        }
        next?.resume()
    }
}
#endif
