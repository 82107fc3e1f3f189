import Catalog

/// `templates/thresholds/aurae.json` as read (`ConfigNode`): the property names are the file's
/// keys. A value a type cannot check (a list that must not be empty, an hour) is checked where it
/// is read, and the error names the file and the key path.
public struct Thresholds: Sendable {
    public struct Patterns: Sendable {
        public let minResolvedEpisodes: Int
        init(_ n: ConfigNode) throws { minResolvedEpisodes = try n.int("minResolvedEpisodes") }
    }
    public struct Weather: Sendable {
        public let minResolvedEpisodes: Int; public let highHumidityPct: Double
        init(_ n: ConfigNode) throws {
            minResolvedEpisodes = try n.int("minResolvedEpisodes"); highHumidityPct = try n.double("highHumidityPct")
        }
    }
    public struct Sleep: Sendable {
        public let minPerGroup: Int; public let shortSleepHours: Double
        init(_ n: ConfigNode) throws { minPerGroup = try n.int("minPerGroup"); shortSleepHours = try n.double("shortSleepHours") }
    }
    public struct Factors: Sendable {
        public let minKnown, minCount: Int
        public let minShare: Share
        public let poorSleepHours: Double
        public let poorSleepQualityAtMost, highStressAtLeast, lowHydrationBelow: Int
        public let longScreenTimeHours: Double
        /// How many factors the clinical PDF lists (checked when that report loads).
        public let pdfTopCount: Int

        init(_ n: ConfigNode) throws {
            minKnown = try n.int("minKnown"); minCount = try n.int("minCount")
            minShare = try Share(n["minShare"])
            poorSleepHours = try n.double("poorSleepHours")
            poorSleepQualityAtMost = try n.int("poorSleepQualityAtMost")
            highStressAtLeast = try n.int("highStressAtLeast")
            lowHydrationBelow = try n.int("lowHydrationBelow")
            longScreenTimeHours = try n.double("longScreenTimeHours")
            pdfTopCount = try n.int("pdfTopCount")
        }
    }
    public struct Association: Sendable {
        public let minExposedDays, minUnexposedDays: Int; public let maxQ: Double
        init(_ n: ConfigNode) throws {
            minExposedDays = try n.int("minExposedDays"); minUnexposedDays = try n.int("minUnexposedDays")
            maxQ = try n.double("maxQ")
        }
    }
    public struct MedicationOveruse: Sendable {
        public let acuteDaysWarning: Int
        init(_ n: ConfigNode) throws { acuteDaysWarning = try n.int("acuteDaysWarning") }
    }
    public struct Frequency: Sendable {
        /// 1 to 3660 days.
        public let windowDays: Int

        init(_ n: ConfigNode) throws {
            let days = try n["windowDays"]
            windowDays = try days.int()
            guard windowDays > 0 && windowDays <= 3660 else { throw days.wrong("between 1 and 3660") }
        }
    }

    /// The clinical report's own rules (spec 30-reports.md, premium clinical report).
    public struct Clinical: Sendable {
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

        init(_ n: ConfigNode) throws {
            severeFromSeverity = try n.int("severeFromSeverity")
            asOfBlocksWithinDays = try n.int("asOfBlocksWithinDays")
            minRatingsForBar = try n.int("minRatingsForBar")
            minTrendPeriods = try n.int("minTrendPeriods")
            weeklyUnderDays = try n.int("weeklyUnderDays")
            cycle = try Cycle(n["cycle"])
        }
    }
    /// The episodes around logged menstrual starts: the days drawn, the days counted as "near"
    /// a start, and the gap after which a menstrual day starts a new cycle.
    public struct Cycle: Sendable {
        public let fromDay, toDay, nearFromDay, nearToDay, newStartAfterDays: Int
        init(_ n: ConfigNode) throws {
            fromDay = try n.int("fromDay"); toDay = try n.int("toDay")
            nearFromDay = try n.int("nearFromDay"); nearToDay = try n.int("nearToDay")
            newStartAfterDays = try n.int("newStartAfterDays")
        }
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

    /// Reads the file, in the order of the properties above (the first problem is the one
    /// reported).
    public init(_ n: ConfigNode) throws {
        patterns = try Patterns(n["patterns"])
        weather = try Weather(n["weather"])
        sleep = try Sleep(n["sleep"])
        factors = try Factors(n["factors"])
        frequencyLabels = try FrequencyLabels(n["frequencyLabels"])
        association = try Association(n["association"])
        medicationOveruse = try MedicationOveruse(n["medicationOveruse"])
        frequency = try Frequency(n["frequency"])
        timeOfDay = try TimeBands(n["timeOfDay"])
        clinical = try Clinical(n["clinical"])
    }

    /// A share written as a fraction (0.10), held as an exact fraction of one million so the
    /// rules compare it with integers.
    public struct Share: Sendable, Hashable {
        public let millionths: Int64

        init(_ n: ConfigNode) throws {
            let d = try n.double()
            let scaled = (d * 1_000_000).rounded(.toNearestOrAwayFromZero)
            millionths = scaled.magnitude < 1e15 ? Int64(scaled) : (scaled < 0 ? -1_000_000_000_000_000 : 1_000_000_000_000_000)
        }
    }

    /// A frequency label (`frequent`, `sometimes`, …) and the share from which it applies.
    public struct FrequencyLabel: Sendable, Hashable {
        public let name: String
        public let minShare: Share
        init(_ n: ConfigNode) throws { name = try n.string("label"); minShare = try Share(n["minShare"]) }
    }

    /// The frequency labels, highest share first; never empty.
    public struct FrequencyLabels: Sendable {
        public let highestFirst: [FrequencyLabel]

        init(_ n: ConfigNode) throws {
            highestFirst = try n.list().map(FrequencyLabel.init).sorted { $0.minShare.millionths > $1.minShare.millionths }
            guard !highestFirst.isEmpty else { throw n.wrong("a non-empty list") }
        }
    }

    /// A time-of-day band and the hour (0–23) it starts at.
    public struct TimeBand: Sendable, Hashable {
        public let name: String
        public let fromMinute: Int

        init(_ n: ConfigNode) throws {
            name = try n.string("name")
            let from = try n["fromHour"]
            let hour = try from.int()
            guard (0..<24).contains(hour) else { throw from.wrong("an hour from 0 to 23") }
            fromMinute = hour * 60
        }
    }

    /// The time-of-day bands, earliest first; the first starts at hour 0.
    public struct TimeBands: Sendable {
        public let earliestFirst: [TimeBand]

        init(_ n: ConfigNode) throws {
            earliestFirst = try n.list().map(TimeBand.init).sorted { $0.fromMinute < $1.fromMinute }
            guard earliestFirst.first?.fromMinute == 0 else { throw n.wrong("bands starting at hour 0") }
        }
    }
}
