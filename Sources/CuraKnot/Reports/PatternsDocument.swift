import Catalog
import FoundationEssentials
#if canImport(Glibc)
import Glibc
#endif
import Ingest
import Render
import ReportKit

/// The wording the family-meeting PDF renders beyond the insight sentences.
struct MeetingWording: WordingKeySet {
    let questionsTitle = WordingKey("meeting.questionsTitle")
    let wordmark = WordingKey("meeting.wordmark")
    let appName = WordingKey("meeting.appName")
    let generatedBy = WordingKey("meeting.generatedBy")
    let title = WordingKey("meeting.title")
    let documentSubject = WordingKey("meeting.documentSubject", "recipient", "date")
    let asOf = WordingKey("meeting.asOf", "date")
    let findingsTitle = WordingKey("meeting.findingsTitle")
    let newSinceLastRun = WordingKey("meeting.newSinceLastRun")
    let unnamedAuthor = WordingKey("meeting.unnamedAuthor")
    let continuation = WordingKey("meeting.continuation", "recipient", "date")
    let pageNumber = WordingKey("meeting.pageNumber", "page", "pages")
    let nothing = WordingKey("meeting.nothing")
    let sourcesTitle = WordingKey("meeting.sourcesTitle")
    let source = WordingKey("meeting.source", "date", "author")
    let noQuestions = WordingKey("meeting.noQuestions")
    let frequency = WordingKey("meeting.question.frequency", "symptom", "count")
    let trend = WordingKey("meeting.question.trend", "symptom", "previous", "count")
    let together = WordingKey("meeting.question.together", "first", "second", "count")
    let new = WordingKey("meeting.question.new", "symptom", "date")
    let absence = WordingKey("meeting.question.absence", "symptom")

    var declaredKeys: [WordingKey] {
        keys(questionsTitle, wordmark, appName, generatedBy, title, documentSubject, asOf,
             findingsTitle, newSinceLastRun, unnamedAuthor, continuation, pageNumber, nothing,
             sourcesTitle, source, noQuestions, frequency, trend, together, new, absence)
    }
}

/// What the family-meeting sections are built from: one patient of one circle.
struct MeetingInput {
    let asOf: LocalDate
    let patient: PatientPatterns
    let recipient: CareRecipient
}

/// The care patterns PDF for a family meeting or an appointment (spec 40-care-circle.md), about
/// one patient of one circle, named in the first page's header and every running header: one
/// block per symptom with every finding about it and its sources once (author and date, no
/// internal ids), findings first shown on this run marked "new since the last run", then "Questions
/// you may want to ask at the next appointment", one per symptom; the verbatim disclaimer on every
/// page; dates as "9 Apr 2026".
public struct PatternsDocument {
    let presenter: PatternsPresenter
    let book: Phrasebook
    let keys = MeetingWording()
    let brand: CuraKnotBrand
    let layout: PatternsLayout
    let format: CareFormat
    let sections: SectionRegistry<MeetingInput>

    public init(templates: TemplateSet) throws {
        presenter = try PatternsPresenter(templates: templates)
        book = try templates.wording.compile(keys)
        brand = try CuraKnotBrand(templates: templates)
        layout = try PatternsLayout(templates: templates)
        format = try CareFormat(templates: templates)
        let blocks = MeetingBlocks(presenter: presenter, book: book, keys: keys, brand: brand, layout: layout, format: format)
        var registry = SectionRegistry<MeetingInput>()
        registry.register("header") { try blocks.header($0) }
        registry.register("symptoms") { try blocks.symptoms($0) }
        registry.register("questions") { try blocks.questions($0) }
        try registry.check(layout.sections, file: templates.reportFile(PatternsLayout.name), key: "sections")
        sections = registry
    }

    /// The document for the patterns of `patient` as of `asOf`; `recipientName` (`--recipient-name`)
    /// names whom it is for, else the circle and patient ids do.
    public func document(asOf: LocalDate, _ patient: PatientPatterns, recipientName: String? = nil, run: RunInfo) throws -> Document {
        let recipient = CareRecipient(name: recipientName, circleId: patient.circleId, patientIds: [patient.patientId])
        let who = try format.recipient(recipient.isolated) ?? ""
        let date = try format.date(asOf)
        let metadata = DocumentMetadata(
            title: try book.render(keys.title), subject: try book.render(keys.documentSubject, ["recipient": who, "date": date]),
            author: try book.render(keys.appName), creator: run.creator, creationDate: run.generatedAt)
        let blocks = try sections.blocks(layout.sections, MeetingInput(asOf: asOf, patient: patient, recipient: recipient))
        return Document(metadata: metadata, template: try pageTemplate(continuation: try book.render(keys.continuation, ["recipient": who, "date": date])),
                        blocks: blocks)
    }

    /// Writes the PDF of `patient` for the context's as-of date to its output, whole or not at
    /// all; returns the page count.
    public func write(_ patient: PatientPatterns, recipientName: String? = nil, in context: ReportContext) throws -> Int {
        try context.writePDF(try document(asOf: context.run.asOf, patient, recipientName: recipientName, run: context.run))
    }

    /// The page: the disclaimer, "Generated by CuraKnot" and "Page X of Y" in every footer, and the
    /// running header naming whom the document is for at the top of every page after the first.
    func pageTemplate(continuation: String) throws -> PageTemplate {
        let band = brand.style(\.bodyFamily, brand.footerSize, .regular, brand.palette.caption)
        let disclaimer = try presenter.disclaimer()
        let generatedBy = try book.render(keys.generatedBy)
        let pageNumber = try book.phrase(keys.pageNumber)
        return PageTemplate(
            size: layout.page.size, margins: layout.page.margins,
            footer: { ctx in
                [[BandText(disclaimer, style: band, alignment: .leading)],
                 [BandText(generatedBy, style: band, alignment: .leading),
                  BandText(try pageNumber.render(["page": String(ctx.pageNumber), "pages": String(ctx.pageCount)]),
                           style: band, alignment: .trailing)]]
            },
            continuationHeader: [.paragraph(Paragraph(continuation,
                                                      style: brand.style(\.bodyFamily, brand.captionSize, .regular, brand.palette.caption),
                                                      spaceAfter: 6))])
    }
}
