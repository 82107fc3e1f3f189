@testable import Aurae
import Catalog
import Foundation
import Ingest
import TestSupport
import XCTest

/// The one classifier (`MedicationClassifier`, table in templates/medications/aurae.json): brand
/// names and products, the longest known prefix of whole words, components split at "/", "+",
/// "&" and " with ", combination analgesics, gepants and ditans on their own, unknown names as
/// other acute, never guessed.
final class MedicationClassTests: XCTestCase {
    /// The class ids a name counts in when taken for headache relief.
    func classes(_ name: String) -> [String] {
        let info = info(name)
        let ids = sharedConfig.medications.ichd3Classes.map(\.id) + [sharedConfig.medications.otherAcute.id]
        return info.classes.map { ids[$0] }
    }

    func info(_ name: String) -> MedicationClassifier.Info {
        var c = MedicationClassifier(config: sharedConfig)
        let i = c.index(of: name)  // adds to `infos`: read them after
        return c.infos[i]
    }

    func testTheMinimumBrandListOfTheSpec() {
        for n in ["Imitrex", "Maxalt", "Zomig", "Relpax", "Amerge", "Axert", "Frova"] { XCTAssertEqual(classes(n), ["triptans"], n) }
        for n in ["Migranal", "Trudhesa", "D.H.E.", "D.H.E. 45"] { XCTAssertEqual(classes(n), ["ergots"], n) }
        for n in ["Tylenol #3", "Tylenol with Codeine", "co-codamol", "Fioricet", "Fiorinal", "Excedrin"] {
            XCTAssertEqual(classes(n), ["combinationAnalgesics"], n)
        }
        for n in ["Nurtec", "Ubrelvy", "Zavzpret", "Reyvow"] { XCTAssertEqual(classes(n), ["gepantsDitans"], n) }
        let gepants = sharedConfig.medications.ichd3Classes.first { $0.id == "gepantsDitans" }
        XCTAssertEqual(gepants?.label, "Gepants and ditans")
        XCTAssertNil(gepants?.referenceDays, "a row of its own with no reference days")
    }

    func testLongestKnownPrefixOfWholeWordsCaseInsensitively() {
        XCTAssertEqual(classes("Tylenol"), ["simpleAnalgesics"])
        XCTAssertEqual(classes("tylenol #3 tablets"), ["combinationAnalgesics"], "the longer name wins")
        XCTAssertEqual(classes("MAXALT MLT 10 mg"), ["triptans"])
        XCTAssertEqual(classes("  Excedrin Migraine "), ["combinationAnalgesics"])
        XCTAssertEqual(classes("Imitrexx"), ["otherAcute"], "whole words only")
        XCTAssertEqual(info("Imitrexx").otherNames, ["imitrexx"])
        XCTAssertEqual(classes("Sumatriptanol 50"), ["otherAcute"])
        XCTAssertEqual(classes("Extra strength Tylenol"), ["otherAcute"], "a prefix, never guessed")
    }

    func testProductsCountForEachComponentsClass() {
        XCTAssertEqual(classes("Sumatriptan/Naproxen"), ["triptans", "simpleAnalgesics"])
        XCTAssertEqual(classes("Treximet"), ["triptans", "simpleAnalgesics"])
        XCTAssertEqual(classes("sumatriptan 85 mg / naproxen 500 mg"), ["triptans", "simpleAnalgesics"])
        XCTAssertEqual(classes("Rizatriptan & Metoclopramide"), ["triptans", "otherAcute"])
        XCTAssertEqual(info("Rizatriptan & Metoclopramide").otherNames, ["metoclopramide"])
        XCTAssertEqual(classes("Ergotamine + caffeine"), ["ergots"], "an adjuvant is no class of its own")
        XCTAssertEqual(classes("co-codamol 30/500"), ["combinationAnalgesics"], "a dose is no component")
    }

    func testAnAnalgesicWithACompanionInOneProductIsACombinationAnalgesic() {
        XCTAssertEqual(classes("Paracetamol with codeine"), ["combinationAnalgesics"])
        XCTAssertEqual(classes("Aspirin + caffeine"), ["combinationAnalgesics"])
        XCTAssertEqual(classes("Ibuprofen/Butalbital"), ["combinationAnalgesics"])
        XCTAssertEqual(classes("Fioricet with Codeine"), ["combinationAnalgesics"])
        XCTAssertEqual(classes("Ibuprofen + Paracetamol"), ["simpleAnalgesics"], "two simple analgesics stay simple")
        XCTAssertEqual(classes("Codeine"), ["opioids"])
        XCTAssertEqual(classes("Caffeine"), ["otherAcute"], "an adjuvant alone is no class")
    }

    func testPreventivesByGenericAndBrandName() {
        XCTAssertTrue(info("Topamax 50 mg").preventive)
        XCTAssertTrue(info("propranolol").preventive)
        XCTAssertFalse(info("Topamax + Ibuprofen").preventive)
        XCTAssertEqual(classes("Topamax + Ibuprofen"), ["simpleAnalgesics"])
        // Taken for headache relief, a preventive name is other acute, listed as logged.
        XCTAssertEqual(HeadacheInsights.medicationClassLabels(MedicationEntry(name: "Topamax", isAcute: true), config: sharedConfig),
                       ["Other acute"])
        XCTAssertEqual(HeadacheInsights.medicationClassLabels(MedicationEntry(name: "Topamax"), config: sharedConfig), [])
    }

    func testEveryNameOfTheTableMatchesItself() {
        let m = sharedConfig.medications
        for (i, cls) in m.ichd3Classes.enumerated() {
            for key in cls.names.keys { XCTAssertTrue(info(key).classes.contains(i), key) }
        }
    }

    func testTheClassTableCountsEachComponentsDay() {
        let logs = [
            log("a", "2026-03-02T08:00:00Z", "2026-03-02T09:00:00Z") { $0.retrospective.medications = [med("Sumatriptan/Naproxen")] },
            log("b", "2026-03-03T08:00:00Z", "2026-03-03T09:00:00Z") { $0.retrospective.medications = [med("Imitrex"), med("Maxalt")] },
            log("c", "2026-03-04T08:00:00Z", "2026-03-04T09:00:00Z") { $0.retrospective.medications = [med("Tylenol #3")] },
        ]
        let march = analyze(logs).acuteDaysByClass.value![2].classes
        func days(_ id: String) -> Int? { march.first { $0.id == id }?.days }
        XCTAssertEqual(days("triptans"), 2, "days, not doses")
        XCTAssertEqual(days("simpleAnalgesics"), 1)
        XCTAssertEqual(days("combinationAnalgesics"), 1)
        XCTAssertEqual(days("opioids"), 0, "the opioid of a combination product is the combination's")
        XCTAssertEqual(analyze(logs).medicationOveruse.acuteDays, 3)
    }

    func testATableNamingAProductOfUnknownComponentsFailsAtLoad() throws {
        let t = try templates(editing: "medications/aurae.json", #""Treximet": "sumatriptan + naproxen""#,
                              #""Treximet": "sumatriptan + unobtainium""#)
        XCTAssertThrowsError(try InsightsConfig(templates: t)) { error in
            XCTAssertTrue("\(error)".contains("medications/aurae.json"), "\(error)")
            XCTAssertTrue("\(error)".contains("unobtainium"), "\(error)")
        }
        let twice = try templates(editing: "medications/aurae.json", #""Imitrex", "Imigran""#, #""Imitrex", "Imigran", "codeine""#)
        XCTAssertThrowsError(try InsightsConfig(templates: twice)) { XCTAssertTrue("\($0)".contains("listed twice"), "\($0)") }
    }
}
