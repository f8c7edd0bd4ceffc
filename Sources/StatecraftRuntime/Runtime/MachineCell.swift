/// The box a runtime's machine lives in: handing the machine from task to task moves one
/// reference, and the machine is stepped in place, never copied.
@usableFromInline
final class MachineCell<Base: RunnableMachine & Sendable>: @unchecked Sendable {
    // Safe to send: the runtime hands its cell to one task at a time through its mutex (see
    // RuntimeState), and only the task holding the cell reads or writes `machine`; taking and
    // returning the cell under the mutex orders those accesses. No dynamic exclusivity check
    // is needed for the same reason.
    @usableFromInline @exclusivity(unchecked) var machine: Base
    /// A moment read on both clocks: the machine's clock at `machine`, the runtime's at
    /// `clock`. Machine time runs with the runtime's clock from there while timers wait.
    @usableFromInline @exclusivity(unchecked) var anchor: (machine: Duration, clock: Duration)

    @usableFromInline
    init(_ machine: Base) {
        self.machine = machine
        anchor = (machine.now, .zero)
    }
}
