import Ingest
import MindfulHome
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

    func testZeroBalanceIsValid() throws {
        let b = try PeanutBalance.checked([task("a", .chore, 5, completed: true), task("r", .reward, 5, basket: true)])
        XCTAssertEqual(b.value, 0)
    }

    func testNegativeBalanceNamesEveryRewardInTheBasket() {
        let tasks = [task("a", .chore, 5, completed: true), task("r1", .reward, 4, basket: true, title: "Pick the movie"),
                     task("r2", .reward, 2, basket: true, title: "Ice cream"), task("r3", .reward, 9, title: "Zoo")]
        XCTAssertThrowsError(try PeanutBalance.checked(tasks)) { error in
            let d = (error as? IngestError)?.diagnostics ?? []
            XCTAssertEqual(d.map(\.description), [
                "t.json:2:5: error: the balance is negative (-1): completed rules and chores earn 5 peanuts, the rewards in the basket cost 6; reward \"Pick the movie\" (id \"r1\") costs 4",
                "t.json:2:5: error: the balance is negative (-1): completed rules and chores earn 5 peanuts, the rewards in the basket cost 6; reward \"Ice cream\" (id \"r2\") costs 2",
            ])
            // JSON log lines carry no titles.
            XCTAssertFalse(d.contains { $0.messageWithoutValues.contains("Ice cream") })
        }
    }
}
