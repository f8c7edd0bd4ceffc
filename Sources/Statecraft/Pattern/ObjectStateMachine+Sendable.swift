// A machine and its states belong to one isolation domain; these unavailable conformances make
// that a compile-time fact instead of an omission, so no extension can declare them Sendable.

@available(*, unavailable, message: "An ObjectStateMachine belongs to one isolation domain.")
extension ObjectStateMachine: Sendable {}
