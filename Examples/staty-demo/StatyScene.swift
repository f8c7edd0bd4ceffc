/// The article's example put together: a view model, a headless view bound to it, one clock.
@MainActor
final class StatyScene {
    let viewModel: ScreenViewModel
    let view: HeadlessView

    /// Makes the view model and the view on `clock`; the view writes its lines to `write`.
    init<C: Clock>(clock: C, write: @escaping @Sendable (String) -> Void) throws where C.Duration == Duration {
        viewModel = try ScreenViewModel(clock: clock)
        view = HeadlessView(clock: DemoClock(clock), write: write)
    }

    /// The view binds to the view model, which then sets up.
    func start() {
        view.bind(to: viewModel)
        viewModel.setup()
    }

    /// Returns once the scenario has played out, and stops the view model's runtime.
    func finish() async {
        await viewModel.finished()
        await viewModel.states.stop()
    }
}
