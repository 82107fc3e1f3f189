/// Marks one page's content stream, as cairo wrote it, for a tagged PDF: every glyph of text is
/// put in a marked-content sequence of the structure element it belongs to (`BDC` with an
/// `/MCID`), every figure's form XObject likewise, and all other painting — page backgrounds,
/// fills, rules, running headers and footers — in `/Artifact` sequences.
///
/// Cairo 1.16 can tag content itself (`cairo_tag_begin`), but measured on a 1,000-row table it
/// costs 28,000–45,000 instructions a tag (it ends the text object at every tag and replays its
/// tag commands), nearly doubling the time of the summary, and it cannot write artifacts. The
/// painter instead records what it drew, in order (`ContentSegment`: a run of so many glyphs
/// with the box their origins lie in, or one group), and this pass finds it again.
///
/// A glyph is found by where it is, not by counting: the pass follows the text state as a PDF
/// viewer does (`cm`, `q`/`Q`, `Tm`, `Td`, `TJ` offsets, the fonts' widths, `Tc`, `Tw`, `Tz`,
/// `Ts`) and gives each glyph to the next recorded run whose box holds its origin. Cairo does
/// not write every glyph it is given — it leaves out a run whose ink is empty once rounded to
/// the device grid (a lone space, depending on where it falls), a run clipped away, glyphs far
/// outside the clip — and it writes one run as several strings, operators and text objects, or
/// many runs as one `TJ` array; none of that moves a glyph, so none of it moves a mark. A run
/// that never appears is passed over; its count only settles which of two touching runs a
/// glyph on their common edge belongs to. Groups are the form XObjects painted with `Do`, in
/// order. Marks never cross a text object's `BT`/`ET` or a `q`/`Q` pair, never split a path from its painting
/// operator, and nest around cairo's own `/Span` (`ActualText`) sequences; a `TJ` array (or a
/// `Tj`, `'`, `"`) is split where one run ends and the next begins.
struct ContentMarker {
    /// Each structure node's role, by node id (named in its `BDC`).
    let roles: [StructureRole]
    /// The page's font resources by name.
    let fonts: [String: FontMetrics]
    /// The subtype (`/Form`, `/Image`) of each XObject resource of the page.
    let xobjects: [String: String]
    /// The page's height: PDF user space has y up from the bottom, the painter's boxes y down
    /// from the top.
    let pageHeight: Double

    /// What placing a font's glyphs needs: bytes per character code (2 for cairo's `Type0`
    /// fonts with `Identity-H`) and each code's advance in text space units per unit of font size.
    struct FontMetrics {
        var bytesPerCode = 1
        var widths: [Double] = []
        var defaultWidth: Double = 0
        func advance(_ code: Int) -> Double { code < widths.count ? widths[code] : defaultWidth }
    }

    /// How far a glyph's origin may lie outside its run's box, in points. Positions in the file
    /// differ from the painter's by the rounding of the fonts' widths to thousandths of an em
    /// and of cairo's `TJ` offsets (it leaves out those under three thousandths).
    static let tolerance = 1.0
    /// How many recorded runs ahead a glyph is looked for (runs cairo left out in a row).
    static let lookAhead = 512

    /// The marked content and, in order of MCID, the node each marked sequence belongs to.
    struct Result {
        var content: [UInt8]
        var mcids: [Int]
        /// Whether everything the stream draws was found among the segments recorded (text no
        /// recorded run holds, or a group painted that was not recorded, makes it false).
        var matched: Bool
        /// Recorded glyph runs of which no glyph was found (cairo wrote none of them).
        var runsNotWritten: Int
    }

    func mark(_ input: UnsafeBufferPointer<UInt8>, segments: [ContentSegment]) -> Result {
        var state = State(input: input, segments: segments, marker: self)
        defer { state.release() }
        state.run()
        return Result(content: state.out.array, mcids: state.mcids, matched: state.matched, runsNotWritten: state.runsNotWritten)
    }

    /// An affine transformation `[a b c d e f]`, as PDF writes it (row vector times matrix).
    struct Matrix {
        var a = 1.0, b = 0.0, c = 0.0, d = 1.0, e = 0.0, f = 0.0
        /// `self` then `m`.
        func then(_ m: Matrix) -> Matrix {
            Matrix(a: a * m.a + b * m.c, b: a * m.b + b * m.d, c: c * m.a + d * m.c, d: c * m.b + d * m.d,
                   e: e * m.a + f * m.c + m.e, f: e * m.b + f * m.d + m.f)
        }
        /// Moved by (`tx`, 0) in its own space.
        mutating func advance(_ tx: Double) { e += tx * a; f += tx * b }
    }

