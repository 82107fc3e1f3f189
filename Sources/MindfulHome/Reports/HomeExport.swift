import ReportKit


/// The Mindful Home export (the seed's "export JSON to Firebase" path): one document per task
/// keyed by its id, in id order, and the computed balance.
public enum HomeExport {
    public static func document(_ tasks: [HomeTask], balance: PeanutBalance) -> JSONOutput {
        let documents = tasks.sorted { $0.id < $1.id }.map { t -> (String, JSONOutput) in
            (t.id, .object([
                ("kind", .string(t.kind.rawValue)), ("title", .string(t.title)), ("peanuts", .int(t.peanuts)),
                ("category", .string(t.category.rawValue)), ("createdAt", t.createdAt.map { .string($0.description) } ?? .null),
                ("isSelected", .bool(t.isSelected)), ("isCompleted", .bool(t.isCompleted)), ("inBasket", .bool(t.inBasket)),
            ]))
        }
        return .object([("tasks", .object(documents)), ("balance", .int(balance.value))])
    }
}
