import Foundation
import Render
import TestSupport
import XCTest

/// Not a unit test: with `RENDER_BENCH_ROWS=N` set (release build recommended), lays out and
/// renders the 7-column summary table with N rows to /tmp and prints timings and peak RSS.
///     RENDER_BENCH_ROWS=10000 swift test -c release --filter BenchmarkTests
final class BenchmarkTests: XCTestCase {
    func testRenderBenchmark() throws {
        guard let s = ProcessInfo.processInfo.environment["RENDER_BENCH_ROWS"], let n = Int(s) else {
            throw XCTSkip("set RENDER_BENCH_ROWS to run the render benchmark")
        }
        var startUsage = rusage()
        getrusage(RUSAGE_SELF.rawValue, &startUsage)
        print("BENCH RSS before: \(startUsage.ru_maxrss / 1024)MB")
        let clock = ContinuousClock()
        let t0 = clock.now
        var doc = SampleDocuments.summaryTable(rows: n)
        if let family = ProcessInfo.processInfo.environment["RENDER_BENCH_FONT"] {
            doc = SampleDocuments.withFamily(doc, family)
        }
        let t1 = clock.now
        let measurer = PangoMeasurer()
        let laid = try LayoutEngine(measurer: measurer).layout(doc)
        let t2 = clock.now
        var bytes = 0
        let out = FileHandle(forWritingAtPath: "/tmp/render-bench.pdf") ?? {
            FileManager.default.createFile(atPath: "/tmp/render-bench.pdf", contents: nil)
            return FileHandle(forWritingAtPath: "/tmp/render-bench.pdf")!
        }()
        try out.truncate(atOffset: 0)
        try PDFRenderer.render(laid, measurer: measurer) { chunk in
            bytes += chunk.count
            out.write(Data(chunk))
        }
        try out.close()
        let t3 = clock.now
        var usage = rusage()
        getrusage(RUSAGE_SELF.rawValue, &usage)
        func ms(_ d: Duration) -> String { String(format: "%.1f", Double(d.components.attoseconds) / 1e15 + Double(d.components.seconds) * 1000) }
        print("BENCH rows=\(n) pages=\(laid.pages.count) build=\(ms(t1 - t0))ms layout=\(ms(t2 - t1))ms "
            + "pdf=\(ms(t3 - t2))ms layout+pdf=\(ms(t3 - t1))ms bytes=\(bytes) peakRSS=\(usage.ru_maxrss / 1024)MB")
    }
}