    /// The parts of the graphics state that place glyphs (saved by `q`, restored by `Q`).
    struct GraphicsState {
        /// The CTM followed by the flip to the painter's space.
        var ctm: Matrix
        var font: FontMetrics?
        var fontSize = 0.0, charSpacing = 0.0, wordSpacing = 0.0, scale = 1.0, leading = 0.0, rise = 0.0
    }

    /// The pass over one stream.
    private struct State {
        let input: UnsafeBufferPointer<UInt8>
        let segments: [ContentSegment]
        /// Each segment's box, widened by the tolerance, and its glyphs (-1 for a group).
        let areas: [ContentArea]
        let counts: [Int]
        /// Each segment's owner as a number (`ContentSegment.ownerCode`).
        let owners: [Int]
        let marker: ContentMarker
        var lexer: PDFLexer
        var out: ByteSink
        var copied = 0
        var mcids: [Int] = []
        var matched = true
        var runsNotWritten = 0

        /// The run the last glyph went to (-1: none yet), and how many of its glyphs are left.
        var cursor = -1
        var glyphsLeft = 0
        var cursorFound = false
        /// The current run's box and owner (the test every glyph makes first).
        var cursorArea = ContentArea()
        var cursorOwner = 0

        var gs: GraphicsState
        var saved: [GraphicsState] = []
        var tm = Matrix(), tlm = Matrix()

        /// The open mark: its owner (`Self.none`: none), and whether it is a group's own (with
        /// ActualText).
        var open = Self.none
        var openIsUnique = false
        var openedInText = false
        var inText = false
        /// Depth of cairo's own marked-content sequences, and where the outermost began when
        /// it began in a text object and has not shown a glyph yet (its mark goes before it).
        var cairoDepth = 0
        var spanStart: Int?
        var pathOpen = false
        var decoded: [UInt8] = []
        /// The character codes of the string being shown (memory of its own, freed by `release`).
        var codes: UnsafeMutablePointer<Int>
        var codesCapacity = 256
        var changes: [(operand: Int, code: Int, owner: Int)] = []
        var operands: [PDFToken] = []

        /// `/TD <</MCID ` for each role, by `StructureRole.index`: where it starts in
        /// `openerBytes` and how long it is (0: not made yet).
        var openerStart = [Int](repeating: 0, count: StructureRole.indexCount)
        var openerLength = [Int](repeating: 0, count: StructureRole.indexCount)
        var openerBytes = ByteSink(capacity: 256)

        init(input: UnsafeBufferPointer<UInt8>, segments: [ContentSegment], marker: ContentMarker) {
            self.input = input; self.segments = segments; self.marker = marker
            let t = ContentMarker.tolerance
            areas = segments.map { ContentArea(minX: $0.area.minX - t, minY: $0.area.minY - t, maxX: $0.area.maxX + t, maxY: $0.area.maxY + t) }
            counts = segments.map { Int($0.glyphs) }
            owners = segments.map { Int($0.ownerCode) }
            lexer = PDFLexer(input)
            gs = GraphicsState(ctm: Matrix(a: 1, b: 0, c: 0, d: -1, e: 0, f: marker.pageHeight))
            out = ByteSink(capacity: input.count + input.count / 2)
            codes = .allocate(capacity: codesCapacity)
            operands.reserveCapacity(64)
        }

        func release() {
            out.free()
            openerBytes.free()
            codes.deallocate()
        }

        // MARK: Owners as numbers

        // An owner is a number, compared once a glyph: `ContentSegment.ownerCode`, a node's id or
        // negative for an artifact.
        /// No owner.
        static let none = Int.min
        static let layout = -3

        // MARK: Finding glyphs and groups among the segments

        /// Whether run `k` (not a group) holds the point.
        func holds(_ k: Int, _ x: Double, _ y: Double) -> Bool {
            let a = areas[k]
            return counts[k] >= 0 && x >= a.minX && x <= a.maxX && y >= a.minY && y <= a.maxY
        }

        func glyphCount(_ k: Int) -> Int { max(0, counts[k]) }

        /// Makes run `k` the current one, the runs passed over not written.
        mutating func moveCursor(to k: Int) {
            if cursor >= 0, !cursorFound, counts[cursor] >= 0 { runsNotWritten += 1 }
            for j in (cursor + 1)..<k where counts[j] >= 0 { runsNotWritten += 1 }
            cursor = k
            glyphsLeft = glyphCount(k)
            cursorFound = false
            cursorArea = areas[k]
            cursorOwner = owners[k]
        }

