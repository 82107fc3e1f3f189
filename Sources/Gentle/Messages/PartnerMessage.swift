import Catalog

/// Builds the sentence a partner sees from the chips a person chose (spec 50-companion-apps.md,
/// "Partner message", rules 1–5): the seed's example table is the approved copy.
public struct PartnerMessageBuilder: Sendable {
    let book: Phrasebook
    let keys = GentleWording.Partner()

    public init(book: Phrasebook) { self.book = book }

    /// The partner message for `chipIds`, in the order chosen; unknown ids and repeats are dropped.
    public func message(_ chipIds: [String]) throws -> String {
        var chips = Chip.chosen(chipIds)
        if let i = chips.firstIndex(of: .extraLove) { chips.append(chips.remove(at: i)) }
        switch chips.count {
        case 0: return try book.render(keys.none)
        case 1 where chips[0] == .extraLove: return try book.render(keys.extraLoveAlone)
        case 1: return try book.render(keys.one, ["chip": try phrase(chips[0])])
        case 2:
            let (a, b) = (chips[0], chips[1])
            if a.isLow && b.isSettled { return try book.render(keys.twoContrast, ["first": try phrase(a), "second": try phrase(b)]) }
            let second = b == .overwhelmed ? try book.render(keys.overwhelmedSecondOfTwo) : try phrase(b)
            return try book.render(keys.two, ["first": try phrase(a), "second": second])
        default:
            let separator = try book.render(keys.listSeparator)
            let leading = try chips.dropLast().map(phrase).joined(separator: separator)
            return try book.render(keys.many, ["leading": leading, "last": try phrase(chips[chips.count - 1])])
        }
    }

    private func phrase(_ chip: Chip) throws -> String {
        try book.render(keys.chips[chip])
    }
}
