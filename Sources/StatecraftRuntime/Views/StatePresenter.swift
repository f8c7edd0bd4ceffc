/// What shows a machine's states, usually a view: for each state, the ``ViewState`` that
/// presents it here.
///
/// ```swift
/// final class ArticlesView: StatePresenter, LoadingStrategyProvider {
///     let loadingStrategy: any LoadingStrategy = SpinnerStrategy()
///
///     func viewState(for state: Screen) -> (any ViewState<ArticlesView>)? {
///         switch state {
///         case .loading: LoadingState()
///         case .failed: FailureState(message: "Try again later")
///         case .idle, .showing: nil
///         }
///     }
/// }
/// ```
///
/// Bind a presenter to a ``StateDrivenViewModel`` with ``bind(to:)``, or give
/// ``StateHooks/presenting(on:)`` to a runtime: every state entered is then entered on the
/// presenter, and every state exited exits from it, one after another, in order. States
/// without a view state are skipped.
@MainActor
public protocol StatePresenter: AnyObject, Sendable {
    /// The machine's state identity.
    associatedtype PresentedState: Hashable & Sendable

    /// The view state that presents `state` on this presenter, or `nil` when this presenter
    /// shows nothing for it.
    ///
    /// - Parameter state: A state of the machine.
    /// - Returns: The view state, usually built from a strategy the presenter chooses.
    func viewState(for state: PresentedState) -> (any ViewState<Self>)?
}

extension StatePresenter {
    /// Starts showing a view model's states: the state the machine is in now, then every
    /// state it moves to, in order.
    ///
    /// The runtime holds the presenter weakly: a view that goes away stops being updated.
    ///
    /// - Parameter viewModel: The view model whose states this presenter shows.
    public func bind<ViewModel: StateDrivenViewModel>(to viewModel: ViewModel)
    where ViewModel.StateMachine.StateID == PresentedState {
        viewModel.states.attach(.presenting(on: self))
    }
}

extension StateHooks {
    /// Hooks that enter each state on `presenter` when the machine enters it, and exit it
    /// from `presenter` when the machine exits it, using the presenter's view states.
    ///
    /// The hooks hold the presenter weakly.
    ///
    /// - Parameter presenter: What shows the states, usually a view.
    /// - Returns: The hooks.
    public static func presenting<Presenter: StatePresenter>(on presenter: Presenter) -> StateHooks
    where Presenter.PresentedState == StateID {
        StateHooks { hooks in
            hooks.onEveryEntry(owner: presenter) { @MainActor presenter, state in
                await presenter.viewState(for: state)?.enter(on: presenter)
            }
            hooks.onEveryExit(owner: presenter) { @MainActor presenter, state in
                await presenter.viewState(for: state)?.exit(from: presenter)
            }
        }
    }
}
