import Ingest

/// The sent notifications of one type for one person and pair, within a rolling window. A
/// notification sent at `t` still counts at `now` while `now − t` is less than the window: the
/// seed's query is `timestamp > now − window`, so one sent exactly a window earlier no longer counts.
struct RollingLimit {
    let limit: Int
    let windowNanoseconds: Int128
    private var sent: [Timestamp] = []
    private var first = 0

    init(_ settings: ThrottleSettings.Limit) {
        limit = settings.limit
        windowNanoseconds = Int128(settings.windowSeconds) * 1_000_000_000
    }

    /// Whether one more may be sent at `now`; times must not go backwards between calls.
    mutating func allows(at now: Timestamp) -> Bool {
        while first < sent.count, elapsedNanoseconds(from: sent[first], to: now) >= windowNanoseconds { first += 1 }
        if first > 64 && first * 2 > sent.count { sent.removeFirst(first); first = 0 }
        return sent.count - first < limit
    }

    /// Counts a notification sent at `now`.
    mutating func record(_ now: Timestamp) { sent.append(now) }
}
