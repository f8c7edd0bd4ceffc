// `RunnableMachine`, the contract between a machine and its host, lives in the core
// (`Sources/Statecraft/Hosting`) since issue 28, so that the durable store and the inspector
// share it with the runtime. This module re-exports the core so that code which imported only
// `StatecraftRuntime` and named `RunnableMachine` (a generic constraint, say) still compiles.
// (A typealias in this module would declare the name a second time beside the core's.)
@_exported public import Statecraft
