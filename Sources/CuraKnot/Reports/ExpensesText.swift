import Quoting
import ReportKit


/// The expense totals of one circle as text for people: the title with the data source and range,
/// the circle and its patients, the disclaimer, then per section one line per row, amounts with
/// their currency.
enum ExpensesText {
    /// Every value from the input (payers, the benchmarks' regions and sources, the circle and
    /// patient ids) goes through `Quote.text`, the file names through `Quote.escapingControls`:
    /// nothing reaches the terminal as a control sequence or starts a line of its own.
    static func text(_ r: ExpenseReport, _ w: ExpensesWording, format: CareFormat) throws -> String {
        let k = w.keys, t = r.totals
        var lines = [try w.render(k.headerLine, ["title": try w.render(k.title), "source": Quote.escapingControls(r.source),
                                                 "range": try w.range(r.range)])]
        if let who = try format.recipient(r.recipient(name: nil).quoted) { lines.append(who) }
        lines.append(try w.render(k.disclaimer))
        if t.items.isEmpty { lines += ["", try w.render(k.empty)] }
        func section(_ s: ExpensesWording.Section, _ rows: [String]) throws {
            guard !rows.isEmpty else { return }
            lines += ["", try w.section(s)] + rows.map { "  " + $0 }
        }
        try section(.summary, try t.byMonthAndCategory.map { c in
            try w.render(k.cellLine, ["month": c.month.description, "category": try w.category(c.category),
                                      "amount": try w.money(c.amount, c.currency), "count": "\(c.count)"])
        })
        try section(.yearly, try t.byYear.map {
            try w.render(k.pairLine, ["label": "\($0.year)", "amount": try w.money($0.amount, $0.currency)])
        })
        try section(.payers, try t.byPayer.map {
            try w.render(k.pairLine, ["label": Quote.text($0.paidBy), "amount": try w.money($0.amount, $0.currency)])
        })
        try section(.reimbursable, try t.reimbursable.map { s in
            try w.render(k.splitLine, ["reimbursableLabel": try w.column(.reimbursable),
                                       "reimbursable": try w.money(s.reimbursable, s.currency),
                                       "notReimbursableLabel": try w.column(.notReimbursable),
                                       "notReimbursable": try w.money(s.notReimbursable, s.currency)])
        })
        if let projections = r.projections, !projections.isEmpty {
            var rows = [try w.render(k.projectionsLabel)]
            for p in projections {
                rows.append(try w.render(k.projectionLine, ["category": try w.category(p.category),
                                                            "monthly": try w.money(p.monthlyAmount, p.currency),
                                                            "total": try w.money(p.twelveMonthTotal, p.currency)]))
                rows += try r.benchmarks(for: p).map { "  " + (try w.benchmark($0, value: { Quote.text($0) })) }
            }
            try section(.projections, rows)
        }
        return lines.joined(separator: "\n") + "\n"
    }
}
