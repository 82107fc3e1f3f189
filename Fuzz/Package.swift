// swift-tools-version:5.9
// libFuzzer targets for the Ingest readers. Kept out of the main package on purpose: a fuzz
// target there breaks `swift test --sanitize=address`. Sources are symlinks to ../Sources.
import PackageDescription

let package = Package(
    name: "IngestFuzz",
    targets: [
        .systemLibrary(name: "CCSV", path: "Sources/CCSV"),
        .target(name: "Ingest", dependencies: ["CCSV"]),
        .executableTarget(name: "FuzzCSV", dependencies: ["Ingest"],
                          swiftSettings: [.unsafeFlags(["-parse-as-library"])]),
        .executableTarget(name: "FuzzJSON", dependencies: ["Ingest"],
                          swiftSettings: [.unsafeFlags(["-parse-as-library"])]),
    ]
)
