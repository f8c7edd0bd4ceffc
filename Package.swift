// swift-tools-version:6.1
import CompilerPluginSupport
import PackageDescription

/// Every target builds in the Swift 6 language mode with complete strict concurrency checking.
let strict: [SwiftSetting] = [
    .swiftLanguageMode(.v6),
    .enableUpcomingFeature("ExistentialAny"),
    .enableUpcomingFeature("InternalImportsByDefault"),
]

/// An example is an executable target under `Examples/<product>` whose module the tests import.
func example(_ product: String, module: String, dependencies: [Target.Dependency]) -> (Product, Target) {
    (
        .executable(name: product, targets: [module]),
        .executableTarget(
            name: module,
            dependencies: dependencies,
            path: "Examples/\(product)",
            swiftSettings: strict
        )
    )
}

let examples = [
    example("state-conceptual", module: "StateConceptual", dependencies: ["Statecraft"]),
    example("location-tracker", module: "LocationTracker", dependencies: ["Statecraft"]),
    example("work-day", module: "WorkDay", dependencies: ["Statecraft"]),
    example("transporter-hooks", module: "TransporterHooks", dependencies: ["StatecraftClassic"]),
    example("turnstile", module: "Turnstile", dependencies: ["Statecraft", "StatecraftSCXML"]),
    example("media-player", module: "MediaPlayer", dependencies: ["Statecraft", "StatecraftSCXML"]),
    example("staty-demo", module: "StatyDemo", dependencies: ["Statecraft", "StatecraftRuntime"]),
    example("orders", module: "Orders", dependencies: ["Statecraft", "StatecraftDurable", "StatecraftDurablePostgres"]),
]

