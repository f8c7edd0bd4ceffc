#if !Durable
// Built without the Durable trait, this module is only this file: its main names, unavailable, tell
// a user who added the product without the trait which one to enable (scripts/check-traits).

/// Unavailable: StatecraftDurable is built only with the package trait `Durable`.
@available(*, unavailable, message: "StatecraftDurable is built only with the package trait Durable: .package(url: \"https://github.com/OWNER/statecraft\", branch: \"main\", traits: [\"Durable\"]) in your Package.swift (in a clone: swift build --traits Durable)")
public final class DurableMachines {
    /// Unavailable: enable the trait `Durable`.
    public init(store: Any, charts: Any, clock: Any? = nil, logger: Any? = nil, maxBatch: Any? = nil) {}
}

/// Unavailable: StatecraftDurable is built only with the package trait `Durable`.
@available(*, unavailable, message: "StatecraftDurable is built only with the package trait Durable: .package(url: \"https://github.com/OWNER/statecraft\", branch: \"main\", traits: [\"Durable\"]) in your Package.swift (in a clone: swift build --traits Durable)")
public final class SQLiteDurableStore {
    /// Unavailable: enable the trait `Durable`.
    public init(path: Any, logger: Any? = nil) async throws {}
}

/// Unavailable: StatecraftDurable is built only with the package trait `Durable`.
@available(*, unavailable, message: "StatecraftDurable is built only with the package trait Durable: .package(url: \"https://github.com/OWNER/statecraft\", branch: \"main\", traits: [\"Durable\"]) in your Package.swift (in a clone: swift build --traits Durable)")
public struct DurableWorker {
    /// Unavailable: enable the trait `Durable`.
    public init(machines: Any, interval: Any? = nil, logger: Any? = nil) {}
}

/// Unavailable: StatecraftDurable is built only with the package trait `Durable`.
@available(*, unavailable, message: "StatecraftDurable is built only with the package trait Durable: .package(url: \"https://github.com/OWNER/statecraft\", branch: \"main\", traits: [\"Durable\"]) in your Package.swift (in a clone: swift build --traits Durable)")
public struct TypedDurableChart<State, Event, Context> {
    /// Unavailable: enable the trait `Durable`.
    public init(name: Any, version: Any, chart: Any, context: Any, outbox: Any? = nil, migration: Any? = nil) {}
}
#endif
