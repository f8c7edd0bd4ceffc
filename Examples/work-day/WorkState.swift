import Statecraft

/// A part of the working day, which knows how work goes at the hours it covers.
protocol WorkState: ObjectState<Work> {
    /// Reports how work is going at the context's hour, or hands the hour on to the next part
    /// of the day if it is past this one.
    func writeProgram()
}

extension WorkState {
    /// Moves the day on to the state of the given class and lets it report on the hour.
    ///
    /// The machine asks this state's `isValidNextState(_:)` first; if it refuses, the reason is
    /// written out instead and the day stays where it is.
    ///
    /// - Parameter stateType: The class of the part of the day that comes next.
    func handOver(to stateType: ObjectState<Work>.Type) {
        guard let work = context, let machine else { return }
        do {
            try machine.transition(to: stateType)
        } catch {
            work.log("\(self): \(error)")
            return
        }
        work.writeProgram()
    }
}
