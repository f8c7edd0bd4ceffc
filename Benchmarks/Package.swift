// swift-tools-version:6.1
import PackageDescription

/// The benchmark harness of Statecraft: a nested package, so that the root package's users and
/// its CI never build the benchmark dependencies.
///
/// - `BenchmarkCases`: each case and its hand-written baseline, in a module that is not
///   Statecraft, so the library is measured as a user's code sees it.
/// - `compare`: times every case against its baseline and checks the targets of issue 6
///   (`swift run -c release --package-path Benchmarks compare`); `compare durable` times durable
///   machines against bare SQLite and PostgreSQL transactions (issue 13).
/// - `RuntimeCounters`: the C part of `compare` that counts retains and releases.
/// - `StatecraftBenchmarks`: the same cases as a package-benchmark suite, with allocation and
///   retain/release counts (`swift package --package-path Benchmarks benchmark --no-progress`).
let strict: [SwiftSetting] = [
    .swiftLanguageMode(.v6),
    .enableUpcomingFeature("ExistentialAny"),
]

/// SwiftPM names a path dependency after its folder, so the root package's identity is the name
/// of whatever folder the repository was cloned into.
let root = String(Context.packageDirectory.split(separator: "/").dropLast().last ?? "Statecraft")

let package = Package(
    name: "StatecraftBenchmarks",
    platforms: [.macOS(.v15)],
    traits: [
        .trait(
            name: "ECMAScript",
            description: "The ecmascript datamodel cases (JavaScriptCore; on Linux libjavascriptcoregtk-4.1-dev)."
        ),
        .default(enabledTraits: []),
    ],
    dependencies: [
        // The inspector's and the durable stores' cases need their traits (Postgres enables Durable); no
        // `.defaults`: the package has no default trait, and `.defaults` beside other traits could leave a
        // dependency out of the graph (swiftlang/swift-package-manager#10409).
        .package(
            path: "..",
            traits: [
                "Inspector", "Postgres", .trait(name: "ECMAScript", condition: .when(traits: ["ECMAScript"])),
            ]
        ),
        .package(url: "https://github.com/ordo-one/package-benchmark", from: "1.38.1", traits: ["MallocInterposer"]),
        .package(url: "https://github.com/ordo-one/malloc-interposer", from: "1.6.1"),
        // The bare transactions `compare durable` measures durable machines against, on the
        // drivers StatecraftDurable uses (the same versions as the root package's).
        .package(url: "https://github.com/vapor/sqlite-nio", from: "1.13.2"),
        .package(url: "https://github.com/vapor/postgres-nio", from: "1.33.2"),
        .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
    ],
    targets: [
        .target(
            name: "BenchmarkCases",
            dependencies: [
                .product(name: "Statecraft", package: root),
                .product(name: "StatecraftClassic", package: root),
                .product(name: "StatecraftRuntime", package: root),
                .product(name: "StatecraftSCXML", package: root),
                .product(name: "StatecraftTesting", package: root),
                .product(name: "StatecraftECMAScript", package: root),
                .product(name: "StatecraftInspector", package: root),
            ],
            swiftSettings: strict
        ),
        .target(name: "RuntimeCounters"),
        .executableTarget(
            name: "compare",
            dependencies: [
                "BenchmarkCases",
                "RuntimeCounters",
                .product(name: "MallocInterposerSwift", package: "malloc-interposer"),
                .product(name: "Statecraft", package: root),
                .product(name: "StatecraftDurable", package: root),
                .product(name: "StatecraftDurablePostgres", package: root),
                .product(name: "SQLiteNIO", package: "sqlite-nio"),
                .product(name: "PostgresNIO", package: "postgres-nio"),
                .product(name: "Logging", package: "swift-log"),
            ],
            swiftSettings: strict
        ),
        // The synchronous loops alone, for callgrind (scripts/instructions).
        .executableTarget(name: "instructions", dependencies: ["BenchmarkCases"], swiftSettings: strict),
        .executableTarget(
            name: "StatecraftBenchmarks",
            dependencies: [
                "BenchmarkCases",
                .product(name: "Benchmark", package: "package-benchmark"),
            ],
            path: "Benchmarks/StatecraftBenchmarks",
            swiftSettings: strict,
            plugins: [.plugin(name: "BenchmarkPlugin", package: "package-benchmark")]
        ),
    ]
)
