/// `templates/thresholds/aurae.json` as decoded: the property names are the file's keys. A value
/// a type cannot check (a list that must not be empty, an hour) is checked where it is decoded,
/// and the error names the file and the key path (`ConfigFile`).
public struct Thresholds: Decodable, Sendable {
    public struct Patterns: Decodable, Sendable { public let minResolvedEpisodes: Int }
    public struct Weather: Decodable, Sendable { public let minResolvedEpisodes: Int; public let highHumidityPct: Double }
    public struct Sleep: Decodable, Sendable { public let minPerGroup: Int; public let shortSleepHours: Double }
    public struct Factors: Decodable, Sendable {
        public let minKnown, minCount: Int
        public let minShare: Share
        public let poorSleepHours: Double
        public let poorSleepQualityAtMost, highStressAtLeast, lowHydrationBelow: Int
        public let longScreenTimeHours: Double
        /// How many factors the clinical PDF lists (checked when that report loads).
        public let pdfTopCount: Int
    }
    public struct Association: Decodable, Sendable { public let minExposedDays, minUnexposedDays: Int; public let maxQ: Double }
    public struct MedicationOveruse: Decodable, Sendable { public let acuteDaysWarning: Int }
    public struct Frequency: Decodable, Sendable {
        /// 1 to 3660 days.
        public let windowDays: Int

        public init(from decoder: Decoder) throws {
            let c = try decoder.container(keyedBy: CodingKeys.self)
            windowDays = try c.decode(Int.self, forKey: .windowDays)
            guard windowDays > 0 && windowDays <= 3660 else {
                throw DecodingError.dataCorruptedError(forKey: .windowDays, in: c, debugDescription: "between 1 and 3660")
            }
        }
        private enum CodingKeys: String, CodingKey { case windowDays }
    }

    /// The clinical report's own rules (spec 30-reports.md, premium clinical report).
    public struct Clinical: Decodable, Sendable {
        /// A headache day whose highest severity reaches this is a severe day ("severity 4–5").
        public let severeFromSeverity: Int
        /// Blocks anchored to the as-of date are left out when the range ends more days than
        /// this before it.
        public let asOfBlocksWithinDays: Int
        /// A medication with fewer ratings is listed but not drawn as a bar.
        public let minRatingsForBar: Int
        /// The trend line needs at least this many whole periods.
        public let minTrendPeriods: Int
        /// Ranges shorter than this many days are charted by week.
        public let weeklyUnderDays: Int
        public let cycle: Cycle
    }
    /// The episodes around logged menstrual starts: the days drawn, the days counted as "near"
    /// a start, and the gap after which a menstrual day starts a new cycle.
    public struct Cycle: Decodable, Sendable {
        public let fromDay, toDay, nearFromDay, nearToDay, newStartAfterDays: Int
    }

    public let patterns: Patterns
    public let weather: Weather
    public let sleep: Sleep
    public let factors: Factors
    public let frequencyLabels: FrequencyLabels
    public let association: Association
    public let medicationOveruse: MedicationOveruse
    public let frequency: Frequency
    public let timeOfDay: TimeBands
    public let clinical: Clinical

    /// A share written as a fraction (0.10), held as an exact fraction of one million so the
    /// rules compare it with integers.
    public struct Share: Decodable, Sendable, Hashable {
        public let millionths: Int64

        public init(from decoder: Decoder) throws {
            let d = try decoder.singleValueContainer().decode(Double.self)
            let scaled = (d * 1_000_000).rounded(.toNearestOrAwayFromZero)
            millionths = scaled.magnitude < 1e15 ? Int64(scaled) : (scaled < 0 ? -1_000_000_000_000_000 : 1_000_000_000_000_000)
        }
    }

    /// A frequency label (`frequent`, `sometimes`, …) and the share from which it applies.
    public struct FrequencyLabel: Decodable, Sendable, Hashable {
        public let name: String
        public let minShare: Share
        private enum CodingKeys: String, CodingKey { case name = "label", minShare }
    }

    /// The frequency labels, highest share first; never empty.
    public struct FrequencyLabels: Decodable, Sendable {
        public let highestFirst: [FrequencyLabel]

        public init(from decoder: Decoder) throws {
            let c = try decoder.singleValueContainer()
            highestFirst = try c.decode([FrequencyLabel].self).sorted { $0.minShare.millionths > $1.minShare.millionths }
            guard !highestFirst.isEmpty else { throw DecodingError.dataCorruptedError(in: c, debugDescription: "a non-empty list") }
        }
    }

    /// A time-of-day band and the hour (0–23) it starts at.
    public struct TimeBand: Decodable, Sendable, Hashable {
        public let name: String
        public let fromMinute: Int

        public init(from decoder: Decoder) throws {
            let c = try decoder.container(keyedBy: CodingKeys.self)
            name = try c.decode(String.self, forKey: .name)
            let hour = try c.decode(Int.self, forKey: .fromHour)
            guard (0..<24).contains(hour) else {
                throw DecodingError.dataCorruptedError(forKey: .fromHour, in: c, debugDescription: "an hour from 0 to 23")
            }
            fromMinute = hour * 60
        }
        private enum CodingKeys: String, CodingKey { case name, fromHour }
    }

    /// The time-of-day bands, earliest first; the first starts at hour 0.
    public struct TimeBands: Decodable, Sendable {
        public let earliestFirst: [TimeBand]

        public init(from decoder: Decoder) throws {
            let c = try decoder.singleValueContainer()
            earliestFirst = try c.decode([TimeBand].self).sorted { $0.fromMinute < $1.fromMinute }
            guard earliestFirst.first?.fromMinute == 0 else {
                throw DecodingError.dataCorruptedError(in: c, debugDescription: "bands starting at hour 0")
            }
        }
    }
}
