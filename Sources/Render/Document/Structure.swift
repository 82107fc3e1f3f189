/// What a piece of a page is to a reader who does not see it: the logical structure a tagged PDF
/// carries (PDF/UA). Layout elements say what they are while they draw (`DisplayCanvas
/// .beginElement`); whatever is drawn outside every element — running headers and footers, page
/// backgrounds, fills, rules, zebra stripes — is an artifact, which assistive technology skips.
public enum StructureRole: Hashable, Sendable {
    /// A heading of level 1...6 (H1–H6); levels follow the outline.
    case heading(Int)
    case paragraph
    case list, listItem, listLabel, listBody
    case table, tableRow
    /// A header cell; `column` scope for a table's header row.
    case tableHeaderCell
    /// A header cell that labels its row (`row` scope): the first cells of a label–value table.
    case tableRowHeaderCell
    case tableDataCell
    /// A chart, calendar, mark or other drawing, read as its alternative text.
    case figure
    /// A part of a line in a language of its own (a name in another script): made while a
    /// page is drawn (`StructureTree.addSpan`), never by a layout element.
    case span

    /// A number for each role below `indexCount` (H1–H6 first), so that a per-role table is an
    /// array rather than a dictionary: the tagged PDF looks a role up once a marked sequence.
    public var index: Int {
        switch self {
        case .heading(let level): return min(6, max(1, level)) - 1
        case .paragraph: return 6
        case .list: return 7
        case .listItem: return 8
        case .listLabel: return 9
        case .listBody: return 10
        case .table: return 11
        case .tableRow: return 12
        case .tableHeaderCell: return 13
        case .tableRowHeaderCell: return 14
        case .tableDataCell: return 15
        case .figure: return 16
        case .span: return 17
        }
    }
    public static let indexCount = 18

    /// The role of `index` (headings H1–H6 for 0...5; an index out of range is a paragraph).
    public init(index: Int) {
        switch index {
        case 0..<6: self = .heading(index + 1)
        case 7: self = .list
        case 8: self = .listItem
        case 9: self = .listLabel
        case 10: self = .listBody
        case 11: self = .table
        case 12: self = .tableRow
        case 13: self = .tableHeaderCell
        case 14: self = .tableRowHeaderCell
        case 15: self = .tableDataCell
        case 16: self = .figure
        case 17: self = .span
        default: self = .paragraph
        }
    }

    /// The standard structure type (PDF 1.7, 14.8.4).
    public var pdfName: String {
        switch self {
        case .heading(let level): return "H\(min(6, max(1, level)))"
        case .paragraph: return "P"
        case .list: return "L"
        case .listItem: return "LI"
        case .listLabel: return "Lbl"
        case .listBody: return "LBody"
        case .table: return "Table"
        case .tableRow: return "TR"
        case .tableHeaderCell, .tableRowHeaderCell: return "TH"
        case .tableDataCell: return "TD"
        case .figure: return "Figure"
        case .span: return "Span"
        }
    }
}

/// One element of the structure as an element draws it: its role, its alternative text (figures)
/// and whether it continues the element of the same role drawn just before it (the part of a
/// paragraph, table or row that a page break carried to the next page).
public struct StructureElement: Hashable, Sendable {
    public var role: StructureRole
    /// What a figure shows, in words (PDF `/Alt`).
    public var alternativeText: String?
    /// Continues the last element of this role under the same parent (a part after a page break).
    public var continues: Bool
    public init(_ role: StructureRole, alternativeText: String? = nil, continues: Bool = false) {
        self.role = role; self.alternativeText = alternativeText.map(PrintableText.printable); self.continues = continues
    }
}

/// Why content is an artifact (PDF 14.8.2.2): page furniture repeated on every page, or layout.
public enum ArtifactKind: Hashable, Sendable {
    case header, footer, layout
}

/// A change of structure before the display item at `itemIndex` of a page.
public struct StructureMark: Hashable, Sendable {
    public enum Event: Hashable, Sendable {
        case begin(StructureElement)
        case end
        case beginArtifact(ArtifactKind)
        case endArtifact
    }
    public var itemIndex: Int
    public var event: Event
    public init(itemIndex: Int, event: Event) { self.itemIndex = itemIndex; self.event = event }
}
