/// The store's schema as numbered migrations; `PRAGMA user_version` is the number applied.
enum Schema {
    /// Migration n (1-based) brings the store from version n−1 to n. Append only.
    static let migrations: [String] = [
        """
        CREATE TABLE handoffs (
            id TEXT PRIMARY KEY, circle_id TEXT NOT NULL, patient_id TEXT NOT NULL, author_id TEXT NOT NULL,
            author_name TEXT, created_at TEXT NOT NULL, local_date TEXT NOT NULL, type TEXT NOT NULL,
            title TEXT, summary TEXT, language TEXT) WITHOUT ROWID;
        CREATE INDEX handoffs_patient ON handoffs(patient_id, local_date);
        CREATE TABLE handoff_items (
            handoff_id TEXT NOT NULL REFERENCES handoffs(id) ON DELETE CASCADE,
            list TEXT NOT NULL CHECK (list IN ('symptoms', 'medicationChanges')),
            position INTEGER NOT NULL, value TEXT NOT NULL,
            PRIMARY KEY (handoff_id, list, position)) WITHOUT ROWID;
        CREATE TABLE expenses (
            id TEXT PRIMARY KEY, circle_id TEXT NOT NULL, patient_id TEXT NOT NULL, date TEXT NOT NULL,
            category TEXT NOT NULL, description TEXT NOT NULL, amount TEXT NOT NULL, currency TEXT NOT NULL,
            paid_by TEXT, reimbursable INTEGER, receipt TEXT) WITHOUT ROWID;
        CREATE TABLE providers (
            id TEXT PRIMARY KEY, circle_id TEXT NOT NULL, name TEXT NOT NULL, role TEXT, organization TEXT,
            phone TEXT, email TEXT, address TEXT, notes TEXT, rating INTEGER, last_visit TEXT) WITHOUT ROWID;
        CREATE TABLE surfaced (
            patient_id TEXT NOT NULL, type TEXT NOT NULL, key TEXT NOT NULL, as_of TEXT NOT NULL,
            insight_id TEXT NOT NULL UNIQUE,
            PRIMARY KEY (patient_id, type, key, as_of)) WITHOUT ROWID;
        CREATE TABLE dismissals (
            patient_id TEXT NOT NULL, type TEXT NOT NULL, key TEXT NOT NULL, dismissed_on TEXT NOT NULL,
            PRIMARY KEY (patient_id, type, key, dismissed_on)) WITHOUT ROWID;
        """,
        // 2: a document is about one circle and one patient (spec 40-care-circle.md); every
        // selective query searches an index: by patient, circle and date (its author columns make
        // it cover the analysis's query, which then never reads the table itself), or by circle
        // and patient (which circles and patients there are).
        """
        DROP INDEX handoffs_patient;
        CREATE INDEX handoffs_patient ON handoffs(patient_id, circle_id, local_date, id, author_id, author_name);
        CREATE INDEX handoffs_circle ON handoffs(circle_id, patient_id);
        """,
    ]
}
