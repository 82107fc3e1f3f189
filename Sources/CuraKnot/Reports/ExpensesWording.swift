import Catalog
import Ingest
import ReportKit

/// Every wording key the expense report (PDF, text, JSON) renders, declared once and checked at
/// load, with the phrases built from them.
struct ExpensesWording {
    struct Keys: WordingKeySet {
        let disclaimer = WordingKey("expenses.disclaimer")
        let projectionsLabel = WordingKey("expenses.projections")
        let unassigned = WordingKey("expenses.unassigned")
        let wordmark = WordingKey("expenses.wordmark")
        let appName = WordingKey("expenses.appName")
        let generatedBy = WordingKey("expenses.generatedBy")
        let title = WordingKey("expenses.title")
        let documentSubject = WordingKey("expenses.documentSubject", "from", "to")
        let range = WordingKey("expenses.range", "from", "to")
        let noRange = WordingKey("expenses.noRange")
        let dataSource = WordingKey("expenses.dataSource", "source", "range")
        let pageHeader = WordingKey("expenses.pageHeader", "recipient", "dataSource")
        let inColumn = WordingKey("expenses.inColumn", "column", "currency")
        let pageNumber = WordingKey("expenses.pageNumber", "page", "pages")
        let empty = WordingKey("expenses.empty")
        let amount = WordingKey("expenses.amount", "amount", "currency")
        let inCurrency = WordingKey("expenses.inCurrency", "currency")
        let yes = WordingKey("expenses.yes")
        let no = WordingKey("expenses.no")
        let benchmark = WordingKey("expenses.benchmark", "amount", "region", "source", "date")
        let benchmarkNoRegion = WordingKey("expenses.benchmarkNoRegion", "amount", "source", "date")
        let sections = WordingKeyFamily<Section>("expenses.sections")
        let columns = WordingKeyFamily<Column>("expenses.columns")
        let categories = WordingKeyFamily<ExpenseCategory>("expenses.category")
        let headerLine = WordingKey("expenses.line.header", "title", "source", "range")
        let cellLine = WordingKey("expenses.line.cell", "month", "category", "amount", "count")
        let pairLine = WordingKey("expenses.line.pair", "label", "amount")
        let splitLine = WordingKey("expenses.line.split", "reimbursableLabel", "reimbursable", "notReimbursableLabel", "notReimbursable")
        let projectionLine = WordingKey("expenses.line.projection", "category", "monthly", "total")

        var declaredKeys: [WordingKey] {
            keys(disclaimer, projectionsLabel, unassigned, wordmark, appName, generatedBy, title,
                 documentSubject, range, noRange, dataSource, pageHeader, inColumn, pageNumber, empty,
                 amount, inCurrency, yes, no, benchmark, benchmarkNoRegion, sections, columns,
                 categories, headerLine, cellLine, pairLine, splitLine, projectionLine)
        }
    }

    /// The table column headings (`text.expenses.columns.<case>`).
    enum Column: String, CaseIterable {
        case month, total, year, paidBy, amount, reimbursable, notReimbursable, category, monthly, twelveMonths, benchmark
        case date, description, receipt, count, kind
    }

    /// The sections with a heading (`text.expenses.sections.<case>`).
    enum Section: String, CaseIterable {
        case summary, yearly, payers, reimbursable, projections, items
    }

    let keys = Keys()
    let book: Phrasebook

    init(templates: TemplateSet) throws { book = try templates.wording.compile(keys) }

    func render(_ key: WordingKey, _ values: KeyValuePairs<String, String> = [:]) throws -> String { try book.render(key, values) }

    func column(_ c: Column) throws -> String { try render(keys.columns[c]) }

    func section(_ s: Section) throws -> String { try render(keys.sections[s]) }

    func category(_ c: ExpenseCategory) throws -> String { try render(keys.categories[c]) }

    /// An amount with its currency, e.g. "120.00 EUR".
    func money(_ amount: Money, _ currency: String) throws -> String {
        try render(keys.amount, ["amount": CurrencyUnits.text(amount, currency), "currency": currency])
    }

    /// "2026-01-01 to 2026-06-30" (PDFs write the dates with `date`: "1 Jan 2026 to 30 Jun
    /// 2026"), or the no-expenses phrase.
    func range(_ range: ClosedRange<LocalDate>?, date: (LocalDate) throws -> String = { $0.description }) throws -> String {
        guard let range else { return try render(keys.noRange) }
        return try render(keys.range, ["from": try date(range.lowerBound), "to": try date(range.upperBound)])
    }

    /// "Data: expenses.csv · 1 Jan 2026 to 30 Jun 2026", on every page.
    func dataSource(_ report: ExpenseReport, date: (LocalDate) throws -> String) throws -> String {
        try render(keys.dataSource, ["source": report.source, "range": try range(report.range, date: date)])
    }

    /// A column heading with its currency: "Amount (EUR)".
    func column(_ c: Column, in currency: String) throws -> String {
        try render(keys.inColumn, ["column": try column(c), "currency": currency])
    }

    /// A benchmark figure with its region, source and date (written by `date`); `value` shows the
    /// region and the source (the text output passes `Quote.text`).
    func benchmark(_ b: CostBenchmark, date: (LocalDate) throws -> String = { $0.description },
                   value: (String) -> String = { $0 }) throws -> String {
        let amount = try money(b.monthlyAmount, b.currency)
        let when = try date(b.asOf)
        if let region = b.region {
            return try render(keys.benchmark, ["amount": amount, "region": value(region), "source": value(b.source), "date": when])
        }
        return try render(keys.benchmarkNoRegion, ["amount": amount, "source": value(b.source), "date": when])
    }

    /// "Yes", "No", or nothing when unknown.
    func yesNo(_ value: Bool?) throws -> String {
        guard let value else { return "" }
        return try render(value ? keys.yes : keys.no)
    }
}
