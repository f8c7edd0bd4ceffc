#if !Durable
// Built without the Durable trait, this module is only this file: its main name, unavailable, tells
// a user who added the product without the trait which one to enable (scripts/check-traits).

/// Unavailable: StatecraftDurableSCXML is built only with the package trait `Durable`.
@available(*, unavailable, message: "StatecraftDurableSCXML is built only with the package trait Durable: .package(url: \"https://github.com/OWNER/statecraft\", branch: \"main\", traits: [\"Durable\"]) in your Package.swift (in a clone: swift build --traits Durable)")
public struct SCXMLDurableChart {
    /// Unavailable: enable the trait `Durable`.
    public init(name: Any, version: Any, document: Any, migration: Any? = nil) {}
}
#endif
