/// The context baseline of `seedapi.toggle`: events found by name in a dictionary, then a
/// `switch` on the state, and a closure called on entering `on` (the classic machine's hook).
public final class HandNamedToggle {
    enum Toggle { case off, on }

    var state = Toggle.off
    let eventIDs: [String: Int] = ["turnOn": 0, "turnOff": 1]
    let onEnterOn: () -> Void

    /// Makes a machine in `off`.
    ///
    /// - Parameter onEnterOn: Called after each entry into `on`.
    public init(onEnterOn: @escaping () -> Void) {
        self.onEnterOn = onEnterOn
    }

    /// Fires the event named `name`.
    ///
    /// - Parameter name: `turnOn` or `turnOff`.
    /// - Returns: Whether the machine moved.
    public func fire(_ name: String) -> Bool {
        guard let event = eventIDs[name] else { return false }
        switch (state, event) {
        case (.off, 0):
            state = .on
            onEnterOn()
            return true
        case (.on, 1):
            state = .off
            return true
        default:
            return false
        }
    }
}
