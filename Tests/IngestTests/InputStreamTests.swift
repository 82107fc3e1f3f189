@testable import Aurae
import Foundation
@testable import Ingest
import XCTest
#if canImport(Glibc)
import Glibc
#endif

/// Unbounded inputs stop at the size limit; FIFOs without a writer time out.
final class InputStreamTests: XCTestCase {
    let valid = csvHeader + "f1,2026-03-02T08:10:00+01:00,3\n"

    func options(maxBytes: Int = 1 << 20, waitMs: Int = 10_000) -> IngestOptions {
        IngestOptions(limits: IngestLimits(maxFileBytes: maxBytes, writerWaitMilliseconds: waitMs), format: .csv)
    }

    func testDevZeroStopsAtTheLimitWithALocatedError() {
        XCTAssertEqual(errorsOf { try HeadacheLogReader.read([InputSource(path: "/dev/zero")], options: self.options(maxBytes: 4096)) },
                       ["/dev/zero:1:1: error: input is more than 4096 bytes, over the limit of 4096 bytes (--max-input-bytes)"])
    }

    /// A pipe whose writer never closes: reading must stop one byte past the limit, not wait for the end.
    func testAnEndlessPipeStopsOneBytePastTheLimit() throws {
        var fds: [Int32] = [0, 0]
        XCTAssertEqual(pipe(&fds), 0)
        defer { close(fds[0]); close(fds[1]) }
        let chunk = [UInt8](repeating: UInt8(ascii: "a"), count: 1001)
        XCTAssertEqual(chunk.withUnsafeBytes { write(fds[1], $0.baseAddress, $0.count) }, 1001)
        let errors = errorsOf { try HeadacheLogReader.read([InputSource(path: "/proc/self/fd/\(fds[0])")], options: self.options(maxBytes: 1000)) }
        XCTAssertEqual(errors.count, 1)
        XCTAssertTrue(errors.first?.hasSuffix("error: input is more than 1000 bytes, over the limit of 1000 bytes (--max-input-bytes)") ?? false)
    }

    func testAFIFOWithoutAWriterTimesOut() throws {
        let dir = TempDir()
        let path = dir.path("nobody.csv")
        XCTAssertEqual(mkfifo(path, 0o600), 0)
        let start = Date()
        XCTAssertThrowsError(try HeadacheLogReader.read([InputSource(path: path)], options: options(waitMs: 300))) { e in
            guard case .unreadable(let p, let reason)? = e as? IngestError else { return XCTFail("\(e)") }
            XCTAssertEqual(p, path)
            XCTAssertEqual(reason, "no process opened the FIFO for writing within 300 ms")
        }
        XCTAssertLessThan(Date().timeIntervalSince(start), 5)
    }

    func testAFIFOWriterThatComesLateOrStaysSilentIsRead() throws {
        let dir = TempDir()
        for (openAfter, writeAfter) in [(0.15, 0.0), (0.0, 0.6)] {
            let path = dir.path("late-\(openAfter).csv")
            XCTAssertEqual(mkfifo(path, 0o600), 0)
            let text = valid
            let writer = Thread {
                Thread.sleep(forTimeInterval: openAfter)
                let fd = open(path, O_WRONLY)
                guard fd >= 0 else { return }
                Thread.sleep(forTimeInterval: writeAfter)
                _ = Array(text.utf8).withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
                close(fd)
            }
            writer.start()
            // The silent writer waits longer than the timeout: only a missing writer times out.
            let r = try HeadacheLogReader.read([InputSource(path: path)], options: options(waitMs: 400))
            XCTAssertEqual(r.records.map(\.id), ["f1"])
        }
    }

    func testAFIFOWhoseWriterClosesAtOnceIsEmpty() throws {
        let dir = TempDir()
        let path = dir.path("empty.csv")
        XCTAssertEqual(mkfifo(path, 0o600), 0)
        let writer = Thread {
            let fd = open(path, O_WRONLY)
            if fd >= 0 { close(fd) }
        }
        writer.start()
        XCTAssertEqual(errorsOf { try HeadacheLogReader.read([InputSource(path: path)], options: self.options(waitMs: 5000)) },
                       ["\(path):1:1: error: no header row (the input is empty)"])
    }
}
