/// How a view shows that something is loading: an activity indicator, a placeholder, a
/// loading screen.
///
/// ```swift
/// struct SpinnerStrategy: LoadingStrategy {
///     let spinner: Spinner
///     func showLoading() async { spinner.isHidden = false }
///     func hideLoading() async { await spinner.fadeOut(duration: .milliseconds(300)) }
/// }
/// ```
@MainActor
public protocol LoadingStrategy {
    /// Shows the loading indicator; returns when it is shown.
    func showLoading() async
    /// Hides the loading indicator; returns when it is gone, after any animation.
    func hideLoading() async
}

/// A target that says how it shows loading: a view supplies its ``LoadingStrategy``.
@MainActor
public protocol LoadingStrategyProvider: AnyObject {
    /// How this target shows loading.
    var loadingStrategy: any LoadingStrategy { get }
}

/// The loading state as a view shows it: with the strategy its target provides.
///
/// ```swift
/// func viewState(for state: Screen) -> (any ViewState<ArticlesView>)? {
///     state == .loading ? LoadingState() : nil
/// }
/// ```
public struct LoadingState<Target: LoadingStrategyProvider>: ViewState {
    /// Creates the loading state.
    public init() {}

    /// Shows loading on `target`, with its strategy.
    ///
    /// - Parameter target: The view.
    public func enter(on target: Target) async {
        await target.loadingStrategy.showLoading()
    }

    /// Hides loading on `target`, with its strategy; returns when the indicator is gone.
    ///
    /// - Parameter target: The view.
    public func exit(from target: Target) async {
        await target.loadingStrategy.hideLoading()
    }
}
