/// Reading JSON: an array of records, or an object with the records array under `recordsKey`.
extension Ingestor {
    @inlinable func ingestJSON(_ buf: UnsafeRawBufferPointer) throws {
        let parser = JSONParser(buf, limits: options.limits)
        json = parser
        let ctx = JSONRecordContext(parser: parser, warnUnknown: { [unowned self] prefix, name, pos in
            self.warnUnknown("key", prefix: prefix, name, pos)
        })
        do {
            switch try parser.peekKind() {
            case .array:
                try readRecordArray(ctx)
            case .object:
                var found = false
                var wrong = false
                try parser.readObject { key, keyPos in
                    let k = makeString(key)
                    if k == D.recordsKey {
                        if found {
                            throw parser.error("duplicate key \"\(D.recordsKey)\"", at: keyPos)
                        }
                        found = true
                        guard try parser.peekKind() == .array else {
                            throw parser.error("\"\(D.recordsKey)\" must be an array of records", at: parser.position)
                        }
                        try readRecordArray(ctx)
                    } else if k == "schemaVersion" {
                        let pos = parser.position
                        let v = try ctx.scalar()
                        var ok = false
                        if case .number(let b) = v, case .value(let d) = parseDecimal(b), d == 1 { ok = true }
                        if !ok {
                            let (l, c) = parser.lineAndColumn(of: pos)
                            addError(Diagnostic(.error, "unsupported schemaVersion \(v.found) (expected 1)",
                                                withoutValues: "unsupported schemaVersion (expected 1)",
                                                at: SourceLocation(file: file, line: l, column: c)))
                        }
                    } else if D.otherRecordsKeys.contains(k) {
                        wrong = true
                        let (l, c) = parser.lineAndColumn(of: keyPos)
                        addError(Diagnostic(.error, "expected \"\(D.recordsKey)\" records, found \"\(k)\"",
                                            at: SourceLocation(file: file, line: l, column: c)))
                        try parser.skipValue()
                    } else {
                        try ctx.unknownKey("", key, keyPos)
                    }
                }
                try parser.expectEnd()
                if !found && !wrong {
                    throw fileError("no \"\(D.recordsKey)\" array in the top-level object", line: 1, column: 1)
                }
                return
            default:
                let pos = parser.position
                let (l, c) = parser.lineAndColumn(of: pos)
                throw fileError("expected an array of records or an object with \"\(D.recordsKey)\"", line: l, column: c)
            }
            try parser.expectEnd()
        } catch let e as JSONSyntaxError {
            throw fileError(e.message, withoutValues: e.messageWithoutValues, line: e.line, column: e.column)
        }
    }

    @inlinable func readRecordArray(_ ctx: JSONRecordContext) throws {
        let parser = ctx.parser
        try parser.readArray { _ in
            let start = parser.position
            let recordPos = InputPosition(start)
            try countRecord(recordPos)
            var draft = D()
            if try parser.peekKind() == .object {
                try parser.readObject { key, keyPos in try draft.readJSONMember(key, keyPos, ctx) }
            } else {
                let v = try ctx.scalar()
                draft.issues.append(Issue(field: nil, problem: .recordNotAnObject(found: v.found), pos: recordPos))
                complete(&draft, recordPos: recordPos, broken: true)
                return
            }
            complete(&draft, recordPos: recordPos)
        }
    }
}
