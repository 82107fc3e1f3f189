/// The rule of a POSIX `TZ` string, as a TZif file's footer gives it for every instant after its
/// last transition (RFC 8536 §3.3, with the version 3 extensions): `CET-1CEST,M3.5.0,M10.5.0/3`,
/// `<+0330>-3:30`, `<-02>2<-01>,M3.5.0/-1,M10.5.0/0`.
///
/// Offsets are stored east-positive, as UTC offsets are written (`CET-1` is +01:00).
struct PosixTZRule: Sendable, Equatable {
    /// The day a change happens in a year.
    enum Day: Sendable, Equatable {
        /// `Jn`: day n (1…365) of the year, February 29 never counted.
        case julianNoLeap(Int)
        /// `n`: day n (0…365) of the year counted from 0, February 29 counted.
        case zeroBased(Int)
        /// `Mm.w.d`: weekday d (0 = Sunday) of week w (1…5, 5 = the last) of month m.
        case monthWeekDay(month: Int, week: Int, weekday: Int)
    }

    /// A change: its day and the local time of day it happens at, in seconds (−167 h to +167 h).
    struct Change: Sendable, Equatable {
        var day: Day
        var time: Int64
    }

    /// Standard time's UTC offset, seconds east.
    var standard: Int32
    /// Daylight time's offset and when it starts (in standard time) and ends (in daylight time);
    /// `nil` for a zone without daylight time.
    var daylight: Daylight?

    struct Daylight: Sendable, Equatable {
        var offset: Int32
        var start: Change
        var end: Change
    }

    /// Instants beyond ±2^50 s (about 35 million years) are taken as at that bound, so that no
    /// calendar arithmetic can overflow.
    static let bound: Int64 = 1 << 50

    /// The offset at `t` and a span `[start, end)` around `t` over which it does not change.
    func segment(at t: Int64) -> ZoneRules.Segment {
        guard let daylight else { return ZoneRules.Segment(offset: standard, start: .min, end: .max) }
        if t > Self.bound {
            let s = segment(at: Self.bound)
            return ZoneRules.Segment(offset: s.offset, start: Self.bound, end: .max)
        }
        if t < -Self.bound {
            let s = segment(at: -Self.bound)
            return ZoneRules.Segment(offset: s.offset, start: .min, end: -Self.bound)
        }
        // A change lies at most 167 hours from its day, so the changes of the two years either
        // side of t's year surely enclose t.
        let year = LocalDate.civilFromDays(Int(floorDivide(t, 86400))).year
        var changes: [(at: Int64, offset: Int32)] = []
        for y in (year - 2)...(year + 2) {
            let start = (at: Self.epochDay(daylight.start.day, year: y) * 86400 + daylight.start.time - Int64(standard),
                         offset: daylight.offset)
            let end = (at: Self.epochDay(daylight.end.day, year: y) * 86400 + daylight.end.time - Int64(daylight.offset),
                       offset: standard)
            changes += start.at <= end.at ? [start, end] : [end, start]
        }
        // Stable, so of two changes at one instant (daylight time all year: a year's end and the
        // next year's start) the later one in the rule's order wins; then keep only real changes.
        let sorted = changes.enumerated().sorted { ($0.element.at, $0.offset) < ($1.element.at, $1.offset) }.map(\.element)
        var real: [(at: Int64, offset: Int32)] = []
        for c in sorted {
            if let last = real.last, last.at == c.at { real.removeLast() }
            if let last = real.last, last.offset == c.offset { continue }
            real.append(c)
        }
        guard let i = real.lastIndex(where: { $0.at <= t }) else {
            // Cannot happen (the first change is years before t); stay defined anyway.
            return ZoneRules.Segment(offset: standard, start: t, end: real.first?.at ?? .max)
        }
        return ZoneRules.Segment(offset: real[i].offset, start: real[i].at, end: i + 1 < real.count ? real[i + 1].at : .max)
    }

    /// Days from 1970-01-01 to `day` of `year`.
    static func epochDay(_ day: Day, year: Int) -> Int64 {
        let jan1 = LocalDate.daysFromCivil(year: year, month: 1, day: 1)
        switch day {
        case .julianNoLeap(let n):
            return Int64(jan1 + n - 1 + (LocalDate.isLeap(year) && n >= 60 ? 1 : 0))
        case .zeroBased(let n):
            return Int64(jan1 + n)
        case let .monthWeekDay(month, week, weekday):
            let first = LocalDate.daysFromCivil(year: year, month: month, day: 1)
            // 1970-01-01 was a Thursday (4, with 0 = Sunday).
            let firstWeekday = ((first % 7) + 7 + 4) % 7
            var day = first + (weekday - firstWeekday + 7) % 7 + 7 * (week - 1)
            let length = LocalDate.daysInMonth(year: year, month: month)
            while day - first >= length { day -= 7 }
            return Int64(day)
        }
    }
}

