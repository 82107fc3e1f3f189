#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

@usableFromInline enum ReadOutcome {
    case bytes([UInt8])
    case tooLarge(Int)
}

/// Reads a whole file (or all of standard input for `-`) into memory.
@usableFromInline func readInput(_ source: InputSource, maxBytes: Int) throws -> ReadOutcome {
    let fd: Int32
    if source.isStandardInput {
        fd = 0
    } else {
        fd = open(source.path, O_RDONLY | O_CLOEXEC)
        if fd < 0 { throw IngestError.unreadable(path: source.path, reason: errnoText()) }
    }
    defer { if fd != 0 { close(fd) } }

    var st = stat()
    var expected = 0
    if fstat(fd, &st) == 0 {
        if (st.st_mode & S_IFMT) == S_IFDIR {
            throw IngestError.unreadable(path: source.displayName, reason: "is a directory")
        }
        if (st.st_mode & S_IFMT) == S_IFREG {
            let size = Int(st.st_size)
            if size > maxBytes { return .tooLarge(size) }
            expected = size
        }
    }
    var buffer = [UInt8](repeating: 0, count: max(expected, 0) + 1)
    var count = 0
    while true {
        if count == buffer.count {
            if count > maxBytes { return .tooLarge(count) }
            buffer.append(contentsOf: repeatElement(0, count: max(count, 1 << 16)))
        }
        let space = buffer.count - count
        let r = buffer.withUnsafeMutableBytes { raw -> Int in
            guard let base = raw.baseAddress else { return 0 }
            return read(fd, base + count, space)
        }
        if r < 0 {
            if errno == EINTR { continue }
            throw IngestError.unreadable(path: source.displayName, reason: errnoText())
        }
        if r == 0 { break }
        count += r
    }
    if count > maxBytes { return .tooLarge(count) }
    buffer.removeSubrange(count...)
    return .bytes(buffer)
}

private func errnoText() -> String {
    guard let s = strerror(errno) else { return "error \(errno)" }
    return String(cString: s)
}

/// The format of a source: forced, else by extension, else sniffed from the first byte.
@usableFromInline func chooseFormat(_ source: InputSource, forced: InputFormat?, bytes: [UInt8]) -> InputFormat {
    if let forced { return forced }
    let lower = source.path.lowercased()
    if lower.hasSuffix(".json") { return .json }
    if lower.hasSuffix(".csv") { return .csv }
    var i = 0
    if bytes.count >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF { i = 3 }
    while i < bytes.count, isASCIISpace(bytes[i]) { i += 1 }
    if i < bytes.count, bytes[i] == UInt8(ascii: "[") || bytes[i] == UInt8(ascii: "{") { return .json }
    return .csv
}
