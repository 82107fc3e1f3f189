import Render
import ReportKit

/// The expense report's sections as blocks on the document model: the title block naming whom the
/// report is for, then per section a heading and one table per currency (amounts are never summed
/// across currencies, and no column ever holds two), every row labelled, each table kept together
/// with its caption — or, when longer than a page, never broken with fewer than a few rows on
/// either side. Dates as "9 Apr 2026".
struct ExpensesTables {
    let wording: ExpensesWording
    let brand: CuraKnotBrand
    let layout: ExpensesLayout
    let format: CareFormat

    typealias Column = ExpensesWording.Column

    /// The wordmark, the title, whom it is for, the range and the accent bar; a note when the range
    /// is empty.
    func header(_ input: ExpensesInput) throws -> [Block] {
        let w = wording, k = wording.keys, p = brand.palette, report = input.report
        var blocks: [Block] = [
            .paragraph(Paragraph(try w.render(k.wordmark),
                                 style: brand.style(\.headingFamily, brand.wordmarkSize, .semibold, p.textSecondary), spaceAfter: 8)),
            .heading(Heading(try w.render(k.title), style: brand.style(\.headingFamily, brand.titleSize, .bold, p.textSecondary),
                             outlineLevel: nil, spaceAfter: 4)),
        ]
        if let who = try format.recipient(report.recipient(name: input.recipientName).isolated) {
            blocks.append(.paragraph(Paragraph(who, style: brand.style(\.bodyFamily, brand.bodySize, .semibold, p.textSecondary), spaceAfter: 2)))
        }
        // The data source and range, and the disclaimer, once in the text a reader hears: the
        // running header and the footers that repeat them on every page are page furniture.
        blocks += [
            .paragraph(Paragraph(try w.dataSource(report, date: format.date), style: body, spaceAfter: 2)),
            .paragraph(Paragraph(try w.render(k.disclaimer), style: brand.style(\.bodyFamily, brand.captionSize, .regular, p.caption),
                                 spaceAfter: 2)),
            .rule(Rule(height: brand.accentBarHeight, color: p.accentBar, spaceBefore: 8, spaceAfter: 10)),
        ]
        if report.totals.items.isEmpty { blocks.append(.paragraph(Paragraph(try w.render(k.empty), style: body))) }
        return blocks
    }

    /// Month × category per currency: one row per month, one column per category with expenses,
    /// a total column and a total row.
    func summary(_ input: ExpensesInput) throws -> [Block] {
        let t = input.report.totals
        guard !t.items.isEmpty else { return [] }
        var blocks = [try heading(.summary)]
        for currency in t.currencies {
            let cells = t.byMonthAndCategory.filter { $0.currency == currency }
            let categories = ExpenseCategory.allCases.filter { c in cells.contains { $0.category == c } }
            let months = cells.map(\.month).reduce(into: [ExpenseMonth]()) { if $0.last != $1 { $0.append($1) } }
            var rows: [TableRow] = []
            var columnTotals = Array(repeating: Money(cents: 0), count: categories.count)
            var grand = Money(cents: 0)
            for month in months {
                var row = [TableCell(try format.monthYear(month))]
                var monthTotal = Money(cents: 0)
                for (i, c) in categories.enumerated() {
                    let amount = cells.first { $0.month == month && $0.category == c }?.amount
                    row.append(TableCell(amount.map { CurrencyUnits.text($0, currency) } ?? ""))
                    if let amount {
                        monthTotal = try monthTotal.adding(amount)
                        columnTotals[i] = try columnTotals[i].adding(amount)
                    }
                }
                grand = try grand.adding(monthTotal)
                rows.append(TableRow(row + [TableCell(CurrencyUnits.text(monthTotal, currency))], tag: "month \(month)"))
            }
            let totalLabel = try wording.column(.total)
            rows.append(TableRow([TableCell(totalLabel, style: bold)] + (columnTotals + [grand]).map {
                TableCell(CurrencyUnits.text($0, currency), style: bold)
            }, tag: "total \(currency)"))
            let header = [try wording.column(.month)] + (try categories.map { try wording.category($0) }) + [totalLabel]
            let columns = [TableColumn(.fixed(layout.columns.month))]
                + Array(repeating: TableColumn(.flexible(1), alignment: .trailing), count: categories.count + 1)
            blocks += try kept(currency, table("month by category \(currency)", columns, header, rows))
        }
        return blocks
    }

