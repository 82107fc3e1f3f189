import Aurae
import Ingest

/// Small limits, so that every limit (field bytes, records, depth, columns) is reached by inputs of
/// at most 4 KiB (`-max_len=4096`).
private let limits = IngestLimits(maxFieldBytes: 512, maxRecords: 100, maxDepth: 16, maxColumns: 64)

/// Every CSV reader on the fuzzer's bytes: the raw records, then headache logs and daily context,
/// strict and with `--skip-invalid`, with their messages formatted as the command prints them.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzCSV(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    _ = try? CSVRecordReader.records(bytes, limits: limits)
    for skip in [false, true] {
        let options = IngestOptions(skipInvalid: skip, limits: limits)
        do {
            _ = try HeadacheLogReader.read(bytes: bytes, name: "fuzz.csv", format: .csv, options: options)
                .warnings.map(\.description)
        } catch { _ = "\(error)" }
        do {
            _ = try DayContextReader.read(bytes: bytes, name: "fuzz.csv", format: .csv, options: options)
                .warnings.map(\.description)
        } catch { _ = "\(error)" }
    }
    return 0
}
