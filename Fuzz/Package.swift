// swift-tools-version:6.0
// libFuzzer targets for the readers and for the whole pipeline. Kept out of the main package on
// purpose: a fuzz target there breaks `swift test --sanitize=address`. The library sources are
// symlinks to ../Sources, declared as in the main Package.swift.
import PackageDescription

let fuzzTarget: [SwiftSetting] = [.unsafeFlags(["-parse-as-library"])]

let package = Package(
    name: "ReportFuzz",
    targets: [
        .systemLibrary(name: "CCairo", path: "Sources/CCairo", pkgConfig: "pangocairo"),
        .systemLibrary(name: "CCSV", path: "Sources/CCSV"),
        .target(name: "Quoting", dependencies: []),
        .target(name: "Ingest", dependencies: ["CCSV", "Quoting"]),
        .target(name: "Insights", dependencies: []),
        .target(name: "Catalog", dependencies: []),
        .target(name: "Render", dependencies: ["CCairo", "Quoting"]),
        .target(name: "ReportKit", dependencies: ["Ingest", "Catalog", "Render", "Quoting"]),
        .target(name: "Aurae", dependencies: ["ReportKit", "Insights"]),

        .executableTarget(name: "FuzzCSV", dependencies: ["Ingest", "Aurae"], swiftSettings: fuzzTarget),
        .executableTarget(name: "FuzzJSON", dependencies: ["Ingest", "Aurae"], swiftSettings: fuzzTarget),
        .executableTarget(name: "FuzzPipeline", dependencies: ["Ingest", "Render", "ReportKit", "Aurae", "Catalog"],
                          swiftSettings: fuzzTarget),
    ]
)
