/// Text as people and attackers write it, for the CSV property tests (spec 90-quality.md): pieces
/// that matter to CSV, spreadsheets and the formula escape, white space of every kind before and
/// after, and look-alikes of the triggers; seeded, so it is the same on every machine.
public struct HostileText {
    var state: UInt64

    public init(seed: UInt64) { state = seed }

    /// A value in 0..<n (Knuth's MMIX linear congruential generator, as `SampleDocuments`).
    public mutating func int(_ n: Int) -> Int {
        state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
        return Int((state >> 33) % UInt64(max(1, n)))
    }

    public static let pieces: [String] = [
        "'", "''", "=", "+", "-", "@", "\t", "\r", "\n", "\r\n", "\"", ",", ";", "|", " ", "  ", "\u{A0}", "\u{3000}", "\u{2028}",
        "\u{2029}", "\u{85}", "\u{B}", "\u{C}", "\u{1680}", "\u{2009}", "\u{FF1D}", "\u{FF0B}", "\u{FF0D}", "\u{FF20}", "\u{2212}",
        "\u{200B}", "\u{FEFF}", "a", "Z", "é", "日", "🙂", "\\", "0", "-12.50", "1+1", "SUM(A1)", "cmd|' /C calc'!A0", "\u{1}",
    ]

    /// A hostile text, never empty: a prefix of white space and quotes, often a trigger (or a
    /// look-alike), random pieces, sometimes white space at the end.
    public mutating func text() -> String {
        let spaces = ["", " ", "  ", "\u{A0}", "\u{3000} ", "\n", " \u{2028}"]
        let quotes = ["", "'", "''"]
        let triggers = ["", "=", "+", "-", "@", "\t", "\r", "\u{FF1D}", "\u{FF0B}"]
        var s = spaces[int(spaces.count)] + quotes[int(quotes.count)] + triggers[int(triggers.count)]
        for _ in 0..<int(8) { s += Self.pieces[int(Self.pieces.count)] }
        if int(3) == 0 { s += [" ", "  ", "\t", "\u{A0}", "\n"][int(5)] }
        return s.isEmpty ? "=1+1" : s
    }
}
