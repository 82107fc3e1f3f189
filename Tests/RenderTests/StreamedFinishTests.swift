@testable import Render
import Foundation
import TestSupport
import XCTest

/// The tagged file is handed to its sink as it is assembled (issue 21: a long report must not hold
/// its whole output in memory): the bytes and their file identifier are what one piece would give,
/// and a sink's error stops the writing.
final class StreamedFinishTests: XCTestCase {
    /// The identifier as it was computed over the whole file at once: two FNV-1a hashes over the
    /// bytes as 64-bit words, then over the last few bytes one by one.
    static func wholeFileID(_ bytes: [UInt8]) -> String {
        var a: UInt64 = 0xcbf2_9ce4_8422_2325, b: UInt64 = 0x8422_2325_cbf2_9ce4
        let words = bytes.count / 8
        for i in 0..<words {
            var w: UInt64 = 0
            for k in 0..<8 { w |= UInt64(bytes[i * 8 + k]) << (8 * UInt64(k)) }
            a = (a ^ w) &* 0x0000_0100_0000_01B3
            b = (b ^ (w >> 7 | w << 57)) &* 0x9E37_79B9_7F4A_7C15
        }
        for i in (words * 8)..<bytes.count {
            a = (a ^ UInt64(bytes[i])) &* 0x0000_0100_0000_01B3
            b = (b ^ UInt64(bytes[i] ^ 0x5A)) &* 0x9E37_79B9_7F4A_7C15
        }
        func hex(_ v: UInt64) -> String {
            let s = String(v, radix: 16, uppercase: true)
            return String(repeating: "0", count: 16 - s.count) + s
        }
        return hex(a) + hex(b)
    }

    func testFileIdentifierInPiecesEqualsTheWholeFiles() {
        var generator = SystemRandomNumberGenerator()
        for length in [0, 1, 7, 8, 9, 15, 16, 17, 1_000, 70_001] {
            let bytes = (0..<length).map { _ in UInt8.random(in: 0...255, using: &generator) }
            let expected = Self.wholeFileID(bytes)
            for pieces in [[Int](), [1], [3, 5], [7, 1, 9], [8, 8], [13, 65_536]] {
                var hash = FileIDHash()
                var at = 0, k = 0
                bytes.withUnsafeBufferPointer { all in
                    while at < length {
                        let n = pieces.isEmpty ? length : min(pieces[k % pieces.count], length - at)
                        hash.add(UnsafeBufferPointer(rebasing: all[at..<(at + n)]))
                        at += n; k += 1
                    }
                }
                XCTAssertEqual(hash.identifier(), expected, "\(length) bytes in pieces of \(pieces)")
            }
        }
    }

    /// A long document reaches the sink in many pieces, the whole naming its own identifier.
    func testLongPDFArrivesInPiecesWithItsIdentifier() throws {
        let m = PangoMeasurer()
        let laid = try LayoutEngine(measurer: m).layout(SampleDocuments.summaryTable(rows: 1_500))
        var pieces: [Int] = []
        var bytes: [UInt8] = []
        try PDFRenderer.render(laid, measurer: m) { piece in
            pieces.append(piece.count)
            bytes.append(contentsOf: piece)
        }
        XCTAssertGreaterThan(pieces.count, 2, "\(pieces)")
        XCTAssertGreaterThanOrEqual(pieces.count, bytes.count / PDFOutput.blockSize, "\(pieces)")
        let text = String(decoding: bytes, as: UTF8.self)
        XCTAssertTrue(text.hasPrefix("%PDF-1.7\n"))
        XCTAssertTrue(text.hasSuffix("%%EOF\n"))
        // The identifier hashes every byte before the cross-reference stream's object.
        let xrefOffset = try XCTUnwrap(Int(text.components(separatedBy: "startxref\n").last!.split(separator: "\n")[0]))
        let id = Self.wholeFileID(Array(bytes[0..<xrefOffset]))
        XCTAssertTrue(text.contains("/ID [<\(id)> <\(id)>]"), "identifier of the first \(xrefOffset) bytes")
    }

    /// After the sink throws, it is not called again, and the error comes back.
    func testSinkIsNotCalledAfterItsError() throws {
        struct Full: Error {}
        let m = PangoMeasurer()
        let laid = try LayoutEngine(measurer: m).layout(SampleDocuments.summaryTable(rows: 1_500))
        var calls = 0
        XCTAssertThrowsError(try PDFRenderer.render(laid, measurer: m) { _ in
            calls += 1
            if calls == 2 { throw Full() }
        }) { XCTAssertTrue($0 is Full, "\($0)") }
        XCTAssertEqual(calls, 2)
    }

    /// Each page's owners are handed over once, for drawing, and not kept.
    func testOwnersAreTakenOnce() throws {
        let doc = try Fixture.layout([.table(Fixture.table(rows: (1...20).map { ["r\($0)", "x"] }))])
        var tree = StructureTree(doc)
        let first = tree.owners[0]
        XCTAssertFalse(first.isEmpty)
        XCTAssertEqual(tree.takeOwners(ofPage: 0), first)
        XCTAssertEqual(tree.owners[0], [])
        XCTAssertEqual(tree.takeOwners(ofPage: 0), [])
        XCTAssertEqual(tree.takeOwners(ofPage: doc.pages.count), [])
        XCTAssertEqual(tree.takeOwners(ofPage: -1), [])
    }

    /// What the painter records of a page is kept until the page is marked: 56 bytes a piece,
    /// every kind and owner given back as recorded.
    func testContentSegmentsArePackedAndGiveBackWhatWasRecorded() {
        XCTAssertEqual(MemoryLayout<ContentSegment>.stride, 56)
        let area = ContentArea(minX: 1, minY: 2, maxX: 3, maxY: 4)
        let owners: [StructureTree.Owner] = [.node(0), .node(89_999), .artifact(.header), .artifact(.footer), .artifact(.layout)]
        for owner in owners {
            for kind in [ContentSegment.Kind.glyphs(0), .glyphs(7), .glyphs(100_000), .form] {
                let s = ContentSegment(kind: kind, owner: owner, area: area, actualText: kind == .form ? "x" : nil)
                XCTAssertEqual(s.kind, kind)
                XCTAssertEqual(s.owner, owner)
                XCTAssertEqual(s.area, area)
                XCTAssertEqual(s.actualText, kind == .form ? "x" : nil)
            }
        }
    }
}
