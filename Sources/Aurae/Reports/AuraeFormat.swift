import Catalog
import Ingest
import Insights
import ReportKit
import Quoting

/// How Aurae reports write dates, times, severities, durations and the table cells, with every
/// word taken from the wording catalog (spec 30-reports.md, "Aurae free summary").
public struct AuraeFormat: Sendable {
    /// The wording keys the formats use.
    public struct Keys: WordingKeySet, Sendable {
        let month = WordingKeyFamily<Int>("month", 1...12)
        let monthLong = WordingKeyFamily<Int>("monthLong", 1...12)
        let severity = WordingKeyFamily<Int>("severity", 1...5)
        let dateFormat = WordingKey("dateFormat", "day", "month", "year")
        let monthYear = WordingKey("monthYearFormat", "month", "year")
        let minutesOnly = WordingKey("cell.minutes", "m")
        /// "2h 14m" and "18 °C": with a plain space in the free summary's table (its approved
        /// strings), with a no-break space (`cellNoBreak.*`) in the clinical report's prose.
        let hoursMinutes: WordingKey
        let temperature: WordingKey
        let weatherJoin = WordingKey("cell.weatherJoin", "temperature", "condition")
        let none = WordingKey("cell.none")
        let ongoing = WordingKey("cell.ongoing")
        let listSeparator = WordingKey("cell.listSeparator")
        let ellipsis = WordingKey("cell.ellipsis")
        let episodes = WordingKey.plural("count.episodes", "count")
        let days = WordingKey.plural("count.days", "count")
        let headacheDays = WordingKey.plural("count.headacheDays", "count")
        let acuteDays = WordingKey.plural("count.acuteDays", "count")
        /// `noBreak`: durations and temperatures keep the number on the line of its unit.
        public init(noBreak: Bool = false) {
            let group = noBreak ? "cellNoBreak" : "cell"
            hoursMinutes = WordingKey(group + ".hoursMinutes", "h", "m")
            temperature = WordingKey(group + ".temperature", "value")
        }

        public var declaredKeys: [WordingKey] {
            keys(month, monthLong, severity, dateFormat, monthYear, minutesOnly, hoursMinutes,
                 temperature, weatherJoin, none, ongoing, listSeparator, ellipsis, episodes, days,
                 headacheDays, acuteDays)
        }
    }

    private let months: [String]
    private let monthsLong: [String]
    private let dateFormat: Phrase
    private let monthYear: Phrase
    private let severityWords: [String]
    private let minutesOnly: Phrase
    private let hoursMinutes: Phrase
    private let temperature: Phrase
    private let weatherJoin: Phrase
    public let none: String
    public let ongoing: String
    public let listSeparator: String
    private let ellipsis: String
    private let episodesPhrase, daysPhrase, headacheDaysPhrase, acuteDaysPhrase: Phrase

    /// Reads the formats from a phrasebook compiled with `Keys(noBreak:)` (alone or nested in a
    /// report's keys).
    public init(_ book: Phrasebook, noBreak: Bool = false) throws {
        let k = Keys(noBreak: noBreak)
        func text(_ key: WordingKey) throws -> String { try book.render(key) }
        months = try k.month.keys.map(text)
        monthsLong = try k.monthLong.keys.map(text)
        severityWords = try k.severity.keys.map(text)
        dateFormat = try book.phrase(k.dateFormat)
        monthYear = try book.phrase(k.monthYear)
        minutesOnly = try book.phrase(k.minutesOnly)
        hoursMinutes = try book.phrase(k.hoursMinutes)
        temperature = try book.phrase(k.temperature)
        weatherJoin = try book.phrase(k.weatherJoin)
        none = try text(k.none)
        ongoing = try text(k.ongoing)
        listSeparator = try text(k.listSeparator)
        ellipsis = try text(k.ellipsis)
        episodesPhrase = try book.phrase(k.episodes)
        daysPhrase = try book.phrase(k.days)
        headacheDaysPhrase = try book.phrase(k.headacheDays)
        acuteDaysPhrase = try book.phrase(k.acuteDays)
    }

    /// "1 episode", "12 episodes" (a no-break space between number and word).
    public func episodes(_ n: Int) throws -> String { try episodesPhrase.render(["count": String(n)]) }
    /// "1 day", "92 days".
    public func days(_ n: Int) throws -> String { try daysPhrase.render(["count": String(n)]) }
    /// "1 headache day", "15 headache days".
    public func headacheDays(_ n: Int) throws -> String { try headacheDaysPhrase.render(["count": String(n)]) }
    /// "1 day with acute medication", "9 days with acute medication".
    public func acuteDays(_ n: Int) throws -> String { try acuteDaysPhrase.render(["count": String(n)]) }

    /// Compiles only the formats' own wording.
    public init(_ wording: Wording) throws { try self.init(try wording.compile(Keys())) }

    /// "18 Feb 2026".
    public func date(_ d: LocalDate) throws -> String {
        let c = d.components
        return try dateFormat.render(["day": String(c.day), "month": months[c.month - 1], "year": String(c.year)])
    }

    /// "March 2026"; a month outside 1…12 is written as its number.
    public func monthYear(year: Int, month: Int) throws -> String {
        try monthYear.render(["month": (1...12).contains(month) ? monthsLong[month - 1] : String(month), "year": String(year)])
    }

    /// "Mar 2026"; a month outside 1…12 is written as its number.
    public func shortMonthYear(year: Int, month: Int) throws -> String {
        try monthYear.render(["month": (1...12).contains(month) ? months[month - 1] : String(month), "year": String(year)])
    }

