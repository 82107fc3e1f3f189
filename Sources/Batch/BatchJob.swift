import Aurae
import Catalog
import Ingest
import ReportKit

/// One report of the batch: the single-user command's job, with the request the batch makes of
/// it for a user's tier. A worker holds one per report it writes and runs every user through
/// them in order; the job's own tier gates decide which users get the report.
struct BatchJob {
    let report: BatchReport
    private let runJob: (HeadacheInputs, AuraeTier, ReportContext) throws -> Void
    private let gates: (AuraeTier) -> [TierGate<AuraeTier>]

    init<Job: ReportJob>(_ report: BatchReport, _ job: Job, request: @escaping (AuraeTier) -> Job.Request)
    where Job.Inputs == HeadacheInputs, Job.Tier == AuraeTier {
        self.report = report
        runJob = { inputs, tier, context in _ = try job.run(inputs, request(tier), in: context) }
        gates = { tier in Job.gates(for: request(tier)) }
    }

    /// Whether a user of `tier` gets this report.
    func allows(_ tier: AuraeTier) -> Bool { gates(tier).allow(tier) }

    func run(_ inputs: HeadacheInputs, tier: AuraeTier, in context: ReportContext) throws {
        try runJob(inputs, tier, context)
    }
}

extension BatchReport {
    /// The job that writes this report, made from the templates, asked for the batch's range.
    /// The one place a batch report's name meets its job.
    func job(templates: TemplateSet, from: LocalDate?, to: LocalDate?) throws -> BatchJob {
        switch self {
        case .insights:
            return BatchJob(self, try InsightsJob(templates: templates)) { .init(tier: $0, format: .json, from: from, to: to) }
        case .summary:
            return BatchJob(self, try SummaryJob(templates: templates)) { _ in .init(from: from, to: to) }
        case .clinical:
            return BatchJob(self, try ClinicalJob(templates: templates)) { _ in .init(from: from, to: to) }
        }
    }

    /// Whether a user of `tier` gets this report: its job's tier gates.
    func allows(_ tier: AuraeTier) -> Bool {
        switch self {
        case .insights: return InsightsJob.gates(for: .init(tier: tier, format: .json)).allow(tier)
        case .summary: return SummaryJob.gates(for: .init()).allow(tier)
        case .clinical: return ClinicalJob.gates(for: .init()).allow(tier)
        }
    }
}
