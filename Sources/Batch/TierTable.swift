import Aurae
import Ingest

/// The `--tiers` file: CSV (or JSON `{"tiers": [...]}`) of `user_id,tier`, tier `free` or
/// `premium`; a user not listed is free. Read with the Ingest readers, so a bad row is a located
/// error.
public struct TierTable: Sendable {
    public var tiers: [String: AuraeTier]

    public init(_ tiers: [String: AuraeTier] = [:]) { self.tiers = tiers }

    public func tier(of userId: String) -> AuraeTier { tiers[userId] ?? .free }

    /// Reads the file; throws `IngestError` with located messages.
    public static func read(path: String) throws -> TierTable {
        let result = try RecordReader<TierDraft>.read([InputSource(path: path)])
        var table: [String: AuraeTier] = [:]
        for row in result.records { table[row.userId] = row.tier }
        return TierTable(table)
    }
}

/// The tier names the file accepts (those of `AuraeTier`), matched ignoring letter case.
enum TierName: String, InputEnum {
    case free, premium
    static let inputTable = EnumTable<TierName>()
    var tier: AuraeTier { self == .free ? .free : .premium }
}

/// One row of the tiers file.
struct TierRow {
    var userId: String
    var tier: AuraeTier
}

enum TierField: Int, RecordField {
    case userId, tier
    var jsonName: String { self == .userId ? "userId" : "tier" }
    var csvName: String { self == .userId ? "user_id" : "tier" }
    static let keys = KeyTable(jsonNamesOf: allCases)
}

/// A tiers row being read.
struct TierDraft: RecordDraft {
    static let recordsKey = "tiers"
    static let otherRecordsKeys = ["logs", "days"]
    static let uniqueField = TierField.userId
    static let requiredFields: [TierField] = [.userId, .tier]

    var issues: [Issue] = []
    var userId: String?
    var userIdPos: InputPosition?
    var tier: AuraeTier?
    var given: Set<TierField> = []

    init() {}

    mutating func set(_ f: TierField, _ v: FieldValue, at pos: InputPosition) {
        given.insert(f)
        switch f {
        case .userId: userId = Convert.text(f, v, pos, &issues); userIdPos = pos
        case .tier: tier = Convert.enumValue(f, v, pos, &issues, TierName.self)?.tier
        }
        if (f == .userId ? userId == nil : tier == nil), issues.isEmpty {
            issues.append(Issue(field: f, problem: .required, pos: pos))
        }
    }

    mutating func readJSONMember(_ key: UnsafeRawBufferPointer, _ keyPos: JSONPosition, _ ctx: JSONRecordContext) throws {
        guard let f = TierField.keys.match(key) else { try ctx.unknownKey("", key, keyPos); return }
        let pos = ctx.pos()
        set(f, try ctx.scalar(), at: pos)
    }

    mutating func finish(recordPos: InputPosition, locate: (InputPosition) -> SourceLocation) -> TierRow? {
        for f in TierDraft.requiredFields where !given.contains(f) {
            issues.append(Issue(field: f, problem: .required, pos: recordPos))
        }
        guard issues.isEmpty, let userId, let tier else { return nil }
        return TierRow(userId: userId, tier: tier)
    }

    var uniqueKey: (key: String, pos: InputPosition)? {
        guard let userId, let userIdPos else { return nil }
        return (userId, userIdPos)
    }
}
