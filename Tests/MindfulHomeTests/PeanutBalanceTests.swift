import Catalog
import Ingest
@testable import MindfulHome
import TestSupport
import XCTest

/// The balance: what counts (completed rules and chores, rewards in the basket), what does not,
/// and a negative balance as a located error naming every reward in the basket.
final class PeanutBalanceTests: XCTestCase {
    func task(_ id: String, _ kind: TaskKind, _ peanuts: Int, completed: Bool = false, basket: Bool = false,
              title: String = "Task") -> HomeTask {
        HomeTask(id: id, kind: kind, title: title, peanuts: peanuts, category: .fun, isCompleted: completed, inBasket: basket,
                 source: SourceLocation(file: "t.json", line: 2, column: 5))
    }

    func testOnlyCompletedRulesAndChoresEarnAndOnlyBasketRewardsSpend() {
        let b = PeanutBalance([
            task("a", .rule, 3, completed: true), task("b", .chore, 4, completed: true), task("c", .chore, 9),
            task("d", .rule, 7, basket: true),              // a rule in the basket spends nothing
            task("e", .reward, 5, basket: true), task("f", .reward, 2), task("g", .reward, 1, completed: true),
        ])
        XCTAssertEqual(b.earned, 7)
        XCTAssertEqual(b.spent, 5)
        XCTAssertEqual(b.value, 2)
        XCTAssertEqual(PeanutBalance([]).value, 0)
    }

    func wording(_ language: LedgerLanguage = .en) throws -> BalanceWording {
        try BalanceWording(templates: TemplateSet(directory: TestPaths.templates, app: "mindfulhome"), language: language)
    }

    func errors(_ tasks: [HomeTask], _ language: LedgerLanguage = .en) throws -> [Diagnostic] {
        do { _ = try PeanutBalance.checked(tasks, wording: try wording(language)); return [] } catch let e as IngestError { return e.diagnostics }
    }

    func testZeroBalanceIsValid() throws {
        let b = try PeanutBalance.checked([task("a", .chore, 5, completed: true), task("r", .reward, 5, basket: true)], wording: try wording())
        XCTAssertEqual(b.value, 0)
    }

    func testNegativeBalanceNamesEveryRewardInTheBasket() throws {
        let tasks = [task("a", .chore, 5, completed: true), task("r1", .reward, 4, basket: true, title: "Pick the movie"),
                     task("r2", .reward, 2, basket: true, title: "Ice cream"), task("r3", .reward, 9, title: "Zoo")]
        let d = try errors(tasks)
        XCTAssertEqual(d.map(\.description), [
            "t.json:2:5: error: the balance is negative (-1): completed rules and chores earn 5 peanuts, the rewards in the basket cost 6 peanuts; reward \"Pick the movie\" (id \"r1\") costs 4 peanuts",
            "t.json:2:5: error: the balance is negative (-1): completed rules and chores earn 5 peanuts, the rewards in the basket cost 6 peanuts; reward \"Ice cream\" (id \"r2\") costs 2 peanuts",
        ])
        // JSON log lines carry no titles.
        XCTAssertFalse(d.contains { $0.messageWithoutValues.contains("Ice cream") })
        XCTAssertEqual(d.first?.messageWithoutValues,
                       "the balance is negative (-1): completed rules and chores earn 5 peanuts, the rewards in the basket cost 6 peanuts; this reward in the basket costs 4 peanuts")
    }

    /// The review's example: "earn 1 peanuts". Every amount in the message takes the ledger's
    /// plural form for its count, in English and in Dutch — 0, 1 and 2 of each.
    func testEveryAmountTakesItsPluralForm() throws {
        XCTAssertEqual(try errors([task("a", .chore, 1, completed: true), task("r", .reward, 2, basket: true, title: "Zoo")]).first?.message,
                       "the balance is negative (-1): completed rules and chores earn 1 peanut, the rewards in the basket cost 2 peanuts; reward \"Zoo\" (id \"r\") costs 2 peanuts")
        let templates = try TemplateSet(directory: TestPaths.templates, app: "mindfulhome")
        for language in LedgerLanguage.allCases {
            let ledger = try LedgerWording(language, wording: templates.wording)
            for earned in 0...2 {
                for cost in 1...3 where cost > earned {
                    let tasks = earned == 0 ? [task("r", .reward, cost, basket: true)]
                        : [task("a", .chore, earned, completed: true), task("r", .reward, cost, basket: true)]
                    let message = try XCTUnwrap(try errors(tasks, language).first?.messageWithoutValues)
                    let forms = [try ledger.peanuts(earned), try ledger.peanuts(cost)]
                    // The amounts appear in order: earned, spent (here the one reward's cost), its cost.
                    var rest = Substring(message)
                    for form in [forms[0], forms[1], forms[1]] {
                        guard let r = rest.range(of: form) else { return XCTFail("\(language) \(earned)/\(cost): \(form) not in \(message)") }
                        // Never "1 peanuts" for "1 peanut": the form ends where the amount does.
                        XCTAssertTrue(r.upperBound == rest.endIndex || !rest[r.upperBound].isLetter && rest[r.upperBound] != "'",
                                      "\(language) \(earned)/\(cost): \(message)")
                        rest = rest[r.upperBound...]
                    }
                }
            }
        }
        XCTAssertEqual(try errors([task("r", .reward, 1, basket: true, title: "Zoo")], .nl).first?.message,
                       "het saldo is negatief (-1): voltooide regels en klusjes leveren 0 pinda's op, de beloningen in het mandje kosten 1 pinda; beloning \"Zoo\" (id \"r\") kost 1 pinda")
    }
}
