// swift-tools-version:6.0
import PackageDescription

// Where the headers of the PDF stack are (what `pkg-config --cflags pangocairo` names on Debian).
// Listed here rather than taken from pkg-config: SwiftPM would also link every library that
// pkg-config lists, and the loader would then bind all 44 of them at every start, `--version`
// included. They are loaded when a command first draws instead (Sources/CDelayLoad).
#if arch(arm64)
let multiarch = "aarch64-linux-gnu"
#else
let multiarch = "x86_64-linux-gnu"
#endif
let pdfHeaders = ["/usr/include/pango-1.0", "/usr/include/glib-2.0", "/usr/lib/\(multiarch)/glib-2.0/include",
                  "/usr/include/harfbuzz", "/usr/include/cairo", "/usr/include/freetype2"].map { "-I" + $0 }

let package = Package(
    name: "report",
    platforms: [.macOS(.v15)],
    products: [
        .executable(name: "report", targets: ["report"]),
    ],
    dependencies: [
        // Exact: the tests compare its usage and help output byte for byte (Package.resolved is not kept).
        .package(url: "https://github.com/apple/swift-argument-parser", exact: "1.8.2"),
        // Only the tests: the check that the phrase parser renders as swift-mustache does.
        .package(url: "https://github.com/hummingbird-project/swift-mustache", from: "2.0.0"),
    ],
    targets: [
        // System libraries (Debian: libcairo2-dev, libpango1.0-dev, libcsv-dev, libsqlite3-dev, zlib1g-dev, nettle-dev).
        .systemLibrary(name: "CCairo", path: "Sources/CCairo", providers: [.apt(["libcairo2-dev", "libpango1.0-dev"])]),
        .systemLibrary(name: "CCSV", path: "Sources/CCSV", providers: [.apt(["libcsv-dev"])]),
        // zlib and libdeflate: the tagged PDF's content streams, marked and compressed once
        // (Render/PDF). Headers only: both are loaded with the PDF stack (CDelayLoad).
        .systemLibrary(name: "CZlib", path: "Sources/CZlib", providers: [.apt(["zlib1g-dev", "libdeflate-dev"])]),
        .systemLibrary(name: "CSQLite", path: "Sources/CSQLite", providers: [.apt(["libsqlite3-dev"])]),
        // Nettle's SHA-256 (SHA-NI where the CPU has it): the batch manifest's fingerprints.
        .systemLibrary(name: "CNettle", path: "Sources/CNettle", providers: [.apt(["nettle-dev"])]),
        // The PDF stack, SQLite, Nettle, libcsv, libdeflate and zlib: loaded when a command first calls
        // them, not at start (docs/performance.md). Every function report calls in them is defined
        // here and calls the library's through a pointer; no module map above links them.
        // DWARF 4: Debian 12's valgrind, which measures start-up, cannot read clang's DWARF 5.
        .target(name: "CDelayLoad", dependencies: [], cSettings: [.unsafeFlags(pdfHeaders + ["-gdwarf-4"])],
                linkerSettings: [.linkedLibrary("dl")]),

        // Cairo's numbers in a PDF written with exact integer arithmetic instead of glibc's
        // multi-precision printf: the executable defines and exports `__snprintf_chk`, and the
        // loader binds the PDF libraries' calls to it (docs/performance.md).
        .target(name: "CNumberFormat", dependencies: [], cSettings: [.unsafeFlags(["-gdwarf-4"])]),

        // The shared stages, free of any app: reading exports, statistics, templates, layout.
        // Quoting: the one rule for showing a value in a message (input and layout errors).
        .target(name: "Quoting", dependencies: []),
        .target(name: "Ingest", dependencies: ["CCSV", "CDelayLoad", "Quoting"]),
        .target(name: "Insights", dependencies: []),
        .target(name: "Catalog", dependencies: ["Ingest", "Quoting"]),
        .target(name: "Render", dependencies: ["CCairo", "CDelayLoad", "CZlib", "Quoting"],
                swiftSettings: [.unsafeFlags(pdfHeaders.flatMap { ["-Xcc", $0] })]),
        // The report kit every app's reports are written with: jobs, run info, output files.
        .target(name: "ReportKit", dependencies: ["Ingest", "Catalog", "Render", "Quoting"]),

        // One module per app: its records, its rules and its reports.
        .target(name: "Aurae", dependencies: ["ReportKit", "Insights", "Quoting"]),
        .target(name: "CuraKnot", dependencies: ["ReportKit", "Insights", "CSQLite", "CDelayLoad", "Quoting"]),
        .target(name: "Cycle", dependencies: ["ReportKit", "Quoting"]),
        .target(name: "Gentle", dependencies: ["ReportKit", "Quoting"]),
        .target(name: "MindfulHome", dependencies: ["ReportKit"]),

        // The nightly batch of the Aurae reports: sharded, resumable, on every core.
        .target(name: "Batch", dependencies: ["Aurae", "CNettle", "CDelayLoad", "Quoting"]),
        // Seeded synthetic data for the benchmark and the tests.
        .target(name: "Synthetic", dependencies: ["Aurae"]),
        .executableTarget(name: "report", dependencies: [
            "ReportKit", "Aurae", "CuraKnot", "Cycle", "Gentle", "MindfulHome", "Batch", "Synthetic", "Quoting",
            "CNumberFormat", "CDelayLoad", .product(name: "ArgumentParser", package: "swift-argument-parser"),
        ], linkerSettings: [
            .unsafeFlags(["-Xlinker", "--export-dynamic-symbol=__snprintf_chk"]),
            // Release start-up (docs/performance.md, issue 23): lld with packed relative
            // relocations (DT_RELR: 85,000 relocations as a bitmap, 2 MB smaller) and only the
            // symbols the shared libraries need in the dynamic symbol table (8,790 → 621 entries).
            .unsafeFlags(["-use-ld=lld", "-Xlinker", "-z", "-Xlinker", "pack-relative-relocs",
                          "-Xlinker", "--no-export-dynamic"], .when(configuration: .release)),
        ]),

        // Tests follow the modules they test; TestSupport holds paths, golden files and the built binary.
        // A test target (it has no tests of its own) so that XCTest stays out of `swift build`:
        // the test targets depend on it and only `swift test` or `--build-tests` builds it.
        .testTarget(name: "TestSupport", dependencies: ["Render", "Catalog", "Ingest"], path: "Tests/TestSupport"),
        .testTarget(name: "IngestTests", dependencies: ["Ingest", "Aurae", "TestSupport"]),
        .testTarget(name: "InsightsTests", dependencies: ["Insights"]),
        .testTarget(name: "CatalogTests", dependencies: [
            "Catalog", "TestSupport", .product(name: "Mustache", package: "swift-mustache"),
        ]),
        .testTarget(name: "RenderTests", dependencies: ["Render", "Quoting", "TestSupport", "CNumberFormat"], exclude: ["Goldens"],
                    swiftSettings: [.unsafeFlags(pdfHeaders.flatMap { ["-Xcc", $0] })]),
        .testTarget(name: "ReportKitTests", dependencies: ["ReportKit", "TestSupport"]),
        .testTarget(name: "AuraeTests", dependencies: ["Aurae", "Insights", "Synthetic", "TestSupport"], exclude: ["Goldens"]),
        .testTarget(name: "CuraKnotTests", dependencies: ["CuraKnot", "CSQLite", "Quoting", "TestSupport"], exclude: ["Goldens"]),
        .testTarget(name: "CycleTests", dependencies: ["Cycle"]),
        .testTarget(name: "GentleTests", dependencies: ["Gentle", "TestSupport"]),
        .testTarget(name: "MindfulHomeTests", dependencies: ["MindfulHome", "TestSupport"], exclude: ["Goldens"]),
        .testTarget(name: "BatchTests", dependencies: ["Batch", "TestSupport"]),
        .testTarget(name: "EndToEndTests", dependencies: ["TestSupport"]),
        // The command line's own code (the executable's module): its plain-line parser against ArgumentParser.
        .testTarget(name: "CommandTests", dependencies: ["report", "Synthetic", .product(name: "ArgumentParser", package: "swift-argument-parser")]),
    ]
)

// Generic metadata made by calling its accessor, not from a mangled name: the runtime turns a
// name like `Dictionary<String, Int>` into metadata by looking up each conformance the type's
// parameters need (`String: Hashable`), a scan of every conformance record in the binary
// (≈ 290,000 instructions for each first use), where the accessor is handed the conformance
// directly. 3.4 M instructions of the 100-row summary's start, about 0.1 MB more code
// (docs/performance.md).
let metadataAccessors = SwiftSetting.unsafeFlags(["-Xfrontend", "-disable-concrete-type-metadata-mangled-name-accessors"])
for target in package.targets where (target.type == .regular || target.type == .executable)
    && !["CDelayLoad", "CNumberFormat"].contains(target.name) {
    target.swiftSettings = (target.swiftSettings ?? []) + [metadataAccessors]
}