let package = Package(
    name: "Statecraft",
    // The runtime's Mutex and Observation need these; Linux has no minimum.
    platforms: [.macOS(.v15), .iOS(.v18), .tvOS(.v18), .watchOS(.v11), .visionOS(.v2)],
    products: [
        .library(name: "Statecraft", targets: ["Statecraft"]),
        .library(name: "StatecraftClassic", targets: ["StatecraftClassic"]),
        .library(name: "StatecraftSCXML", targets: ["StatecraftSCXML"]),
        .executable(name: "statecraft", targets: ["StatecraftCLI"]),
        .library(name: "StatecraftRuntime", targets: ["StatecraftRuntime"]),
        .library(name: "StatecraftTesting", targets: ["StatecraftTesting"]),
        .library(name: "StatecraftECMAScript", targets: ["StatecraftECMAScript"]),
        // `@MachineEvent`; a product of its own so that only its users build swift-syntax.
        .library(name: "StatecraftMacros", targets: ["StatecraftMacros"]),
        // The live page; a product of its own so that only its users (and `statecraft`) build the server.
        .library(name: "StatecraftInspector", targets: ["StatecraftInspector"]),
        .library(name: "StatecraftDurable", targets: ["StatecraftDurable"]),
        .library(name: "StatecraftDurablePostgres", targets: ["StatecraftDurablePostgres"]),
    ] + examples.map(\.0),
    traits: [
        .trait(
            name: "ECMAScript",
            description: """
                The ecmascript SCXML datamodel on JavaScriptCore (StatecraftECMAScript). Apple platforms always \
                have it; on Linux it needs WebKitGTK's JavaScriptCore (apt: libjavascriptcoregtk-4.1-dev).
                """
        ),
        .default(enabledTraits: []),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        .package(url: "https://github.com/swiftlang/swift-syntax", "600.0.0"..<"604.0.0"),
        .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.28.1"),
        .package(url: "https://github.com/hummingbird-project/hummingbird-websocket", from: "2.8.1"),
        // StatecraftDurable: SQLite (carried by sqlite-nio), logging, metrics and the service lifecycle.
        .package(url: "https://github.com/vapor/sqlite-nio", from: "1.13.2"),
        .package(url: "https://github.com/apple/swift-nio.git", from: "2.101.2"),
        .package(url: "https://github.com/vapor/postgres-nio", from: "1.33.2"),
        .package(url: "https://github.com/apple/swift-nio-ssl", from: "2.37.6"),
        .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
        .package(url: "https://github.com/apple/swift-metrics", from: "2.13.0"),
        .package(url: "https://github.com/swift-server/swift-service-lifecycle", from: "2.13.0"),
    ],
    targets: [
        .target(name: "Statecraft", swiftSettings: strict),
        .target(name: "StatecraftClassic", dependencies: ["Statecraft"], swiftSettings: strict),
        .target(name: "StatecraftSCXML", dependencies: ["Statecraft", "StatecraftRuntime"], swiftSettings: strict),
        .executableTarget(
            name: "StatecraftCLI",
            dependencies: [
                "StatecraftSCXML", "StatecraftECMAScript", "StatecraftInspector",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            swiftSettings: strict
        ),
        // JavaScriptCore's C API from WebKitGTK, for the ecmascript datamodel on Linux; Apple platforms import
        // the system framework instead.
        .systemLibrary(
            name: "CJavaScriptCore",
            pkgConfig: "javascriptcoregtk-4.1",
            providers: [.apt(["libjavascriptcoregtk-4.1-dev"])]
        ),
        .target(
            name: "StatecraftECMAScript",
            dependencies: [
                "StatecraftSCXML",
                .target(name: "CJavaScriptCore", condition: .when(platforms: [.linux], traits: ["ECMAScript"])),
            ],
            swiftSettings: strict
        ),
        .target(name: "StatecraftRuntime", dependencies: ["Statecraft"], swiftSettings: strict),
        .target(
            name: "StatecraftInspector",
            dependencies: [
                "Statecraft", "StatecraftRuntime", "StatecraftSCXML",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HummingbirdWebSocket", package: "hummingbird-websocket"),
            ],
            swiftSettings: strict
        ),
        .testTarget(
            name: "StatecraftInspectorTests",
            dependencies: [
                "StatecraftInspector", "StatecraftRuntime", "StatecraftSCXML", "StatecraftTesting", "Statecraft",
            ],
            swiftSettings: strict
        ),
        // The expansions of the macros, a library so that their tests import it: a test target
        // that depends on a macro target itself is built, with all the other tests, for the host.
        .target(
            name: "StatecraftMacroExpansion",
            dependencies: [
                .product(name: "SwiftSyntaxMacros", package: "swift-syntax"),
                .product(name: "SwiftSyntaxBuilder", package: "swift-syntax"),
                .product(name: "SwiftDiagnostics", package: "swift-syntax"),
            ],
            swiftSettings: strict
        ),
        .macro(
            name: "StatecraftMacroPlugin",
            dependencies: [
                "StatecraftMacroExpansion",
                .product(name: "SwiftSyntaxMacros", package: "swift-syntax"),
                .product(name: "SwiftCompilerPlugin", package: "swift-syntax"),
            ],
            swiftSettings: strict
        ),
        .target(name: "StatecraftMacros", dependencies: ["Statecraft", "StatecraftMacroPlugin"], swiftSettings: strict),
        .testTarget(
            name: "StatecraftMacrosTests",
            dependencies: [
                "StatecraftMacroExpansion", "StatecraftMacros", "StatecraftRuntime",
                .product(name: "SwiftSyntaxMacrosGenericTestSupport", package: "swift-syntax"),
            ],
            swiftSettings: strict
        ),
        .target(name: "StatecraftTesting", dependencies: ["Statecraft"], swiftSettings: strict),
        .target(
            name: "StatecraftDurable",
            dependencies: [
                "Statecraft", "StatecraftRuntime", "StatecraftSCXML",
                .product(name: "SQLiteNIO", package: "sqlite-nio"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "Metrics", package: "swift-metrics"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
            ],
            swiftSettings: strict
        ),
        // PostgreSQL for durable machines shared by many processes; a target of its own so that
        // SQLite users do not build postgres-nio.
        .target(
            name: "StatecraftDurablePostgres",
            dependencies: [
                "StatecraftDurable",
                .product(name: "PostgresNIO", package: "postgres-nio"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOSSL", package: "swift-nio-ssl"),
                .product(name: "Logging", package: "swift-log"),
            ],
            swiftSettings: strict
        ),
        .testTarget(
            name: "StatecraftDurableTests",
            dependencies: [
                "StatecraftDurable", "StatecraftDurablePostgres", "Orders", "StatecraftSCXML", "Statecraft",
                .product(name: "PostgresNIO", package: "postgres-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "Logging", package: "swift-log"),
            ],
            swiftSettings: strict
        ),
        .testTarget(name: "StatecraftTests", dependencies: ["Statecraft"], swiftSettings: strict),
        .testTarget(
            name: "StatecraftRuntimeTests",
            dependencies: ["StatecraftRuntime", "StatecraftTesting", "Statecraft"],
            swiftSettings: strict
        ),
        .testTarget(
            name: "StatecraftSCXMLTests",
            dependencies: ["StatecraftSCXML", "StatecraftECMAScript", "Statecraft", "StatecraftRuntime", "StatecraftTesting"],
            exclude: ["Recommendation/CHECKLIST.md"],
            swiftSettings: strict
        ),
        .testTarget(
            name: "StatecraftCLITests",
            dependencies: ["StatecraftCLI", "StatecraftSCXML", "StatecraftInspector", "Statecraft"],
            swiftSettings: strict
        ),
        .testTarget(
            name: "StatecraftTestingTests",
            dependencies: ["StatecraftTesting", "Statecraft"],
            swiftSettings: strict
        ),
        .testTarget(
            name: "StatecraftECMAScriptTests",
            dependencies: ["StatecraftECMAScript", "StatecraftSCXML", "StatecraftRuntime", "Statecraft"],
            swiftSettings: strict
        ),
        .testTarget(
            name: "StatecraftClassicTests",
            dependencies: ["StatecraftClassic", "Statecraft"],
            swiftSettings: strict
        ),
        .testTarget(
            name: "ExamplesTests",
            dependencies: [
                "StateConceptual", "LocationTracker", "WorkDay", "TransporterHooks", "Turnstile", "MediaPlayer",
                "StatyDemo", "StatecraftTesting",
            ],
            swiftSettings: strict
        ),
    ] + examples.map(\.1)
)
