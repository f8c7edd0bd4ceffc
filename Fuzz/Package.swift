// swift-tools-version:6.1
import PackageDescription

/// The fuzz targets of Statecraft: a nested package, so that the root package's users and its
/// normal builds never build them (run them with `scripts/fuzz`; see `Fuzz/README.md`).
///
/// Each target is an executable whose `LLVMFuzzerTestOneInput` libFuzzer calls; it links
/// libFuzzer's `main` when built with `--sanitize=fuzzer` (and AddressSanitizer with
/// `--sanitize=address`). The targets reach the readers' `package` and internal entry points
/// through `@testable import`, which a debug build allows, so the library widens no access
/// for them.
let strict: [SwiftSetting] = [
    .swiftLanguageMode(.v6),
    .enableUpcomingFeature("ExistentialAny"),
]

/// SwiftPM names a path dependency after its folder, so the root package's identity is the name
/// of whatever folder the repository was cloned into.
let root = String(Context.packageDirectory.split(separator: "/").dropLast().last ?? "Statecraft")

/// A fuzz target: the executable `product`, built from `Targets/<folder>`, with the root's
/// `libraries`.
func fuzzTarget(_ product: String, folder: String, library: String...) -> (Product, Target) {
    (
        .executable(name: product, targets: ["Fuzz\(folder)"]),
        .executableTarget(
            name: "Fuzz\(folder)",
            dependencies: ["FuzzSupport"] + library.map { Target.Dependency.product(name: $0, package: root) },
            path: "Targets/\(folder)",
            swiftSettings: strict
        )
    )
}

let targets = [
    fuzzTarget("scxml-reader", folder: "SCXMLReader", library: "StatecraftSCXML"),
    fuzzTarget("scxml-model", folder: "SCXMLModel", library: "StatecraftSCXML", "StatecraftTools"),
    fuzzTarget("expression", folder: "Expression", library: "StatecraftSCXML"),
    fuzzTarget("machine-snapshot", folder: "MachineSnapshot", library: "Statecraft"),
    fuzzTarget("session-snapshot", folder: "SessionSnapshot", library: "StatecraftSCXML"),
    fuzzTarget("simulate-script", folder: "SimulationScript", library: "StatecraftSCXML", "StatecraftTools"),
    fuzzTarget("inspector-request", folder: "InspectorRequest", library: "StatecraftInspector"),
    fuzzTarget("durable-row", folder: "DurableRow", library: "StatecraftDurable", "StatecraftDurableSCXML"),
]

let package = Package(
    name: "StatecraftFuzz",
    platforms: [.macOS(.v15)],
    products: targets.map(\.0),
    // inspector-request and durable-row need the root's Inspector and Durable traits (off by
    // default, issue 32): they bring Hummingbird and sqlite-nio into this package's graph.
    dependencies: [.package(path: "..", traits: ["Inspector", "Durable"])],
    targets: [.target(name: "FuzzSupport", swiftSettings: strict)] + targets.map(\.1)
)
