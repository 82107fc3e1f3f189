import Catalog
import ReportKit

/// The languages of the peanut ledger.
public enum LedgerLanguage: String, CaseIterable, Sendable {
    case en, nl
}

/// Every wording key the ledger renders, under its language's group (`en.title`, `nl.title`).
struct LedgerKeys: WordingKeySet {
    let wordmark, title, documentSubject, generated, generatedBy, pageNumber, continuation: WordingKey
    let balance, totals, peanuts: WordingKey
    let completedHeading, basketHeading, noneCompleted, basketEmpty: WordingKey
    let categories: WordingKeyFamily<TaskCategory>
    let kinds: WordingKeyFamily<TaskKind>
    let columnKind, columnCategory, columnPeanuts, columnReward: WordingKey

    init(_ language: LedgerLanguage) {
        let p = language.rawValue + "."
        wordmark = WordingKey(p + "wordmark"); title = WordingKey(p + "title")
        documentSubject = WordingKey(p + "documentSubject"); generated = WordingKey(p + "generated", "date")
        generatedBy = WordingKey(p + "generatedBy"); pageNumber = WordingKey(p + "pageNumber", "page", "pages")
        continuation = WordingKey(p + "continuation"); balance = WordingKey(p + "balance")
        totals = WordingKey(p + "totals", "earned", "spent")
        peanuts = WordingKey.plural(p + "peanuts", "count")
        completedHeading = WordingKey(p + "completedHeading"); basketHeading = WordingKey(p + "basketHeading")
        noneCompleted = WordingKey(p + "noneCompleted"); basketEmpty = WordingKey(p + "basketEmpty")
        categories = WordingKeyFamily(p + "category")
        kinds = WordingKeyFamily(p + "kind")
        columnKind = WordingKey(p + "columns.kind"); columnCategory = WordingKey(p + "columns.category")
        columnPeanuts = WordingKey(p + "columns.peanuts"); columnReward = WordingKey(p + "columns.reward")
    }

    var declaredKeys: [WordingKey] {
        keys(wordmark, title, documentSubject, generated, generatedBy, pageNumber, continuation,
             balance, totals, peanuts, completedHeading, basketHeading, noneCompleted, basketEmpty,
             categories, kinds, columnKind, columnCategory, columnPeanuts, columnReward)
    }
}

/// The ledger's sentences in one language, compiled at load.
struct LedgerWording {
    let keys: LedgerKeys
    let book: Phrasebook

    init(_ language: LedgerLanguage, wording: Wording) throws {
        keys = LedgerKeys(language)
        book = try wording.compile(keys)
    }

    func render(_ key: KeyPath<LedgerKeys, WordingKey>, _ values: KeyValuePairs<String, String> = [:]) throws -> String {
        try book.render(keys[keyPath: key], values)
    }

    /// "1 peanut", "0 peanuts", "2 pinda's": the plural form the number picks (English and
    /// Dutch: `one` for exactly 1).
    func peanuts(_ count: Int) throws -> String {
        try book.render(keys.peanuts, ["count": String(count)])
    }

    func category(_ c: TaskCategory) throws -> String { try book.render(keys.categories[c]) }
    func kind(_ k: TaskKind) throws -> String { try book.render(keys.kinds[k]) }
}
