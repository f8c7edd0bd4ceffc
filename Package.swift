// swift-tools-version:6.1
import CompilerPluginSupport
import PackageDescription

/// Every target builds in the Swift 6 language mode with complete strict concurrency checking.
let strict: [SwiftSetting] = [
    .swiftLanguageMode(.v6),
    .enableUpcomingFeature("ExistentialAny"),
    .enableUpcomingFeature("InternalImportsByDefault"),
]

/// A product of another package that only the given trait brings in. SwiftPM leaves a package out of
/// a user's dependency graph (it is not fetched, not in their Package.resolved) only when every
/// target dependency on it, test targets' included, carries a trait condition the user did not enable.
func product(_ name: String, _ package: String, trait: String) -> Target.Dependency {
    .product(name: name, package: package, condition: .when(traits: [trait]))
}

/// An example is an executable target under `Examples/<product>` whose module the tests import.
func example(
    _ product: String, module: String, dependencies: [Target.Dependency], plugins: [Target.PluginUsage] = []
) -> (Product, Target) {
    (
        .executable(name: product, targets: [module]),
        .executableTarget(
            name: module,
            dependencies: dependencies,
            path: "Examples/\(product)",
            swiftSettings: strict,
            plugins: plugins
        )
    )
}

let examples = [
    example("state-conceptual", module: "StateConceptual", dependencies: ["Statecraft"]),
    example("location-tracker", module: "LocationTracker", dependencies: ["Statecraft"]),
    example("work-day", module: "WorkDay", dependencies: ["Statecraft"]),
    example("transporter-hooks", module: "TransporterHooks", dependencies: ["StatecraftClassic"]),
    example("turnstile", module: "Turnstile", dependencies: ["Statecraft", "StatecraftSCXML", "StatecraftTools"]),
    example("media-player", module: "MediaPlayer", dependencies: ["Statecraft", "StatecraftSCXML", "StatecraftTools"]),
    example("staty-demo", module: "StatyDemo", dependencies: ["Statecraft", "StatecraftRuntime"]),
    // Its chart is crossing.scxml, made Swift at build time by the plugin.
    example("crossing", module: "Crossing", dependencies: ["Statecraft"], plugins: ["StatecraftGeneratePlugin"]),
    // Built empty (a program that names the trait) without the Postgres trait.
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
        // Trait Tools (swift-argument-parser; enables Inspector and HTTP).
        .executable(name: "statecraft", targets: ["StatecraftCLI"]),
        .library(name: "StatecraftRuntime", targets: ["StatecraftRuntime"]),
        .library(name: "StatecraftTesting", targets: ["StatecraftTesting"]),
        .library(name: "StatecraftECMAScript", targets: ["StatecraftECMAScript"]),
        // Not for apps: its API is `package`. The nested Fuzz package fuzzes its simulation scripts and
        // conformance markup (with `@testable import`), and a package can use only another's products.
        .library(name: "StatecraftTools", targets: ["StatecraftTools"]),
        // `.scxml` files of a target become Swift at build time (`statecraft generate`).
        .plugin(name: "StatecraftGeneratePlugin", targets: ["StatecraftGeneratePlugin"]),
        // `@MachineEvent`; trait Macros (swift-syntax).
        .library(name: "StatecraftMacros", targets: ["StatecraftMacros"]),
        // The live page; trait Inspector (Hummingbird).
        .library(name: "StatecraftInspector", targets: ["StatecraftInspector"]),
        // The Basic HTTP Event I/O Processor for SCXML sessions; trait HTTP (Hummingbird, SwiftNIO).
        .library(name: "StatecraftSCXMLHTTP", targets: ["StatecraftSCXMLHTTP"]),
        // Durable machines: trait Durable (SQLite), trait Postgres (PostgreSQL, enables Durable).
        .library(name: "StatecraftDurable", targets: ["StatecraftDurable"]),
        .library(name: "StatecraftDurablePostgres", targets: ["StatecraftDurablePostgres"]),
        // Durable SCXML sessions: trait Durable.
        .library(name: "StatecraftDurableSCXML", targets: ["StatecraftDurableSCXML"]),
    ] + examples.map(\.0),
    traits: [
        .trait(
            name: "ECMAScript",
            description: """
                The ecmascript SCXML datamodel on JavaScriptCore (StatecraftECMAScript). Apple platforms always \
                have it; on Linux it needs WebKitGTK's JavaScriptCore (apt: libjavascriptcoregtk-4.1-dev).
                """
        ),
        // The heavy parts, each behind a trait, so that a user who does not enable it resolves none of its
        // packages. Every Swift file of a gated target is wrapped in `#if <Trait>` (scripts/check-traits);
        // without the trait the target builds as a stub whose main names say which trait to enable.
        .trait(
            name: "Durable",
            description: "StatecraftDurable: durable machines on SQLite (sqlite-nio, SwiftNIO, swift-log, swift-metrics, swift-service-lifecycle)."
        ),
        .trait(
            name: "Postgres",
            description: "StatecraftDurablePostgres: durable machines on PostgreSQL (postgres-nio, swift-nio-ssl); enables Durable.",
            enabledTraits: ["Durable"]
        ),
        .trait(
            name: "Inspector",
            description: "StatecraftInspector: the live page for running machines, served by Hummingbird."
        ),
        .trait(
            name: "HTTP",
            description: """
                StatecraftSCXMLHTTP: the SCXML Basic HTTP Event I/O Processor (SCXML Appendix C.2), served by \
                Hummingbird; enables Inspector, whose access policy it shares.
                """,
            enabledTraits: ["Inspector"]
        ),
        .trait(
            name: "Macros",
            description: "StatecraftMacros: @MachineEvent (swift-syntax)."
        ),
        .trait(
            name: "Tools",
            description: "The command-line tool statecraft (swift-argument-parser); enables Inspector for `statecraft inspect` and HTTP for `statecraft conformance --http`.",
            enabledTraits: ["Inspector", "HTTP"]
        ),
        // A plain dependency on the package resolves nothing but the package itself.
        .default(enabledTraits: []),
    ],
    // Each is used only by targets behind a trait, through `product(_:_:trait:)`: a user resolves one only
    // when they enable a trait that needs it (the README's table has the counts; scripts/check-consumers).
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
        .target(name: "StatecraftSCXML", dependencies: ["Statecraft"], swiftSettings: strict),
        // What the command-line tool, the examples' --simulate, the tests and the fuzzers use, and apps
        // do not: the W3C conformance runner and its profiles, simulation scripts, the path search.
        .target(
            name: "StatecraftTools",
            dependencies: ["Statecraft", "StatecraftSCXML", "StatecraftECMAScript"],
            swiftSettings: strict
        ),
        // What StatecraftGeneratePlugin runs: the reader and the generator, nothing behind a trait.
        .executableTarget(name: "StatecraftGenerateTool", dependencies: ["StatecraftSCXML", "StatecraftTools"], swiftSettings: strict),
        .plugin(name: "StatecraftGeneratePlugin", capability: .buildTool(), dependencies: ["StatecraftGenerateTool"]),
        .executableTarget(
            name: "StatecraftCLI",
            dependencies: [
                "StatecraftSCXML", "StatecraftECMAScript", "StatecraftInspector", "StatecraftSCXMLHTTP", "StatecraftTools",
                product("ArgumentParser", "swift-argument-parser", trait: "Tools"),
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
                product("Hummingbird", "hummingbird", trait: "Inspector"),
                product("HummingbirdWebSocket", "hummingbird-websocket", trait: "Inspector"),
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
        // The Basic HTTP Event I/O Processor: a server that takes events for sessions as POSTs, and the
        // client that sends `<send type="...#BasicHTTPEventProcessor">`.
        .target(
            name: "StatecraftSCXMLHTTP",
            dependencies: [
                "StatecraftSCXML", "StatecraftInspector",
                product("Hummingbird", "hummingbird", trait: "HTTP"),
                product("NIOCore", "swift-nio", trait: "HTTP"),
                product("NIOPosix", "swift-nio", trait: "HTTP"),
            ],
            swiftSettings: strict
        ),
        .testTarget(
            name: "StatecraftSCXMLHTTPTests",
            dependencies: [
                "StatecraftSCXMLHTTP", "StatecraftSCXML", "StatecraftTools", "StatecraftECMAScript",
                product("NIOCore", "swift-nio", trait: "HTTP"),
                product("NIOPosix", "swift-nio", trait: "HTTP"),
            ],
            swiftSettings: strict
        ),
        // The expansions of the macros, a library so that their tests import it: a test target
        // that depends on a macro target itself is built, with all the other tests, for the host.
        .target(
            name: "StatecraftMacroExpansion",
            dependencies: [
                product("SwiftSyntaxMacros", "swift-syntax", trait: "Macros"),
                product("SwiftSyntaxBuilder", "swift-syntax", trait: "Macros"),
                product("SwiftDiagnostics", "swift-syntax", trait: "Macros"),
            ],
            swiftSettings: strict
        ),
        .macro(
            name: "StatecraftMacroPlugin",
            dependencies: [
                "StatecraftMacroExpansion",
                product("SwiftSyntaxMacros", "swift-syntax", trait: "Macros"),
                product("SwiftCompilerPlugin", "swift-syntax", trait: "Macros"),
            ],
            swiftSettings: strict
        ),
        // Without the Macros trait the plug-in is not built for a user: `@MachineEvent` is then declared
        // unavailable, with a message that names the trait.
        .target(
            name: "StatecraftMacros",
            dependencies: ["Statecraft", .target(name: "StatecraftMacroPlugin", condition: .when(traits: ["Macros"]))],
            swiftSettings: strict
        ),
        .testTarget(
            name: "StatecraftMacrosTests",
            dependencies: [
                "StatecraftMacroExpansion", "StatecraftMacros", "StatecraftRuntime",
                product("SwiftSyntaxMacrosGenericTestSupport", "swift-syntax", trait: "Macros"),
            ],
            swiftSettings: strict
        ),
        .target(name: "StatecraftTesting", dependencies: ["Statecraft"], swiftSettings: strict),
        .target(
            name: "StatecraftDurable",
            dependencies: [
                "Statecraft",
                product("SQLiteNIO", "sqlite-nio", trait: "Durable"),
                product("NIOCore", "swift-nio", trait: "Durable"),
                product("NIOPosix", "swift-nio", trait: "Durable"),
                product("Logging", "swift-log", trait: "Durable"),
                product("Metrics", "swift-metrics", trait: "Durable"),
                product("ServiceLifecycle", "swift-service-lifecycle", trait: "Durable"),
            ],
            swiftSettings: strict
        ),
        // Durable SCXML sessions, a target of their own so that the durable store on typed charts
        // does not link the SCXML reader.
        .target(
            name: "StatecraftDurableSCXML",
            dependencies: ["StatecraftDurable", "StatecraftSCXML", "Statecraft"],
            swiftSettings: strict
        ),
        // PostgreSQL for durable machines shared by many processes; a target of its own so that
        // SQLite users do not build postgres-nio.
        .target(
            name: "StatecraftDurablePostgres",
            dependencies: [
                "StatecraftDurable",
                product("PostgresNIO", "postgres-nio", trait: "Postgres"),
                product("NIOCore", "swift-nio", trait: "Postgres"),
                product("NIOSSL", "swift-nio-ssl", trait: "Postgres"),
                product("Logging", "swift-log", trait: "Postgres"),
            ],
            swiftSettings: strict
        ),
        .testTarget(
            name: "StatecraftDurableTests",
            dependencies: [
                "StatecraftDurable", "StatecraftDurablePostgres", "StatecraftDurableSCXML", "Orders", "StatecraftSCXML", "Statecraft",
                "StatecraftTesting",
                product("PostgresNIO", "postgres-nio", trait: "Postgres"),
                product("NIOPosix", "swift-nio", trait: "Postgres"),
                product("Logging", "swift-log", trait: "Postgres"),
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
            dependencies: ["StatecraftSCXML", "Statecraft", "StatecraftRuntime", "StatecraftTesting"],
            exclude: ["Recommendation/CHECKLIST.md"],
            swiftSettings: strict
        ),
        .testTarget(
            name: "StatecraftToolsTests",
            dependencies: ["StatecraftTools", "StatecraftSCXML", "StatecraftECMAScript", "Statecraft"],
            swiftSettings: strict
        ),
        // Charts generated from `.scxml` files by the plugin, run against SCXMLSession.
        .testTarget(
            name: "StatecraftGenerateTests",
            dependencies: ["Statecraft", "StatecraftSCXML", "StatecraftECMAScript"],
            swiftSettings: strict,
            plugins: ["StatecraftGeneratePlugin"]
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
                "StatyDemo", "Crossing", "StatecraftTesting", "StatecraftTools",
            ],
            swiftSettings: strict
        ),
    ] + examples.map(\.1)
)
