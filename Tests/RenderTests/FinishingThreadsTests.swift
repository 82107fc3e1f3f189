@testable import Render
import TestSupport
import XCTest

/// The finishing step marks and compresses pages, and compresses the structure's object streams,
/// on several threads at once (`PDFRenderer.finishingThreads`): the file is the same byte for
/// byte on one thread or many, and the work is shared out whole, in order.
final class FinishingThreadsTests: XCTestCase {
    private struct Failure: Error, Equatable { let index: Int }

    func testEveryIndexRunsOnceAndTheResultsComeInOrder() throws {
        for count in [0, 1, 2, 5, 17] {
            for threads in [1, 2, 3, 8] {
                let runs = UnsafeMutableBufferPointer<Int>.allocate(capacity: max(1, count))
                runs.initialize(repeating: 0)
                defer { runs.deallocate() }
                let results = try FinishingThreads.map(count, threads: threads) { i -> Int in
                    runs[i] += 1
                    return i * i
                }
                XCTAssertEqual(results, (0..<count).map { $0 * $0 }, "\(count) on \(threads)")
                XCTAssertEqual(Array(runs.prefix(count)), [Int](repeating: 1, count: count), "\(count) on \(threads)")
            }
        }
    }

    /// Every index runs even after one throws, and the error of the first index that threw is
    /// the one rethrown, whichever thread met it first.
    func testTheFirstErrorByIndexIsRethrownAfterEveryIndexRan() {
        for threads in [1, 2, 4] {
            let runs = UnsafeMutableBufferPointer<Int>.allocate(capacity: 10)
            runs.initialize(repeating: 0)
            defer { runs.deallocate() }
            XCTAssertThrowsError(try FinishingThreads.map(10, threads: threads) { i -> Int in
                runs[i] += 1
                if i == 3 || i == 8 { throw Failure(index: i) }
                return i
            }) { XCTAssertEqual($0 as? Failure, Failure(index: 3), "\(threads) threads") }
            XCTAssertEqual(Array(runs), [Int](repeating: 1, count: 10), "\(threads) threads")
        }
    }

    /// A document of many pages and several object streams of structure (a long table), finished
    /// on one thread and on several: the same bytes.
    func testOneThreadOrManyWriteTheSameFile() throws {
        let saved = PDFRenderer.finishingThreads
        defer { PDFRenderer.finishingThreads = saved }
        let m = PangoMeasurer()
        var files: [[UInt8]] = []
        for threads in [1, 3, 8] {
            PDFRenderer.finishingThreads = threads
            let laid = try LayoutEngine(measurer: m).layout(SampleDocuments.summaryTable(rows: 1_500))
            var bytes: [UInt8] = []
            try PDFRenderer.render(laid, measurer: m) { bytes.append(contentsOf: $0) }
            files.append(bytes)
        }
        XCTAssertGreaterThan(files[0].count, 100_000)
        let text = String(decoding: files[0], as: UTF8.self)
        XCTAssertGreaterThan(text.components(separatedBy: "/Type /ObjStm").count - 1, 2,
                             "the structure fills more object streams than threads at once")
        XCTAssertEqual(files[1], files[0], "3 threads")
        XCTAssertEqual(files[2], files[0], "8 threads")
        // Page contents packed while drawing (as a report of hundreds of pages has them) are
        // taken from there by each thread: the same file again.
        PDFRenderer.finishingThreads = 3
        let laid = try LayoutEngine(measurer: m).layout(SampleDocuments.summaryTable(rows: 1_500))
        var packed: [UInt8] = []
        try PDFRenderer.render(laid, measurer: m, packContentFromPages: 1) { packed.append(contentsOf: $0) }
        XCTAssertEqual(packed, files[0], "packed while drawing, 3 threads")
    }
}
