import Foundation
import Ingest

/// Wall-clock times in IANA zones, from the system's time-zone database (Debian: `tzdata`).
public enum TimeZones {
    /// The zone called `name`, or `nil` when the database does not know it.
    public static func zone(named name: String) -> TimeZone? {
        guard !name.isEmpty, name.count <= 64 else { return nil }
        return TimeZone(identifier: name)
    }

    /// The instant `date` at `hour`:00 wall-clock time in `zone`, with the zone's offset at that
    /// instant (so the same hour is another instant on either side of a DST change). A wall-clock
    /// time a DST change skips is taken as the first instant after the gap. `nil` only outside
    /// the calendar's range.
    public static func instant(_ date: LocalDate, hour: Int, in zone: TimeZone) -> Timestamp? {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = zone
        let c = date.components
        let wall = DateComponents(year: c.year, month: c.month, day: c.day, hour: hour, minute: 0, second: 0)
        guard let moment = calendar.date(from: wall),
              let seconds = Int64(exactly: moment.timeIntervalSince1970.rounded()) else { return nil }
        return Timestamp(epochSeconds: seconds, offsetSeconds: Int32(clamping: zone.secondsFromGMT(for: moment)))
    }
}

extension Timestamp {
    /// The same instant written in UTC (`Z`).
    public var utc: Timestamp { Timestamp(epochSeconds: epochSeconds, nanoseconds: nanoseconds, offsetSeconds: 0) }

    /// Whether this instant is before `other`'s, whatever offsets they are written in.
    public func isEarlierInstant(than other: Timestamp) -> Bool {
        (epochSeconds, nanoseconds) < (other.epochSeconds, other.nanoseconds)
    }
}
