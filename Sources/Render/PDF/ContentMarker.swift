/// Marks one page's content stream, as cairo wrote it, for a tagged PDF: every run of text is
/// put in a marked-content sequence of the structure element it belongs to (`BDC` with an
/// `/MCID`), every figure's form XObject likewise, and all other painting — page backgrounds,
/// fills, rules, running headers and footers — in `/Artifact` sequences.
///
/// Cairo 1.16 can tag content itself (`cairo_tag_begin`), but measured on a 1,000-row table it
/// costs 28,000–45,000 instructions a tag (it ends the text object at every tag and replays its
/// tag commands), nearly doubling the time of the summary, and it cannot write artifacts. The
/// painter instead records what it drew in order (`ContentSegment`: so many glyphs, or one group)
/// and this pass finds them again: glyphs are counted in the strings of the text operators (one
/// byte a code in cairo's simple fonts, two in its `Identity-H` fonts), splitting a `TJ` array
/// where one run of text ends and the next begins; groups are the form XObjects painted with
/// `Do`. Marks never cross a text object's `BT`/`ET`, never split a path from its painting
/// operator, and nest around cairo's own `/Span` (`ActualText`) sequences.
struct ContentMarker {
    /// Each structure node's role, by node id (named in its `BDC`).
    let roles: [StructureRole]
    /// Bytes per character code of each font resource of the page (2 for `Type0` fonts).
    let codeBytes: [String: Int]
    /// The subtype (`Form`, `Image`) of each XObject resource of the page.
    let xobjects: [String: String]

    /// The marked content and, in order of MCID, the node each marked sequence belongs to.
    struct Result {
        var content: [UInt8]
        var mcids: [Int]
        /// Whether the stream held exactly the segments recorded.
        var matched: Bool
    }

    func mark(_ input: UnsafeBufferPointer<UInt8>, segments: [ContentSegment]) -> Result {
        var state = State(input: input, segments: segments, marker: self)
        state.run()
        return Result(content: state.out, mcids: state.mcids, matched: state.matched && state.segmentsDone)
    }

    /// The pass over one stream.
    private struct State {
        let input: UnsafeBufferPointer<UInt8>
        let segments: [ContentSegment]
        let marker: ContentMarker
        var lexer: PDFLexer
        var out: [UInt8] = []
        var copied = 0
        var mcids: [Int] = []
        var matched = true

        /// The segment being consumed and the glyphs left in it.
        var cursor = 0
        var glyphsLeft = 0

        /// The open mark: its owner, and whether it is a group's own (with ActualText).
        var open: StructureTree.Owner?
        var openIsUnique = false
        var openedInText = false
        var inText = false
        /// Depth of cairo's own marked-content sequences.
        var cairoDepth = 0
        var pathOpen = false
        var bytesPerCode = 1
        var decoded: [UInt8] = []
        var changes: [(operand: Int, code: Int, owner: StructureTree.Owner)] = []

        /// `/TD <</MCID ` for each role.
        var openers: [StructureRole: [UInt8]] = [:]

        init(input: UnsafeBufferPointer<UInt8>, segments: [ContentSegment], marker: ContentMarker) {
            self.input = input; self.segments = segments; self.marker = marker
            lexer = PDFLexer(input)
            out.reserveCapacity(input.count + input.count / 2)
            if case .glyphs(let n)? = segments.first?.kind { glyphsLeft = n }
        }

        var segmentsDone: Bool {
            var c = cursor, left = glyphsLeft
            while c < segments.count {
                if case .glyphs = segments[c].kind, left == 0 { c += 1; left = c < segments.count ? glyphCount(c) : 0; continue }
                return false
            }
            return true
        }

        func glyphCount(_ c: Int) -> Int { if case .glyphs(let n) = segments[c].kind { return n } else { return 0 } }

        mutating func advance() {
            cursor += 1
            glyphsLeft = cursor < segments.count ? glyphCount(cursor) : 0
        }

        /// The owner of the next glyph, moving past finished segments; `consume` takes it.
        mutating func glyphOwner(consume: Bool) -> StructureTree.Owner {
            while cursor < segments.count {
                if case .glyphs = segments[cursor].kind, glyphsLeft > 0 {
                    let owner = segments[cursor].owner
                    if consume { glyphsLeft -= 1 }
                    return owner
                }
                if case .form = segments[cursor].kind { matched = false }  // a group cairo left out
                advance()
            }
            matched = false
            return .artifact(.layout)
        }

        /// The next group's segment, moving past finished glyph segments.
        mutating func formSegment() -> ContentSegment? {
            while cursor < segments.count {
                if case .form = segments[cursor].kind {
                    let s = segments[cursor]
                    advance()
                    return s
                }
                if glyphsLeft > 0 { matched = false }
                advance()
            }
            matched = false
            return nil
        }

