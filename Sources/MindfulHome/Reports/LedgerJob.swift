import Catalog
import Render
import ReportKit

/// Runs the Mindful Home commands: the peanut ledger PDF and the JSON export, each written
/// atomically. Both check the balance first: a negative one is an input error and nothing is
/// written.
public struct LedgerJob {
    let ledger: LedgerDocument

    /// Loads everything the ledger needs, so a broken template fails before any input is read.
    public init(templates: TemplateSet) throws { ledger = try LedgerDocument(templates: templates) }

    /// The ledger document (everything before layout).
    public func document(_ tasks: [HomeTask], language: LedgerLanguage, run: RunInfo) throws -> Document {
        try ledger.document(tasks, balance: try PeanutBalance.checked(tasks), language: language, run: run)
    }

    /// Lays out and writes the ledger PDF; returns its page count and the font warnings.
    @discardableResult
    public func writeLedger(_ tasks: [HomeTask], language: LedgerLanguage, run: RunInfo,
                            to output: OutputTarget) throws -> (pages: Int, fontWarnings: [String]) {
        let doc = try document(tasks, language: language, run: run)
        let measurer = PangoMeasurer()
        let laidOut = try LayoutEngine(measurer: measurer).layout(doc)
        try output.write { file in try PDFRenderer.render(laidOut, measurer: measurer) { try file.write($0) } }
        return (laidOut.pages.count, measurer.fontWarnings)
    }

    /// Writes the JSON export; returns the balance.
    @discardableResult
    public static func writeExport(_ tasks: [HomeTask], to output: OutputTarget) throws -> PeanutBalance {
        let balance = try PeanutBalance.checked(tasks)
        let text = HomeExport.document(tasks, balance: balance).serialized()
        try output.write { try $0.write(text) }
        return balance
    }
}
