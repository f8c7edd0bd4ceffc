public import Statecraft

/// A typed machine runs in a ``MachineRuntime`` as it is: its `send(_:)`, clock, snapshot,
/// listener and state-change record are the members the runtime needs. A runtime takes a
/// machine whose context is `Sendable`.
extension Machine: RunnableMachine {}
