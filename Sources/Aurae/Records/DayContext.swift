import Ingest

/// One calendar day of optional daily context (the `days` file).
public struct DayContext: Hashable, Sendable {
    public var date: LocalDate
    public var sleepHours: Double?
    public var sleepQuality: Int?
    public var stressLevel: Int?
    public var alcohol: Bool?
    public var caffeine: Bool?
    public var skippedMeal: Bool?
    public var pressureTrend: PressureTrend?
    public var humidityPct: Double?
    public var cyclePhase: CyclePhase?
    public var source: SourceLocation?
    public init(date: LocalDate) { self.date = date }
}
