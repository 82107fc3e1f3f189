import Ingest

// Small limits so that the limit paths are reached too.
private let limits = IngestLimits(maxFieldBytes: 4096, maxRecords: 1000, maxDepth: 16, maxColumns: 64)

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzCSV(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    _ = try? CSVRecordReader.records(bytes, limits: limits)
    for skip in [false, true] {
        let options = IngestOptions(skipInvalid: skip, limits: limits)
        _ = try? HeadacheLogReader.read(bytes: bytes, name: "fuzz.csv", format: .csv, options: options)
        _ = try? DayContextReader.read(bytes: bytes, name: "fuzz.csv", format: .csv, options: options)
    }
    return 0
}
