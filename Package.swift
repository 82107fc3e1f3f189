// swift-tools-version:5.9
import PackageDescription

let package = Package(
    name: "report",
    platforms: [.macOS(.v13)],
    products: [
        .executable(name: "report", targets: ["report"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        .package(url: "https://github.com/hummingbird-project/swift-mustache", from: "2.0.0"),
    ],
    targets: [
        // System libraries (Debian: libcairo2-dev, libpango1.0-dev, libcsv-dev).
        .systemLibrary(name: "CCairo", path: "Sources/CCairo", pkgConfig: "pangocairo",
                       providers: [.apt(["libcairo2-dev", "libpango1.0-dev"])]),
        .systemLibrary(name: "CCSV", path: "Sources/CCSV", providers: [.apt(["libcsv-dev"])]),
        .systemLibrary(name: "CSQLite", path: "Sources/CSQLite", pkgConfig: "sqlite3",
                       providers: [.apt(["libsqlite3-dev"])]),

        // Pipeline: Ingest -> Insights -> Render, composed by Reports, driven by `report`.
        .target(name: "Ingest", dependencies: ["CCSV"]),
        .target(name: "Catalog", dependencies: [.product(name: "Mustache", package: "swift-mustache")]),
        .target(name: "Insights", dependencies: ["Ingest", "Catalog"]),
        .target(name: "Render", dependencies: ["CCairo"]),
        .target(name: "Reports", dependencies: ["Ingest", "Insights", "Render", "Catalog", "Care", "Cycle", "Home"]),
        // CuraKnot care circle: records, the SQLite store, symptom patterns.
        .target(name: "Care", dependencies: ["Ingest", "Catalog", "CSQLite"]),
        // Companion apps: period start check-ins (Cycle) and the Mindful Home peanut ledger (Home).
        .target(name: "Cycle", dependencies: ["Ingest"]),
        .target(name: "Home", dependencies: ["Ingest"]),
        // Gentle Days: partner notifications (replay, throttles, partner messages) and the export.
        .target(name: "Gentle", dependencies: ["Ingest", "Catalog", "Insights", "Reports"]),
        // The nightly batch: every user's reports in one process, sharded, resumable.
        .target(name: "Batch", dependencies: ["Ingest", "Insights", "Render", "Catalog", "Reports"]),
        // Seeded synthetic data for the benchmark and the tests.
        .target(name: "Synthetic", dependencies: ["Ingest"]),
        .executableTarget(name: "report", dependencies: [
            "Ingest", "Insights", "Render", "Catalog", "Reports", "Synthetic", "Care", "Cycle", "Home", "Gentle", "Batch",
            .product(name: "ArgumentParser", package: "swift-argument-parser"),
        ]),

        .target(name: "TestSupport", dependencies: ["Render", "Catalog", "Ingest"], path: "Tests/TestSupport"),
        .testTarget(name: "IngestTests", dependencies: ["Ingest", "TestSupport"]),
        .testTarget(name: "RenderTests", dependencies: ["Render", "TestSupport"], exclude: ["Goldens"]),
        .testTarget(name: "CatalogTests", dependencies: ["Catalog", "TestSupport"]),
        .testTarget(name: "InsightsTests", dependencies: ["Insights", "Ingest", "Catalog", "Reports", "Synthetic", "TestSupport"], exclude: ["Goldens"]),
        .testTarget(name: "ReportsTests", dependencies: ["Reports", "Care", "Home", "Render", "Ingest", "Catalog", "TestSupport"], exclude: ["Goldens"]),
        .testTarget(name: "CareTests", dependencies: ["Care", "Ingest", "Catalog", "Reports", "TestSupport"]),
        .testTarget(name: "CycleTests", dependencies: ["Cycle", "Ingest"]),
        .testTarget(name: "HomeTests", dependencies: ["Home", "Ingest"]),
        .testTarget(name: "GentleTests", dependencies: ["Gentle", "Ingest", "Catalog", "Reports", "TestSupport"]),
        .testTarget(name: "BatchTests", dependencies: ["Batch", "Ingest", "TestSupport"]),
        .testTarget(name: "EndToEndTests", dependencies: ["TestSupport"]),
    ]
)
