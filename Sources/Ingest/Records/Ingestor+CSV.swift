/// Reading CSV: a header row naming the columns, then one record per row.
extension Ingestor {
    @inlinable func ingestCSV(_ buf: UnsafeRawBufferPointer) throws {
        var columns: [D.Field?]? = nil
        var headerLine = 0
        let byName: [String: D.Field] = Dictionary(D.Field.allCases.map { (normalizedColumnName($0.csvName), $0) },
                                                   uniquingKeysWith: { a, _ in a })
        do {
            try CSVRecordReader(limits: options.limits).parse(buf) { row in
                guard let mapping = columns else {
                    columns = try readHeader(row, byName)
                    headerLine = row.line
                    return
                }
                try countRecord(.csv(line: row.line, field: 1))
                var draft = D()
                var broken = true
                if row.count != mapping.count {
                    draft.issues.append(Issue(field: nil, problem: .fieldCount(expected: mapping.count, found: row.count),
                                              pos: .csv(line: row.line, field: min(row.count, mapping.count) + 1)))
                } else if let problem = row.problem {
                    let column: any FieldNaming = mapping[problem.field] ?? NamedField("field \(problem.field + 1)")
                    draft.issues.append(Issue(field: column,
                                              problem: problem.kind == .nulByte ? .containsNULByte : .containsInvalidUTF8,
                                              pos: .csv(line: row.line, field: problem.field + 1)))
                } else {
                    broken = false
                    for i in 0..<mapping.count {
                        guard let f = mapping[i] else { continue }
                        let b = f.isText ? CSVFormula.readText(row.field(i)) : trimmed(row.field(i))
                        draft.set(f, b.isEmpty ? .null : .text(b), at: .csv(line: row.line, field: i + 1))
                    }
                }
                complete(&draft, recordPos: .csv(line: row.line, field: 1), broken: broken)
            }
        } catch let e as CSVSyntaxError {
            throw fileError(e.message, withoutValues: e.messageWithoutValues, line: e.line, column: e.column)
        }
        if columns == nil {
            throw fileError("no header row (the input is empty)", line: max(headerLine, 1), column: 1)
        }
    }

    @inlinable func readHeader(_ row: CSVRow, _ byName: [String: D.Field]) throws -> [D.Field?] {
        if let problem = row.problem {
            throw fileError("header contains \(problem.kind == .nulByte ? "a NUL byte" : "invalid UTF-8")",
                            line: row.line, column: problem.field + 1)
        }
        if let reason = firstRowIsData(row, byName) {
            // Its cells are a record's values (a patient's note among them): never quoted.
            throw fileError("the header row is missing: line 1 \(reason)", line: row.line, column: 1)
        }
        var mapping: [D.Field?] = []
        mapping.reserveCapacity(row.count)
        var present: [D.Field: Int] = [:]
        for i in 0..<row.count {
            let raw = makeString(trimmed(row.field(i)))
            if let f = byName[normalizedColumnName(raw)] {
                if let first = present[f] {
                    throw fileError("duplicate column \(Diagnostic.quote(raw)) (also column \(first))",
                                    withoutValues: "duplicate column \(f.csvName) (also column \(first))",
                                    line: row.line, column: i + 1)
                }
                present[f] = i + 1
                mapping.append(f)
            } else {
                if !raw.isEmpty { warnUnknown("column", raw, .csv(line: row.line, field: i + 1)) }
                mapping.append(nil)
            }
        }
        let missing = D.requiredFields.filter { present[$0] == nil }
        if !missing.isEmpty {
            let names = missing.map(\.csvName).joined(separator: ", ")
            throw fileError("missing required column\(missing.count == 1 ? "" : "s") \(names)", line: row.line, column: 1)
        }
        return mapping
    }

    /// Why the first row is a record rather than a header, or nil when it may be a header: none
    /// of its cells names a column of this kind of record, or one of them is a number, a date or
    /// a timestamp, which no column name is.
    @inlinable func firstRowIsData(_ row: CSVRow, _ byName: [String: D.Field]) -> String? {
        var known = false
        for i in 0..<row.count {
            let cell = trimmed(row.field(i))
            if cell.isEmpty { continue }
            if parseDecimal(cell) != .invalid || parseLocalDate(cell) != nil || parseTimestamp(cell) != nil {
                return "holds values (a number, a date or a time), not column names"
            }
            if byName[normalizedColumnName(makeString(cell))] != nil { known = true }
        }
        return known ? nil : "names none of the columns"
    }
}
