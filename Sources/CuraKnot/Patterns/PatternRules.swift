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
public struct PatternRules: Sendable {
    public var settings: PatternSettings

    public init(settings: PatternSettings) { self.settings = settings }

    /// Every finding for one patient as of `asOf`, by type then key. Handoffs dated after
    /// `asOf` are ignored.
    public func findings(_ all: [PatternHandoff], asOf a: LocalDate) -> [Finding] {
        let handoffs = all.filter { $0.date <= a }.sorted { ($0.date, $0.id) < ($1.date, $1.id) }
        func within(_ from: LocalDate, _ to: LocalDate) -> [PatternHandoff] {
            handoffs.filter { $0.date >= from && $0.date <= to }
        }
        func mentioning(_ key: String, _ list: [PatternHandoff]) -> [PatternHandoff] { list.filter { $0.keys.contains(key) } }
        var out: [Finding] = []

        let f = settings.frequency
        let lastWeek = within(a.adding(days: 1 - f.windowDays), a)
        for key in keys(lastWeek) {
            let hits = mentioning(key, lastWeek)
            if hits.count >= f.minCount {
                out.append(Finding(type: .frequency, key: key, symptoms: [key], count: hits.count, previousCount: nil,
                                   firstMentioned: nil, from: a.adding(days: 1 - f.windowDays), to: a, sources: hits))
            }
        }

        let t = settings.trend
        let recentFrom = a.adding(days: 1 - t.windowDays), earlierFrom = a.adding(days: 1 - 2 * t.windowDays)
        let recent = within(recentFrom, a), earlier = within(earlierFrom, recentFrom.adding(days: -1))
        for key in keys(recent) {
            let now = mentioning(key, recent), before = mentioning(key, earlier)
            if now.count >= t.minCount && now.count >= t.factor * before.count {
                out.append(Finding(type: .trend, key: key, symptoms: [key], count: now.count, previousCount: before.count,
                                   firstMentioned: nil, from: earlierFrom, to: a, sources: before + now))
            }
        }

        let c = settings.correlation
        let month = within(a.adding(days: 1 - c.windowDays), a)
        var pairs: [String: (symptoms: [String], hits: [PatternHandoff])] = [:]
        for h in month {
            let sorted = h.keys.sorted()
            for i in sorted.indices { for j in sorted.indices where j > i {
                pairs[sorted[i] + "+" + sorted[j], default: ([sorted[i], sorted[j]], [])].hits.append(h)
            } }
        }
        for (key, pair) in pairs where pair.hits.count >= c.minCount {
            out.append(Finding(type: .correlation, key: key, symptoms: pair.symptoms, count: pair.hits.count, previousCount: nil,
                               firstMentioned: nil, from: a.adding(days: 1 - c.windowDays), to: a, sources: pair.hits))
        }

        let n = settings.new
        let newFrom = a.adding(days: 1 - n.windowDays)
        var first: [String: LocalDate] = [:]
        for h in handoffs { for key in h.keys where first[key] == nil { first[key] = h.date } }
        for (key, date) in first where date >= newFrom {
            let hits = mentioning(key, within(newFrom, a))
            out.append(Finding(type: .new, key: key, symptoms: [key], count: hits.count, previousCount: nil,
                               firstMentioned: date, from: newFrom, to: a, sources: hits))
        }

        let b = settings.absence
        let quietFrom = a.adding(days: 1 - b.quietDays), beforeFrom = quietFrom.adding(days: -b.earlierDays)
        let quiet = within(quietFrom, a), before = within(beforeFrom, quietFrom.adding(days: -1))
        let quietKeys = Set(quiet.flatMap(\.keys))
        for key in keys(before) where !quietKeys.contains(key) {
            let hits = mentioning(key, before)
            if hits.count >= b.minEarlier {
                out.append(Finding(type: .absence, key: key, symptoms: [key], count: hits.count, previousCount: nil,
                                   firstMentioned: nil, from: beforeFrom, to: a, sources: hits))
            }
        }
        return out.sorted { ($0.type, $0.key) < ($1.type, $1.key) }
    }

    private func keys(_ list: [PatternHandoff]) -> [String] { Set(list.flatMap(\.keys)).sorted() }
}