    func yearly(_ input: ExpensesInput) throws -> [Block] {
        let byYear = input.report.totals.byYear
        return try perCurrency(.yearly, input) { currency in
            let rows = byYear.filter { $0.currency == currency }.map { y in
                TableRow([TableCell("\(y.year)"), TableCell(CurrencyUnits.text(y.amount, currency))], tag: "year \(y.year)")
            }
            return table("yearly \(currency)", [TableColumn(.fixed(layout.columns.month)), TableColumn(.fixed(layout.columns.amount), alignment: .trailing)],
                         [try wording.column(.year), try wording.column(.amount, in: currency)], rows)
        }
    }

    /// Who paid what, per currency, with the currency's total.
    func payers(_ input: ExpensesInput) throws -> [Block] {
        let byPayer = input.report.totals.byPayer
        return try perCurrency(.payers, input) { currency in
            var total = Money(cents: 0)
            var rows: [TableRow] = []
            for p in byPayer where p.currency == currency {
                total = try total.adding(p.amount)
                rows.append(TableRow([TableCell(p.paidBy), TableCell(CurrencyUnits.text(p.amount, currency))], tag: "payer"))
            }
            rows.append(try totalRow(total, currency))
            return table("payers \(currency)", [TableColumn(.fixed(layout.columns.payer)), TableColumn(.fixed(layout.columns.amount), alignment: .trailing)],
                         [try wording.column(.paidBy), try wording.column(.amount, in: currency)], rows)
        }
    }

    /// Reimbursable and not, per currency: a labelled row each and the total.
    func reimbursable(_ input: ExpensesInput) throws -> [Block] {
        let splits = input.report.totals.reimbursable
        return try perCurrency(.reimbursable, input) { currency in
            guard let s = splits.first(where: { $0.currency == currency }) else { return nil }
            let rows = [TableRow([TableCell(try wording.column(.reimbursable)), TableCell(CurrencyUnits.text(s.reimbursable, currency))]),
                        TableRow([TableCell(try wording.column(.notReimbursable)), TableCell(CurrencyUnits.text(s.notReimbursable, currency))]),
                        try totalRow(try s.reimbursable.adding(s.notReimbursable), currency)]
            return table("reimbursable \(currency)", [TableColumn(.fixed(layout.columns.payer)), TableColumn(.fixed(layout.columns.amount), alignment: .trailing)],
                         [try wording.column(.kind), try wording.column(.amount, in: currency)], rows)
        }
    }

    /// The family projections, labelled verbatim, per currency, with the benchmarks of the same
    /// currency and category (source and date) beside them.
    func projections(_ input: ExpensesInput) throws -> [Block] {
        let r = input.report
        guard let projections = r.projections, !projections.isEmpty else { return [] }
        let c = layout.columns
        var blocks = [try heading(.projections),
                      .paragraph(Paragraph(try wording.render(wording.keys.projectionsLabel), style: body, spaceAfter: 6))]
        for currency in projections.map(\.currency).reduce(into: [String](), { if $0.last != $1 { $0.append($1) } }) {
            let rows = try projections.filter { $0.currency == currency }.map { p in
                TableRow([TableCell(try wording.category(p.category)), TableCell(CurrencyUnits.text(p.monthlyAmount, currency)),
                          TableCell(CurrencyUnits.text(p.twelveMonthTotal, currency)),
                          TableCell(try r.benchmarks(for: p).map { try wording.benchmark($0, date: format.date, value: PrintableText.isolated) }.joined(separator: "\n"))],
                         tag: "projection \(p.category.rawValue)")
            }
            blocks += try kept(currency, table("projections \(currency)", [
                TableColumn(.fixed(c.category)), TableColumn(.fixed(c.monthly), alignment: .trailing),
                TableColumn(.fixed(c.twelveMonths), alignment: .trailing), TableColumn(.flexible(1)),
            ], [try wording.column(.category), try wording.column(.monthly, in: currency), try wording.column(.twelveMonths, in: currency),
                try wording.column(.benchmark)], rows))
        }
        return blocks
    }

