/// The UTC offsets of one time zone through time, as a TZif file of the tz database gives them
/// (`ZoneDirectory` reads them, `TZif` parses them): the offset before the first transition,
/// each transition's new offset, and the TZ-string rule for every instant after the last one.
///
/// It answers both questions a schedule asks: the offset at an instant, and the instant of a
/// wall-clock time on a date (`instant(on:secondOfDay:)`, which says what happens to times a
/// change skips or repeats).
public struct ZoneRules: Sendable, Equatable {
    /// Transition instants (seconds since the epoch), strictly ascending.
    let transitions: [Int64]
    /// The offset (seconds east of UTC) from each transition on; as many as `transitions`.
    let offsets: [Int32]
    /// The offset before the first transition (the file's time type 0).
    let initialOffset: Int32
    /// The rule after the last transition (for every instant when there is none); `nil` when
    /// the last offset stays.
    let rule: PosixTZRule?

    /// Offsets never exceed this many seconds either way (RFC 8536: −89999 to 93599).
    public static let maxOffsetSeconds: Int32 = 93_599

    init(transitions: [Int64], offsets: [Int32], initialOffset: Int32, rule: PosixTZRule?) {
        self.transitions = transitions; self.offsets = offsets; self.initialOffset = initialOffset; self.rule = rule
    }

    /// A zone whose offset never changes (tests, tools).
    public init(fixedOffsetSeconds offset: Int32) {
        self.init(transitions: [], offsets: [], initialOffset: offset, rule: nil)
    }

    /// An offset and a span `[start, end)` of instants over which it holds (not necessarily the
    /// longest such span).
    struct Segment: Equatable {
        var offset: Int32
        var start: Int64
        var end: Int64
    }

    func segment(at t: Int64) -> Segment {
        guard let first = transitions.first, let lastAt = transitions.last else {
            return rule?.segment(at: t) ?? Segment(offset: initialOffset, start: .min, end: .max)
        }
        if t < first { return Segment(offset: initialOffset, start: .min, end: first) }
        // The last transition at or before t.
        var lo = 0, hi = transitions.count - 1
        while lo < hi {
            let mid = lo + (hi - lo + 1) / 2
            if transitions[mid] <= t { lo = mid } else { hi = mid - 1 }
        }
        if lo + 1 < transitions.count { return Segment(offset: offsets[lo], start: transitions[lo], end: transitions[lo + 1]) }
        guard let rule else { return Segment(offset: offsets[lo], start: lastAt, end: .max) }
        var s = rule.segment(at: t)
        s.start = max(s.start, lastAt)
        return s
    }

    /// The UTC offset (seconds east) at the instant `epochSeconds`.
    public func offset(at epochSeconds: Int64) -> Int32 { segment(at: epochSeconds).offset }

    /// The instant `epochSeconds` written with this zone's offset at that instant.
    public func timestamp(at epochSeconds: Int64) -> Timestamp {
        Timestamp(epochSeconds: epochSeconds, offsetSeconds: offset(at: epochSeconds))
    }

    /// The instant of the wall-clock time `secondOfDay` (0…86399) on `date` in this zone, with
    /// the zone's offset at that instant. The rule of iCalendar (RFC 5545 §3.3.5), which
    /// java.time, JavaScript's Temporal and Python's `zoneinfo` (fold 0) also follow:
    ///
    /// - a time that occurs twice (clocks set back) is its first occurrence;
    /// - a time that a change skips (clocks set forward, or a whole day skipped) is read with the
    ///   offset in effect before the change, so it lands as much later as the change skipped:
    ///   02:30 on a day that jumps from 02:00 to 03:00 is 03:30; 09:00 on a day that a zone
    ///   skipped whole is 09:00 on the next day.
    public func instant(on date: LocalDate, secondOfDay: Int) -> Timestamp {
        let wall = Int64(date.daysSinceEpoch) * 86400 + Int64(min(max(secondOfDay, 0), 86399))
        // Every instant whose local time could be `wall` lies within the largest offset of it.
        let reach = Int64(Self.maxOffsetSeconds) + 1
        var segments: [Segment] = []
        var t = wall - reach
        while segments.count < 64 {
            let s = segment(at: t)
            segments.append(s)
            if s.end == .max || s.end > wall + reach { break }
            t = s.end
        }
        // Of the instants that show `wall`, the earliest.
        let shown = segments.compactMap { s -> Int64? in
            let u = wall - Int64(s.offset)
            return u >= s.start && u < s.end ? u : nil
        }.min()
        if let u = shown { return timestamp(at: u) }
        // A gap: read with the offset before the change that skipped `wall`.
        for (before, after) in zip(segments, segments.dropFirst()) where before.offset < after.offset {
            let change = after.start
            if change + Int64(before.offset) <= wall && wall < change + Int64(after.offset) {
                return timestamp(at: wall - Int64(before.offset))
            }
        }
        return timestamp(at: wall - Int64(offset(at: wall)))  // unreachable for consistent rules; stays defined
    }
}
