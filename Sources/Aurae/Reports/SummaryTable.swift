import Catalog
import Ingest
import Render
import ReportKit

/// The 7-column episode table of the Aurae summary: Date, Time, Severity, Duration, Weather,
/// Medication, Notes — column widths from `templates/reports/aurae-summary.json`.
struct SummaryTable {
    struct ColumnSpec { var key: SummaryLayout.ColumnKey; var column: TableColumn }
    let columns: [ColumnSpec]
    let headers: [String]
    let notesLimit: Int
    let headerHeight: Double
    let rowHeight: Double
    let padding: EdgeInsets

    init(layout: SummaryLayout, book: Phrasebook, headers keys: WordingKeyFamily<SummaryLayout.ColumnKey>) throws {
        columns = layout.table.columns.map { col in
            let width: TableColumn.Width = col.width.map { .fixed($0) } ?? .flexible(col.flex ?? 1)
            let align: Alignment
            switch col.align ?? .leading {
            case .leading: align = .leading
            case .center: align = .center
            case .trailing: align = .trailing
            }
            let overflow: TableColumn.Overflow = col.overflow == .truncate ? .truncate : .wrap
            return ColumnSpec(key: col.key, column: TableColumn(width, alignment: align, overflow: overflow))
        }
        headers = try layout.table.columns.map { try book.render(keys[$0.key]) }
        notesLimit = layout.notesMaxCharacters
        headerHeight = layout.table.headerHeight
        rowHeight = layout.table.rowHeight
        padding = EdgeInsets(horizontal: layout.table.paddingX, vertical: layout.table.paddingY)
    }

    /// One cell's text for an episode, by column.
    func cell(_ key: SummaryLayout.ColumnKey, _ log: HeadacheLog, _ f: AuraeFormat, _ brand: AuraeBrand) throws -> TableCell {
        switch key {
        case .date: return TableCell(try f.date(log.onsetAt.localDate))
        case .time: return TableCell(f.time(log.onsetAt))
        case .severity: return TableCell(f.severity(log.severity), fill: brand.severitySurface(log.severity))
        case .duration: return TableCell(try f.duration(log))
        case .weather: return TableCell(try f.weather(log.weather))
        case .medication: return TableCell(f.medications(log.retrospective.medications))
        case .notes: return TableCell(f.notes(log.retrospective.notes, limit: notesLimit))
        }
    }

    /// How layout errors name the row of `log`: its id (quoted as in input messages) and where
    /// it was read. Made only when a message names the row; it keeps the two, not the log.
    static func rowTag(_ log: HeadacheLog) -> @Sendable () -> String {
        let id = log.id, source = log.source
        return { "episode " + Diagnostic.quote(id) + (source.map { " at \($0)" } ?? "") }
    }

    /// The episode table; a cell taller than a page keeps the lines that fit, ending with "…".
    /// Text at `textSize` (the brand's table size by default), fixed column widths from `widths`
    /// where given; the severity of each `flagged` episode followed by `flagMark`.
    func table(_ logs: [HeadacheLog], format: AuraeFormat, brand: AuraeBrand, textSize: Double? = nil,
               widths: [SummaryLayout.ColumnKey: Double] = [:], flagged: Set<String> = [], flagMark: String? = nil) throws -> Table {
        let rows = try logs.map { log in
            TableRow(try columns.map {
                var cell = try cell($0.key, log, format, brand)
                if $0.key == .severity, let flagMark, flagged.contains(log.id) { cell.text += " " + flagMark }
                return cell
            }, tag: Self.rowTag(log))
        }
        let size = textSize ?? brand.tableSize
        return Table(
            name: "episode table", columns: columns.map { spec in
                var column = spec.column
                if let w = widths[spec.key] { column.width = .fixed(w) }
                return column
            }, header: headers, rows: rows,
            headerStyle: brand.style(\.bodyFamily, size, .semibold, brand.palette.tableHeaderText),
            bodyStyle: brand.style(\.bodyFamily, size, .regular, brand.palette.textPrimary),
            headerFill: brand.palette.tableHeaderFill, zebraFill: brand.palette.zebra,
            cellPadding: padding, minHeaderHeight: headerHeight, minRowHeight: rowHeight,
            rowSplitting: .truncatingCells, rowHeaderColumns: 1)
    }
}

/// `templates/reports/aurae-summary.json`: the sections in order, the page and the episode table,
/// read by hand (`ConfigNode`).
struct SummaryLayout {
    enum ColumnKey: String, CaseIterable { case date, time, severity, duration, weather, medication, notes }
    enum Align: String, CaseIterable { case leading, center, trailing }
    enum Overflow: String, CaseIterable { case wrap, truncate }
    struct Page {
        let width, height, marginTop, marginLeft, marginRight, marginBottom: Double
        init(_ n: ConfigNode) throws {
            width = try n.double("width"); height = try n.double("height")
            marginTop = try n.double("marginTop"); marginLeft = try n.double("marginLeft")
            marginRight = try n.double("marginRight"); marginBottom = try n.double("marginBottom")
        }
    }
    struct Column {
        let key: ColumnKey
        let width: Double?
        let flex: Double?
        let align: Align?
        let overflow: Overflow?
        init(_ n: ConfigNode) throws {
            key = try Self.one(of: ColumnKey.self, n["key"])
            width = try n.optional("width")?.double()
            flex = try n.optional("flex")?.double()
            align = try n.optional("align").map { try Self.one(of: Align.self, $0) }
            overflow = try n.optional("overflow").map { try Self.one(of: Overflow.self, $0) }
        }
        static func one<T: RawRepresentable & CaseIterable>(of _: T.Type, _ n: ConfigNode) throws -> T where T.RawValue == String {
            guard let v = T(rawValue: try n.string()) else {
                throw n.wrong("one of " + T.allCases.map(\.rawValue).joined(separator: ", "))
            }
            return v
        }
    }
    struct TableSpec {
        let columns: [Column]
        let headerHeight, rowHeight, paddingX, paddingY: Double
        init(_ n: ConfigNode) throws {
            columns = try n["columns"].list().map(Column.init)
            headerHeight = try n.double("headerHeight"); rowHeight = try n.double("rowHeight")
            paddingX = try n.double("paddingX"); paddingY = try n.double("paddingY")
        }
    }
    /// Section ids in order, checked against the summary's registered sections when it loads.
    let sections: [String]
    let page: Page
    let notesMaxCharacters: Int
    /// The patient name in the running header is cut to this many characters.
    let runningNameCharacters: Int
    let table: TableSpec

    /// Reads the layout and checks what the types cannot: every column has a width or a flex,
    /// and notes are cut to at least one character.
    init(templates: TemplateSet, name: String) throws {
        let file = templates.reportFile(name)
        let n = try templates.node(file: file)
        sections = try n.strings("sections")
        page = try Page(n["page"])
        notesMaxCharacters = try n.int("notesMaxCharacters")
        runningNameCharacters = try n.int("runningNameCharacters")
        table = try TableSpec(n["table"])
        for (i, c) in table.columns.enumerated() where c.width == nil && c.flex == nil {
            throw CatalogError.missingKey(file: file, key: "table.columns[\(i)].flex")
        }
        guard notesMaxCharacters >= 1 else {
            throw CatalogError.wrongType(file: file, key: "notesMaxCharacters", expected: "at least 1")
        }
        guard runningNameCharacters >= 1 else {
            throw CatalogError.wrongType(file: file, key: "runningNameCharacters", expected: "at least 1")
        }
    }
}
