// swift-tools-version:6.1
import PackageDescription

/// The engine's, the classic API's and the runtime's tests, built with a sanitizer (`scripts/sanitize`).
///
/// A nested package, so that a sanitized build compiles only what these tests need (the core,
/// the runtime and the testing helpers), not the whole package's dependencies (swift-syntax,
/// SwiftNIO, the database drivers, the inspector's server). Its test targets are the root
/// package's own folders, through symbolic links.
let strict: [SwiftSetting] = [
    .swiftLanguageMode(.v6),
    .enableUpcomingFeature("ExistentialAny"),
]

/// SwiftPM names a path dependency after its folder, so the root package's identity is the name
/// of whatever folder the repository was cloned into.
let root = String(Context.packageDirectory.split(separator: "/").dropLast().last ?? "Statecraft")

let package = Package(
    name: "StatecraftSanitize",
    platforms: [.macOS(.v15)],
    dependencies: [.package(path: "..")],
    targets: [
        .testTarget(
            name: "StatecraftTests",
            dependencies: [.product(name: "Statecraft", package: root)],
            // Tests of the core's `package` declarations (`TimerQueue`) cannot see them from this
            // package (the compiler names it after its own folder, and SwiftPM's -package-name
            // comes after any of ours), so they live in PackageAPI/ and are left out here.
            exclude: ["PackageAPI"],
            swiftSettings: strict
        ),
        // The classic API reads its states and events without retaining them during a move.
        .testTarget(
            name: "StatecraftClassicTests",
            dependencies: [
                .product(name: "Statecraft", package: root),
                .product(name: "StatecraftClassic", package: root),
            ],
            swiftSettings: strict
        ),
        .testTarget(
            name: "StatecraftRuntimeTests",
            dependencies: [
                .product(name: "Statecraft", package: root),
                .product(name: "StatecraftRuntime", package: root),
                .product(name: "StatecraftTesting", package: root),
            ],
            swiftSettings: strict
        ),
    ]
)
