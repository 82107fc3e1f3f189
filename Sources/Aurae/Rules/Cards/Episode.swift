import Ingest
import Insights

/// A resolved episode with onset in the window, as the pattern cards see it: read once, with
/// its factors evaluated once.
struct ResolvedEpisode {
    let log: HeadacheLog
    let onsetDate: LocalDate
    let resolvedAt: Timestamp
    /// Onset to resolution, exact for any pair of timestamps (a year typo makes centuries).
    let durationNanos: Int128
    let factors: FactorBits
}
