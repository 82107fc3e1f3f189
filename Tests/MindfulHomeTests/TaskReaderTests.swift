import Ingest
import MindfulHome
import XCTest

/// Reading the task export: both formats, defaults, and located errors for unknown kinds and
/// categories, negative or huge peanuts.
final class TaskReaderTests: XCTestCase {
    func read(_ text: String, _ name: String) throws -> [HomeTask] {
        try TaskReader.read(bytes: Array(text.utf8), name: name, format: name.hasSuffix(".json") ? .json : .csv).records
    }

    func errors(_ text: String, _ name: String) -> [String] {
        do { _ = try read(text, name); return [] } catch { return (error as? IngestError)?.diagnostics.map(\.description) ?? ["\(error)"] }
    }

    let header = "id,kind,title,peanuts,category,created_at,is_selected,is_completed,in_basket\n"

    func testReadsBothFormatsWithDefaults() throws {
        let csv = try read(header + "t1,Chore,Feed the fish,1,FUN,2026-03-04T18:00:00+01:00,yes,1,false\nr1,reward,Zoo,0,security,,,,\n", "t.csv")
        XCTAssertEqual(csv.map(\.kind), [.chore, .reward])
        XCTAssertEqual(csv[0].category, .fun)
        XCTAssertEqual(csv[0].isSelected, true)
        XCTAssertEqual(csv[0].isCompleted, true)
        XCTAssertEqual(csv[1].peanuts, 0)
        XCTAssertNil(csv[1].createdAt)
        XCTAssertEqual([csv[1].isSelected, csv[1].isCompleted, csv[1].inBasket], [false, false, false])
        let json = try read("{\"tasks\": [{\"id\": \"r\", \"kind\": \"reward\", \"title\": \"Zoo\", \"peanuts\": 8, \"category\": \"respect\", \"inBasket\": true}]}", "t.json")
        XCTAssertEqual(json[0].inBasket, true)
        XCTAssertEqual(json[0].source, SourceLocation(file: "t.json", line: 1, column: 12))
    }

    func testUnknownKindAndCategoryAndBadPeanutsAreLocated() {
        let csv = header + "t1,task,A,1,fun,,,,\nt2,chore,B,-2,fun,,,,\nt3,chore,C,1,chores,,,,\nt4,chore,D,1000001,fun,,,,\nt5,chore,E,1.5,fun,,,,\n"
        XCTAssertEqual(errors(csv, "t.csv"), [
            "t.csv:2:2: error: kind must be one of rule, chore, reward; found \"task\"",
            "t.csv:3:4: error: peanuts must be an integer from 0 to 1000000, found \"-2\"",
            "t.csv:4:5: error: category must be one of security, respect, fun; found \"chores\"",
            "t.csv:5:4: error: peanuts must be an integer from 0 to 1000000, found \"1000001\"",
            "t.csv:6:4: error: peanuts must be an integer from 0 to 1000000, found \"1.5\"",
        ])
        XCTAssertEqual(errors("[{\"id\": \"t\", \"kind\": \"rule\", \"title\": \"A\", \"peanuts\": 1}]", "t.json"),
                       ["t.json:1:2: error: category is required"])
    }
}
