import Statecraft

/// A day of work on a project, whose mood depends on the hour.
///
/// Set ``hour`` (and ``isTaskFinished``), then call ``writeProgram()``: the current state of the
/// day reports how work is going, or, if the hour is past its range, moves the day on to the
/// next state and lets that one report. The day starts in the ``ForenoonState``.
final class Work {
    /// The hour of the day, from 0 to 24; fractions are allowed.
    var hour: Double = 0

    /// Whether today's task is done, which lets the evening end at home instead of at the desk.
    var isTaskFinished = false

    private let write: (String) -> Void
    private var machine: ObjectStateMachine<Work>?

    /// Creates a day of work that starts in the forenoon.
    ///
    /// - Parameter write: Receives each line the states of the day report.
    /// - Throws: ``ObjectStateMachineError`` if the state machine cannot be built.
    init(write: @escaping (String) -> Void) throws(ObjectStateMachineError) {
        self.write = write
        let machine = try ObjectStateMachine(
            context: self,
            states: [
                ForenoonState(), NoonState(), AfternoonState(),
                EveningState(), RestState(), SleepingState(),
            ]
        )
        try machine.transition(to: ForenoonState.self)
        self.machine = machine
    }

    /// The state the day is in.
    var currentState: (any WorkState)? {
        machine?.currentState as? any WorkState
    }

    /// Asks the current state to report on the work at the current ``hour``.
    func writeProgram() {
        currentState?.writeProgram()
    }

    /// Writes how work is going at the current hour, as `Current time: 9.000000 point <mood>`.
    ///
    /// - Parameter mood: What the work is like at this hour.
    func report(_ mood: String) {
        write("Current time: \(FixedPointFormatter().string(from: hour)) point \(mood)")
    }

    /// Writes one line of output.
    func log(_ line: String) {
        write(line)
    }
}
