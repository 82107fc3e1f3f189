import Ingest

/// A resolved episode with onset in the window, as the pattern cards see it: read once, with
/// its factors evaluated once.
struct ResolvedEpisode {
    let log: HeadacheLog
    let onsetDate: LocalDate
    let resolvedAt: Timestamp
    /// Onset to resolution.
    let durationNanos: Int64
    let factors: FactorBits
}

@inline(__always) func nanos(from a: Timestamp, to b: Timestamp) -> Int64 {
    (b.epochSeconds - a.epochSeconds) * 1_000_000_000 + Int64(b.nanoseconds - a.nanoseconds)
}
