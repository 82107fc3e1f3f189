/// The numbers of the cycle rules, from `templates/thresholds/cycle.json` (spec
/// 50-companion-apps.md): which gaps count, how many are averaged, the default length, and when
/// the two check-in reminders go out.
public struct CycleSettings: Decodable, Equatable, Sendable {
    /// Gaps between starts (days) that count toward the average.
    public var plausibleGapMinDays: Int
    public var plausibleGapMaxDays: Int
    /// How many of the most recent plausible gaps are averaged.
    public var gapsAveraged: Int
    /// The length used when no gap is plausible.
    public var defaultLengthDays: Int
    /// Days after the predicted start of attempt 1, attempt 2, …
    public var reminderDaysAfterPrediction: [Int]
    /// The wall-clock hour (0–23) of every reminder in the user's zone.
    public var reminderHour: Int

    public init(plausibleGapMinDays: Int = 15, plausibleGapMaxDays: Int = 90, gapsAveraged: Int = 6,
                defaultLengthDays: Int = 28, reminderDaysAfterPrediction: [Int] = [1, 3], reminderHour: Int = 9) {
        self.plausibleGapMinDays = plausibleGapMinDays; self.plausibleGapMaxDays = plausibleGapMaxDays
        self.gapsAveraged = gapsAveraged; self.defaultLengthDays = defaultLengthDays
        self.reminderDaysAfterPrediction = reminderDaysAfterPrediction; self.reminderHour = reminderHour
    }

    /// What is wrong with the settings (the key), or `nil` when they are usable: positive gap
    /// bounds in order and below a year, at least one averaged gap, a default within the bounds,
    /// one or two reminders (the seed's maximum) 0–30 days after the prediction, an hour 0–23.
    public var problem: String? {
        if !(1...366).contains(plausibleGapMinDays) || !(plausibleGapMinDays...366).contains(plausibleGapMaxDays) {
            return "plausibleGapMinDays/plausibleGapMaxDays"
        }
        if !(1...100).contains(gapsAveraged) { return "gapsAveraged" }
        if !(plausibleGapMinDays...plausibleGapMaxDays).contains(defaultLengthDays) { return "defaultLengthDays" }
        if !(1...2).contains(reminderDaysAfterPrediction.count) || !reminderDaysAfterPrediction.allSatisfy((0...30).contains) {
            return "reminderDaysAfterPrediction"
        }
        if !(0...23).contains(reminderHour) { return "reminderHour" }
        return nil
    }
}
