import ReportKit


/// The JSON contract of `report care expenses --json` (spec 40-care-circle.md): amounts as exact
/// decimal strings in the currency's minor units, rows sorted by currency then the other keys; the
/// family tier adds `projections` (with any matching `benchmarks`). Each report names its care
/// circle (`circleId`).
enum ExpensesJSON {
    static func output(_ r: ExpenseReport) -> JSONOutput {
        let t = r.totals
        func money(_ m: Money, _ currency: String) -> JSONOutput { .string(CurrencyUnits.text(m, currency)) }
        var members: [(String, JSONOutput)] = [
            ("circleId", r.circleId.map { .string($0) } ?? .null),
            ("from", r.range.map { .string($0.lowerBound.description) } ?? .null),
            ("to", r.range.map { .string($0.upperBound.description) } ?? .null),
            ("source", .string(r.source)),
            ("byMonthAndCategory", .array(t.byMonthAndCategory.map { c in
                .object([("currency", .string(c.currency)), ("month", .string(c.month.description)),
                         ("category", .string(c.category.rawValue)), ("amount", money(c.amount, c.currency)), ("count", .int(c.count))])
            })),
            ("byYear", .array(t.byYear.map { y in
                .object([("currency", .string(y.currency)), ("year", .int(y.year)), ("amount", money(y.amount, y.currency))])
            })),
            ("byPayer", .array(t.byPayer.map { p in
                .object([("currency", .string(p.currency)), ("paidBy", .string(p.paidBy)), ("amount", money(p.amount, p.currency))])
            })),
            ("reimbursable", .array(t.reimbursable.map { s in
                .object([("currency", .string(s.currency)), ("reimbursable", money(s.reimbursable, s.currency)),
                         ("notReimbursable", money(s.notReimbursable, s.currency))])
            })),
        ]
        if let projections = r.projections {
            members.append(("projections", .array(projections.map { p in
                .object([("currency", .string(p.currency)), ("category", .string(p.category.rawValue)),
                         ("monthlyAmount", money(p.monthlyAmount, p.currency)),
                         ("twelveMonthTotal", money(p.twelveMonthTotal, p.currency)),
                         ("benchmarks", .array(r.benchmarks(for: p).map { b in
                             .object([("monthlyAmount", money(b.monthlyAmount, b.currency)),
                                      ("region", b.region.map { .string($0) } ?? .null),
                                      ("source", .string(b.source)), ("asOf", .string(b.asOf.description))])
                         }))])
            })))
        }
        return .object(members)
    }
}
