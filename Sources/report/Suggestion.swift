/// "Did you mean": the known word closest to a mistyped one (a command, an option, a listed value).
enum Suggestion {
    /// The candidate closest to `word` by edit distance (a swap of two neighbours counts once),
    /// when close enough to be a typo: at most one edit in four characters (at least one), or a
    /// candidate that `word` (three characters or more) begins. Ties go to the earlier candidate.
    static func closest(to word: String, among candidates: [String]) -> String? {
        let typed = Array(word.lowercased())
        guard !typed.isEmpty else { return nil }
        let allowed = max(1, typed.count / 4 + (typed.count >= 6 ? 1 : 0))
        var best: (candidate: String, distance: Int)?
        for candidate in candidates where candidate != word {
            let d = distance(typed, Array(candidate.lowercased()))
            if d <= allowed, d < (best?.distance ?? Int.max) { best = (candidate, d) }
        }
        if let best { return best.candidate }
        guard typed.count >= 3 else { return nil }
        let prefixed = candidates.filter { $0.lowercased().hasPrefix(word.lowercased()) }
        return prefixed.count == 1 ? prefixed[0] : nil
    }

    /// Optimal string alignment distance: insertions, deletions, substitutions and swaps of
    /// neighbours each cost one.
    static func distance(_ a: [Character], _ b: [Character]) -> Int {
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var before = [Int](repeating: 0, count: b.count + 1)
        var previous = Array(0...b.count)
        var current = [Int](repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            current[0] = i
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    current[j] = min(current[j], before[j - 2] + 1)
                }
            }
            (before, previous, current) = (previous, current, before)
        }
        return previous[b.count]
    }
}
