
/// Nanoseconds from `a` to `b` (negative when `b` is earlier), exact for every pair of timestamps
/// a record can hold: `Int128` has room for any difference of `Int64` seconds in nanoseconds.
/// (Ingest's calendar arithmetic — `localSeconds`, `localDate`, `adding(days:)` — saturates at
/// the ends of its types instead of trapping, so the analysis uses it directly.)
@inlinable public func elapsedNanoseconds(from a: Timestamp, to b: Timestamp) -> Int128 {
    (Int128(b.epochSeconds) - Int128(a.epochSeconds)) * 1_000_000_000 + Int128(b.nanoseconds) - Int128(a.nanoseconds)
}
