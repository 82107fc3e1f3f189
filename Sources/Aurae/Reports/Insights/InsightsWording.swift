import Catalog
import ReportKit

/// Every wording key the insights text and JSON render. Families come from the factor table and
/// the thresholds, so a new factor, frequency label or time band is checked at load too.
struct InsightsWording: WordingKeySet {
    let format = AuraeFormat.Keys()
    let progress = WordingKey("patterns.progress")
    let trustSignal = WordingKey("patterns.trustSignal", "count")
    let locked = WordingKey("insights.locked")
    let disclaimer = WordingKey("disclaimer.insights")
    let compactFooter = WordingKey("disclaimer.compactFooter")

    // Safety: flagged episodes and medication-overuse awareness.
    let redFlagHeading = WordingKey("redFlag.heading")
    let redFlagIntro = WordingKey("insights.redFlag.intro")
    let redFlagItem = WordingKey("insights.redFlag.item", "date", "severity", "condition")
    let primaryCondition = WordingKey("redFlag.primaryCondition", "severity")
    let secondaryCondition = WordingKey("redFlag.secondaryCondition")
    let auraVisualCondition = WordingKey("redFlag.auraVisualCondition")
    let redFlagPrimary = WordingKey("safety.redFlagPrimary")
    let redFlagSecondary = WordingKey("safety.redFlagSecondary")
    let overuseHeading = WordingKey("overuse.heading", "month")
    let overuseCount = WordingKey.plural("overuse.count", "days", "month", by: "days")
    let overuseWarning = WordingKey("safety.overuseWarning")
    let overusePointer = WordingKey("overuse.pointer")

    // Last 30 days.
    let last30Days = WordingKey("patterns.last30Days")
    let headacheDays = WordingKey("insights.frequency.headacheDays", "count")
    let episodes = WordingKey("insights.frequency.episodes", "count", "days", "previous")
    let streak = WordingKey("insights.frequency.streak", "count")
    let streakZero = WordingKey("insights.frequency.streakZero")

    // Factors and weather.
    let factorsTitle = WordingKey("patterns.factorsTitle")
    let factorsDisclaimer = WordingKey("patterns.factorsDisclaimer")
    let factorItem = WordingKey("insights.factors.item", "label", "frequency")
    let factorSentence = WordingKey("patterns.exampleFactorSentence", "factor", "count", "known")
    let factorBaseline = WordingKey("insights.factors.baseline", "count", "known", "baselineCount", "baselineKnown")
    let factorAssociated = WordingKey("insights.factors.associated", "label")
    let factorsNone = WordingKey("insights.factors.none")
    let weatherTitle = WordingKey("patterns.weatherTitle")
    let weatherItem = WordingKey("insights.weather.item", "label", "count", "known", "frequency")
    let weatherBaseline = WordingKey("insights.weather.baseline", "label", "count", "known", "baselineCount", "baselineKnown")
    let weatherAssociated = WordingKey("insights.weather.associated", "label")
    let weatherNone = WordingKey("insights.weather.none")
    let factorLabels = WordingKeyFamily(Factor.all) { $0.labelKey }
    let factorPhrases = WordingKeyFamily(Factor.all) { $0.phraseKey }
    let frequencyLabels: WordingKeyFamily<Thresholds.FrequencyLabel>

    // Sleep, day of week, time of day.
    let sleepTitle = WordingKey("insights.sleep.title")
    let sleepShort = WordingKey.plural("insights.sleep.short", "count", "hours", "severity", "duration")
    let sleepTypical = WordingKey.plural("insights.sleep.typical", "count", "hours", "severity", "duration")
    let sleepClosing = WordingKey("patterns.sleepClosing")
    let dayOfWeekTitle = WordingKey("insights.dayOfWeek.title")
    let dayOfWeekRow = WordingKey("insights.dayOfWeek.row", "day", "count")
    let weekdays = WordingKeyFamily<Int>("insights.weekday", 1...7)
    let timeOfDayTitle = WordingKey("insights.timeOfDayCard.title")
    let timeOfDayRow = WordingKey("insights.timeOfDayCard.row", "band", "count")
    /// By band name.
    let timeBands: WordingKeyFamily<String>

    // Medications.
    let medicationsTitle = WordingKey("patterns.medicationsTitle")
    let medicationsDisclaimer = WordingKey("patterns.medicationsDisclaimer")
    let medicationItem = WordingKey.plural("insights.medications.item", "name", "count")
    let medicationRating = WordingKey.plural("insights.medications.rating", "rating", "rated", by: "rated")
    let medicationResolution = WordingKey("insights.medications.resolution", "hours")
    let medicationsNone = WordingKey("insights.medications.none")
    let medicationRecords = WordingKey("disclaimer.medicationRecords")

    // Trends.
    let trendsTitle = WordingKey("insights.trends.title")
    let monthRow = WordingKey("insights.trends.monthRow", "month", "count")
    let weekRow = WordingKey("insights.trends.weekRow", "week", "count")
    let monthlyLine = WordingKey("insights.trends.monthlyLine", "slope", "intercept")
    let weeklyLine = WordingKey("insights.trends.weeklyLine", "slope", "intercept")

    // Acute medication days by ICHD-3 class.
    let byClassTitle = WordingKey("insights.byClass.title")
    let byClassIntro = WordingKey("insights.byClass.intro")
    let byClassRow = WordingKey("insights.byClass.row", "label", "days")
    let byClassRowReference = WordingKey("insights.byClass.rowReference", "label", "days", "reference")
    let byClassOther = WordingKey("insights.byClass.other", "label", "days", "names")
    let ichdReference = WordingKey("safety.ichdReference", "days")

    init(config: InsightsConfig) {
        frequencyLabels = WordingKeyFamily(config.thresholds.frequencyLabels.highestFirst) { "frequencyLabel." + $0.name }
        timeBands = WordingKeyFamily("insights.timeOfDay", config.thresholds.timeOfDay.earliestFirst.map(\.name))
    }

    var declaredKeys: [WordingKey] {
        keys(format, progress, trustSignal, locked, disclaimer, compactFooter, redFlagHeading,
             redFlagIntro, redFlagItem, primaryCondition, secondaryCondition, auraVisualCondition,
             redFlagPrimary, redFlagSecondary, overuseHeading, overuseCount, overuseWarning,
             overusePointer, last30Days, headacheDays, episodes, streak, streakZero, factorsTitle,
             factorsDisclaimer, factorItem, factorSentence, factorBaseline, factorAssociated,
             factorsNone, weatherTitle, weatherItem, weatherBaseline, weatherAssociated, weatherNone,
             factorLabels, factorPhrases, frequencyLabels, sleepTitle, sleepShort, sleepTypical,
             sleepClosing, dayOfWeekTitle, dayOfWeekRow, weekdays, timeOfDayTitle, timeOfDayRow,
             timeBands, medicationsTitle, medicationsDisclaimer, medicationItem, medicationRating,
             medicationResolution, medicationsNone, medicationRecords, trendsTitle, monthRow, weekRow,
             monthlyLine, weeklyLine, byClassTitle, byClassIntro, byClassRow, byClassRowReference,
             byClassOther, ichdReference)
    }
}