    /// "March"; a month outside 1…12 is written as its number.
    public func longMonth(_ month: Int) -> String {
        (1...12).contains(month) ? monthsLong[month - 1] : String(month)
    }

    /// "Mar"; a month outside 1…12 is written as its number.
    public func shortMonth(_ month: Int) throws -> String {
        (1...12).contains(month) ? months[month - 1] : String(month)
    }

    /// "14:34", 24-hour, in the timestamp's own offset.
    public func time(_ t: Timestamp) -> String {
        let m = t.localMinuteOfDay
        return zeroPadded(m / 60, 2) + ":" + zeroPadded(m % 60, 2)
    }

    /// The severity as a word; never only a colour.
    public func severity(_ level: Int) -> String {
        (1...severityWords.count).contains(level) ? severityWords[level - 1] : String(level)
    }

    /// "45m" under an hour, "2h 14m" otherwise (minutes rounded down), "Ongoing" when active;
    /// "0m" when the resolution is before the onset. Exact for any pair of timestamps: a year
    /// typo gives millions of hours, not a crash.
    public func duration(_ log: HeadacheLog) throws -> String {
        guard let end = log.resolvedAt else { return ongoing }
        return try duration(nanoseconds: elapsedNanoseconds(from: log.onsetAt, to: end))
    }

    /// A length of time in the one duration style of the reports: "45m", "2h 14m" (minutes
    /// rounded down, a negative length as "0m").
    public func duration(nanoseconds: Int128) throws -> String {
        let minutes = max(0, nanoseconds / 60_000_000_000)
        if minutes < 60 { return try minutesOnly.render(["m": String(minutes)]) }
        return try hoursMinutes.render(["h": String(minutes / 60), "m": String(minutes % 60)])
    }

    /// "18 °C · Partly cloudy"; either part alone when the other is unknown; "—" when both are.
    /// A temperature that is not a finite number (infinity, NaN) is unknown.
    public func weather(_ w: Weather) throws -> String {
        let condition = w.condition?.trimmed(.spacesAndNewlines).nilIfEmpty
        let temp = try w.temperatureC.flatMap { $0.isFinite ? try temperature.render(["value": Self.number($0)]) : nil }
        switch (temp, condition) {
        case let (t?, c?): return try weatherJoin.render(["temperature": t, "condition": c])
        case let (t?, nil): return t
        case let (nil, c?): return c
        case (nil, nil): return none
        }
    }

    /// Medication names as logged, trimmed, joined by ", " ("—" when none).
    public func medications(_ entries: [MedicationEntry]) -> String {
        var out = ""
        for e in entries {
            let name = e.name.trimmed(.spacesAndNewlines)
            if name.isEmpty { continue }
            if !out.isEmpty { out += listSeparator }
            out += name
        }
        return out.isEmpty ? none : out
    }

    /// Notes with line breaks turned into spaces, cut to `limit` characters (limit − 1 and "…"
    /// when longer). Characters are Unicode scalars, as most tools count them.
    public func notes(_ text: String?, limit: Int) -> String {
        guard let text, !text.isEmpty else { return "" }
        // Most notes have no line break: the text itself, or its first `limit − 1` scalars and
        // "…", found from its bytes (a scalar starts at every byte that is not a continuation
        // byte; a byte that may belong to a break — VT, LF, FF, CR, or the last byte of NEL, LS,
        // PS — takes the long way below).
        var starts = 0, plain = true, cutAt = 0
        for (i, b) in text.utf8.enumerated() {
            if (b >= 0x0A && b <= 0x0D) || b == 0x85 || b == 0xA8 || b == 0xA9 { plain = false; break }
            if b & 0xC0 != 0x80 {
                if starts == limit - 1 { cutAt = i }
                starts += 1
            }
        }
        if plain {
            if starts <= limit || limit < 0 { return text }
            return (limit > 1 ? String(decoding: text.utf8.prefix(cutAt), as: UTF8.self) : "") + ellipsis
        }
        var scalars = String.UnicodeScalarView()
        var count = 0
        var previousCR = false
        var truncated = false
        for s in text.unicodeScalars {
            let isBreak = s == "\n" || s == "\r" || s == "\u{2028}" || s == "\u{2029}" || s == "\u{0B}" || s == "\u{0C}" || s == "\u{85}"
            if s == "\n" && previousCR { previousCR = false; continue }
            previousCR = s == "\r"
            if count == limit { truncated = true; break }
            scalars.append(isBreak ? " " : s)
            count += 1
        }
        if !truncated { return String(scalars) }
        var cut = String.UnicodeScalarView(scalars.prefix(max(0, limit - 1)))
        cut.append(contentsOf: ellipsis.unicodeScalars)
        return String(cut)
    }

    /// A number with at most one decimal and no trailing ".0": 18, 18.5, -3. Beyond 10^14 a
    /// decimal means nothing, so the whole number; beyond Int64, or not finite, Swift's own text
    /// ("1e+19", "inf", "nan").
    static func number(_ v: Double) -> String {
        guard (v * 10).rounded(.toNearestOrAwayFromZero).magnitude < 1e15 else {
            return Int64(exactly: v.rounded()).map(String.init) ?? "\(v.rounded())"
        }
        let text = Rounding.text(v, places: 1)
        return text.hasSuffix(".0") ? String(text.dropLast(2)) : text
    }
}

extension String {
    var nilIfEmpty: String? { isEmpty ? nil : self }
}
