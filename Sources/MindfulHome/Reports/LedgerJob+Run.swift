import Catalog
import ReportKit

extension LedgerJob: ReportJob {
    public struct Request: Sendable {
        public var language: LedgerLanguage
        public init(language: LedgerLanguage) { self.language = language }
    }

    /// Writes the ledger PDF of `tasks`; returns its page count.
    @discardableResult
    public func run(_ tasks: [HomeTask], _ request: Request, in context: ReportContext) throws -> Int {
        try writeLedger(tasks, language: request.language, in: context)
    }
}

/// Runs `home export`: the tasks as one JSON document per task keyed by id, and the balance (a
/// negative one is an input error, and nothing is written).
public struct HomeExportJob: ReportJob {
    public struct Request: Sendable { public init() {} }

    let wording: BalanceWording

    /// Loads the wording of a negative balance (English: the export has no language).
    public init(templates: TemplateSet) throws { wording = try BalanceWording(templates: templates, language: .en) }

    /// Writes the export; returns the balance.
    @discardableResult
    public func run(_ tasks: [HomeTask], _ request: Request, in context: ReportContext) throws -> PeanutBalance {
        try LedgerJob.writeExport(tasks, to: context.output, wording: wording)
    }
}
