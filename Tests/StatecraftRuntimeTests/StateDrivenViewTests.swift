import Testing
import Statecraft
import StatecraftRuntime
import StatecraftTesting

/// A loading strategy that writes what it does and fades out on a manual clock.
@MainActor
struct FadingSpinner: LoadingStrategy {
    let lines: Lines
    let clock: ManualClock

    func showLoading() async {
        lines.append("show spinner")
    }

    func hideLoading() async {
        lines.append("fade spinner")
        try? await clock.sleep(for: .milliseconds(300))
        lines.append("spinner gone")
    }
}

/// The failed state as a view shows it: an alert.
struct AlertState: ViewState {
    func enter(on view: RecordingView) async { view.lines.append("show alert") }
    func exit(from view: RecordingView) async { view.lines.append("dismiss alert") }
}

/// A view that shows `loading` with its spinner and `failed` with an alert.
@MainActor
final class RecordingView: StatePresenter, LoadingStrategyProvider {
    let lines: Lines
    let loadingStrategy: any LoadingStrategy

    init(lines: Lines, clock: ManualClock) {
        self.lines = lines
        loadingStrategy = FadingSpinner(lines: lines, clock: clock)
    }

    func viewState(for state: Phase) -> (any ViewState<RecordingView>)? {
        switch state {
        case .loading: LoadingState()
        case .failed: AlertState()
        default: nil
        }
    }
}

/// A view model over the loader chart.
@MainActor
final class LoaderViewModel: StateDrivenViewModel {
    let states: TestRuntime

    init(clock: ManualClock, policy: BusyPolicy = .queue) throws {
        states = TestRuntime(chart: try loaderChart(), context: Record(), policy: policy, clock: clock)
    }
}

@MainActor
@Suite("State-driven views")
struct StateDrivenViewTests {
    @Test func aBoundViewShowsTheCurrentStateThenEachNextOneAfterThePreviousHasLeft() async throws {
        let clock = ManualClock()
        let lines = Lines()
        let viewModel = try LoaderViewModel(clock: clock)
        await viewModel.states.send(.load)
        let view = RecordingView(lines: lines, clock: clock)
        view.bind(to: viewModel)
        await viewModel.states.settle()
        #expect(lines.all == ["show spinner"])
        viewModel.states.post(.failed("offline"))
        await clock.waitForSleepers(1)
        #expect(lines.all == ["show spinner", "fade spinner"])
        clock.advance(by: .milliseconds(300))
        await viewModel.states.settle()
        #expect(lines.all == ["show spinner", "fade spinner", "spinner gone", "show alert"])
        await viewModel.states.send(.reset)
        #expect(lines.all.last == "dismiss alert")
    }

    @Test func keepLatestShowsOnlyTheLastStateAskedForDuringTheFade() async throws {
        let clock = ManualClock()
        let lines = Lines()
        let viewModel = try LoaderViewModel(clock: clock, policy: .keepLatest)
        let view = RecordingView(lines: lines, clock: clock)
        view.bind(to: viewModel)
        await viewModel.states.send(.load)
        viewModel.states.post(.reset)                // the spinner starts fading
        await clock.waitForSleepers(1)
        viewModel.states.post(.load)
        viewModel.states.post(.failed("never shown"))
        viewModel.states.post(.load)
        clock.advance(by: .milliseconds(300))
        await viewModel.states.settle()
        #expect(lines.all == ["show spinner", "fade spinner", "spinner gone", "show spinner"])
    }

    @Test func theRuntimeDoesNotKeepAViewAlive() async throws {
        let clock = ManualClock()
        let lines = Lines()
        let viewModel = try LoaderViewModel(clock: clock)
        weak var released: RecordingView?
        do {
            let view = RecordingView(lines: lines, clock: clock)
            released = view
            view.bind(to: viewModel)
            await viewModel.states.send(.load)
        }
        #expect(released == nil)
        await viewModel.states.send(.failed("nobody watches"))
        #expect(lines.all == ["show spinner"])
    }

    @Test func statesWithoutAViewStateAreSkipped() async throws {
        let clock = ManualClock()
        let lines = Lines()
        let viewModel = try LoaderViewModel(clock: clock)
        let view = RecordingView(lines: lines, clock: clock)
        view.bind(to: viewModel)
        await viewModel.states.send(.load)
        viewModel.states.post(.loaded("fine"))      // `loaded` has no view state here
        await clock.waitForSleepers(1)
        #expect(lines.all == ["show spinner", "fade spinner"])
        clock.advance(by: .milliseconds(300))
        await viewModel.states.settle()
        #expect(lines.all == ["show spinner", "fade spinner", "spinner gone"])
    }
}
