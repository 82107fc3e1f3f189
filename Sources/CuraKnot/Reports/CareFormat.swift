import Catalog
import Ingest
import Quoting
import Render
import ReportKit

/// Whom a care document is for (spec 40-care-circle.md, "One care recipient per document"): the
/// name given with `--recipient-name`, else the circle and its patient(s) by id.
public struct CareRecipient: Sendable, Equatable {
    public var name: String?
    public var circleId: String?
    public var patientIds: [String]

    public init(name: String? = nil, circleId: String?, patientIds: [String] = []) {
        let trimmed = name?.trimmed(.spacesAndNewlines)
        self.name = trimmed?.isEmpty == false ? trimmed : nil
        self.circleId = circleId
        self.patientIds = Array(Set(patientIds)).sorted()
    }

    /// The same recipient with a right-to-left name set apart from the text around it, for a
    /// line of a PDF (`PrintableText.isolated`).
    public var isolated: CareRecipient {
        var q = self
        q.name = name.map(PrintableText.isolated)
        return q
    }

    /// The same recipient with every value through `Quote.text`, for a line of text output.
    public var quoted: CareRecipient {
        var q = self
        q.name = name.map { Quote.text($0) }
        q.circleId = circleId.map { Quote.text($0) }
        q.patientIds = patientIds.map { Quote.text($0) }
        return q
    }
}

/// How every CuraKnot PDF writes dates ("9 Apr 2026", as the Aurae reports do; CSV and JSON keep
/// ISO dates) and names whom it is for, with every word from `text.care` of
/// `templates/wording/curaknot.json`.
public struct CareFormat: Sendable {
    struct Keys: WordingKeySet {
        let date = WordingKey("care.date", "day", "month", "year")
        let monthYear = WordingKey("care.monthYear", "month", "year")
        let months = WordingKeyFamily<Int>("care.monthShort", 1...12)
        let named = WordingKey("care.recipient.named", "name")
        let circle = WordingKey("care.recipient.circle", "circle")
        let circlePatient = WordingKey("care.recipient.circlePatient", "circle", "patient")
        let circlePatients = WordingKey("care.recipient.circlePatients", "circle", "patients")
        let listSeparator = WordingKey("care.recipient.listSeparator")

        var declaredKeys: [WordingKey] {
            keys(date, monthYear, months, named, circle, circlePatient, circlePatients, listSeparator)
        }
    }

    let keys = Keys()
    let book: Phrasebook
    private let months: [String]

    public init(templates: TemplateSet) throws {
        let book = try templates.wording.compile(keys)
        self.book = book
        months = try keys.months.keys.map { try book.render($0) }
    }

    /// "9 Apr 2026".
    public func date(_ d: LocalDate) throws -> String {
        let c = d.components
        return try book.render(keys.date, ["day": String(c.day), "month": months[c.month - 1], "year": String(c.year)])
    }

    /// "Jan 2026".
    public func monthYear(_ m: ExpenseMonth) throws -> String {
        try book.render(keys.monthYear, ["month": (1...12).contains(m.month) ? months[m.month - 1] : String(m.month), "year": String(m.year)])
    }

    /// "Care recipient: Rose", "Care circle c-1 · patient p-1", "Care circle c-1"; nil when the
    /// document knows neither a name nor a circle (an empty input).
    public func recipient(_ r: CareRecipient) throws -> String? {
        if let name = r.name { return try book.render(keys.named, ["name": name]) }
        guard let circle = r.circleId else { return nil }
        switch r.patientIds.count {
        case 0: return try book.render(keys.circle, ["circle": circle])
        case 1: return try book.render(keys.circlePatient, ["circle": circle, "patient": r.patientIds[0]])
        default:
            let list = r.patientIds.joined(separator: try book.render(keys.listSeparator))
            return try book.render(keys.circlePatients, ["circle": circle, "patients": list])
        }
    }
}
