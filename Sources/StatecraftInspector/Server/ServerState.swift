#if Inspector
/// The server's task and address while it runs.
struct ServerState {
    var task: Task<Void, Never>?
    var address: InspectorAddress?
}
#endif
