import XCTest
@testable import Batch

/// SHA-256 against the FIPS 180-4 example vectors, across block boundaries and in pieces.
final class SHA256Tests: XCTestCase {
    func testFIPSVectors() {
        XCTAssertEqual(SHA256.hex(Array("abc".utf8)), "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
        XCTAssertEqual(SHA256.hex([UInt8]()), "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
        XCTAssertEqual(SHA256.hex(Array("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq".utf8)),
                       "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1")
    }

    func testMillionAsInPieces() {
        var h = SHA256()
        let chunk = [UInt8](repeating: UInt8(ascii: "a"), count: 1000)
        for _ in 0..<1000 { h.update(chunk) }
        XCTAssertEqual(h.finalHex(), "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0")
    }

    func testAnySplitGivesTheSameDigest() {
        let bytes = (0..<1_000).map { UInt8(truncatingIfNeeded: $0 &* 7 &+ 3) }
        let whole = SHA256.hex(bytes)
        for sizes in [[1], [63], [64], [65], [1, 127, 3], [200, 1], [0, 999]] {
            var h = SHA256()
            var offset = 0, k = 0
            while offset < bytes.count {
                let n = min(bytes.count - offset, max(sizes[k % sizes.count], 1))
                h.update(bytes[offset..<offset + n])
                offset += n; k += 1
            }
            XCTAssertEqual(h.finalHex(), whole, "\(sizes)")
        }
    }

    /// A copy hashes on from the same state without touching the original (nettle's context is
    /// shared until one of them changes).
    func testACopyHashesOnByItself() {
        var a = SHA256()
        a.update(Array("ab".utf8))
        var b = a
        b.update(Array("c".utf8))
        a.update(Array("x".utf8))
        XCTAssertEqual(b.finalHex(), SHA256.hex(Array("abc".utf8)))
        XCTAssertEqual(a.finalHex(), SHA256.hex(Array("abx".utf8)))
        XCTAssertEqual(a.finalHex(), SHA256.hex([UInt8]()), "a finished hash starts over")
    }

    func testPaddingEdges() {
        // 55 bytes fit one block with the length; 56 need a second block; 64 is exactly one block.
        XCTAssertEqual(SHA256.hex([UInt8](repeating: 0x61, count: 55)), "9f4390f8d30c2dd92ec9f095b65e2b9ae9b0a925a5258e241c9f1e910f734318")
        XCTAssertEqual(SHA256.hex([UInt8](repeating: 0x61, count: 56)), "b35439a4ac6f0948b6d6f9e3c6af0f5f590ce20f1bde7090ef7970686ec6738a")
        XCTAssertEqual(SHA256.hex([UInt8](repeating: 0x61, count: 64)), "ffe054fe7ae0cb6dc65c3af9b61d5209f439851db43d0ba5997337df154668eb")
    }

    func testFileDigestMatchesBytes() throws {
        let path = NSTemporaryDirectory() + "sha-\(getpid()).bin"
        let bytes = (0..<200_000).map { UInt8(truncatingIfNeeded: $0 &* 31) }
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        defer { unlink(path) }
        let digest = try XCTUnwrap(SHA256.file(path))
        XCTAssertEqual(digest.hex, SHA256.hex(bytes))
        XCTAssertEqual(digest.bytes, 200_000)
        XCTAssertNil(SHA256.file(path + ".missing"))
    }
}
