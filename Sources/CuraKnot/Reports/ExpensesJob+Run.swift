import ReportKit

extension ExpensesJob: ReportJob {
    /// How the expense report is written.
    public enum Output: Sendable, Equatable {
        /// The totals for people, or the JSON contract (docs/care.md).
        case text, json
        /// The family tier's PDF report or itemised CSV.
        case file(ExpensesFormat)
    }

    public struct Request: Sendable {
        public var output: Output
        /// Cost benchmarks were given (projections with benchmarks need family).
        public var benchmarks: Bool
        /// `--recipient-name`: whom the PDF names instead of the circle and patient ids.
        public var recipientName: String?
        public init(output: Output, benchmarks: Bool = false, recipientName: String? = nil) {
            self.output = output; self.benchmarks = benchmarks; self.recipientName = recipientName
        }

        /// Whether the request is about one circle: a file, or a recipient's name.
        public var single: Bool { output != .text && output != .json || recipientName != nil }
    }

    /// The totals need plus; files and benchmarks need family.
    public static func gates(for request: Request) -> [TierGate<CareTier>] {
        gates(file: request.output != .text && request.output != .json, benchmarks: request.benchmarks)
    }

    /// Writes `reports` (made by `reports(_:…)`, one per circle; the first one's range decides the
    /// default as-of date) as the request asks; returns the PDF's page count (nil for the others).
    @discardableResult
    public func run(_ reports: [ExpenseReport], _ request: Request, in context: ReportContext) throws -> Int? {
        switch request.output {
        case .text: try context.writeText(try text(reports)); return nil
        case .json: try context.writeText(json(reports).serialized()); return nil
        case .file(let format):
            guard let report = reports.first, reports.count == 1 else { throw ScopeError.severalCircles(reports.compactMap(\.circleId)) }
            return try write(report, format: format, recipientName: request.recipientName, in: context)
        }
    }
}
