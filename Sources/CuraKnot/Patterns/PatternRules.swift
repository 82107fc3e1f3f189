import Ingest

/// The five pattern types, in output order.
public enum PatternType: String, CaseIterable, Comparable, Sendable {
    case frequency = "FREQUENCY", trend = "TREND", correlation = "CORRELATION", new = "NEW", absence = "ABSENCE"

    public static func < (a: PatternType, b: PatternType) -> Bool {
        allCases.firstIndex(of: a).map { i in allCases.firstIndex(of: b).map { i < $0 } ?? false } ?? false
    }
}

/// A handoff as the rules see it: its date, author and symptom keys.
public struct PatternHandoff: Equatable, Sendable {
    public var id: String
    public var date: LocalDate
    public var authorId: String
    public var authorName: String?
    /// Distinct symptom keys, after normalisation and synonyms.
    public var keys: Set<String>

    public init(id: String, date: LocalDate, authorId: String, authorName: String?, keys: Set<String>) {
        self.id = id; self.date = date; self.authorId = authorId; self.authorName = authorName; self.keys = keys
    }
}

/// One pattern a rule found, before dismissals: typed, no wording.
public struct Finding: Equatable, Sendable {
    public var type: PatternType
    /// The symptom key; for CORRELATION the two keys sorted and joined with `+`.
    public var key: String
    public var symptoms: [String]
    public var count: Int
    public var previousCount: Int?
    public var firstMentioned: LocalDate?
    public var from: LocalDate
    public var to: LocalDate
    /// The handoffs counted, by date then id.
    public var sources: [PatternHandoff]
}

/// The pattern rules of spec 40-care-circle.md over one patient's handoffs: pure, no clock.
///
/// The work is linear in the handoffs' symptom mentions: each window is found by binary search in
/// the date-sorted handoffs and indexed once (symptom key → the handoffs mentioning it, in order),
/// so no rule scans the handoffs once per key. CORRELATION counts the pairs of each handoff's
/// keys — at most `Handoff.maxSymptoms` of them, so at most 1,225 pairs a handoff: a constant,
/// not a power of the input.
public struct PatternRules: Sendable {
    public var settings: PatternSettings

    public init(settings: PatternSettings) { self.settings = settings }

    /// Every finding for one patient as of `asOf`, by type then key. Handoffs dated after
    /// `asOf` are ignored.
    public func findings(_ all: [PatternHandoff], asOf a: LocalDate) -> [Finding] {
        var work = 0
        return findings(all, asOf: a, work: &work)
    }

    /// `findings`, adding to `work` one step per handoff sorted, per symptom mention indexed and
    /// per pair counted: what the tests hold to a linear bound.
    func findings(_ all: [PatternHandoff], asOf a: LocalDate, work: inout Int) -> [Finding] {
        let handoffs = all.filter { $0.date <= a }.sorted { ($0.date, $0.id) < ($1.date, $1.id) }
        work += all.count
        /// The handoffs dated `from` … `to`: a slice found by binary search.
        func within(_ from: LocalDate, _ to: LocalDate) -> ArraySlice<PatternHandoff> {
            func firstIndex(after date: LocalDate, inclusive: Bool) -> Int {
                var lo = 0, hi = handoffs.count
                while lo < hi {
                    let mid = lo + (hi - lo) / 2
                    if handoffs[mid].date < date || (!inclusive && handoffs[mid].date == date) { lo = mid + 1 } else { hi = mid }
                }
                return lo
            }
            let lo = firstIndex(after: from, inclusive: true), hi = firstIndex(after: to, inclusive: false)
            return lo < hi ? handoffs[lo..<hi] : []
        }
        /// Symptom key → the handoffs of `list` mentioning it, in date then id order.
        func index(_ list: ArraySlice<PatternHandoff>) -> [String: [PatternHandoff]] {
            var out: [String: [PatternHandoff]] = [:]
            for h in list {
                for key in h.keys { out[key, default: []].append(h) }
                work += h.keys.count
            }
            return out
        }
        var out: [Finding] = []

        let f = settings.frequency
        for (key, hits) in index(within(a.adding(days: 1 - f.windowDays), a)) where hits.count >= f.minCount {
            out.append(Finding(type: .frequency, key: key, symptoms: [key], count: hits.count, previousCount: nil,
                               firstMentioned: nil, from: a.adding(days: 1 - f.windowDays), to: a, sources: hits))
        }

        let t = settings.trend
        let recentFrom = a.adding(days: 1 - t.windowDays), earlierFrom = a.adding(days: 1 - 2 * t.windowDays)
        let earlier = index(within(earlierFrom, recentFrom.adding(days: -1)))
        for (key, now) in index(within(recentFrom, a)) {
            let before = earlier[key] ?? []
            if now.count >= t.minCount && now.count >= t.factor * before.count {
                out.append(Finding(type: .trend, key: key, symptoms: [key], count: now.count, previousCount: before.count,
                                   firstMentioned: nil, from: earlierFrom, to: a, sources: before + now))
            }
        }

        let c = settings.correlation
        var pairs: [String: (symptoms: [String], hits: [PatternHandoff])] = [:]
        for h in within(a.adding(days: 1 - c.windowDays), a) {
            let sorted = h.keys.sorted()
            for i in sorted.indices { for j in sorted.indices where j > i {
                pairs[sorted[i] + "+" + sorted[j], default: ([sorted[i], sorted[j]], [])].hits.append(h)
                work += 1
            } }
        }
        for (key, pair) in pairs where pair.hits.count >= c.minCount {
            out.append(Finding(type: .correlation, key: key, symptoms: pair.symptoms, count: pair.hits.count, previousCount: nil,
                               firstMentioned: nil, from: a.adding(days: 1 - c.windowDays), to: a, sources: pair.hits))
        }

        let n = settings.new
        let newFrom = a.adding(days: 1 - n.windowDays)
        var first: [String: LocalDate] = [:]
        for h in handoffs {
            for key in h.keys where first[key] == nil { first[key] = h.date }
            work += h.keys.count
        }
        let recentMentions = index(within(newFrom, a))
        for (key, date) in first where date >= newFrom {
            let hits = recentMentions[key] ?? []
            out.append(Finding(type: .new, key: key, symptoms: [key], count: hits.count, previousCount: nil,
                               firstMentioned: date, from: newFrom, to: a, sources: hits))
        }

        let b = settings.absence
        let quietFrom = a.adding(days: 1 - b.quietDays), beforeFrom = quietFrom.adding(days: -b.earlierDays)
        let quiet = index(within(quietFrom, a))
        for (key, hits) in index(within(beforeFrom, quietFrom.adding(days: -1))) where quiet[key] == nil && hits.count >= b.minEarlier {
            out.append(Finding(type: .absence, key: key, symptoms: [key], count: hits.count, previousCount: nil,
                               firstMentioned: nil, from: beforeFrom, to: a, sources: hits))
        }
        return out.sorted { ($0.type, $0.key) < ($1.type, $1.key) }
    }
}
