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
        public init(output: Output, benchmarks: Bool = false) { self.output = output; self.benchmarks = benchmarks }
    }

    /// The totals need plus; files and benchmarks need family.
    public static func gates(for request: Request) -> [TierGate<CareTier>] {
        gates(file: request.output != .text && request.output != .json, benchmarks: request.benchmarks)
    }

    /// Writes `report` (made by `report(_:…)`, whose range decides the default as-of date) as the
    /// request asks; returns the PDF's page count (nil for the others).
    @discardableResult
    public func run(_ report: ExpenseReport, _ request: Request, in context: ReportContext) throws -> Int? {
        switch request.output {
        case .text: try context.writeText(try text(report)); return nil
        case .json: try context.writeText(json(report).serialized()); return nil
        case .file(let format): return try write(report, format: format, in: context)
        }
    }
}
