import Render
import ReportKit

extension ClinicalReport {
    /// The insights disclaimer and the medication-records caption, once each.
    func disclaimerBlocks(_ c: Content) throws -> [Block] {
        [try sectionHeading(.disclaimers, c),
         paragraph(try book.render(keys.insightsDisclaimer), c),
         paragraph(try book.render(keys.medicationRecords), c)]
    }
}
