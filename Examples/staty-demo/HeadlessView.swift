import StatecraftRuntime

/// A view without a screen: it writes what it would show, with the time since the demo
/// started. Its loading strategy hides the indicator with a 0.3 s animation.
@MainActor
final class HeadlessView: StatePresenter, LoadingStrategyProvider {
    let loadingStrategy: any LoadingStrategy
    private let clock: DemoClock
    private let write: @Sendable (String) -> Void

    init(clock: DemoClock, write: @escaping @Sendable (String) -> Void) {
        self.clock = clock
        self.write = write
        loadingStrategy = FadingIndicator(clock: clock, write: write)
    }

    func viewState(for state: Screen) -> (any ViewState<HeadlessView>)? {
        switch state {
        case .loading: LoadingState()
        case .content: ContentState()
        case .error: ErrorState()
        case .screen, .blank: nil
        }
    }

    /// Writes one line of the timeline: `1.3s enter content`.
    func note(_ step: String, _ state: Screen) {
        write(line(clock, step, state))
    }
}

/// One line of the timeline.
func line(_ clock: DemoClock, _ step: String, _ state: Screen) -> String {
    "\(format(clock.elapsed()))s \(step) \(state)"
}

/// The headless loading indicator: it appears at once and fades out in 0.3 s.
struct FadingIndicator: LoadingStrategy {
    let clock: DemoClock
    let write: @Sendable (String) -> Void

    func showLoading() async {
        write(line(clock, "enter", .loading))
    }

    func hideLoading() async {
        write(line(clock, "exit-begin", .loading))
        await clock.sleep(.milliseconds(300))
        write(line(clock, "exit-end", .loading))
    }
}

/// The content, shown and removed at once.
struct ContentState: ViewState {
    func enter(on view: HeadlessView) async {
        view.note("enter", .content)
    }

    func exit(from view: HeadlessView) async {
        view.note("exit-begin", .content)
        view.note("exit-end", .content)
    }
}

/// The error alert, shown and dismissed at once.
struct ErrorState: ViewState {
    func enter(on view: HeadlessView) async {
        view.note("enter", .error)
    }

    func exit(from view: HeadlessView) async {
        view.note("exit-begin", .error)
        view.note("exit-end", .error)
    }
}
