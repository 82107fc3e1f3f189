import Catalog
import Ingest
import ReportKit

/// The episode-detail fields in display order; each is one labelled, unsplittable piece.
enum DetailField: String, CaseIterable {
    case duration, onsetSpeed, headacheType, weather, health, sleep, lifestyle, food,
         symptoms, medication, environment, cyclePhase, notes
}

/// The episode details' wording: field labels, value parts and the words for logged choices;
/// the headache-type note, shown once in the introduction.
struct DetailKeys: WordingKeySet {
    let intro = WordingKey("clinical.details.intro")
    let continued = WordingKey("clinical.details.continued", "title")
    let episodeTitle = WordingKey("clinical.details.episodeTitle", "date", "time", "severity")
    let separator = WordingKey("clinical.details.separator")
    let dateTime = WordingKey("clinical.details.dateTime", "date", "time")
    let resolvedAfter = WordingKey("clinical.details.resolvedAfter", "duration", "when")
    let headacheTypeNote = WordingKey("disclaimer.headacheTypeShort")
    let labels = WordingKeyFamily<DetailField>("clinical.details.label")
    let onsetSpeeds = WordingKeyFamily<OnsetSpeed>("clinical.details.onsetSpeed")
    let humidity = WordingKey("clinical.details.weather.humidity", "value")
    let pressure = WordingKey("clinical.details.weather.pressure", "value")
    let pressureTrend = WordingKey("clinical.details.weather.pressureTrend", "value", "trend")
    let trendOnly = WordingKey("clinical.details.weather.trendOnly", "trend")
    let uv = WordingKey("clinical.details.weather.uv", "value")
    let aqi = WordingKey("clinical.details.weather.aqi", "value")
    let trends = WordingKeyFamily<PressureTrend>("clinical.details.weather.trend")
    let heartRate = WordingKey("clinical.details.health.heartRate", "value")
    let restingHeartRate = WordingKey("clinical.details.health.restingHeartRate", "value")
    let hrv = WordingKey("clinical.details.health.hrv", "value")
    let spo2 = WordingKey("clinical.details.health.spo2", "value")
    let steps = WordingKey.plural("clinical.details.health.steps", "value", by: "value")
    let sleepHours = WordingKey.plural("clinical.details.sleep.hours", "value", by: "value")
    let sleepQuality = WordingKey("clinical.details.sleep.quality", "value")
    let alcohol = WordingKey("clinical.details.lifestyle.alcohol")
    let noAlcohol = WordingKey("clinical.details.lifestyle.noAlcohol")
    let caffeine = WordingKey("clinical.details.lifestyle.caffeine")
    let noCaffeine = WordingKey("clinical.details.lifestyle.noCaffeine")
    let skippedMeal = WordingKey("clinical.details.lifestyle.skippedMeal")
    let noSkippedMeal = WordingKey("clinical.details.lifestyle.noSkippedMeal")
    let hydration = WordingKey.plural("clinical.details.lifestyle.hydration", "value", by: "value")
    let stress = WordingKey("clinical.details.lifestyle.stress", "value")
    let screenTime = WordingKey.plural("clinical.details.lifestyle.screenTime", "value", by: "value")
    let symptoms = WordingKeyFamily<Symptom>("clinical.details.symptom")
    let cyclePhases = WordingKeyFamily<CyclePhase>("clinical.details.cyclePhase")
    /// The approved factor labels name the known foods and the environment factors.
    let foods = WordingKeyFamily<KnownFood>("factor")
    let environment = WordingKeyFamily<EnvironmentFactor>("factor")
    let takenAt = WordingKey("clinical.details.medication.takenAt", "when")
    let acute = WordingKey("clinical.details.medication.acute")
    let daily = WordingKey("clinical.details.medication.daily")
    let rating = WordingKey("clinical.details.medication.rating", "rating")

    var declaredKeys: [WordingKey] {
        keys(intro, continued, episodeTitle, separator, dateTime, resolvedAfter, headacheTypeNote,
             labels, onsetSpeeds, humidity, pressure, pressureTrend, trendOnly, uv, aqi, trends,
             heartRate, restingHeartRate, hrv, spo2, steps, sleepHours, sleepQuality, alcohol,
             noAlcohol, caffeine, noCaffeine, skippedMeal, noSkippedMeal, hydration, stress,
             screenTime, symptoms, cyclePhases, foods, environment, takenAt, acute, daily, rating)
    }
}
