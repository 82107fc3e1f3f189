import Foundation
import Render
import XCTest

/// Golden-file assertions. Set `RECORD_GOLDEN=1` to rewrite goldens: each one is written and the
/// assertion fails ("recorded …; run again without RECORD_GOLDEN"), as a missing golden is
/// recorded and fails, so nothing passes by recording. On a mismatch the actual output
/// (`<name>.actual.txt` / `<name>.actual.png`) and, for images, `<name>.diff.png` are written next
/// to the golden.
public enum GoldenFile {
    static var recording: Bool { ProcessInfo.processInfo.environment["RECORD_GOLDEN"] == "1" }

    static let howToRecord = "Review the change, then re-record with: RECORD_GOLDEN=1 swift test --filter <test>"

    /// Writes `data` as the golden `url` when recording or when it is missing, and fails the
    /// test; false (nothing written) when the golden is to be compared.
    static func record(_ data: Data, at url: URL, file: StaticString, line: UInt) -> Bool {
        let existed = FileManager.default.fileExists(atPath: url.path)
        guard recording || !existed else { return false }
        do {
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try data.write(to: url)
        } catch {
            XCTFail("could not write golden \(url.path): \(error)", file: file, line: line)
            return true
        }
        XCTFail(recording ? "recorded \(url.path); run again without RECORD_GOLDEN"
                          : "recorded missing golden \(url.path); run the test again", file: file, line: line)
        return true
    }

    /// Compares `actual` with the golden text file `<directory>/<name>` (the name should end in
    /// `.txt`).
    public static func assertText(actual: String, named name: String, in directory: URL,
                                  file: StaticString = #filePath, line: UInt = #line) {
        let url = directory.appendingPathComponent(name)
        if record(Data(actual.utf8), at: url, file: file, line: line) { return }
        let expected = (try? String(contentsOf: url, encoding: .utf8)) ?? ""
        let actualURL = actualURL(for: url, ext: "txt")
        if expected == actual {
            try? FileManager.default.removeItem(at: actualURL)
            return
        }
        try? Data(actual.utf8).write(to: actualURL)
        XCTFail("text differs from golden \(url.lastPathComponent) (\(firstDifference(expected, actual))); "
            + "actual written to \(actualURL.path). \(howToRecord)", file: file, line: line)
    }

    /// Compares a PNG with the golden `<directory>/<name>` (name ending in `.png`) per channel:
    /// a pixel differs when any channel differs by more than `tolerance` (0–255); the assertion
    /// fails when more than `maxDifferingPixels` pixels differ or the sizes differ.
    public static func assertPNG(actual: Data, named name: String, in directory: URL, tolerance: Int = 16,
                                 maxDifferingPixels: Int = 0,
                                 file: StaticString = #filePath, line: UInt = #line) {
        let url = directory.appendingPathComponent(name)
        if record(actual, at: url, file: file, line: line) { return }
        let actualURL = actualURL(for: url, ext: "png")
        let diffURL = url.deletingPathExtension().appendingPathExtension("diff.png")
        do {
            let a = try RasterImage.decodePNG(actual)
            let e = try RasterImage.decodePNG(Data(contentsOf: url))
            guard a.width == e.width, a.height == e.height else {
                try? actual.write(to: actualURL)
                XCTFail("image size \(a.width)×\(a.height) differs from golden \(url.lastPathComponent) "
                    + "(\(e.width)×\(e.height)); actual written to \(actualURL.path). \(howToRecord)",
                    file: file, line: line)
                return
            }
            let (count, diff) = compare(a, e, tolerance: tolerance)
            if count <= maxDifferingPixels {
                try? FileManager.default.removeItem(at: actualURL)
                try? FileManager.default.removeItem(at: diffURL)
                return
            }
            try? actual.write(to: actualURL)
            try? diff.pngData().write(to: diffURL)
            XCTFail("\(count) pixels differ from golden \(url.lastPathComponent) by more than \(tolerance) "
                + "(allowed \(maxDifferingPixels)); actual: \(actualURL.path), diff: \(diffURL.path). \(howToRecord)",
                file: file, line: line)
        } catch {
            try? actual.write(to: actualURL)
            XCTFail("could not compare with golden \(url.path): \(error)", file: file, line: line)
        }
    }

    /// Number of differing pixels and a diff image (differences red, the rest faded).
    public static func compare(_ a: RasterImage, _ b: RasterImage, tolerance: Int) -> (Int, RasterImage) {
        var out = [UInt8](repeating: 255, count: a.rgba.count)
        var count = 0
        var i = 0
        while i < a.rgba.count {
            var differs = false
            for c in 0..<4 where abs(Int(a.rgba[i + c]) - Int(b.rgba[i + c])) > tolerance { differs = true }
            if differs {
                count += 1
                out[i] = 255; out[i + 1] = 0; out[i + 2] = 0
            } else {
                let grey = UInt8(191 + Int(a.rgba[i]) / 4)
                out[i] = grey; out[i + 1] = grey; out[i + 2] = grey
            }
            i += 4
        }
        return (count, RasterImage(width: a.width, height: a.height, rgba: out))
    }

    static func actualURL(for url: URL, ext: String) -> URL {
        url.deletingPathExtension().appendingPathExtension("actual.\(ext)")
    }

    static func firstDifference(_ a: String, _ b: String) -> String {
        let la = a.split(separator: "\n", omittingEmptySubsequences: false)
        let lb = b.split(separator: "\n", omittingEmptySubsequences: false)
        for i in 0..<max(la.count, lb.count) {
            let x = i < la.count ? String(la[i]) : "<end>", y = i < lb.count ? String(lb[i]) : "<end>"
            if x != y { return "first difference at line \(i + 1): expected \(x.prefix(120)) got \(y.prefix(120))" }
        }
        return "trailing difference"
    }
}
