import ArgumentParser
import Aurae
import Ingest
import ReportKit

// The values of the enumerations the summary's parse reads, listed with a closure: the same
// strings as ArgumentParser's default (each raw value), without the key path
// (`\.rawValue.defaultValueDescription`) whose instantiation looks up its conformances at run
// time on every parse, about 0.9 M instructions of scans over the binary's conformance records.

/// `--log-format`: how messages on standard error are written.
enum LogFormat: String, CaseIterable, Sendable, ExpressibleByArgument {
    case text, json
    static var allValueStrings: [String] { allCases.map { $0.rawValue } }
}

/// `--tier`: checked while parsing; help lists free and premium.
extension AuraeTier: ExpressibleByArgument {
    public static var allValueStrings: [String] { allCases.map { $0.rawValue } }
}

/// `--format`: json or csv, in any letter case.
extension InputFormat: ExpressibleByArgument {
    public init?(argument: String) {
        self.init(rawValue: argument.lowercased())
    }
    public static var allValueStrings: [String] { allCases.map { $0.rawValue } }
}

/// `--as-of`, `--from`, `--to`: a calendar date written YYYY-MM-DD in the years input dates may
/// have, checked while parsing.
extension LocalDate: ExpressibleByArgument {
    public init?(argument: String) {
        guard let date = LocalDate(iso: argument), InputYears.contains(date) else { return nil }
        self = date
    }

    /// Why `text` is not a date these options take: not written YYYY-MM-DD, not a real day
    /// (2026-02-30), or outside the years input dates may have. Nil when it is one.
    static func argumentProblem(_ text: String) -> String? {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count == 3, parts[0].count == 4, parts[1].count == 2, parts[2].count == 2,
              parts.allSatisfy({ $0.allSatisfy { $0.isASCII && $0.isNumber } }),
              let year = Int(parts[0]), let month = Int(parts[1]), let day = Int(parts[2]) else {
            return "not a date: write it YYYY-MM-DD, for example 2026-03-31"
        }
        guard (1...12).contains(month) else { return "not a real date: there is no month \(parts[1])" }
        let days = LocalDate.daysInMonth(year: year, month: month)
        guard (1...days).contains(day) else {
            return "not a real date: \(LocalDate.monthNames[month - 1]) \(year) has \(days) days"
        }
        guard let date = LocalDate(iso: text), InputYears.contains(date) else {
            return "outside the years \(InputYears.valid.lowerBound)-\(InputYears.valid.upperBound)"
        }
        return nil
    }

    static let monthNames = ["January", "February", "March", "April", "May", "June", "July", "August",
                             "September", "October", "November", "December"]
}

extension OutputTarget {
    /// Refuses (a usage error) an output that is one of `inputs`, however either is spelled.
    func refuseClobbering(_ inputs: [String]) throws {
        if let input = clobbers(inputs) {
            throw ValidationError("-o '\(path)' is the input '\(input)'; the output must be another file")
        }
    }
}