        /// The owner of the glyph whose origin is (`x`, `y`) in the painter's space: the current
        /// run while it has glyphs left and holds it, else the next run that holds it, else the
        /// current run if it holds it (one glyph more than counted); else the glyph is not one
        /// drawn (the page does not match).
        @inline(__always) mutating func glyphOwner(_ x: Double, _ y: Double) -> Int {
            // Glyphs left means a run is current.
            let a = cursorArea
            if glyphsLeft > 0, x >= a.minX, x <= a.maxX, y >= a.minY, y <= a.maxY {
                glyphsLeft -= 1; cursorFound = true
                return cursorOwner
            }
            return glyphOwnerAhead(x, y)
        }

        /// `glyphOwner` when the current run does not take the glyph.
        @inline(never) mutating func glyphOwnerAhead(_ x: Double, _ y: Double) -> Int {
            let limit = min(segments.count, cursor + 1 + ContentMarker.lookAhead)
            var k = cursor + 1
            while k < limit {
                if holds(k, x, y) {
                    moveCursor(to: k)
                    glyphsLeft = max(0, glyphsLeft - 1); cursorFound = true
                    return owners[k]
                }
                k += 1
            }
            if cursor >= 0, holds(cursor, x, y) { cursorFound = true; return owners[cursor] }
            matched = false
            return cursor >= 0 ? owners[cursor] : Self.layout
        }

        /// The next group's segment, the runs before it passed over.
        mutating func formSegment() -> ContentSegment? {
            var k = cursor + 1
            while k < segments.count {
                if counts[k] < 0 {
                    moveCursor(to: k)
                    cursorFound = true
                    return segments[k]
                }
                k += 1
            }
            matched = false
            return nil
        }

        mutating func finish() {
            if cursor >= 0, !cursorFound, counts[cursor] >= 0 { runsNotWritten += 1 }
            for j in (cursor + 1)..<segments.count where counts[j] >= 0 { runsNotWritten += 1 }
        }

        // MARK: Writing

        mutating func flush(to p: Int) {
            if p > copied { out.bytes(UnsafeBufferPointer(rebasing: input[copied..<p])) }
            copied = max(copied, p)
        }

        @inline(__always) mutating func write(_ s: StaticString) {
            out.raw(s)
        }

        mutating func copy(_ t: PDFToken) { out.bytes(UnsafeBufferPointer(rebasing: input[t.start..<t.end])) }

        mutating func close() {
            guard open != Self.none else { return }
            if openIsUnique { write("EMC\n") }  // the group's /Span
            write("EMC\n")
            open = Self.none
            openIsUnique = false
        }

        /// Makes `owner` the open mark (at the current output position).
        mutating func switchTo(_ owner: Int, actualText: String? = nil) {
            if open == owner && actualText == nil && !openIsUnique { return }
            close()
            switch owner {
            case -1: write("/Artifact <</Type /Pagination /Subtype /Header>> BDC\n")
            case -2: write("/Artifact <</Type /Pagination /Subtype /Footer>> BDC\n")
            case ..<0: write("/Artifact BMC\n")
            default:
                let n = owner
                let role = n < marker.roles.count ? marker.roles[n] : .paragraph
                let r = role.index
                if openerLength[r] == 0 {
                    openerStart[r] = openerBytes.count
                    openerBytes.bytes(Array("/\(role.pdfName) <</MCID ".utf8))
                    openerLength[r] = openerBytes.count - openerStart[r]
                }
                out.bytes(openerBytes.base + openerStart[r], openerLength[r])
                out.int(mcids.count)
                write(">> BDC\n")
                mcids.append(n)
            }
            // What a group copies out as, in a /Span of its own (the form viewers and text
            // extractors honour ActualText in).
            if let actualText {
                write("/Span <</ActualText ")
                out.bytes(PDFWriter.textString(actualText))
                write(">> BDC\n")
            }
            open = owner
            openIsUnique = actualText != nil
            openedInText = inText
        }

        // MARK: Reading

