import Render
import ReportKit

/// The expense report's sections as blocks on the document model: the title block, then per
/// section a heading and its table (one per currency where amounts are summed).
struct ExpensesTables {
    let wording: ExpensesWording
    let brand: CuraKnotBrand
    let layout: ExpensesLayout

    typealias Column = ExpensesWording.Column

    /// The wordmark, the title, the range and the accent bar; a note when the range is empty.
    func header(_ report: ExpenseReport) throws -> [Block] {
        let w = wording, k = wording.keys, p = brand.palette
        var blocks: [Block] = [
            .paragraph(Paragraph(try w.render(k.wordmark),
                                 style: brand.style(\.headingFamily, brand.wordmarkSize, .semibold, p.textSecondary), spaceAfter: 8)),
            .heading(Heading(try w.render(k.title), style: brand.style(\.headingFamily, brand.titleSize, .bold, p.textSecondary),
                             outlineLevel: nil, spaceAfter: 4)),
            .paragraph(Paragraph(try w.range(report.range), style: brand.style(\.bodyFamily, brand.bodySize, .regular, p.textPrimary),
                                 spaceAfter: 2)),
            .rule(Rule(height: brand.accentBarHeight, color: p.accentBar, spaceBefore: 8, spaceAfter: 10)),
        ]
        if report.totals.items.isEmpty {
            blocks.append(.paragraph(Paragraph(try w.render(k.empty), style: brand.style(\.bodyFamily, brand.bodySize, .regular, p.textPrimary))))
        }
        return blocks
    }

    /// Month × category per currency: one row per month, one column per category with expenses,
    /// a total column and a total row.
    func summary(_ r: ExpenseReport) throws -> [Block] {
        let t = r.totals
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
                var row = [TableCell(month.description)]
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
            blocks.append(try caption(currency))
            blocks.append(.table(table("month by category \(currency)", columns, header, rows)))
        }
        return blocks
    }

    func yearly(_ r: ExpenseReport) throws -> [Block] {
        let rows = try r.totals.byYear.map { y in TableRow([TableCell("\(y.year)"), TableCell(try wording.money(y.amount, y.currency))]) }
        return try simple(.yearly, "yearly", [(.year, layout.columns.month, .leading), (.amount, layout.columns.amount, .trailing)], rows)
    }

    func payers(_ r: ExpenseReport) throws -> [Block] {
        let rows = try r.totals.byPayer.map { p in TableRow([TableCell(p.paidBy), TableCell(try wording.money(p.amount, p.currency))]) }
        return try simple(.payers, "payers", [(.paidBy, layout.columns.payer, .leading), (.amount, layout.columns.amount, .trailing)], rows)
    }

    func reimbursable(_ r: ExpenseReport) throws -> [Block] {
        let rows = try r.totals.reimbursable.map { s in
            TableRow([TableCell(try wording.money(s.reimbursable, s.currency)), TableCell(try wording.money(s.notReimbursable, s.currency))])
        }
        return try simple(.reimbursable, "reimbursable", [(.reimbursable, layout.columns.amount, .trailing), (.notReimbursable, layout.columns.amount, .trailing)], rows)
    }

    /// The family projections, labelled verbatim, with the benchmarks of the same currency and
    /// category (source and date) beside them.
    func projections(_ r: ExpenseReport) throws -> [Block] {
        guard let projections = r.projections, !projections.isEmpty else { return [] }
        let rows = try projections.map { p in
            TableRow([TableCell(try wording.category(p.category)), TableCell(try wording.money(p.monthlyAmount, p.currency)),
                      TableCell(try wording.money(p.twelveMonthTotal, p.currency)),
                      TableCell(try r.benchmarks(for: p).map { try wording.benchmark($0) }.joined(separator: "\n"))])
        }
        let c = layout.columns
        var blocks = [try heading(.projections),
                      .paragraph(Paragraph(try wording.render(wording.keys.projectionsLabel), style: body, spaceAfter: 6))]
        blocks.append(.table(table("projections", [
            TableColumn(.fixed(c.category)), TableColumn(.fixed(c.monthly), alignment: .trailing),
            TableColumn(.fixed(c.twelveMonths), alignment: .trailing), TableColumn(.flexible(1)),
        ], try [.category, .monthly, .twelveMonths, .benchmark].map { try wording.column($0) }, rows)))
        return blocks
    }

    /// Every expense in the range: date, category, description, payer, amount, reimbursable,
    /// receipt reference.
    func items(_ r: ExpenseReport) throws -> [Block] {
        let unassigned = try wording.render(wording.keys.unassigned)
        let rows = try r.totals.items.map { e in
            TableRow([TableCell(e.date.description), TableCell(try wording.category(e.category)), TableCell(e.description),
                      TableCell(ExpenseTotals.payer(e) ?? unassigned), TableCell(try wording.money(e.amount, e.currency)),
                      TableCell(try wording.yesNo(e.reimbursable)), TableCell(e.receipt ?? "")], tag: "expense \(e.id)")
        }
        let c = layout.columns
        return try simple(.items, "items", [(.date, c.date, .leading), (.category, c.category, .leading), (.description, nil, .leading),
                                           (.paidBy, c.paidBy, .leading), (.amount, c.amount, .trailing),
                                           (.reimbursable, c.reimbursable, .leading), (.receipt, c.receipt, .leading)], rows)
    }

    /// A heading and one table of `columns` (heading, fixed width or flexible, alignment); nothing
    /// when there are no rows.
    private func simple(_ section: ExpensesWording.Section, _ name: String,
                        _ columns: [(Column, Double?, Alignment)], _ rows: [TableRow]) throws -> [Block] {
        guard !rows.isEmpty else { return [] }
        let header = try columns.map { try wording.column($0.0) }
        let specs = columns.map { TableColumn($0.1.map { .fixed($0) } ?? .flexible(1), alignment: $0.2) }
        return [try heading(section), .table(table(name, specs, header, rows))]
    }

    private func heading(_ section: ExpensesWording.Section) throws -> Block {
        .heading(Heading(try wording.section(section), style: brand.style(\.headingFamily, brand.headingSize, .semibold, brand.palette.textSecondary),
                         outlineLevel: 1, spaceBefore: 6, spaceAfter: 6))
    }

    private func caption(_ currency: String) throws -> Block {
        .paragraph(Paragraph(try wording.render(wording.keys.inCurrency, ["currency": currency]),
                             style: brand.style(\.bodyFamily, brand.captionSize, .semibold, brand.palette.caption), spaceAfter: 3))
    }

    private var body: TextStyle { brand.style(\.bodyFamily, brand.bodySize, .regular, brand.palette.textPrimary) }
    private var bold: TextStyle { brand.style(\.bodyFamily, brand.tableSize, .semibold, brand.palette.textPrimary) }

    private func table(_ name: String, _ columns: [TableColumn], _ header: [String], _ rows: [TableRow]) -> Table {
        brand.table(name: name, columns: columns, header: header, rows: rows,
                    padding: EdgeInsets(horizontal: layout.paddingX, vertical: layout.paddingY),
                    headerHeight: layout.headerHeight, rowHeight: layout.rowHeight)
    }
}
