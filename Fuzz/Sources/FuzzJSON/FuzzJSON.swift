import Ingest

private let limits = IngestLimits(maxFieldBytes: 4096, maxRecords: 1000, maxDepth: 16, maxColumns: 64)

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzJSON(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    _ = try? JSONParser.parseDocument(bytes, limits: limits)
    _ = bytes.withUnsafeBytes { parseTimestamp($0) }
    for skip in [false, true] {
        let options = IngestOptions(skipInvalid: skip, limits: limits)
        _ = try? HeadacheLogReader.read(bytes: bytes, name: "fuzz.json", format: .json, options: options)
        _ = try? DayContextReader.read(bytes: bytes, name: "fuzz.json", format: .json, options: options)
    }
    return 0
}
