@testable import Aurae
import XCTest

/// Medication names are cut into words by bytes when they are ASCII: the same words as cutting
/// by characters, for every kind of ASCII character at every position.
final class MedicationWordsTests: XCTestCase {
    func testASCIICutsAreTheCharacterCuts() {
        let alphabet: [String] = ["a", "B", "7", " ", "\t", "\n", "\r", "\r\n", "\u{0B}", "\u{0C}", "\u{1C}", "\u{1F}",
                                  "/", "+", "&", "-", ".", "(", "\u{7F}", "with"]
        var rng = SystemRandomNumberGenerator()
        for _ in 0..<5_000 {
            let n = Int.random(in: 0...12, using: &rng)
            let lower = (0..<n).map { _ in alphabet.randomElement(using: &rng)! }.joined().lowercased()
            XCTAssertEqual(MedicationName.asciiWords(lower), MedicationName.characterWords(lower), "\(Array(lower.utf8))")
        }
        XCTAssertEqual(MedicationName.words("Acetaminophen+Codeine / Caffeine"), ["acetaminophen", "+", "codeine", "/", "caffeine"])
        XCTAssertEqual(MedicationName.words("Ibuprofène\u{00A0}200"), ["ibuprofène", "200"])
    }
}
