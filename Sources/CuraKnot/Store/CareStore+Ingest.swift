import Ingest

/// What one ingest run read.
public struct CareRecords: Sendable {
    public var handoffs: [Handoff] = []
    public var expenses: [Expense] = []
    public var providers: [Provider] = []
    public init(handoffs: [Handoff] = [], expenses: [Expense] = [], providers: [Provider] = []) {
        self.handoffs = handoffs; self.expenses = expenses; self.providers = providers
    }
}

extension CareStore {
    /// Stores `records` in one transaction, keyed by id: a record already stored is replaced by
    /// the new one, so ingesting the same records again changes nothing. `afterEachRecord` is a
    /// test hook called inside the transaction.
    public func ingest(_ records: CareRecords, afterEachRecord: (() -> Void)? = nil) throws {
        try transaction {
            let handoff = try connection.prepare(StoreSQL.upsertHandoff)
            let clearItems = try connection.prepare(StoreSQL.clearHandoffItems)
            let item = try connection.prepare(StoreSQL.insertHandoffItem)
            for h in records.handoffs {
                try handoff.run([.text(h.id), .text(h.circleId), .text(h.patientId), .text(h.authorId), SQLValue(h.authorName),
                                 .text(h.createdAt.description), .text(h.date.description), .text(h.type.rawValue),
                                 SQLValue(h.title), SQLValue(h.summary), SQLValue(h.language)])
                try clearItems.run([.text(h.id)])
                for (list, values) in [("symptoms", h.symptoms), ("medicationChanges", h.medicationChanges)] {
                    for (i, v) in values.enumerated() { try item.run([.text(h.id), .text(list), .int(Int64(i)), .text(v)]) }
                }
                afterEachRecord?()
            }
            let expense = try connection.prepare(StoreSQL.upsertExpense)
            for e in records.expenses {
                try expense.run([.text(e.id), .text(e.circleId), .text(e.patientId), .text(e.date.description),
                                 .text(e.category.rawValue), .text(e.description), .text(e.amount.description),
                                 .text(e.currency), SQLValue(e.paidBy), SQLValue(e.reimbursable.map { $0 ? 1 : 0 }),
                                 SQLValue(e.receipt)])
                afterEachRecord?()
            }
            let provider = try connection.prepare(StoreSQL.upsertProvider)
            for p in records.providers {
                try provider.run([.text(p.id), .text(p.circleId), .text(p.name), SQLValue(p.role), SQLValue(p.organization),
                                  SQLValue(p.phone), SQLValue(p.email), SQLValue(p.address), SQLValue(p.notes),
                                  SQLValue(p.rating), SQLValue(p.lastVisit?.description)])
                afterEachRecord?()
            }
        }
    }
}
