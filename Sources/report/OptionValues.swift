import ArgumentParser
import Ingest
import Insights

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

/// `--as-of`, `--from`, `--to`: a calendar date written YYYY-MM-DD, checked while parsing.
extension LocalDate: ExpressibleByArgument {
    public init?(argument: String) {
        self.init(iso: argument)
    }
}
