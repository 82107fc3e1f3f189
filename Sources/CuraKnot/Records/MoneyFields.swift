import Ingest

/// Reading money fields, shared by expenses and cost benchmarks: an amount above 0 with at most
/// two decimals, an ISO 4217 code, and whether the amount fits the currency's minor units.
enum MoneyFields {
    static func amount<F: FieldNaming>(_ f: F, _ v: FieldValue, _ pos: InputPosition, _ issues: inout [Issue]) -> Money? {
        switch v {
        case .text(let b), .number(let b):
            if let m = Money(text: trimmed(b)), m.cents > 0 { return m }
        default: break
        }
        issues.append(Issue(field: f, problem: .other("must be an amount above 0 with at most two decimals, found \(v.found)"), pos: pos))
        return nil
    }

    static func currency<F: FieldNaming>(_ f: F, _ v: FieldValue, _ pos: InputPosition, _ issues: inout [Issue]) -> String? {
        if case .text(let b) = v {
            let t = trimmed(b)
            if t.count == 3, t.allSatisfy({ ($0 >= 65 && $0 <= 90) || ($0 >= 97 && $0 <= 122) }) {
                return makeString(t).uppercased()
            }
        }
        issues.append(Issue(field: f, problem: .other("must be an ISO 4217 code such as EUR, found \(v.found)"), pos: pos))
        return nil
    }

    /// Reports an amount with cents in a currency without minor units (e.g. 12.50 JPY).
    static func checkUnits<F: FieldNaming>(_ f: F, _ amount: Money?, _ currency: String?, _ pos: InputPosition?,
                                           _ issues: inout [Issue]) {
        guard let amount, let currency, let pos, !CurrencyUnits.fits(amount, currency) else { return }
        issues.append(Issue(field: f, problem: .other("must be a whole amount in \(currency), which has no minor units, found \(amount)"), pos: pos))
    }
}
