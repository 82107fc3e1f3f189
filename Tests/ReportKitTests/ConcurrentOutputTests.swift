import Foundation
@testable import ReportKit
import TestSupport
import XCTest

/// Atomic writes from several threads at once, as a batch's workers make them: each temporary is
/// tracked for the interrupt cleanup in a slot of its own, so no write frees or forgets another's
/// (one shared record used to be freed twice and corrupt the heap).
final class ConcurrentOutputTests: XCTestCase {
    func testManyThreadsWriteAtomicallyAtOnce() throws {
        let dir = try TestPaths.temporaryDirectory("concurrent-output")
        defer { try? FileManager.default.removeItem(at: dir) }
        let threads = 8, writes = 150
        DispatchQueue.concurrentPerform(iterations: threads) { t in
            for i in 0..<writes {
                let path = dir.appendingPathComponent("t\(t)-\(i % 5).txt").path
                try? OutputTarget(path: path).write { try $0.write("thread \(t) write \(i)\n") }
            }
        }
        for t in 0..<threads {
            for k in 0..<5 {
                let text = try String(contentsOfFile: dir.appendingPathComponent("t\(t)-\(k).txt").path, encoding: .utf8)
                XCTAssertEqual(text, "thread \(t) write \(writes - 5 + k)\n")
            }
        }
        let left = try FileManager.default.contentsOfDirectory(atPath: dir.path).filter { $0.hasPrefix(AtomicFile.tempPrefix) }
        XCTAssertEqual(left, [], "no temporary left behind")
    }

    /// Two writes under way are both removed on interruption, whichever finishes first.
    func testEveryWriteUnderWayIsTrackedOnItsOwn() {
        let before = InterruptCleanup.trackedPaths()
        let a = InterruptCleanup.track("/nonexistent/a.tmp"), b = InterruptCleanup.track("/nonexistent/b.tmp")
        XCTAssertNotNil(a)
        XCTAssertNotEqual(a?.index, b?.index)
        XCTAssertEqual(Set(InterruptCleanup.trackedPaths()).subtracting(before), ["/nonexistent/a.tmp", "/nonexistent/b.tmp"])
        InterruptCleanup.untrack(a)
        XCTAssertEqual(Set(InterruptCleanup.trackedPaths()).subtracting(before), ["/nonexistent/b.tmp"])
        InterruptCleanup.untrack(b)
        XCTAssertEqual(InterruptCleanup.trackedPaths(), before)
        XCTAssertNil(InterruptCleanup.track(String(repeating: "x", count: InterruptCleanup.slotBytes)), "too long to track")
    }
}
