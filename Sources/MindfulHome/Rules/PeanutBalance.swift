import Catalog
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
    /// basket, naming it, worded by `wording` (the ledger's language, its plural forms of peanuts).
    public static func checked(_ tasks: [HomeTask], wording: BalanceWording) throws -> PeanutBalance {
        let balance = PeanutBalance(tasks)
        guard balance.value < 0 else { return balance }
        let summary = try wording.negative(balance)
        throw IngestError.invalid(try tasks.filter { $0.kind == .reward && $0.inBasket }.map { t in
            Diagnostic(.error, try wording.reward(summary, title: Diagnostic.quote(t.title), id: Diagnostic.quote(t.id), cost: t.peanuts),
                       withoutValues: try wording.reward(summary, cost: t.peanuts), at: t.source)
        })
    }
}

/// The wording of a negative balance (`text.<language>.balanceError` of
/// `templates/wording/mindfulhome.json`), amounts in the ledger's plural forms of peanuts ("1
/// peanut", "6 peanuts", "1 pinda").
public struct BalanceWording {
    struct Keys: WordingKeySet {
        let negative, reward, rewardWithoutValues: WordingKey
        init(_ language: LedgerLanguage) {
            let p = language.rawValue + ".balanceError."
            negative = WordingKey(p + "negative", "balance", "earned", "spent")
            reward = WordingKey(p + "reward", "summary", "title", "id", "cost")
            rewardWithoutValues = WordingKey(p + "rewardWithoutValues", "summary", "cost")
        }

        var declaredKeys: [WordingKey] {
            keys(negative, reward, rewardWithoutValues)
        }
    }

    let keys: Keys
    let book: Phrasebook
    /// The ledger's wording, for its plural forms of peanuts.
    let ledger: LedgerWording

    public init(templates: TemplateSet, language: LedgerLanguage) throws {
        keys = Keys(language)
        book = try templates.wording.compile(keys)
        ledger = try LedgerWording(language, wording: templates.wording)
    }

    func negative(_ b: PeanutBalance) throws -> String {
        try book.render(keys.negative, ["balance": String(b.value), "earned": try ledger.peanuts(b.earned),
                                        "spent": try ledger.peanuts(b.spent)])
    }

    func reward(_ summary: String, title: String, id: String, cost: Int) throws -> String {
        try book.render(keys.reward, ["summary": summary, "title": title, "id": id, "cost": try ledger.peanuts(cost)])
    }

    func reward(_ summary: String, cost: Int) throws -> String {
        try book.render(keys.rewardWithoutValues, ["summary": summary, "cost": try ledger.peanuts(cost)])
    }
}

private extension Int {
    /// `self + other`, held at `Int.max` / `Int.min` instead of overflowing.
    func addingSaturating(_ other: Int) -> Int {
        let (sum, overflow) = addingReportingOverflow(other)
        return overflow ? (other > 0 ? .max : .min) : sum
    }
}
