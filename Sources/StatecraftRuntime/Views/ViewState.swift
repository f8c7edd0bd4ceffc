/// A state as a view shows it: it presents itself on a target, and disposes of itself.
///
/// A view state is the view's side of one of a machine's states. Entering may take time
/// (a screen slides in) and so may leaving (a loading indicator fades out): a
/// ``MachineRuntime`` awaits both, so the next state's view state enters only once the
/// previous one has left.
///
/// ```swift
/// struct FailureState: ViewState {
///     let message: String
///     func enter(on view: ArticlesView) async { await view.showAlert(message) }
///     func exit(from view: ArticlesView) async { await view.dismissAlert() }
/// }
/// ```
///
/// A view state rarely draws by itself: it asks its target for a strategy that says how
/// this target shows it (see ``LoadingState``), so that one state serves many views. The
/// target is usually the view, and is supplied by a ``StatePresenter``.
@MainActor
public protocol ViewState<Target> {
    /// What the state presents itself on: usually a view.
    associatedtype Target: AnyObject

    /// Presents the state on `target`; returns when it is shown.
    ///
    /// - Parameter target: The view.
    func enter(on target: Target) async

    /// Removes the state from `target`; returns when it is gone.
    ///
    /// - Parameter target: The view.
    func exit(from target: Target) async
}
