// A state belongs to the isolation domain of its machine; this unavailable conformance makes
// that a compile-time fact instead of an omission, so no subclass can declare itself Sendable.

@available(*, unavailable, message: "An ObjectState belongs to the isolation domain of its machine.")
extension ObjectState: Sendable {}
