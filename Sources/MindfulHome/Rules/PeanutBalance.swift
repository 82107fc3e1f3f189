import Ingest

/// A family's peanut balance (spec 50-companion-apps.md): peanuts of completed rules and chores
/// minus peanuts of the rewards in the basket.
public struct PeanutBalance: Equatable, Sendable {
    /// Peanuts of the completed rules and chores.
    public var earned: Int
    /// Peanuts of the rewards in the basket.
    public var spent: Int
    public var value: Int { earned - spent }

    /// The balance of `tasks`. Task values are capped at read time (`TaskDraft.maxPeanuts`); the
    /// sums saturate rather than overflow.
    public init(_ tasks: [HomeTask]) {
        var earned = 0, spent = 0
        for t in tasks {
            if t.kind == .reward {
                if t.inBasket { spent = spent.addingSaturating(t.peanuts) }
            } else if t.isCompleted {
                earned = earned.addingSaturating(t.peanuts)
            }
        }
        self.earned = earned
        self.spent = spent
    }

    /// The balance of a valid export; a negative one is an input error at every reward in the
    /// basket, naming it.
    public static func checked(_ tasks: [HomeTask]) throws -> PeanutBalance {
        let balance = PeanutBalance(tasks)
        guard balance.value < 0 else { return balance }
        let summary = "the balance is negative (\(balance.value)): completed rules and chores earn \(balance.earned) peanuts, "
            + "the rewards in the basket cost \(balance.spent)"
        throw IngestError.invalid(tasks.filter { $0.kind == .reward && $0.inBasket }.map { t in
            Diagnostic(.error, "\(summary); reward \(Diagnostic.quote(t.title)) (id \(Diagnostic.quote(t.id))) costs \(t.peanuts)",
                       withoutValues: "\(summary); this reward in the basket costs \(t.peanuts)", at: t.source)
        })
    }
}

private extension Int {
    /// `self + other`, held at `Int.max` / `Int.min` instead of overflowing.
    func addingSaturating(_ other: Int) -> Int {
        let (sum, overflow) = addingReportingOverflow(other)
        return overflow ? (other > 0 ? .max : .min) : sum
    }
}
