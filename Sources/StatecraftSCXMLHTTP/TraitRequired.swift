#if !HTTP
// Built without the HTTP trait, this module is only this file: its main name, unavailable, tells a
// user who added the product without the trait which one to enable (scripts/check-traits).

/// Unavailable: StatecraftSCXMLHTTP is built only with the package trait `HTTP`.
@available(*, unavailable, message: "StatecraftSCXMLHTTP is built only with the package trait HTTP: .package(url: \"https://github.com/OWNER/statecraft\", branch: \"main\", traits: [\"HTTP\"]) in your Package.swift (in a clone: swift build --traits HTTP)")
public final class SCXMLHTTPProcessor {
    /// Unavailable: enable the trait `HTTP`.
    public init(configuration: Any? = nil) {}
}
#endif
