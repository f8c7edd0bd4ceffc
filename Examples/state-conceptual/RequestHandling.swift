import Statecraft

/// The requests a state of ``Context`` must handle.
///
/// Each concrete state subclasses `ObjectState<Context>` for its place in the state machine and
/// adopts this protocol for its behaviour.
protocol RequestHandling: ObjectState<Context> {
    /// Handles the context's first request.
    func handle1()

    /// Handles the context's second request.
    func handle2()
}
