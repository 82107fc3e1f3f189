#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

@usableFromInline enum ReadOutcome {
    case bytes([UInt8])
    /// Over `maxBytes`: the file's size when it is a regular file, else `nil` (reading stopped
    /// one byte past the limit).
    case tooLarge(knownSize: Int?)
}

/// Reads a whole file (or all of standard input for `-`) into memory, never more than
/// `limits.maxFileBytes + 1` bytes. A named FIFO that no process opens for writing within
/// `limits.writerWaitMilliseconds` is an error instead of a wait without end.
@usableFromInline func readInput(_ source: InputSource, limits: IngestLimits) throws -> ReadOutcome {
    let maxBytes = limits.maxFileBytes
    let fd: Int32
    if source.isStandardInput {
        fd = 0
    } else {
        // Non-blocking, so that opening a FIFO without a writer returns at once.
        fd = open(source.path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        if fd < 0 { throw IngestError.unreadable(path: source.path, reason: errnoText()) }
    }
    defer { if fd != 0 { close(fd) } }

    var st = stat()
    var expected = 0
    var isRegular = false
    var waitingForWriter = false
    if fstat(fd, &st) == 0 {
        let kind = st.st_mode & S_IFMT
        if kind == S_IFDIR { throw IngestError.unreadable(path: source.displayName, reason: "is a directory") }
        if kind == S_IFREG {
            isRegular = true
            let size = Int(st.st_size)
            if size > maxBytes { return .tooLarge(knownSize: size) }
            expected = size
        }
        waitingForWriter = fd != 0 && kind == S_IFIFO
    }
    if fd != 0 && !waitingForWriter { setBlocking(fd) }

    let cap = maxBytes == Int.max ? Int.max : maxBytes + 1
    var buffer = [UInt8](repeating: 0, count: min(expected + 1, cap))
    var count = 0
    var waited = 0
    var writerCame = false
    while true {
        if count == buffer.count {
            if count >= cap { break }
            buffer.append(contentsOf: repeatElement(0, count: min(max(count, 1 << 16), cap - count)))
        }
        let space = buffer.count - count
        let r = buffer.withUnsafeMutableBytes { raw -> Int in
            guard let base = raw.baseAddress else { return 0 }
            return read(fd, base + count, space)
        }
        if r < 0 {
            if errno == EINTR { continue }
            if errno == EAGAIN && waitingForWriter {   // a writer is there but has written nothing yet
                setBlocking(fd); waitingForWriter = false
                continue
            }
            throw IngestError.unreadable(path: source.displayName, reason: errnoText())
        }
        if r == 0 {
            guard waitingForWriter, !writerCame else { break }
            // No writer yet: wait in short slices, reading again after each (a writer that opens
            // the FIFO and stays silent makes the next read fail with EAGAIN).
            let slice = 100
            var pfd = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
            let p = poll(&pfd, 1, Int32(slice))
            if p > 0 { writerCame = true; continue }
            if p < 0 && errno != EINTR { throw IngestError.unreadable(path: source.displayName, reason: errnoText()) }
            waited += slice
            if waited >= limits.writerWaitMilliseconds {
                throw IngestError.unreadable(path: source.displayName,
                                             reason: "no process opened the FIFO for writing within \(limits.writerWaitMilliseconds) ms")
            }
            continue
        }
        count += r
        if waitingForWriter { setBlocking(fd); waitingForWriter = false }
    }
    if count > maxBytes { return .tooLarge(knownSize: isRegular ? max(count, expected) : nil) }
    buffer.removeSubrange(count...)
    return .bytes(buffer)
}

/// Clears `O_NONBLOCK`, so that reads wait for data.
private func setBlocking(_ fd: Int32) {
    let flags = fcntl(fd, F_GETFL)
    if flags >= 0 { _ = fcntl(fd, F_SETFL, flags & ~O_NONBLOCK) }
}

/// The message for an input over `maxBytes`, naming its size when known.
@usableFromInline func tooLargeMessage(knownSize: Int?, maxBytes: Int) -> String {
    let size = knownSize.map { "\($0) bytes" } ?? "more than \(maxBytes) bytes"
    return "input is \(size), over the limit of \(maxBytes) bytes (--max-input-bytes)"
}

private func errnoText() -> String {
    guard let s = strerror(errno) else { return "error \(errno)" }
    return String(cString: s)
}

/// One input read whole, once, within the limits: a file, a FIFO (whose writer is awaited at most
/// `IngestLimits.writerWaitMilliseconds`), a device or standard input. Whatever has to be told
/// from the contents (the format, the kind of records) is told from these bytes, and the records
/// are parsed from the same bytes, so a stream that cannot be rewound is never read twice.
public struct LoadedInput: Sendable {
    public let source: InputSource
    /// The bytes; nil when the input is over `maxFileBytes` (see `failure`).
    public let bytes: [UInt8]?
    @usableFromInline let tooLarge: (knownSize: Int?, maxBytes: Int)?

    @usableFromInline init(source: InputSource, bytes: [UInt8]?, tooLarge: (knownSize: Int?, maxBytes: Int)?) {
        self.source = source; self.bytes = bytes; self.tooLarge = tooLarge
    }

    /// Reads `source` whole, never more than `limits.maxFileBytes + 1` bytes. Throws
    /// `IngestError.unreadable` when it cannot be opened or read (a FIFO no process opens for
    /// writing in time among them).
    @inlinable
    public static func load(_ source: InputSource, limits: IngestLimits) throws -> LoadedInput {
        switch try readInput(source, limits: limits) {
        case .bytes(let bytes): return LoadedInput(source: source, bytes: bytes, tooLarge: nil)
        case .tooLarge(let size): return LoadedInput(source: source, bytes: nil, tooLarge: (size, limits.maxFileBytes))
        }
    }

    /// The located error of an input over the size limit, nil otherwise.
    @inlinable
    public var failure: Diagnostic? {
        guard let tooLarge else { return nil }
        return Diagnostic(.error, tooLargeMessage(knownSize: tooLarge.knownSize, maxBytes: tooLarge.maxBytes),
                          at: SourceLocation(file: source.displayName, line: 1, column: 1))
    }

    /// The format: `forced`, else the extension, else sniffed from the first non-blank byte.
    @inlinable
    public func format(forced: InputFormat?) -> InputFormat { chooseFormat(source, forced: forced, bytes: bytes ?? []) }
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
