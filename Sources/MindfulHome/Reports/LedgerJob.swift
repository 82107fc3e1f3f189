import Catalog
import Render
import ReportKit

/// Runs the Mindful Home commands: the peanut ledger PDF and the JSON export, each written
/// atomically. Both check the balance first: a negative one is an input error and nothing is
/// written.
public struct LedgerJob {
    let ledger: LedgerDocument
    let balanceWording: [LedgerLanguage: BalanceWording]

    /// Loads everything the ledger needs, so a broken template fails before any input is read.
    public init(templates: TemplateSet) throws {
        ledger = try LedgerDocument(templates: templates)
        balanceWording = try Dictionary(uniqueKeysWithValues: LedgerLanguage.allCases.map { ($0, try BalanceWording(templates: templates, language: $0)) })
    }

    /// The ledger document (everything before layout); a negative balance is worded in the
    /// ledger's language.
    public func document(_ tasks: [HomeTask], language: LedgerLanguage, run: RunInfo) throws -> Document {
        guard let wording = balanceWording[language] else { throw CatalogError.missingKey(file: "wording/mindfulhome.json", key: language.rawValue) }
        return try ledger.document(tasks, balance: try PeanutBalance.checked(tasks, wording: wording), language: language, run: run)
    }

    /// Writes the ledger PDF to the context's output; returns its page count.
    @discardableResult
    public func writeLedger(_ tasks: [HomeTask], language: LedgerLanguage, in context: ReportContext) throws -> Int {
        try context.writePDF(try document(tasks, language: language, run: context.run))
    }

    /// Writes the JSON export to `output`; returns the balance.
    @discardableResult
    public static func writeExport(_ tasks: [HomeTask], to output: OutputTarget, wording: BalanceWording) throws -> PeanutBalance {
        let balance = try PeanutBalance.checked(tasks, wording: wording)
        try output.write { try $0.write(HomeExport.document(tasks, balance: balance).serialized()) }
        return balance
    }
}
