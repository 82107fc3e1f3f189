// swift-tools-version:6.0
// libFuzzer targets for the readers and for the whole pipeline. Kept out of the main package on
// purpose: a fuzz target there breaks `swift test --sanitize=address`. The library sources are
// symlinks to ../Sources, declared as in the main Package.swift.
import PackageDescription

let fuzzTarget: [SwiftSetting] = [.unsafeFlags(["-parse-as-library"])]

// The PDF stack's headers, as in the main Package.swift (its libraries are loaded when first
// used: Sources/CDelayLoad).
#if arch(arm64)
let multiarch = "aarch64-linux-gnu"
#else
let multiarch = "x86_64-linux-gnu"
#endif
let pdfHeaders = ["/usr/include/pango-1.0", "/usr/include/glib-2.0", "/usr/lib/\(multiarch)/glib-2.0/include",
                  "/usr/include/harfbuzz", "/usr/include/cairo", "/usr/include/freetype2"].map { "-I" + $0 }

let package = Package(
    name: "ReportFuzz",
    targets: [
        .systemLibrary(name: "CCairo", path: "Sources/CCairo"),
        .systemLibrary(name: "CCSV", path: "Sources/CCSV"),
        .systemLibrary(name: "CZlib", path: "Sources/CZlib", pkgConfig: "zlib"),
        .systemLibrary(name: "CSQLite", path: "Sources/CSQLite"),
        .systemLibrary(name: "CNettle", path: "Sources/CNettle"),
        .target(name: "CDelayLoad", dependencies: [], cSettings: [.unsafeFlags(pdfHeaders)], linkerSettings: [.linkedLibrary("dl")]),
        .target(name: "Quoting", dependencies: []),
        .target(name: "Ingest", dependencies: ["CCSV", "CDelayLoad", "Quoting"]),
        .target(name: "Insights", dependencies: []),
        .target(name: "Catalog", dependencies: ["Ingest", "Quoting"]),
        .target(name: "Render", dependencies: ["CCairo", "CDelayLoad", "CZlib", "Quoting"],
                swiftSettings: [.unsafeFlags(pdfHeaders.flatMap { ["-Xcc", $0] })]),
        .target(name: "ReportKit", dependencies: ["Ingest", "Catalog", "Render", "Quoting"]),
        .target(name: "Aurae", dependencies: ["ReportKit", "Insights", "Quoting"]),
        .target(name: "CuraKnot", dependencies: ["ReportKit", "Insights", "CSQLite", "CDelayLoad", "Quoting"]),
        .target(name: "Cycle", dependencies: ["ReportKit", "Quoting"]),
        .target(name: "Gentle", dependencies: ["ReportKit", "Quoting"]),
        .target(name: "MindfulHome", dependencies: ["ReportKit"]),
        .target(name: "Batch", dependencies: ["Aurae", "CNettle", "CDelayLoad", "Quoting"]),

        // What the fuzz targets share (limits, the measurer, scratch files); fuzz-only, not a symlink.
        .target(name: "FuzzSupport", dependencies: ["Ingest", "Catalog", "Render", "ReportKit"]),

        .executableTarget(name: "FuzzCSV", dependencies: ["Ingest", "Aurae"], swiftSettings: fuzzTarget),
        .executableTarget(name: "FuzzJSON", dependencies: ["Ingest", "Aurae"], swiftSettings: fuzzTarget),
        .executableTarget(name: "FuzzPipeline", dependencies: ["Ingest", "Render", "ReportKit", "Aurae", "Catalog"],
                          swiftSettings: fuzzTarget),
        .executableTarget(name: "FuzzCare", dependencies: ["Ingest", "Render", "ReportKit", "CuraKnot", "FuzzSupport"],
                          swiftSettings: fuzzTarget),
        .executableTarget(name: "FuzzCareStore", dependencies: ["Ingest", "ReportKit", "CuraKnot", "FuzzSupport"],
                          swiftSettings: fuzzTarget),
        .executableTarget(name: "FuzzCompanion", dependencies: ["Ingest", "Render", "ReportKit", "Cycle", "Gentle", "MindfulHome", "FuzzSupport"],
                          swiftSettings: fuzzTarget),
        .executableTarget(name: "FuzzBatch", dependencies: ["Batch", "FuzzSupport"], swiftSettings: fuzzTarget),
    ]
)
