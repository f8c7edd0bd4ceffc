#if !Postgres
// Built without the Postgres trait, this module is only this file: its main name, unavailable, tells
// a user who added the product without the trait which one to enable (scripts/check-traits).

/// Unavailable: StatecraftDurablePostgres is built only with the package trait `Postgres`.
@available(*, unavailable, message: "StatecraftDurablePostgres is built only with the package trait Postgres: .package(url: \"https://github.com/OWNER/statecraft\", branch: \"main\", traits: [\"Postgres\"]) in your Package.swift (in a clone: swift build --traits Postgres)")
public final class PostgresDurableStore {
    /// Unavailable: enable the trait `Postgres`.
    public init(url: Any, logger: Any? = nil) async throws {}
}
#endif
