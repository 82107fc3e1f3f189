import Catalog
import Ingest
import Quoting
import ReportKit

/// The wording the pattern output renders, declared once and checked at load.
struct PatternsWording: WordingKeySet {
    let disclaimer = WordingKey("disclaimer.observation")
    let frequency = WordingKey("pattern.frequency", "symptom", "count")
    let trend = WordingKey("pattern.trend", "symptom", "previous", "count")
    let together = WordingKey("pattern.together", "first", "second", "count")
    let new = WordingKey("pattern.new", "symptom", "date")
    let absence = WordingKey("pattern.absence", "symptom")
    let dayMonth = WordingKey("dayMonth", "day", "month")
    let months = WordingKeyFamily<Int>("month", 1...12)
    let title = WordingKey("text.title", "date")
    let patient = WordingKey("text.patient", "circleId", "patientId")
    let nothing = WordingKey("text.nothing")
    let firstShown = WordingKey("text.firstShown", "date", "id")
    let sources = WordingKey("text.sources")
    let source = WordingKey("text.source", "date", "author", "handoffId")
    let summary = WordingKey("text.summary", "date", "patients", "insights", "new")
    let summaryDryRun = WordingKey("text.summaryDryRun", "date", "patients", "insights", "new")
    let patientCount = WordingKey.plural("text.patients", "count")
    let insightCount = WordingKey.plural("text.insights", "count")

    var declaredKeys: [WordingKey] {
        keys(disclaimer, frequency, trend, together, new, absence, dayMonth, months, title, patient,
             nothing, firstShown, sources, source, summary, summaryDryRun, patientCount, insightCount)
    }
}

/// The pattern job's output: sentences from `templates/wording/curaknot.json`, the JSON contract
/// of spec 40-care-circle.md, the text for people and the one-line summary for cron.
public struct PatternsPresenter: Sendable {
    let book: Phrasebook
    let keys = PatternsWording()

    public init(templates: TemplateSet) throws {
        book = try templates.wording.compile(keys)
    }

    /// The approved disclaimer every surface carries.
    public func disclaimer() throws -> String { try book.render(keys.disclaimer) }

    /// The insight's sentence: the canonical key, its first letter capitalised at the start.
    /// `value` shows each symptom (the text output passes `Quote.text`; JSON and PDF keep them).
    public func sentence(_ f: Finding, value: (String) -> String = { $0 }) throws -> String {
        switch f.type {
        case .frequency: return try book.render(keys.frequency, ["symptom": value(Self.capitalised(f.key)), "count": "\(f.count)"])
        case .trend: return try book.render(keys.trend, ["symptom": value(f.key), "previous": "\(f.previousCount ?? 0)", "count": "\(f.count)"])
        case .correlation:
            return try book.render(keys.together, ["first": value(Self.capitalised(f.symptoms.first ?? "")), "second": value(f.symptoms.last ?? ""),
                                                   "count": "\(f.count)"])
        case .new: return try book.render(keys.new, ["symptom": value(Self.capitalised(f.key)), "date": try dayMonth(f.firstMentioned ?? f.to)])
        case .absence: return try book.render(keys.absence, ["symptom": value(Self.capitalised(f.key))])
        }
    }

    /// A date as the sentences write it: "12 March" (day, full month name, no year).
    func dayMonth(_ date: LocalDate) throws -> String {
        let c = date.components
        let month = try book.render(keys.months[c.month])
        return try book.render(keys.dayMonth, ["day": "\(c.day)", "month": month])
    }

    static func capitalised(_ s: String) -> String { s.prefix(1).uppercased() + s.dropFirst() }

    /// The JSON contract of `report care patterns --json`; each patient also names its circle
    /// (`circleId`), patients in circle then patient order.
    public func json(asOf: LocalDate, _ patients: [PatientPatterns]) throws -> JSONOutput {
        func date(_ d: LocalDate?) -> JSONOutput { d.map { .string($0.description) } ?? .null }
        let list: [JSONOutput] = try patients.map { p in
            .object([("circleId", .string(p.circleId)), ("patientId", .string(p.patientId)), ("insights", .array(try p.insights.map { i in
                let f = i.finding
                return .object([
                    ("id", .string(i.id)), ("type", .string(f.type.rawValue)), ("key", .string(f.key)),
                    ("symptoms", .array(f.symptoms.map { .string($0) })), ("count", .int(f.count)),
                    ("previousCount", f.previousCount.map { .int($0) } ?? .null), ("firstMentioned", date(f.firstMentioned)),
                    ("from", .string(f.from.description)), ("to", .string(f.to.description)),
                    ("text", .string(try sentence(f))),
                    ("sources", .array(f.sources.map { s in
                        .object([("handoffId", .string(s.id)), ("date", .string(s.date.description)),
                                 ("authorId", .string(s.authorId)), ("authorName", s.authorName.map { .string($0) } ?? .null)])
                    })),
                    ("firstSurfaced", .string(i.firstSurfaced.description)),
                ])
            }))])
        }
        return .object([("asOf", .string(asOf.description)), ("disclaimer", .string(try disclaimer())),
                        ("patients", .array(list))])
    }

    /// The text for people, grouped by circle and patient (in that order): one paragraph per
    /// insight with its id and sources, the disclaimer at the top and the bottom. Every value from
    /// the input (ids, names, symptoms) goes through `Quote.text`: nothing in it can reach the
    /// terminal or the cron mail as a control sequence or start a line of its own.
    public func text(asOf: LocalDate, _ patients: [PatientPatterns]) throws -> String {
        var lines = [try book.render(keys.title, ["date": asOf.description]), try disclaimer(), ""]
        for p in patients {
            lines.append(try book.render(keys.patient, ["circleId": Quote.text(p.circleId), "patientId": Quote.text(p.patientId)]))
            if p.insights.isEmpty { lines.append("  " + (try book.render(keys.nothing))) }
            for i in p.insights {
                lines.append("  " + (try sentence(i.finding, value: { Quote.text($0) })))
                lines.append("  " + (try book.render(keys.firstShown, ["date": i.firstSurfaced.description, "id": i.id])))
                lines.append("  " + (try book.render(keys.sources)))
                for s in i.finding.sources {
                    lines.append("    " + (try book.render(keys.source, ["date": s.date.description, "author": Quote.text(s.authorName ?? s.authorId),
                                                                         "handoffId": Quote.text(s.id)])))
                }
                lines.append("")
            }
            if p.insights.isEmpty { lines.append("") }
        }
        lines.append(try disclaimer())
        return lines.joined(separator: "\n") + "\n"
    }

    /// One line for cron mail: counts only, no health data; a dry run says that nothing was
    /// recorded.
    public func summary(asOf: LocalDate, _ patients: [PatientPatterns], dryRun: Bool = false) throws -> String {
        let insights = patients.flatMap(\.insights)
        let new = insights.filter { $0.firstSurfaced == asOf }.count
        return try book.render(dryRun ? keys.summaryDryRun : keys.summary,
                               ["date": asOf.description,
                                "patients": try book.render(keys.patientCount, ["count": "\(patients.count)"]),
                                "insights": try book.render(keys.insightCount, ["count": "\(insights.count)"]),
                                "new": "\(new)"])
    }
}
