/// A view model whose state a view observes: it owns the ``MachineRuntime`` that runs its
/// machine, and asks for states by sending events to it.
///
/// ```swift
/// @MainActor
/// final class ArticlesViewModel: StateDrivenViewModel {
///     let states = MachineRuntime(chart: screens, context: ())
///
///     func setup() {
///         states.post(.load)
///     }
/// }
///
/// view.bind(to: viewModel)      // the view shows each state, one after another
/// viewModel.setup()
/// ```
///
/// The view model knows nothing of its views: a ``StatePresenter`` binds to it with
/// ``StatePresenter/bind(to:)`` and presents every state the machine enters. Because the
/// runtime awaits each state's entry and exit on the view, the states a view model asks for
/// in a row are shown one after another, in order, each after the previous one has left.
@MainActor
public protocol StateDrivenViewModel: AnyObject {
    /// The machine the view model runs.
    associatedtype StateMachine: RunnableMachine & Sendable

    /// The runtime that runs the view model's machine; views bind to it.
    var states: MachineRuntime<StateMachine> { get }
}
