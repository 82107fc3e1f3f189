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

    /// Writes the ledger PDF to the context's output; returns its page count.
    @discardableResult
    public func writeLedger(_ tasks: [HomeTask], language: LedgerLanguage, in context: ReportContext) throws -> Int {
        try context.writePDF(try document(tasks, language: language, run: context.run))
    }

    /// Writes the JSON export to `output`; returns the balance.
    @discardableResult
    public static func writeExport(_ tasks: [HomeTask], to output: OutputTarget) throws -> PeanutBalance {
        let balance = try PeanutBalance.checked(tasks)
        try output.write { try $0.write(HomeExport.document(tasks, balance: balance).serialized()) }
        return balance
    }
}