        mutating func flush(to p: Int) {
            if p > copied { out.append(contentsOf: UnsafeBufferPointer(rebasing: input[copied..<p])) }
            copied = max(copied, p)
        }

        mutating func write(_ s: String) { out.append(contentsOf: s.utf8) }

        mutating func appendInt(_ v: Int) {
            if v >= 10 { appendInt(v / 10) }
            out.append(UInt8(48 + v % 10))
        }

        mutating func close() {
            guard open != nil else { return }
            if openIsUnique { write("EMC\n") }  // the group's /Span
            write("EMC\n")
            open = nil
            openIsUnique = false
        }

        /// Makes `owner` the open mark (at the current output position).
        mutating func switchTo(_ owner: StructureTree.Owner, actualText: String? = nil) {
            if open == owner && actualText == nil && !openIsUnique { return }
            close()
            switch owner {
            case .artifact(let kind):
                switch kind {
                case .header: write("/Artifact <</Type /Pagination /Subtype /Header>> BDC\n")
                case .footer: write("/Artifact <</Type /Pagination /Subtype /Footer>> BDC\n")
                case .layout: write("/Artifact BMC\n")
                }
            case .node(let n):
                let role = n < marker.roles.count ? marker.roles[n] : .paragraph
                if openers[role] == nil { openers[role] = Array("/\(role.pdfName) <</MCID ".utf8) }
                out.append(contentsOf: openers[role]!)
                appendInt(mcids.count)
                write(">> BDC\n")
                mcids.append(n)
            }
            // What a group copies out as, in a /Span of its own (the form viewers and text
            // extractors honour ActualText in).
            if let actualText {
                write("/Span <</ActualText ")
                out.append(contentsOf: PDFWriter.textString(actualText))
                write(">> BDC\n")
            }
            open = owner
            openIsUnique = actualText != nil
            openedInText = inText
        }

        mutating func run() {
            var operandStart = -1
            var operands: [PDFToken] = []
            while true {
                let t = lexer.next()
                if t.kind == .end { break }
                if t.kind != .keyword {
                    if operandStart < 0 { operandStart = t.start }
                    if t.kind == .arrayOpen {
                        // A TJ array: its elements are its operands' tokens.
                        operands.append(t)
                        while true {
                            let e = lexer.next()
                            if e.kind == .end { break }
                            operands.append(e)
                            if e.kind == .arrayClose { break }
                        }
                    } else if t.kind == .dictOpen {
                        var depth = 1
                        while depth > 0 {
                            let e = lexer.next()
                            if e.kind == .end { break }
                            if e.kind == .dictOpen { depth += 1 } else if e.kind == .dictClose { depth -= 1 }
                        }
                    } else {
                        operands.append(t)
                    }
                    continue
                }
                let start = operandStart < 0 ? t.start : operandStart
                handle(t, start: start, operands: operands)
                operandStart = -1
                operands.removeAll(keepingCapacity: true)
            }
            flush(to: input.count)
            if open != nil {
                if out.last != 10 { out.append(10) }
                close()
            }
        }

        mutating func handle(_ t: PDFToken, start: Int, operands: [PDFToken]) {
            let len = t.end - t.start
            let b0 = input[t.start]
            let b1: UInt8 = len > 1 ? input[t.start + 1] : 0
            switch (len, b0, b1) {
            case (2, 66, 84):  // BT
                if open != nil { flush(to: start); close() }
                inText = true
            case (2, 69, 84):  // ET
                if open != nil && openedInText { flush(to: start); close() }
                inText = false
            case (3, 66, 68), (3, 66, 77):  // BDC, BMC (cairo's ActualText spans)
                if cairoDepth == 0 && inText {
                    let owner = glyphOwner(consume: false)
                    flush(to: start)
                    switchTo(owner)
                }
                cairoDepth += 1
            case (3, 69, 77):  // EMC
                cairoDepth = max(0, cairoDepth - 1)
            case (2, 84, 102):  // Tf
                if let name = operands.first, name.kind == .name {
                    bytesPerCode = marker.codeBytes[lexer.string(name)] ?? 1
                }
            case (2, 84, 106), (2, 84, 74):  // Tj TJ
                showText(start: start, end: t.end, operands: operands, splittable: true)
            case (1, 39, _), (1, 34, _):  // ' " (move to the next line first: never split)
                showText(start: start, end: t.end, operands: operands, splittable: false)
            case (2, 68, 111):  // Do
                let name = operands.first.map { lexer.string($0) } ?? ""
                if marker.xobjects[name] == "/Form", let s = formSegment() {
                    flush(to: start)
                    switchTo(s.owner, actualText: s.actualText)
                } else if cairoDepth == 0 {
                    flush(to: start)
                    switchTo(.artifact(.layout))
                }
            case (2, 115, 104), (2, 66, 73):  // sh, BI
                if b0 == 66 { skipInlineImage() }
                if cairoDepth == 0 { flush(to: start); switchTo(.artifact(.layout)) }
            case (1, 109, _), (1, 108, _), (1, 99, _), (1, 118, _), (1, 121, _), (1, 104, _), (2, 114, 101):  // m l c v y h re
                if !pathOpen {
                    pathOpen = true
                    if cairoDepth == 0 { flush(to: start); switchTo(.artifact(.layout)) }
                }
            case (1, 83, _), (1, 115, _), (1, 102, _), (1, 70, _), (1, 66, _), (1, 98, _), (1, 110, _),
                 (2, 102, 42), (2, 66, 42), (2, 98, 42):  // S s f F B b n f* B* b*
                pathOpen = false
            default: break
            }
        }