        mutating func run() {
            var operandStart = -1
            while true {
                let t = nextToken()
                if t.kind == .end { break }
                if t.kind != .keyword {
                    if operandStart < 0 { operandStart = t.start }
                    if t.kind == .arrayOpen {
                        // A TJ array: its elements are its operands' tokens.
                        operands.append(t)
                        readArray()
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
                handle(t, start: operandStart < 0 ? t.start : operandStart)
                operandStart = -1
                operands.removeAll(keepingCapacity: true)
            }
            flush(to: input.count)
            if open != Self.none {
                if out.last != 10 { out.byte(10) }
                close()
            }
            finish()
        }

        /// The next token: a number or an operator (most of a page outside `TJ` arrays) read
        /// here, anything else by the lexer.
        @inline(__always) mutating func nextToken() -> PDFToken {
            let n = input.count
            var pos = lexer.pos
            while pos < n, PDFSyntax.isWhite(input[pos]) { pos += 1 }
            if pos < n, PDFSyntax.isRegular(input[pos]) {
                let t = PDFLexer.regularToken(input, pos, &pos)
                lexer.pos = pos
                return t
            }
            lexer.pos = pos
            return lexer.next()
        }

        /// Reads a `TJ` array's elements after its `[` into `operands`, to its `]` (included):
        /// cairo's hex strings and numbers read here, anything else by the lexer.
        mutating func readArray() {
            let n = input.count
            var pos = lexer.pos
            while pos < n {
                let b = input[pos]
                if PDFSyntax.isWhite(b) { pos += 1; continue }
                let start = pos
                if b == 60, pos + 1 < n, input[pos + 1] != 60 {  // < hex string >
                    pos = PDFLexer.hexStringEnd(input, start)
                    operands.append(PDFToken(kind: .hexString, start: start, end: pos))
                    continue
                }
                if b == 40 {  // ( literal string )
                    pos = min(PDFLexer.literalStringEnd(input, start), n)
                    operands.append(PDFToken(kind: .literalString, start: start, end: pos))
                    continue
                }
                if b &- 48 < 10 || b == 45 || b == 46 || b == 43 {  // a number
                    operands.append(PDFLexer.regularToken(input, start, &pos))
                    continue
                }
                if b == 93 {  // ]
                    operands.append(PDFToken(kind: .arrayClose, start: start, end: pos + 1))
                    lexer.pos = pos + 1
                    return
                }
                lexer.pos = pos
                let e = lexer.next()
                pos = lexer.pos
                if e.kind == .end { break }
                operands.append(e)
                if e.kind == .arrayClose { return }
            }
            lexer.pos = pos
        }

        /// The `i`th operand as a number (0 when it is not one).
        func number(_ i: Int) -> Double { i < operands.count ? lexer.real(operands[i]) ?? 0 : 0 }

        func matrixOperands() -> Matrix {
            Matrix(a: number(0), b: number(1), c: number(2), d: number(3), e: number(4), f: number(5))
        }

        mutating func moveLine(_ tx: Double, _ ty: Double) {
            tlm = Matrix(a: 1, b: 0, c: 0, d: 1, e: tx, f: ty).then(tlm)
            tm = tlm
        }

        mutating func handle(_ t: PDFToken, start: Int) {
            let len = t.end - t.start
            let b0 = input[t.start]
            let b1: UInt8 = len > 1 ? input[t.start + 1] : 0
            switch (len, b0, b1) {
            case (2, 84, 74), (2, 84, 106):  // TJ Tj
                showText(start: start, end: t.end, kind: 0)
            case (2, 84, 100):  // Td
                moveLine(number(0), number(1))
            case (2, 84, 102):  // Tf
                if let name = operands.first, name.kind == .name {
                    gs.font = marker.fonts[lexer.string(name)]
                }
                gs.fontSize = number(1)
            case (2, 66, 84):  // BT
                if open != Self.none { flush(to: start); close() }
                inText = true
                tm = Matrix(); tlm = Matrix()
            case (2, 69, 84):  // ET
                if open != Self.none && openedInText { flush(to: start); close() }
                inText = false
                spanStart = nil
            case (2, 84, 109):  // Tm
                tlm = matrixOperands(); tm = tlm
            case (1, 113, _):  // q
                // A mark never crosses a q/Q pair (ISO 32000 wants them nested): one open when
                // the graphics state is saved or restored ends there.
                if open != Self.none { flush(to: start); close() }
                saved.append(gs)
            case (1, 81, _):  // Q
                if open != Self.none { flush(to: start); close() }
                if let g = saved.popLast() { gs = g }
            case (2, 99, 109):  // cm
                gs.ctm = matrixOperands().then(gs.ctm)
            case (3, 66, 68), (3, 66, 77):  // BDC, BMC (cairo's ActualText spans)
                if cairoDepth == 0 && inText { spanStart = start }
                cairoDepth += 1
            case (3, 69, 77):  // EMC
                cairoDepth = max(0, cairoDepth - 1)
                if cairoDepth == 0 { spanStart = nil }
            case (2, 84, 68):  // TD
                gs.leading = -number(1)
                moveLine(number(0), number(1))
            case (2, 84, 42):  // T*
                moveLine(0, -gs.leading)
            case (2, 84, 99): gs.charSpacing = number(0)  // Tc
            case (2, 84, 119): gs.wordSpacing = number(0)  // Tw
            case (2, 84, 122): gs.scale = number(0) / 100  // Tz
            case (2, 84, 76): gs.leading = number(0)  // TL
            case (2, 84, 115): gs.rise = number(0)  // Ts
            case (1, 39, _):  // ' (next line, then show)
                moveLine(0, -gs.leading)
                showText(start: start, end: t.end, kind: 1)
            case (1, 34, _):  // " (word and character spacing, next line, then show)
                gs.wordSpacing = number(0); gs.charSpacing = number(1)
                moveLine(0, -gs.leading)
                showText(start: start, end: t.end, kind: 2)
            case (2, 68, 111):  // Do
                let name = operands.first.map { lexer.string($0) } ?? ""
                if marker.xobjects[name] == "/Form", cairoDepth == 0 {
                    let s = formSegment()
                    flush(to: start)
                    if let s { switchTo(Int(s.ownerCode), actualText: s.actualText) } else { switchTo(Self.layout) }
                } else if cairoDepth == 0 {
                    flush(to: start)
                    switchTo(Self.layout)
                }
            case (2, 115, 104), (2, 66, 73):  // sh, BI
                if b0 == 66 { skipInlineImage() }
                if cairoDepth == 0 { flush(to: start); switchTo(Self.layout) }
            case (1, 109, _), (1, 108, _), (1, 99, _), (1, 118, _), (1, 121, _), (1, 104, _), (2, 114, 101):  // m l c v y h re
                if !pathOpen {
                    pathOpen = true
                    if cairoDepth == 0 { flush(to: start); switchTo(Self.layout) }
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

        /// A text-showing operator (`kind` 0: `Tj` or `TJ`, 1: `'`, 2: `"`): each glyph goes to
        /// the run that holds its origin, the operator split where the owner changes (a string
        /// that one owner takes whole is copied as it is).
        mutating func showText(start: Int, end: Int, kind: Int) {
            changes.removeAll(keepingCapacity: true)
            var first = Self.none
            var current = Self.none
            let font = gs.font
            let bytesPerCode = font?.bytesPerCode ?? 1
            let widths = font?.widths ?? [], defaultWidth = font?.defaultWidth ?? 0
            let widthCount = widths.count
            let size = gs.fontSize, th = gs.scale
            let charSpacing = gs.charSpacing, wordSpacing = bytesPerCode == 1 ? gs.wordSpacing : 0
            // Text space to the painter's space; a glyph's origin is its (0, rise).
            var p = tm.then(gs.ctm)
            var textMatrix = tm
            let rise = gs.rise
            var k = 0
            while k < operands.count {
                let t = operands[k]
                if t.kind == .number {
                    if kind == 0 {  // else the spacings of "
                        let tx = -(lexer.real(t) ?? 0) / 1000 * size * th
                        p.advance(tx); textMatrix.advance(tx)
                    }
                    k += 1
                    continue
                }
                guard t.kind == .literalString || t.kind == .hexString else { k += 1; continue }
                let count = decodeCodes(t, bytesPerCode: bytesPerCode)
                for c in 0..<count {
                    let code = codes[c]
                    let owner = glyphOwner(rise * p.c + p.e, rise * p.d + p.f)
                    let advance = code < widthCount ? widths[code] : defaultWidth
                    let tx = (advance * size + charSpacing + (code == 32 ? wordSpacing : 0)) * th
                    p.advance(tx); textMatrix.advance(tx)
                    if cairoDepth > 0 {
                        // Inside cairo's own span the glyphs stay together, in its mark.
                        if let s = spanStart {
                            flush(to: s); switchTo(owner); spanStart = nil
                        }
                        continue
                    }
                    if current == Self.none { first = owner; current = owner } else if owner != current {
                        changes.append((k, c, owner)); current = owner
                    }
                }
                k += 1
            }
            tm = textMatrix
            guard first != Self.none else { return }
            flush(to: start)
            switchTo(first)
            guard !changes.isEmpty else { return }
            // Split: each part keeps its strings and the numbers after them. A ' or " is
            // written as the moves it makes, then the strings.
            if kind == 2, operands.count >= 2 {
                copy(operands[0]); write(" Tw "); copy(operands[1]); write(" Tc\n")
            }
            if kind > 0 { write("T*\n") }
            var next = 0
            out.byte(91)  // [
            for (k, t) in operands.enumerated() {
                switch t.kind {
                case .literalString, .hexString:
                    guard next < changes.count, changes[next].operand == k else { copy(t); continue }
                    lexer.stringBytes(t, into: &decoded)
                    var from = 0
                    while next < changes.count, changes[next].operand == k {
                        let c = changes[next].code
                        if c > from { appendHex(decoded[(from * bytesPerCode)..<(c * bytesPerCode)]) }
                        write("]TJ\n")
                        switchTo(changes[next].owner)
                        out.byte(91)
                        from = c
                        next += 1
                    }
                    let codes = decoded.count / bytesPerCode
                    if codes > from { appendHex(decoded[(from * bytesPerCode)..<(codes * bytesPerCode)]) }
                case .number:
                    guard kind == 0 else { continue }
                    out.byte(32); copy(t); out.byte(32)
                default: break
                }
            }
            write("]TJ\n")
            copied = end
        }

        /// Puts the character codes of string token `t` in `codes` and returns how many there
        /// are: the string's bytes (hex digits and escapes decoded) taken `bytesPerCode` at a time,
        /// big-endian, a last incomplete code left out.
        mutating func decodeCodes(_ t: PDFToken, bytesPerCode: Int) -> Int {
            let bound = t.end - t.start
            if codesCapacity < bound {
                codes.deallocate()
                codesCapacity = max(bound, 2 * codesCapacity)
                codes = .allocate(capacity: codesCapacity)
            }
            let out = codes, input = input
            var n = 0
            if t.kind == .hexString {
                // Digits in pairs, other bytes (white space) skipped, an odd last digit
                // followed by 0 (ISO 32000-1, 7.3.4.3).
                let need = 2 * bytesPerCode
                var value = 0, digits = 0
                for i in (t.start + 1)..<max(t.start + 1, t.end - 1) {
                    let b = input[i]
                    let d: Int
                    if b &- 48 < 10 { d = Int(b &- 48) } else if b &- 65 < 6 { d = Int(b &- 55) } else if b &- 97 < 6 { d = Int(b &- 87) } else { continue }
                    value = value << 4 | d
                    digits += 1
                    if digits == need { out[n] = value; n += 1; value = 0; digits = 0 }
                }
                if digits & 1 == 1, digits + 1 == need { out[n] = value << 4; n += 1 }
                return n
            }
            // A literal string: its bytes as they are unless it has an escape or a return (then
            // decoded by the lexer). One-byte codes are copied while looking for those.
            let first = t.start + 1, end = max(first, t.end - 1)
            if bytesPerCode == 1 {
                var i = first
                while i < end {
                    let b = input[i]
                    if b == 92 || b == 13 { break }
                    out[i - first] = Int(b)
                    i += 1
                }
                if i == end { return end - first }
            } else {
                var escaped = false
                for i in first..<end where input[i] == 92 || input[i] == 13 { escaped = true; break }
                if !escaped {
                    let count = (end - first) / 2
                    for c in 0..<count { out[c] = Int(input[first + 2 * c]) << 8 | Int(input[first + 1 + 2 * c]) }
                    return count
                }
            }
            lexer.stringBytes(t, into: &decoded)
            let count = decoded.count / bytesPerCode
            for c in 0..<count {
                out[c] = bytesPerCode == 2 ? Int(decoded[2 * c]) << 8 | Int(decoded[2 * c + 1]) : Int(decoded[c])
            }
            return count
        }

        mutating func appendHex(_ bytes: ArraySlice<UInt8>) {
            out.reserve(2 * bytes.count + 2)
            out.byte(60)
            for b in bytes { out.byte(hexDigit(b >> 4)); out.byte(hexDigit(b & 15)) }
            out.byte(62)
        }

        func hexDigit(_ v: UInt8) -> UInt8 { v < 10 ? 48 + v : 87 + v }
    }
}

/// A box in the painter's space (points, y down from the top of the page).
struct ContentArea: Equatable {
    var minX = 0.0, minY = 0.0, maxX = 0.0, maxY = 0.0
}
