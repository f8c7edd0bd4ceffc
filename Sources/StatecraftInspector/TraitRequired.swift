#if !Inspector
// Built without the Inspector trait, this module is only this file: its main names, unavailable, tell
// a user who added the product without the trait which one to enable (scripts/check-traits).

/// Unavailable: StatecraftInspector is built only with the package trait `Inspector`.
@available(*, unavailable, message: "StatecraftInspector is built only with the package trait Inspector: .package(url: \"https://github.com/OWNER/statecraft\", branch: \"main\", traits: [\"Inspector\"]) in your Package.swift (in a clone: swift build --traits Inspector)")
public final class Inspector {
    /// Unavailable: enable the trait `Inspector`.
    public init(configuration: Any? = nil) {}
}

/// Unavailable: StatecraftInspector is built only with the package trait `Inspector`.
@available(*, unavailable, message: "StatecraftInspector is built only with the package trait Inspector: .package(url: \"https://github.com/OWNER/statecraft\", branch: \"main\", traits: [\"Inspector\"]) in your Package.swift (in a clone: swift build --traits Inspector)")
public struct InspectorConfiguration {
    /// Unavailable: enable the trait `Inspector`.
    public init(
        host: Any? = nil, port: Any? = nil, token: Any? = nil, historyLimit: Any? = nil, maxBodySize: Any? = nil,
        pageBacklog: Any? = nil
    ) {}
}
#endif
