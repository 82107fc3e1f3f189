/// The minor units of ISO 4217 currencies (how many decimals an amount is written with).
public enum CurrencyUnits {
    /// Currencies without minor units (ISO 4217 exponent 0).
    static let none: Set<String> = ["BIF", "CLP", "DJF", "GNF", "ISK", "JPY", "KMF", "KRW", "PYG", "RWF", "UGX", "UYI",
                                    "VND", "VUV", "XAF", "XOF", "XPF"]
    /// Currencies with three decimals (ISO 4217 exponent 3).
    static let three: Set<String> = ["BHD", "IQD", "JOD", "KWD", "LYD", "OMR", "TND"]

    /// The number of decimals of `currency` (2 unless listed above).
    public static func decimals(_ currency: String) -> Int {
        none.contains(currency) ? 0 : three.contains(currency) ? 3 : 2
    }

    /// Whether `amount` can be written in `currency`'s minor units (a yen amount has no cents).
    public static func fits(_ amount: Money, _ currency: String) -> Bool {
        decimals(currency) > 0 || amount.cents % 100 == 0
    }

    /// `amount` as an exact decimal string with `currency`'s minor units: "1234.50", "1234"
    /// (JPY), "12.300" (KWD).
    public static func text(_ amount: Money, _ currency: String) -> String {
        switch decimals(currency) {
        case 0: return (amount.cents < 0 ? "-" : "") + "\(amount.cents.magnitude / 100)"
        case 3: return amount.description + "0"
        default: return amount.description
        }
    }
}
