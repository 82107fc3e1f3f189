import Render
import ReportKit

extension ClinicalReport {
    /// The insights disclaimer and the medication-records caption.
    func disclaimerBlocks(_ c: Content) throws -> [Block] {
        [try sectionHeading(keys.disclaimersHeading, c),
         .paragraph(Paragraph(try book.render(keys.insightsDisclaimer), style: c.base.body, spaceAfter: 4)),
         .paragraph(Paragraph(try book.render(keys.medicationRecords), style: c.base.body, spaceAfter: 4))]
    }
}
