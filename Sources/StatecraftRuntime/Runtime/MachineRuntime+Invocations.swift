public import Statecraft

/// The invocations a machine's states declare (`StateHooks.invocations`): one task each,
/// whose result comes back as an item for the machine.
extension MachineRuntime {
    /// Starts the invocations `hooks` declare for `entered`.
    @usableFromInline
    func startInvocations(
        _ hooks: StateHooks<Base.StateID, Base.Event>, of entered: Base.StateID, in state: inout RuntimeState<Base>
    ) {
        for invocation in hooks.invocations where invocation.state == entered {
            state.nextInvocation &+= 1
            let id = state.nextInvocation
            let task = Task { [weak self] in
                let event: Base.Event?
                do {
                    event = try await invocation.operation()
                } catch {
                    event = Task.isCancelled ? nil : invocation.onError(error)
                }
                // Cancelled: the state exited or the runtime stopped. Leave without touching
                // the runtime, which may be going away.
                if Task.isCancelled { return }
                guard let self else { return }
                if let event {
                    submit(.result(event, invocation: id))
                } else {
                    _ = core.withLockAnnotated { $0.finishInvocation(id) }
                }
            }
            state.addInvocation(id, of: entered, task)
        }
    }
}
