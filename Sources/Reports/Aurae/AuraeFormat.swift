import Catalog
import Ingest

/// How Aurae reports write dates, times, severities, durations and the table cells, with every
/// word taken from the wording catalog (spec 30-reports.md, "Aurae free summary").
public struct AuraeFormat: Sendable {
    private let months: [String]
    private let dateFormat: FastTemplate
    private let monthYear: FastTemplate
    private let severityWords: [Int: String]
    private let minutesOnly: FastTemplate
    private let hoursMinutes: FastTemplate
    private let temperature: FastTemplate
    private let weatherJoin: FastTemplate
    public let none: String
    public let ongoing: String
    private let listSeparator: String
    private let ellipsis: String
    private let monthsLong: [String]

    public init(_ wording: Wording) throws {
        months = try (1...12).map { try wording.render("month.\($0)") }
        monthsLong = try (1...12).map { try wording.render("monthLong.\($0)") }
        dateFormat = try wording.fast("dateFormat", ["day", "month", "year"])
        monthYear = try wording.fast("monthYearFormat", ["month", "year"])
        var words: [Int: String] = [:]
        for level in 1...5 { words[level] = try wording.render("severity.\(level)") }
        severityWords = words
        minutesOnly = try wording.fast("cell.minutes", ["m"])
        hoursMinutes = try wording.fast("cell.hoursMinutes", ["h", "m"])
        temperature = try wording.fast("cell.temperature", ["value"])
        weatherJoin = try wording.fast("cell.weatherJoin", ["temperature", "condition"])
        none = try wording.render("cell.none")
        ongoing = try wording.render("cell.ongoing")
        listSeparator = try wording.render("cell.listSeparator")
        ellipsis = try wording.render("cell.ellipsis")
    }

    /// "18 Feb 2026".
    public func date(_ d: LocalDate) -> String {
        let c = d.components
        return dateFormat.render([String(c.day), months[c.month - 1], String(c.year)])
    }

    /// "March 2026".
    public func monthYear(year: Int, month: Int) -> String {
        monthYear.render([monthsLong[month - 1], String(year)])
    }

    /// "14:34", 24-hour, in the timestamp's own offset.
    public func time(_ t: Timestamp) -> String {
        let m = t.localMinuteOfDay
        return Self.twoDigits(m / 60) + ":" + Self.twoDigits(m % 60)
    }

    /// The severity as a word; never only a colour.
    public func severity(_ level: Int) -> String { severityWords[level] ?? String(level) }

    /// "45m" under an hour, "2h 14m" otherwise (minutes rounded down), "Ongoing" when active.
    public func duration(_ log: HeadacheLog) -> String {
        guard let end = log.resolvedAt else { return ongoing }
        var seconds = end.epochSeconds - log.onsetAt.epochSeconds
        if end.nanoseconds < log.onsetAt.nanoseconds { seconds -= 1 }
        let minutes = max(0, seconds / 60)
        if minutes < 60 { return minutesOnly.render([String(minutes)]) }
        return hoursMinutes.render([String(minutes / 60), String(minutes % 60)])
    }

    /// "18 °C · Partly cloudy"; either part alone when the other is unknown; "—" when both are.
    public func weather(_ w: Weather) -> String {
        let condition = w.condition?.trimmingCharacters(in: .whitespacesAndNewlines).nilIfEmpty
        let temp = w.temperatureC.map { temperature.render([Self.number($0)]) }
        switch (temp, condition) {
        case let (t?, c?): return weatherJoin.render([t, c])
        case let (t?, nil): return t
        case let (nil, c?): return c
        case (nil, nil): return none
        }
    }

    /// Medication names as logged, trimmed, joined by ", " ("—" when none).
    public func medications(_ entries: [MedicationEntry]) -> String {
        var out = ""
        for e in entries {
            let name = e.name.trimmingCharacters(in: .whitespacesAndNewlines)
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
        var cut = String.UnicodeScalarView(scalars.prefix(limit - 1))
        cut.append(contentsOf: ellipsis.unicodeScalars)
        return String(cut)
    }

    /// A number with at most one decimal and no trailing ".0": 18, 18.5, -3.
    static func number(_ v: Double) -> String {
        let tenths = (v * 10).rounded(.toNearestOrAwayFromZero)
        if tenths.magnitude >= 1e15 { return String(Int64(v.rounded())) }
        let t = Int64(tenths)
        let sign = t < 0 ? "-" : ""
        let a = t.magnitude
        return a % 10 == 0 ? sign + String(a / 10) : sign + String(a / 10) + "." + String(a % 10)
    }

    static func twoDigits(_ v: Int) -> String { v < 10 ? "0" + String(v) : String(v) }
}

extension String {
    var nilIfEmpty: String? { isEmpty ? nil : self }
}
