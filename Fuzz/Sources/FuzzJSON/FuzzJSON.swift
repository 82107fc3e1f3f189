import Aurae
import Ingest

/// Small limits, so that every limit (field bytes, records, depth, columns) is reached by inputs of
/// at most 4 KiB (`-max_len=4096`).
private let limits = IngestLimits(maxFieldBytes: 512, maxRecords: 100, maxDepth: 16, maxColumns: 64)

/// Every JSON reader on the fuzzer's bytes: the parser, the timestamp parser, then headache logs
/// and daily context, strict and with `--skip-invalid`, with their messages formatted as the
/// command prints them.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzJSON(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    _ = try? JSONParser.parseDocument(bytes, limits: limits)
    _ = bytes.withUnsafeBytes { parseTimestamp($0) }
    for skip in [false, true] {
        let options = IngestOptions(skipInvalid: skip, limits: limits)
        do {
            _ = try HeadacheLogReader.read(bytes: bytes, name: "fuzz.json", format: .json, options: options)
                .warnings.map(\.description)
        } catch { _ = "\(error)" }
        do {
            _ = try DayContextReader.read(bytes: bytes, name: "fuzz.json", format: .json, options: options)
                .warnings.map(\.description)
        } catch { _ = "\(error)" }
    }
    return 0
}