        /// Skips an inline image's data (`ID` … `EI`).
        mutating func skipInlineImage() {
            var i = lexer.pos
            let n = input.count
            while i + 1 < n {
                if input[i] == 73, input[i + 1] == 68, i + 2 < n, PDFSyntax.isWhite(input[i + 2]) { i += 3; break }
                i += 1
            }
            while i + 1 < n {
                if input[i] == 69, input[i + 1] == 73, PDFSyntax.isWhite(input[i - 1]),
                   i + 2 >= n || PDFSyntax.isWhite(input[i + 2]) { i += 2; break }
                i += 1
            }
            lexer.pos = min(i, n)
        }

        /// A text-showing operator: its glyphs go to their owners in order, the operator split
        /// where the owner changes (a string that one owner takes whole is copied as it is).
        mutating func showText(start: Int, end: Int, operands: [PDFToken], splittable: Bool) {
            // Where the owner changes: (operand index, code index in it, new owner).
            changes.removeAll(keepingCapacity: true)
            var first: StructureTree.Owner?
            var current: StructureTree.Owner?
            let inherited = cairoDepth > 0 ? open : nil
            for (k, t) in operands.enumerated() where t.kind == .literalString || t.kind == .hexString {
                let codes = codeCount(t)
                for c in 0..<codes {
                    let owner = inherited ?? glyphOwner(consume: true)
                    if current == nil { first = owner; current = owner } else if owner != current {
                        changes.append((k, c, owner)); current = owner
                    }
                }
            }
            guard let first else { return }
            flush(to: start)
            switchTo(first)
            let isArray = operands.first?.kind == .arrayOpen
            guard !changes.isEmpty, splittable, isArray || operands.count == 1 else { return }
            // Split: each part keeps its strings and the numbers after them.
            var next = 0
            out.append(91)  // [
            for (k, t) in operands.enumerated() {
                switch t.kind {
                case .literalString, .hexString:
                    guard next < changes.count, changes[next].operand == k else {
                        out.append(contentsOf: UnsafeBufferPointer(rebasing: input[t.start..<t.end]))
                        continue
                    }
                    lexer.stringBytes(t, into: &decoded)
                    var from = 0
                    while next < changes.count, changes[next].operand == k {
                        let c = changes[next].code
                        if c > from { appendHex(decoded[(from * bytesPerCode)..<(c * bytesPerCode)]) }
                        out.append(contentsOf: "]TJ\n".utf8)
                        switchTo(changes[next].owner)
                        out.append(91)
                        from = c
                        next += 1
                    }
                    let codes = bytesPerCode > 1 ? decoded.count / bytesPerCode : decoded.count
                    if codes > from { appendHex(decoded[(from * bytesPerCode)..<(codes * bytesPerCode)]) }
                case .number:
                    out.append(32)
                    out.append(contentsOf: UnsafeBufferPointer(rebasing: input[t.start..<t.end]))
                    out.append(32)
                default: break
                }
            }
            out.append(contentsOf: "]TJ\n".utf8)
            copied = end
        }

        /// The character codes in a string token, without decoding a literal string that has no
        /// escapes.
        mutating func codeCount(_ t: PDFToken) -> Int {
            var bytes = 0
            if t.kind == .literalString {
                var escaped = false
                for i in (t.start + 1)..<max(t.start + 1, t.end - 1) where input[i] == 92 || input[i] == 13 { escaped = true; break }
                if !escaped { bytes = t.end - t.start - 2 } else { lexer.stringBytes(t, into: &decoded); bytes = decoded.count }
            } else {
                lexer.stringBytes(t, into: &decoded); bytes = decoded.count
            }
            return bytesPerCode > 1 ? bytes / bytesPerCode : bytes
        }

        mutating func appendHex(_ bytes: ArraySlice<UInt8>) {
            out.append(60)
            for b in bytes { out.append(hexDigit(b >> 4)); out.append(hexDigit(b & 15)) }
            out.append(62)
        }

        func hexDigit(_ v: UInt8) -> UInt8 { v < 10 ? 48 + v : 87 + v }
    }
}
