import ArgumentParser
import Aurae
import Ingest
import ReportKit

/// `--log-format`: how messages on standard error are written.
enum LogFormat: String, CaseIterable, Sendable, ExpressibleByArgument {
    case text, json
}

/// `--tier`: checked while parsing; help lists free and premium.
extension AuraeTier: ExpressibleByArgument {}

/// `--format`: json or csv, in any letter case.
extension InputFormat: ExpressibleByArgument {
    public init?(argument: String) {
        self.init(rawValue: argument.lowercased())
    }
}

/// `--as-of`, `--from`, `--to`: a calendar date written YYYY-MM-DD in the years input dates may
/// have, checked while parsing.
extension LocalDate: ExpressibleByArgument {
    public init?(argument: String) {
        guard let date = LocalDate(iso: argument), InputYears.contains(date) else { return nil }
        self = date
    }
}

extension OutputTarget {
    /// Refuses (a usage error) an output that is one of `inputs`, however either is spelled.
    func refuseClobbering(_ inputs: [String]) throws {
        if let input = clobbers(inputs) {
            throw ValidationError("-o '\(path)' is the input '\(input)'; the output must be another file")
        }
    }
}