    /// Every expense in the range, per currency: date, category, description, payer, amount,
    /// reimbursable, receipt reference.
    func items(_ input: ExpensesInput) throws -> [Block] {
        let items = input.report.totals.items
        let unassigned = try wording.render(wording.keys.unassigned)
        let c = layout.columns
        return try perCurrency(.items, input, whole: false) { currency in
            let rows = try items.filter { $0.currency == currency }.map { e in
                TableRow([TableCell(try format.date(e.date)), TableCell(try wording.category(e.category)), TableCell(e.description),
                          TableCell(ExpenseTotals.payer(e) ?? unassigned), TableCell(CurrencyUnits.text(e.amount, currency)),
                          TableCell(try wording.yesNo(e.reimbursable)), TableCell(e.receipt ?? "")], tag: "expense \(e.id)")
            }
            let columns: [(Column, Double?, Alignment)] = [(.date, c.date, .leading), (.category, c.category, .leading), (.description, nil, .leading),
                                                           (.paidBy, c.paidBy, .leading), (.amount, c.amount, .trailing),
                                                           (.reimbursable, c.reimbursable, .leading), (.receipt, c.receipt, .leading)]
            return table("items \(currency)", columns.map { TableColumn($0.1.map { .fixed($0) } ?? .flexible(1), alignment: $0.2) },
                         try columns.map { $0.0 == .amount ? try wording.column(.amount, in: currency) : try wording.column($0.0) }, rows)
        }
    }

    /// A section's heading and one table per currency of the range (`make` gives nil for a
    /// currency without rows); nothing when the range has no expenses.
    private func perCurrency(_ section: ExpensesWording.Section, _ input: ExpensesInput, whole: Bool = true,
                             _ make: (String) throws -> Table?) throws -> [Block] {
        let currencies = input.report.totals.currencies
        guard !currencies.isEmpty else { return [] }
        var blocks = [try heading(section)]
        for currency in currencies {
            if let table = try make(currency), !table.rows.isEmpty { blocks += try kept(currency, table, whole: whole) }
        }
        return blocks
    }

    /// "Amounts in EUR" and the table, broken across pages only with a few rows on each side;
    /// `whole`, kept on one page when they fit (the summaries), else (the itemised list) flowing
    /// on from where the page is, the caption kept with the first rows.
    private func kept(_ currency: String, _ table: Table, whole: Bool = true) throws -> [Block] {
        let kept = Block(KeptTable(table: table, minimumAtFoot: layout.minimumRowsAtFoot, minimumCarried: layout.minimumRowsCarried))
        guard whole else { return [try caption(currency), kept] }
        return [.keepTogether([try caption(currency), kept])]
    }

    private func totalRow(_ amount: Money, _ currency: String) throws -> TableRow {
        TableRow([TableCell(try wording.column(.total), style: bold), TableCell(CurrencyUnits.text(amount, currency), style: bold)],
                 tag: "total \(currency)")
    }

    private func heading(_ section: ExpensesWording.Section) throws -> Block {
        .heading(Heading(try wording.section(section), style: brand.style(\.headingFamily, brand.headingSize, .semibold, brand.palette.textSecondary),
                         outlineLevel: 1, spaceBefore: 6, spaceAfter: 6))
    }

    /// "Amounts in EUR": the heading (H3, under its section's H2; not in the outline) of the
    /// table after it, so that a reader moving from table to table hears which currency it holds.
    private func caption(_ currency: String) throws -> Block {
        var caption = Heading(try wording.render(wording.keys.inCurrency, ["currency": currency]), style: captionStyle, outlineLevel: nil,
                              spaceAfter: 3)
        caption.structureLevel = 3
        return .heading(caption)
    }

    private var captionStyle: TextStyle { brand.style(\.bodyFamily, brand.captionSize, .semibold, brand.palette.caption) }

    private var body: TextStyle { brand.style(\.bodyFamily, brand.bodySize, .regular, brand.palette.textPrimary) }
    private var bold: TextStyle { brand.style(\.bodyFamily, brand.tableSize, .semibold, brand.palette.textPrimary) }

    /// A table in the brand's style (fixed columns only make a narrow table).
    private func table(_ name: String, _ columns: [TableColumn], _ header: [String], _ rows: [TableRow]) -> Table {
        brand.table(name: name, columns: columns, header: header, rows: rows,
                    padding: EdgeInsets(horizontal: layout.paddingX, vertical: layout.paddingY),
                    headerHeight: layout.headerHeight, rowHeight: layout.rowHeight)
    }
}
