import Statecraft

/// What the demo's screen shows. `screen` holds the others; `blank` is where it starts,
/// before the view model's setup.
enum Screen: Hashable, Sendable {
    case screen, blank, content, loading, error
}

/// What the view model asks for.
enum ScreenRequest: MachineEvent {
    case showContent, showLoading, showError
}

/// The screen's chart: from any state, each request goes to its state. The transitions are
/// internal, so `screen` itself stays active and only the shown state is exited and entered;
/// asking for the state already shown shows it again.
func makeScreens() throws(DefinitionError) -> Statechart<Screen, ScreenRequest, Void> {
    try Statechart {
        Compound(.screen) {
            Atomic(.blank)
            Atomic(.content)
            Atomic(.loading)
            Atomic(.error)
            On(.showContent, to: .content, type: .internal)
            On(.showLoading, to: .loading, type: .internal)
            On(.showError, to: .error, type: .internal)
        }
    }
}
