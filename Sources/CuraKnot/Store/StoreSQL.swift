/// Every statement the store prepares, in one place, so that a test can ask SQLite for the plan of
/// each (`EXPLAIN QUERY PLAN`): a query with a selective part (one patient, one circle, one
/// insight) searches an index; only the statements in `fullReads` read a whole table or index, and
/// each says why. Values are always bound (`?1`, …), never written into the SQL.
enum StoreSQL {
    // MARK: ingest (one transaction per run)

    static let upsertHandoff = """
        INSERT INTO handoffs (id, circle_id, patient_id, author_id, author_name, created_at, local_date, type, title, summary, language)
        VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11)
        ON CONFLICT (id) DO UPDATE SET circle_id = ?2, patient_id = ?3, author_id = ?4, author_name = ?5,
            created_at = ?6, local_date = ?7, type = ?8, title = ?9, summary = ?10, language = ?11
        """
    static let clearHandoffItems = "DELETE FROM handoff_items WHERE handoff_id = ?1"
    static let insertHandoffItem = "INSERT INTO handoff_items (handoff_id, list, position, value) VALUES (?1, ?2, ?3, ?4)"
    static let upsertExpense = """
        INSERT OR REPLACE INTO expenses (id, circle_id, patient_id, date, category, description, amount, currency, paid_by, reimbursable, receipt)
        VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11)
        """
    static let upsertProvider = """
        INSERT OR REPLACE INTO providers (id, circle_id, name, role, organization, phone, email, address, notes, rating, last_visit)
        VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11)
        """

    // MARK: who the handoffs are about

    /// Every circle and patient with handoffs.
    static let units = "SELECT DISTINCT circle_id, patient_id FROM handoffs ORDER BY circle_id, patient_id"
    static let unitsOfPatient = "SELECT DISTINCT circle_id, patient_id FROM handoffs WHERE patient_id = ?1 ORDER BY circle_id"
    static let unitsOfCircle = "SELECT DISTINCT circle_id, patient_id FROM handoffs WHERE circle_id = ?1 ORDER BY patient_id"
    static let unit = "SELECT DISTINCT circle_id, patient_id FROM handoffs WHERE circle_id = ?1 AND patient_id = ?2"

    // MARK: patterns

    /// One patient's handoffs in one circle up to the as-of date, with their symptoms, by date then id.
    static let handoffsOfUnit = """
        SELECT h.id, h.local_date, h.author_id, h.author_name, i.value
        FROM handoffs h LEFT JOIN handoff_items i ON i.handoff_id = h.id AND i.list = 'symptoms'
        WHERE h.patient_id = ?1 AND h.circle_id = ?2 AND h.local_date <= ?3
        ORDER BY h.local_date, h.id
        """
    static let latestDismissal = """
        SELECT max(dismissed_on) FROM dismissals WHERE patient_id = ?1 AND type = ?2 AND key = ?3 AND dismissed_on <= ?4
        """
    static let recordSurfaced = "INSERT OR IGNORE INTO surfaced (patient_id, type, key, as_of, insight_id) VALUES (?1, ?2, ?3, ?4, ?5)"
    static let firstSurfaced = "SELECT min(as_of) FROM surfaced WHERE patient_id = ?1 AND type = ?2 AND key = ?3 AND as_of >= ?4"
    static let surfacedInsight = "SELECT patient_id, type, key FROM surfaced WHERE insight_id = ?1"
    static let recordDismissal = "INSERT OR IGNORE INTO dismissals (patient_id, type, key, dismissed_on) VALUES (?1, ?2, ?3, ?4)"

    // MARK: check

    static let userVersion = "PRAGMA user_version"
    static let integrityCheck = "PRAGMA integrity_check"
    static let foreignKeyCheck = "PRAGMA foreign_key_check"
    static let patientCount = "SELECT count(DISTINCT patient_id) FROM handoffs"
    /// The row count of one of `CareStore.countedTables` (a fixed list, never input).
    static func rowCount(_ table: String) -> String { "SELECT count(*) FROM \(table)" }

    /// The statements that read a whole table or index on purpose, and why.
    static let fullReads: [String: String] = {
        var reads = [
            units: "lists every circle and patient (the patterns of all of them, or the ids a usage error names): one pass over an index",
            patientCount: "care check counts the patients",
        ]
        for table in CareStore.countedTables { reads[rowCount(table)] = "care check counts the rows" }
        return reads
    }()
}
