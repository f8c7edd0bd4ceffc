import Statecraft
import StatecraftRuntime

/// The article's view model: on setup it asks for loading, and one second later for three
/// states in a row (content, loading, error). It knows nothing of how they are shown.
@MainActor
final class ScreenViewModel: StateDrivenViewModel {
    let states: MachineRuntime<Machine<Screen, ScreenRequest, Void>>
    private let clock: DemoClock
    private var script: Task<Void, Never>?

    init<C: Clock>(clock: C) throws(DefinitionError) where C.Duration == Duration {
        self.clock = DemoClock(clock)
        states = MachineRuntime(chart: try makeScreens(), context: (), clock: clock)
    }

    /// Goes to loading, then, a second later, asks for content, loading and error at once.
    func setup() {
        states.post(.showLoading)
        let clock = clock
        let states = states
        script = Task {
            await clock.sleep(.seconds(1))
            states.post(.showContent)
            states.post(.showLoading)
            states.post(.showError)
        }
    }

    /// Returns once every state asked for has been shown.
    func finished() async {
        await script?.value
        await states.settle()
    }
}
