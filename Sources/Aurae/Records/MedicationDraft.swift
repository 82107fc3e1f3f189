import Ingest

/// The members of a medication entry, in the order of the text form `name|dose|takenAt|isAcute|effectiveness`.
enum MedField: String, CaseIterable { case name, dose, takenAt, isAcute, effectiveness }
let medTable = KeyTable(MedField.allCases.map { ($0.rawValue, $0) })

/// Medication entry `index` (from 1), or one of its members: `retrospective.medications[2].takenAt`
/// in JSON messages, `medications[2].takenAt` in CSV messages.
struct MedicationField: FieldNaming {
    var index: Int
    var member: MedField?

    var jsonName: String { name(LogField.medications.jsonName) }
    var csvName: String { name(LogField.medications.csvName) }

    private func name(_ list: String) -> String {
        "\(list)[\(index)]" + (member.map { "." + $0.rawValue } ?? "")
    }
}

/// One medication entry being read, from a JSON object or from its text form.
struct MedicationDraft {
    var name: String?
    var entry = MedicationEntry(name: "")
    var takenAtPos: InputPosition?
    var hasIssue = false

    mutating func set(_ f: MedField, _ v: FieldValue, _ pos: InputPosition, index: Int, _ issues: inout [Issue]) {
        let label = MedicationField(index: index, member: f)
        let before = issues.count
        switch f {
        case .name:
            switch v {
            case .text(let b):
                let t = trimmed(b)
                if !t.isEmpty { name = makeString(t) }
            case .null: break
            default: issues.append(Issue(field: label, problem: .mustBe(.string, found: v.found), pos: pos))
            }
        case .dose: entry.dose = MedicationEntry.dose(Convert.text(label, v, pos, &issues))
        case .takenAt: entry.takenAt = Convert.timestamp(label, v, pos, &issues); takenAtPos = pos
        case .isAcute: entry.isAcute = Convert.bool(label, v, pos, &issues)
        case .effectiveness: entry.effectiveness = Convert.oneToFive(label, v, pos, &issues)
        }
        if issues.count != before { hasIssue = true }
    }

    mutating func finish(_ pos: InputPosition, index: Int, _ issues: inout [Issue]) -> MedicationEntry? {
        guard let name else {
            issues.append(Issue(field: MedicationField(index: index, member: .name), problem: .required, pos: pos))
            return nil
        }
        if hasIssue { return nil }
        entry.name = name
        return entry
    }
}