/// `a / b` rounded toward minus infinity (`b` > 0).
@inlinable func floorDivide(_ a: Int64, _ b: Int64) -> Int64 {
    let q = a / b
    return (a % b != 0 && a < 0) ? q - 1 : q
}

extension PosixTZRule {
    /// Parses a TZ string; `nil` when it is not one. An empty string is not a rule (the caller
    /// keeps the last transition's offset).
    init?(_ text: String) {
        var p = TZStringParser(Array(text.utf8))
        guard p.name(), let std = p.offset(maxHours: 24) else { return nil }
        standard = Int32(-std)
        if p.atEnd { daylight = nil; return }
        guard p.name() else { return nil }
        var dst = -std + 3600
        if !p.peek(UInt8(ascii: ",")) && !p.atEnd {
            guard let o = p.offset(maxHours: 24) else { return nil }
            dst = -o
        }
        let start: Change, end: Change
        if p.atEnd {
            // No rule: the POSIX default that glibc and Go use (the United States' since 2007).
            start = Change(day: .monthWeekDay(month: 3, week: 2, weekday: 0), time: 7200)
            end = Change(day: .monthWeekDay(month: 11, week: 1, weekday: 0), time: 7200)
        } else {
            guard p.eat(UInt8(ascii: ",")), let s = p.change(), p.eat(UInt8(ascii: ",")), let e = p.change(), p.atEnd else {
                return nil
            }
            start = s; end = e
        }
        daylight = Daylight(offset: Int32(dst), start: start, end: end)
    }
}

/// The scanner of `PosixTZRule.init?(_:)`: names, offsets and changes of a TZ string.
private struct TZStringParser {
    let u: [UInt8]
    var i = 0
    init(_ u: [UInt8]) { self.u = u }

    var atEnd: Bool { i == u.count }
    func peek(_ c: UInt8) -> Bool { i < u.count && u[i] == c }
    mutating func eat(_ c: UInt8) -> Bool {
        guard peek(c) else { return false }
        i += 1
        return true
    }

    static func isLetter(_ c: UInt8) -> Bool { (65...90).contains(c) || (97...122).contains(c) }
    static func isDigit(_ c: UInt8) -> Bool { (48...57).contains(c) }

    /// A zone abbreviation: three or more letters, or `<…>` of three or more letters, digits, `+`, `-`.
    mutating func name() -> Bool {
        let start = i
        if eat(UInt8(ascii: "<")) {
            while i < u.count, Self.isLetter(u[i]) || Self.isDigit(u[i]) || u[i] == UInt8(ascii: "+") || u[i] == UInt8(ascii: "-") { i += 1 }
            let length = i - start - 1
            return eat(UInt8(ascii: ">")) && length >= 3
        }
        while i < u.count, Self.isLetter(u[i]) { i += 1 }
        return i - start >= 3
    }

    /// An unsigned number of one to `digits` digits, at most `max`.
    mutating func number(digits: Int, max: Int) -> Int? {
        var v = 0, n = 0
        while i < u.count, Self.isDigit(u[i]), n < digits { v = v * 10 + Int(u[i] - 48); i += 1; n += 1 }
        if n == 0 || v > max || (i < u.count && Self.isDigit(u[i])) { return nil }
        return v
    }

    /// `[+-]hh[:mm[:ss]]` in seconds, signed as written.
    mutating func offset(maxHours: Int) -> Int64? {
        let negative = eat(UInt8(ascii: "-"))
        if !negative { _ = eat(UInt8(ascii: "+")) }
        guard let h = number(digits: 3, max: maxHours) else { return nil }
        var seconds = h * 3600
        if eat(UInt8(ascii: ":")) {
            guard let m = number(digits: 2, max: 59) else { return nil }
            seconds += m * 60
            if eat(UInt8(ascii: ":")) {
                guard let s = number(digits: 2, max: 59) else { return nil }
                seconds += s
            }
        }
        return Int64(negative ? -seconds : seconds)
    }

    /// `date[/time]`: `Jn`, `n` or `Mm.w.d`, and a time of −167 to +167 hours (default 02:00).
    mutating func change() -> PosixTZRule.Change? {
        let day: PosixTZRule.Day
        if eat(UInt8(ascii: "J")) {
            guard let n = number(digits: 3, max: 365), n >= 1 else { return nil }
            day = .julianNoLeap(n)
        } else if eat(UInt8(ascii: "M")) {
            guard let m = number(digits: 2, max: 12), m >= 1, eat(UInt8(ascii: ".")),
                  let w = number(digits: 1, max: 5), w >= 1, eat(UInt8(ascii: ".")),
                  let d = number(digits: 1, max: 6) else { return nil }
            day = .monthWeekDay(month: m, week: w, weekday: d)
        } else {
            guard let n = number(digits: 3, max: 365) else { return nil }
            day = .zeroBased(n)
        }
        var time: Int64 = 7200
        if eat(UInt8(ascii: "/")) {
            guard let t = offset(maxHours: 167) else { return nil }
            time = t
        }
        return PosixTZRule.Change(day: day, time: time)
    }
}
