import CCairo
import CZlib
import Dispatch
import FoundationEssentials
#if canImport(Glibc)
import Glibc
#endif
import Quoting

/// Turns the PDF cairo wrote into a tagged PDF (PDF/UA-1 in substance): each page's content
/// marked (`ContentMarker`), the structure tree in reading order with its parent tree, figures'
/// alternative text, header cells' scope, and in the catalog the document's language, `/MarkInfo`,
/// the title as the window title and XMP metadata that declares PDF/UA-1.
///
/// The file is written anew, object by object: cairo's objects are copied as they are, its
/// catalog and pages get their new entries, page contents are replaced, and the new objects
/// follow. qpdf's C API could do the object work, but measured it costs about 100,000
/// instructions an object (a tagged 1,000-row table has 9,000 structure elements: more than the
/// whole summary costs today), so the few things written here are written directly. Same input,
/// same bytes: no clock, no random `/ID` (it is a hash of the file).
enum TaggedPDF {
    struct Failure: Error, CustomStringConvertible {
        let reason: String
        var description: String { "cannot tag the PDF: \(reason)" }
    }

    /// Writes the finished file to `sink` as it is assembled, and returns a warning for each page
    /// whose content did not match what was drawn (its marks may then be off; the file is still
    /// valid). Nothing is written before every page has been marked, so a file that cannot be
    /// tagged writes nothing. What is held meanwhile goes as soon as it is used: each page's
    /// segments once its content is marked, each rewritten object once written, cairo's file
    /// once its objects are, the structure's text a stream of objects at a time.
    static func finish(_ source: CairoOutput, tree: StructureTree, segments: consuming [[ContentSegment]],
                       metadata: DocumentMetadata, to sink: (UnsafeRawBufferPointer) throws -> Void) throws -> [String] {
        defer { source.release() }
        var file = try CairoFile(source)
        return try withoutActuallyEscaping(sink) { sink in
            var out = PDFOutput(sink)
            defer { out.free() }
            return try file.tag(tree: tree, segments: &segments, metadata: metadata, to: &out)
        }
    }
}

/// Cairo's PDF as objects: where each starts and ends, the catalog, the pages and their content.
private struct CairoFile {
    /// Cairo's file, freed once its objects are written (`bytes` is then empty).
    let source: CairoOutput
    private(set) var bytes: UnsafeBufferPointer<UInt8>
    /// Object number → byte range.
    var ranges: [Int: Range<Int>] = [:]
    var size = 0
    var root = 0
    var info: Int?

    init(_ source: CairoOutput) throws {
        self.source = source
        let bytes = source.bytes
        self.bytes = bytes
        guard let sx = Self.lastIndex(of: "startxref", in: bytes) else { throw TaggedPDF.Failure(reason: "no startxref") }
        var lexer = PDFLexer(bytes, at: sx + 9)
        guard let written = lexer.integer(lexer.next()) else { throw TaggedPDF.Failure(reason: "bad startxref") }
        // Cairo's offsets count what it wrote; where page contents were packed, the bytes after
        // them have moved (`CairoOutput.physical`).
        let xref = source.physical(written)
        guard xref >= 0, xref < bytes.count else { throw TaggedPDF.Failure(reason: "bad startxref") }
        lexer.pos = xref
        guard lexer.matches(lexer.next(), "xref") else { throw TaggedPDF.Failure(reason: "no xref table") }
        var offsets: [(Int, Int)] = []
        while true {
            let save = lexer.pos
            let a = lexer.next()
            guard let first = lexer.integer(a), let count = lexer.integer(lexer.next()) else { lexer.pos = save; break }
            for k in 0..<count {
                guard let off = lexer.integer(lexer.next()) else { throw TaggedPDF.Failure(reason: "bad xref entry") }
                _ = lexer.next()
                let kind = lexer.next()
                if lexer.matches(kind, "n") { offsets.append((first + k, source.physical(off))) }
            }
        }
        guard lexer.matches(lexer.next(), "trailer"), let trailer = lexer.value()?.dictionary,
              let root = trailer["/Root"]?.reference, let size = trailer["/Size"]?.integer else {
            throw TaggedPDF.Failure(reason: "bad trailer")
        }
        self.root = root; self.size = size; info = trailer["/Info"]?.reference
        let sorted = offsets.sorted { $0.1 < $1.1 }
        for (i, (num, off)) in sorted.enumerated() {
            ranges[num] = off..<(i + 1 < sorted.count ? sorted[i + 1].1 : xref)
        }
    }

    static func lastIndex(of word: String, in bytes: UnsafeBufferPointer<UInt8>) -> Int? {
        let w = Array(word.utf8)
        var i = bytes.count - w.count
        while i >= 0 {
            if bytes[i] == w[0] && Array(bytes[i..<(i + w.count)]) == w { return i }
            i -= 1
        }
        return nil
    }

    /// The object `num`'s value (a stream's dictionary) and where its `stream` keyword ends.
    func object(_ num: Int) -> (value: PDFValue?, streamStart: Int?) {
        guard let r = ranges[num] else { return (nil, nil) }
        var lexer = PDFLexer(UnsafeBufferPointer(rebasing: bytes[0..<r.upperBound]), at: r.lowerBound)
        _ = lexer.next(); _ = lexer.next()
        guard lexer.matches(lexer.next(), "obj") else { return (nil, nil) }
        let v = lexer.value()
        let save = lexer.pos
        let t = lexer.next()
        guard lexer.matches(t, "stream") else { _ = save; return (v, nil) }
        var p = t.end
        if p < r.upperBound, bytes[p] == 13 { p += 1 }
        if p < r.upperBound, bytes[p] == 10 { p += 1 }
        return (v, p)
    }

    func dictionary(_ v: PDFValue?) -> [String: PDFValue] {
        if let d = v?.dictionary { return d }
        if let r = v?.reference { return object(r).value?.dictionary ?? [:] }
        return [:]
    }

    /// The page objects in order.
    func pages() -> [Int] {
        var out: [Int] = []
        func walk(_ num: Int, depth: Int) {
            guard depth < 64 else { return }
            let d = dictionary(.reference(num))
            if d["/Type"]?.name == "/Pages" {
                for k in d["/Kids"]?.array ?? [] { if let r = k.reference { walk(r, depth: depth + 1) } }
            } else {
                out.append(num)
            }
        }
        if let pages = dictionary(.reference(root))["/Pages"]?.reference { walk(pages, depth: 0) }
        return out
    }

    mutating func tag(tree: StructureTree, segments: inout [[ContentSegment]], metadata: DocumentMetadata,
                      to out: inout PDFOutput) throws -> [String] {
        let pages = pages()
        var warnings: [String] = []
        // Page content, marked.
        var replaced: [Int: [UInt8]] = [:]     // object → new bytes
        var mcidsByPage: [[Int]] = []
        var fontMetrics: [Int: ContentMarker.FontMetrics] = [:]
        var visited = Set<Int>()
        let base = size
        let treeRoot = base, parentTree = base + 1, metadataObject = base + 2
        func nodeObject(_ id: Int) -> Int { base + 3 + id }
        let roles = tree.nodes.map(\.role)
        // A window of pages at a time: each page's content found and its marker made, in order;
        // then the pages marked and compressed at once on the cores `PDFRenderer.finishingThreads`
        // allows (each page on its own: its stream, its segments, its result); then their objects
        // kept in order. What a page's work holds lives for one window, not the whole report.
        let source = self.source
        let threads = PDFRenderer.finishingThreads
        for window in stride(from: 0, to: pages.count, by: PageWork.window) {
            var work: [PageWork?] = []
            work.reserveCapacity(PageWork.window)
            for p in window..<min(pages.count, window + PageWork.window) {
                let page = pages[p]
                // The page's segments, taken: they go with its work, and are freed once it is marked.
                var drawn: [ContentSegment] = []
                if p < segments.count { swap(&drawn, &segments[p]) }
                let pd = dictionary(.reference(page))
                guard let contents = pd["/Contents"]?.reference else { work.append(nil); continue }
                let res = dictionary(pd["/Resources"])
                var fonts: [String: ContentMarker.FontMetrics] = [:]
                for (name, ref) in dictionary(res["/Font"]) {
                    if let num = ref.reference, let known = fontMetrics[num] { fonts[name] = known; continue }
                    let m = metrics(of: dictionary(ref))
                    if let num = ref.reference { fontMetrics[num] = m }
                    fonts[name] = m
                }
                var xobjects: [String: String] = [:]
                for (name, ref) in dictionary(res["/XObject"]) { xobjects[name] = dictionary(ref)["/Subtype"]?.name ?? "" }
                try finishResources(pd["/Resources"], replaced: &replaced, visited: &visited)
                let height = inherited("/MediaBox", page)?.array.flatMap { $0.count == 4 ? $0[3].number : nil } ?? 841.89
                let marker = ContentMarker(roles: roles, fonts: fonts, xobjects: xobjects, pageHeight: height)
                var stream = PageWork.Stream.packed
                if !source.hasPackedContent(of: contents) {
                    let (cv, start) = object(contents)
                    guard let sd = cv?.dictionary, let start else { throw TaggedPDF.Failure(reason: "page \(p + 1) has no content stream") }
                    var length = sd["/Length"]?.integer
                    if length == nil, let lr = sd["/Length"]?.reference { length = object(lr).value?.integer }
                    guard let length, start + length <= bytes.count else { throw TaggedPDF.Failure(reason: "bad stream length") }
                    stream = .inFile(UnsafeBufferPointer(rebasing: bytes[start..<(start + length)]),
                                     compressed: sd["/Filter"]?.name == "/FlateDecode")
                }
                work.append(PageWork(contents: contents, stream: stream, marker: marker, segments: drawn))
                replaced[page] = inserting(" /StructParents \(p) /Tabs /S", into: page)
            }
            var results = try PageWork.run(&work, threads: threads) { job in
                let result: ContentMarker.Result
                switch job.stream {
                case .packed:
                    guard let content = try source.packedContent(of: job.contents) else { throw TaggedPDF.Failure(reason: "no packed content") }
                    result = content.withUnsafeBufferPointer { job.marker.mark($0, segments: job.segments) }
                case let .inFile(raw, compressed):
                    result = compressed
                        ? try Zlib.inflate(raw).withUnsafeBufferPointer { job.marker.mark($0, segments: job.segments) }
                        : job.marker.mark(raw, segments: job.segments)
                }
                // The whole stream object, made here: the compressed bytes are copied once, on
                // this thread, and not held twice for every page at once.
                let packed = try Zlib.deflate(result.content)
                var obj = PDFWriter()
                obj.line("\(job.contents) 0 obj")
                obj.line("<< /Length \(packed.count) /Filter /FlateDecode >>")
                obj.line("stream")
                obj.bytes(packed)
                obj.line("")
                obj.line("endstream")
                obj.line("endobj")
                return PageWork.Result(contents: job.contents, object: obj.out, mcids: result.mcids, matched: result.matched)
            }
            for k in results.indices {
                guard let result = results[k].take() else { mcidsByPage.append([]); continue }
                if !result.matched { warnings.append("page \(window + k + 1): its content did not match what was drawn; its tags may be off") }
                mcidsByPage.append(result.mcids)
                // Copied on this thread when another made it: kept to the end, it would hold
                // that thread's heap as large as every page it did (glibc gives each thread its
                // own), where the copy reuses the blocks the window's segments left here.
                replaced[result.contents] = threads > 1 ? result.object.withUnsafeBufferPointer { Array($0) } : result.object
            }
            // The window's segments and marking buffers, freed among what stays (a long report).
            FreedMemory.giveBack(pages: pages.count)
        }
        segments = []
        replaced[root] = inserting(" /StructTreeRoot \(treeRoot) 0 R /MarkInfo << /Marked true >> /Lang "
                                   + PDFWriter.literal(metadata.language)
                                   + " /ViewerPreferences << /DisplayDocTitle true >> /Metadata \(metadataObject) 0 R",
                                   into: root)

        // Cairo's objects in order, rewritten or as they are; then cairo's file is let go.
        out.line("%PDF-1.7")
        out.bytes([37, 0xB5, 0xED, 0xAE, 0xFB, 10])
        let total = base + 3 + tree.nodes.count
        var offsets = [Int](repeating: -1, count: total)
        for num in ranges.keys.sorted() {
            offsets[num] = out.offset
            if let new = replaced.removeValue(forKey: num) { out.bytes(new) } else { out.bytes(UnsafeBufferPointer(rebasing: bytes[ranges[num]!])) }
        }
        replaced = [:]
        ranges = [:]
        bytes = UnsafeBufferPointer(start: nil, count: 0)
        source.release()
        FreedMemory.giveBack(pages: pages.count)  // the pages' segments and rewritten objects, before the structure is written

        // Where each node's marked content is: (page, MCID) in reading order, node `id`'s
        // marks at `markStart[id]..<markStart[id + 1]` of `markPage` and `markMCID` (32 bits
        // each: a 1,300-page report has 400,000 marks and 350,000 nodes).
        var markStart = [Int32](repeating: 0, count: tree.nodes.count + 1)
        for mcids in mcidsByPage { for node in mcids { markStart[node + 1] += 1 } }
        for id in 0..<tree.nodes.count { markStart[id + 1] += markStart[id] }
        var markPage = [Int32](repeating: 0, count: Int(markStart[tree.nodes.count]))
        var markMCID = markPage
        // Each mark to the next free place of its node, `markStart[node]` counting up; then
        // every start is back where it was.
        for (p, mcids) in mcidsByPage.enumerated() {
            for (m, node) in mcids.enumerated() {
                let at = Int(markStart[node])
                markPage[at] = Int32(truncatingIfNeeded: p); markMCID[at] = Int32(truncatingIfNeeded: m)
                markStart[node] += 1
            }
        }
        for id in stride(from: tree.nodes.count, to: 0, by: -1) { markStart[id] = markStart[id - 1] }
        markStart[0] = 0
        offsets[metadataObject] = out.offset
        let xmp = Array(XMP.packet(metadata, producer: "cairo \(String(cString: cairo_version_string())) (https://cairographics.org)").utf8)
        out.line("\(metadataObject) 0 obj")
        out.line("<< /Type /Metadata /Subtype /XML /Length \(xmp.count) >>")
        out.line("stream")
        out.bytes(xmp)
        out.line("")
        out.line("endstream")
        out.line("endobj")

        // The structure (thousands of small objects for a long table) goes into compressed
        // object streams; the cross-reference table is then a stream too (PDF 1.5).
        var packed = ObjectStreams(first: total)
        defer { packed.free() }
        try packed.add(treeRoot, to: &out, offsets: &offsets) { b in
            b.raw("<< /Type /StructTreeRoot /K "); b.int(nodeObject(0)); b.raw(" 0 R /ParentTree "); b.int(parentTree)
            b.raw(" 0 R /ParentTreeNextKey "); b.int(pages.count); b.raw(" >>")
        }
        try packed.add(parentTree, to: &out, offsets: &offsets) { b in
            b.raw("<< /Nums [")
            for (p, mcids) in mcidsByPage.enumerated() {
                b.raw(" "); b.int(p); b.raw(" [")
                for node in mcids { b.raw(" "); b.int(nodeObject(node)); b.raw(" 0 R") }
                b.raw(" ]")
            }
            b.raw(" ] >>")
        }
        var roleNames = [[UInt8]](repeating: [], count: StructureRole.indexCount)
        for node in tree.nodes where roleNames[node.role.index].isEmpty { roleNames[node.role.index] = Array("<</S/\(node.role.pdfName)/P ".utf8) }
        // Page objects' numbers as text, with " 0 R" after (every element names its page).
        let pageRefs = pages.map { Array("\($0) 0 R".utf8) }
        // The few elements with alternative text or a language of their own, in node order.
        let alts = tree.alternativeTexts.sorted { $0.key < $1.key }, languages = tree.languages.sorted { $0.key < $1.key }
        var nextAlt = 0, nextLanguage = 0
        let anySpans = tree.spanCount > 0
        // A span (a name in its own language) stands among its element's content where it was
        // drawn: before the first mark that comes after its own first one. (It reads the marks
        // from constants: a nested function capturing the `var`s would make every access to them
        // in the loop below a checked one.)
        func writeWithSpans(_ id: Int, from: Int, to: Int, starts: [Int32], pages: [Int32], mcids: [Int32], into b: inout ByteSink) {
            let spans = tree.nodes[id].children.filter { tree.nodes[$0].role == .span }
            var next = 0
            func spanBefore(_ i: Int) -> Bool {
                guard next < spans.count else { return false }
                let first = Int(starts[spans[next]])
                guard first < Int(starts[spans[next] + 1]) else { return true }  // nothing drawn: where it is
                return (pages[first], mcids[first]) < (pages[i], mcids[i])
            }
            for i in from..<to {
                while spanBefore(i) { b.byte(32); b.int(nodeObject(spans[next])); b.raw(" 0 R"); next += 1 }
                b.raw("<</Type/MCR/Pg "); b.bytes(pageRefs[Int(pages[i])]); b.raw("/MCID "); b.int(Int(mcids[i])); b.raw(">>")
            }
            for c in spans[next...] { b.byte(32); b.int(nodeObject(c)); b.raw(" 0 R") }
        }
        try tree.nodes.withUnsafeBufferPointer { nodes in
            for id in 0..<nodes.count {
                try packed.add(nodeObject(id), to: &out, offsets: &offsets) { b in
                    let role = nodes[id].role
                    if id == 0 {
                        b.raw("<</S/Document/P "); b.int(treeRoot); b.raw(" 0 R/K[")
                    } else {
                        b.bytes(roleNames[role.index]); b.int(nodeObject(nodes[id].parent ?? 0)); b.raw(" 0 R")
                        if nextAlt < alts.count, alts[nextAlt].key == id {
                            b.raw("/Alt"); b.bytes(PDFWriter.textString(alts[nextAlt].value)); nextAlt += 1
                        }
                        if nextLanguage < languages.count, languages[nextLanguage].key == id {
                            b.raw("/Lang"); b.bytes(PDFWriter.textString(languages[nextLanguage].value)); nextLanguage += 1
                        }
                        if role == .tableHeaderCell { b.raw("/A<</O/Table/Scope/Column>>") }
                        if role == .tableRowHeaderCell { b.raw("/A<</O/Table/Scope/Row>>") }
                        let from = Int(markStart[id]), to = Int(markStart[id + 1])
                        var onePage = from < to
                        if onePage { for i in from..<to where markPage[i] != markPage[from] { onePage = false; break } }
                        if onePage, nodes[id].children.isEmpty {
                            b.raw("/Pg "); b.bytes(pageRefs[Int(markPage[from])]); b.raw("/K[")
                            for i in from..<to { if i > from { b.byte(32) }; b.int(Int(markMCID[i])) }
                        } else {
                            b.raw("/K[")
                            if anySpans {
                                writeWithSpans(id, from: from, to: to, starts: markStart, pages: markPage, mcids: markMCID, into: &b)
                            } else {
                                for i in from..<to {
                                    b.raw("<</Type/MCR/Pg "); b.bytes(pageRefs[Int(markPage[i])]); b.raw("/MCID "); b.int(Int(markMCID[i])); b.raw(">>")
                                }
                            }
                        }
                    }
                    for c in nodes[id].children where !anySpans || nodes[c].role != .span { b.byte(32); b.int(nodeObject(c)); b.raw(" 0 R") }
                    b.raw("]>>")
                }
            }
        }
        try packed.finish(to: &out, offsets: &offsets)

        // The cross-reference stream: type 1 (offset) and type 2 (in an object stream) entries.
        let xrefObject = packed.next
        let size = xrefObject + 1
        var entries: [UInt8] = []
        entries.reserveCapacity(size * 7)
        func entry(_ type: UInt8, _ a: Int, _ b: Int) {
            entries.append(type)
            for shift in [24, 16, 8, 0] { entries.append(UInt8(truncatingIfNeeded: a >> shift)) }
            entries.append(UInt8(truncatingIfNeeded: b >> 8)); entries.append(UInt8(truncatingIfNeeded: b))
        }
        let xref = out.offset
        for num in 0..<size {
            if num == xrefObject { entry(1, xref, 0) }
            else if let (stream, index) = packed.location(num) { entry(2, stream, index) }
            else if num < offsets.count, offsets[num] >= 0 { entry(1, offsets[num], 0) }
            else { entry(0, 0, num == 0 ? 65535 : 0) }
        }
        let id = out.identifier()
        let xrefData = try Zlib.deflate(entries)
        out.line("\(xrefObject) 0 obj")
        out.line("<< /Type /XRef /Size \(size) /W [1 4 2] /Root \(root) 0 R" + (info.map { " /Info \($0) 0 R" } ?? "")
               + " /ID [<\(id)> <\(id)>] /Filter /FlateDecode /Length \(xrefData.count) >>")
        out.line("stream")
        out.bytes(xrefData)
        out.line("")
        out.line("endstream")
        out.line("endobj")
        out.line("startxref")
        out.line("\(xref)")
        out.line("%%EOF")
        try out.finish()
        return warnings
    }

    /// The resources `res` of a page or group, and those of the groups they paint: each group's
    /// content, left uncompressed like the pages' (see PDFRenderer), is compressed, and a
    /// resource dictionary cairo wrote with a name twice (1.16 lists an image again each time a
    /// group paints it) is written once, without the repeats.
    func finishResources(_ res: PDFValue?, replaced: inout [Int: [UInt8]], visited: inout Set<Int>) throws {
        if let num = res?.reference {
            guard visited.insert(num).inserted else { return }
            if let r = ranges[num], Self.hasRepeatedKey(UnsafeBufferPointer(rebasing: bytes[r])),
               let v = object(num).value, case .dictionary(let d) = v, !v.holdsString {
                var w = PDFWriter()
                w.line("\(num) 0 obj")
                w.write(.dictionary(d))
                w.line("")
                w.line("endobj")
                replaced[num] = w.out
            }
        }
        for (_, ref) in dictionary(dictionary(res)["/XObject"]) {
            guard let num = ref.reference, !visited.contains(num) else { continue }
            let d = dictionary(ref)
            guard d["/Subtype"]?.name == "/Form" else { continue }
            visited.insert(num)
            if d["/Filter"] == nil { replaced[num] = try compressedForm(num, d) }
            try finishResources(d["/Resources"], replaced: &replaced, visited: &visited)
        }
    }

    /// Whether some dictionary in the object `bytes` names a key twice.
    static func hasRepeatedKey(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        var lexer = PDFLexer(bytes)
        // For each open dictionary: its keys, and whether the next token is a key.
        var open: [(keys: Set<String>, key: Bool)] = []
        var arrays = 0
        while true {
            let t = lexer.next()
            switch t.kind {
            case .end: return false
            case .dictOpen:
                if !open.isEmpty, arrays == 0 { open[open.count - 1].key = true }
                open.append(([], true))
            case .dictClose: if !open.isEmpty { open.removeLast() }
            case .arrayOpen: arrays += 1
            case .arrayClose:
                arrays = max(0, arrays - 1)
                if arrays == 0, !open.isEmpty { open[open.count - 1].key = true }
            case .keyword where lexer.matches(t, "stream"): return false
            default:
                guard !open.isEmpty, arrays == 0 else { continue }
                if open[open.count - 1].key {
                    if t.kind == .name, !open[open.count - 1].keys.insert(lexer.string(t)).inserted { return true }
                    open[open.count - 1].key = false
                } else {
                    if t.kind == .number {  // "n g R" is one value
                        let save = lexer.pos
                        let g = lexer.next(), r = lexer.next()
                        if !(g.kind == .number && lexer.matches(r, "R")) { lexer.pos = save }
                    }
                    open[open.count - 1].key = true
                }
            }
        }
    }

    /// Page `num`'s entry `key`, from the page or the page tree above it.
    func inherited(_ key: String, _ num: Int) -> PDFValue? {
        var d = dictionary(.reference(num))
        for _ in 0..<64 {
            if let v = d[key] { return v }
            guard let parent = d["/Parent"] else { return nil }
            d = dictionary(parent)
        }
        return nil
    }

    /// What placing the glyphs of font `d` needs: its code length and widths (ISO 32000-1,
    /// 9.2.4, 9.7.4.3). A simple font's `/Widths` from `/FirstChar` in thousandths of text space
    /// (a Type 3 font's in glyph space, scaled by its `/FontMatrix`); a `Type0` font's descendant's
    /// `/W` and `/DW`, two bytes a code as cairo writes them (`Identity-H`).
    func metrics(of d: [String: PDFValue]) -> ContentMarker.FontMetrics {
        var m = ContentMarker.FontMetrics()
        if d["/Subtype"]?.name == "/Type0" {
            m.bytesPerCode = 2
            let cid = dictionary(d["/DescendantFonts"].flatMap { v in v.array?.first ?? (v.reference.flatMap { object($0).value?.array?.first }) })
            m.defaultWidth = (cid["/DW"]?.number ?? 1000) / 1000
            var w = cid["/W"]?.array ?? []
            if w.isEmpty, let r = cid["/W"]?.reference { w = object(r).value?.array ?? [] }
            var i = 0
            func set(_ code: Int, _ width: Double) {
                guard code >= 0, code < 65_536 else { return }
                if code >= m.widths.count { m.widths.append(contentsOf: repeatElement(m.defaultWidth, count: code + 1 - m.widths.count)) }
                m.widths[code] = width / 1000
            }
            while i < w.count {
                guard let first = w[i].integer else { break }
                if i + 1 < w.count, let list = w[i + 1].array {
                    for (k, v) in list.enumerated() { set(first + k, v.number ?? 0) }
                    i += 2
                } else if i + 2 < w.count, let last = w[i + 1].integer, let v = w[i + 2].number {
                    if last >= first, last - first < 65_536 { for code in first...last { set(code, v) } }
                    i += 3
                } else { break }
            }
            return m
        }
        var scale = 0.001
        if d["/Subtype"]?.name == "/Type3", let fm = d["/FontMatrix"]?.array, let a = fm.first?.number { scale = a }
        var widths = d["/Widths"]?.array ?? []
        if widths.isEmpty, let r = d["/Widths"]?.reference { widths = object(r).value?.array ?? [] }
        let first = max(0, min(255, d["/FirstChar"]?.integer ?? 0))
        m.widths = [Double](repeating: 0, count: 256)
        for (k, v) in widths.enumerated() where first + k < 256 { m.widths[first + k] = (v.number ?? 0) * scale }
        return m
    }

    /// Form XObject `num` (dictionary `d`) written again with its content compressed.
    func compressedForm(_ num: Int, _ d: [String: PDFValue]) throws -> [UInt8] {
        let (_, start) = object(num)
        guard let start, let r = ranges[num] else { return Array(UnsafeBufferPointer(rebasing: bytes[ranges[num] ?? 0..<0])) }
        var length = d["/Length"]?.integer
        if length == nil, let lr = d["/Length"]?.reference { length = object(lr).value?.integer }
        guard let length, start + length <= r.upperBound else { return Array(UnsafeBufferPointer(rebasing: bytes[r])) }
        let packed = try Zlib.deflate(Array(UnsafeBufferPointer(rebasing: bytes[start..<(start + length)])))
        // The dictionary as cairo wrote it, less its /Length, plus the new length and filter.
        var lexer = PDFLexer(UnsafeBufferPointer(rebasing: bytes[0..<r.upperBound]), at: r.lowerBound)
        _ = lexer.next(); _ = lexer.next(); _ = lexer.next()
        let open = lexer.next()
        var w = PDFWriter()
        w.line("\(num) 0 obj")
        w.text("<<")
        var depth = 1
        var skip = 0
        while depth > 0 {
            let t = lexer.next()
            if t.kind == .end { break }
            if t.kind == .dictOpen { depth += 1 } else if t.kind == .dictClose { depth -= 1; if depth == 0 { break } }
            if depth == 1, t.kind == .name, lexer.matches(t, "/Length") { skip = d["/Length"]?.reference != nil ? 3 : 1; continue }
            if skip > 0 { skip -= 1; continue }
            w.out.append(32)
            w.out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[t.start..<t.end]))
        }
        _ = open
        w.line(" /Length \(packed.count) /Filter /FlateDecode >>")
        w.line("stream")
        w.bytes(packed)
        w.line("")
        w.line("endstream")
        w.line("endobj")
        return w.out
    }

    /// Object `num`'s bytes with `entries` added at the end of its dictionary.
    func inserting(_ entries: String, into num: Int) -> [UInt8] {
        guard let r = ranges[num] else { return [] }
        var obj = Array(UnsafeBufferPointer(rebasing: bytes[r]))
        // The dictionary's closing ">>" is the last one before "endobj".
        var i = obj.count - 2
        while i > 0, !(obj[i] == 62 && obj[i + 1] == 62) { i -= 1 }
        obj.insert(contentsOf: Array(entries.utf8), at: i)
        return obj
    }
}

/// Objects packed into compressed object streams (`/Type /ObjStm`), `perStream` a stream, each
/// stream an object numbered from `first` on and written as soon as it is full: only one
/// stream's text is held at a time (a 10,000-row table has 90,000 elements).
/// One page of the finishing step: its content stream, the marker made from its resources, and
/// the segments its painter recorded.
struct PageWork {
    /// Pages finished together: enough to keep the threads busy, few enough that their markers
    /// and results are not held for every page of a long report at once.
    static let window = 64

    enum Stream {
        /// Packed while drawing (`CairoOutput.packedContent`).
        case packed
        /// In cairo's file as written, compressed or not.
        case inFile(UnsafeBufferPointer<UInt8>, compressed: Bool)
    }
    let contents: Int
    let stream: Stream
    let marker: ContentMarker
    var segments: [ContentSegment]

    /// A page marked and compressed.
    struct Result {
        /// The page's content stream object: its number and its bytes, compressed.
        var contents: Int
        var object: [UInt8]
        var mcids: [Int]
        var matched: Bool
    }

    /// `body` for every page of `work` that has one (`FinishingThreads.map`), each page's work
    /// freed once done; the results in page order.
    static func run(_ work: inout [PageWork?], threads: Int,
                    _ body: (PageWork) throws -> Result) throws -> [Result?] {
        try work.withUnsafeMutableBufferPointer { jobsBuffer in
            let jobs = jobsBuffer
            return try FinishingThreads.map(jobs.count, threads: threads) { i -> Result? in
                guard let job = jobs[i] else { return nil }
                jobs[i] = nil
                return try body(job)
            }
        }
    }
}

/// Work of the finishing step spread over threads.
enum FinishingThreads {
    /// `body(i)` for every `i` below `count`, on up to `threads` threads at once (the calling
    /// thread among them), thread `t` taking t, t + n, t + 2n, …; the results in order. `body`
    /// must touch nothing that another `i` touches. The first error thrown (by index) is rethrown
    /// once every index has run.
    static func map<T>(_ count: Int, threads: Int, _ body: (Int) throws -> T) throws -> [T] {
        var results = [T?](repeating: nil, count: count)
        var errors = [Error?](repeating: nil, count: count)
        withoutActuallyEscaping(body) { body in
            results.withUnsafeMutableBufferPointer { outBuffer in
                errors.withUnsafeMutableBufferPointer { failedBuffer in
                    // Each index's result and error slot is touched by its thread alone.
                    let out = outBuffer, failed = failedBuffer
                    let n = max(1, min(threads, count))
                    func drain(_ t: Int) {
                        for i in stride(from: t, to: count, by: n) {
                            do { out[i] = try body(i) } catch { failed[i] = error }
                        }
                    }
                    if n == 1 { drain(0) } else {
                        let shared = UncheckedSendable(drain)
                        DispatchQueue.concurrentPerform(iterations: n) { t in shared.value(t) }
                    }
                }
            }
        }
        if let error = errors.lazy.compactMap({ $0 }).first { throw error }
        return results.compactMap { $0 }  // every one set: none threw
    }
}

/// A value handed to other threads whose safety the code that hands it shows.
private struct UncheckedSendable<Value>: @unchecked Sendable {
    let value: Value
    init(_ value: Value) { self.value = value }
}

struct ObjectStreams {
    static let perStream = 2_000
    /// The number of the next stream object.
    private(set) var next: Int
    /// By object number (those below `first`): the stream object it is in (0: none) and its
    /// index there.
    private(set) var stream: [Int32]
    private(set) var index: [Int32]
    /// The objects of the stream being filled: (number, offset in `body`).
    private var pending: [(Int, Int)] = []
    /// Their text.
    private var body = ByteSink(capacity: 1 << 16)
    /// Filled streams not yet compressed: their object number, object count, where the objects
    /// begin and their text (the offsets line, then `body`). As many are compressed at once as
    /// the finishing step has threads, then written in order.
    private var filled: [(num: Int, count: Int, first: Int, data: ByteSink)] = []
    private let threads: Int

    init(first: Int, threads: Int = PDFRenderer.finishingThreads) {
        next = first
        stream = [Int32](repeating: 0, count: first)
        index = [Int32](repeating: 0, count: first)
        self.threads = max(1, threads)
        pending.reserveCapacity(Self.perStream)
    }

    func free() {
        body.free()
        for s in filled { s.data.free() }
    }

    func location(_ num: Int) -> (Int, Int)? {
        num < stream.count && stream[num] > 0 ? (Int(stream[num]), Int(index[num])) : nil
    }

    /// Adds object `num` (below `first`), written by `write`; full streams go to `out`.
    @inline(__always) mutating func add(_ num: Int, to out: inout PDFOutput, offsets: inout [Int],
                                        _ write: (inout ByteSink) -> Void) throws {
        pending.append((num, body.count))
        write(&body)
        body.byte(10)
        if pending.count == Self.perStream {
            seal()
            if filled.count == threads { try flush(to: &out, offsets: &offsets) }
        }
    }

    /// Writes the objects added and not yet written.
    mutating func finish(to out: inout PDFOutput, offsets: inout [Int]) throws {
        seal()
        try flush(to: &out, offsets: &offsets)
    }

    /// Makes the objects added so far a stream (numbered now, written by `flush`).
    private mutating func seal() {
        guard !pending.isEmpty else { return }
        var data = ByteSink(capacity: body.count + pending.count * 16 + 1)  // freed by `flush`
        for (k, (num, offset)) in pending.enumerated() {
            data.int(num); data.byte(32); data.int(offset); data.byte(32)
            stream[num] = Int32(truncatingIfNeeded: next)
            index[num] = Int32(truncatingIfNeeded: k)
        }
        data.byte(10)
        let first = data.count
        data.bytes(body.base, body.count)
        filled.append((next, pending.count, first, data))
        next += 1
        pending.removeAll(keepingCapacity: true)
        body.removeAll()
    }

    /// Compresses the filled streams, at once, and writes them in order.
    private mutating func flush(to out: inout PDFOutput, offsets: inout [Int]) throws {
        guard !filled.isEmpty else { return }
        let streams = filled
        filled = []
        defer { for s in streams { s.data.free() } }
        let packed = try FinishingThreads.map(streams.count, threads: threads) { i in
            try Zlib.deflate(UnsafeBufferPointer(start: streams[i].data.base, count: streams[i].data.count))
        }
        for (s, data) in zip(streams, packed) {
            while offsets.count <= s.num { offsets.append(-1) }
            offsets[s.num] = out.offset
            out.line("\(s.num) 0 obj")
            out.line("<< /Type /ObjStm /N \(s.count) /First \(s.first) /Filter /FlateDecode /Length \(data.count) >>")
            out.line("stream")
            out.bytes(data)
            out.line("")
            out.line("endstream")
            out.line("endobj")
        }
    }
}

/// The finished file on its way to the sink: bytes gathered in a block and handed on whenever it
/// fills, the offset reached (for the cross-reference), and the file identifier hashed over every
/// byte until `identifier()` is asked for. The first error the sink throws ends the handing on
/// and is rethrown by `finish` (what is written after it goes nowhere). The owner calls `free`.
struct PDFOutput {
    static let blockSize = 1 << 16
    private var block = ByteSink(capacity: Self.blockSize)
    /// Bytes handed to the sink so far.
    private var handed = 0
    private var hash = FileIDHash()
    private var hashing = true
    private var failure: Error?
    private let sink: (UnsafeRawBufferPointer) throws -> Void

    init(_ sink: @escaping (UnsafeRawBufferPointer) throws -> Void) { self.sink = sink }

    func free() { block.free() }

    /// Where the next byte goes in the file.
    var offset: Int { handed + block.count }

    mutating func bytes(_ b: UnsafeBufferPointer<UInt8>) {
        guard let p = b.baseAddress, b.count > 0 else { return }
        if block.count + b.count > Self.blockSize { flush() }
        if b.count >= Self.blockSize { hand(b) } else { block.bytes(p, b.count) }
    }

    mutating func bytes(_ b: [UInt8]) { b.withUnsafeBufferPointer { bytes($0) } }

    mutating func line(_ s: String) {
        var s = s
        s.withUTF8 { bytes($0) }
        if block.count + 1 > Self.blockSize { flush() }
        block.byte(10)
    }

    /// The file identifier of the bytes written so far (`FileIDHash`); what follows is not
    /// hashed.
    mutating func identifier() -> String {
        flush()
        hashing = false
        return hash.identifier()
    }

    /// Hands on what is left; throws the sink's first error.
    mutating func finish() throws {
        flush()
        if let failure { throw failure }
    }

    private mutating func flush() {
        guard block.count > 0 else { return }
        hand(UnsafeBufferPointer(start: block.base, count: block.count))
        block.removeAll()
    }

    private mutating func hand(_ b: UnsafeBufferPointer<UInt8>) {
        if hashing { hash.add(b) }
        handed += b.count
        guard failure == nil else { return }
        do { try sink(UnsafeRawBufferPointer(b)) } catch { failure = error }
    }
}

/// A file identifier from the bytes written, given in pieces: two FNV-1a hashes of the bytes
/// read as 64-bit words from the start of the file, then of the last few bytes one by one, as
/// 32 hex digits.
struct FileIDHash {
    private var a: UInt64 = 0xcbf2_9ce4_8422_2325, b: UInt64 = 0x8422_2325_cbf2_9ce4
    /// Bytes of a word not yet complete (the first `carried` bytes of `carry`, in memory order).
    private var carry: UInt64 = 0
    private var carried = 0

    @inline(__always) private mutating func word(_ w: UInt64) {
        a = (a ^ w) &* 0x0000_0100_0000_01B3
        b = (b ^ (w >> 7 | w << 57)) &* 0x9E37_79B9_7F4A_7C15
    }

    mutating func add(_ bytes: UnsafeBufferPointer<UInt8>) {
        let raw = UnsafeRawBufferPointer(bytes)
        var i = 0
        while carried > 0, carried < 8, i < raw.count {
            withUnsafeMutableBytes(of: &carry) { $0[carried] = raw[i] }
            carried += 1; i += 1
        }
        if carried == 8 { word(carry); carried = 0 }
        while i + 8 <= raw.count {
            word(raw.loadUnaligned(fromByteOffset: i, as: UInt64.self))
            i += 8
        }
        while i < raw.count {
            withUnsafeMutableBytes(of: &carry) { $0[carried] = raw[i] }
            carried += 1; i += 1
        }
    }

    func identifier() -> String {
        var a = a, b = b
        withUnsafeBytes(of: carry) { c in
            for i in 0..<carried {
                a = (a ^ UInt64(c[i])) &* 0x0000_0100_0000_01B3
                b = (b ^ UInt64(c[i] ^ 0x5A)) &* 0x9E37_79B9_7F4A_7C15
            }
        }
        return Self.hex(a) + Self.hex(b)
    }

    private static func hex(_ v: UInt64) -> String {
        let s = String(v, radix: 16, uppercase: true)
        return String(repeating: "0", count: 16 - s.count) + s
    }
}

/// Bytes appended to memory of their own, grown by doubling: the structure's text (half a
/// megabyte in 40,000 pieces for a 1,000-row table), without an array's checks on every piece.
/// The owner calls `free`.
struct ByteSink {
    private(set) var base: UnsafeMutablePointer<UInt8>
    private(set) var count = 0
    private var capacity: Int

    init(capacity: Int) {
        self.capacity = max(capacity, 64)
        base = .allocate(capacity: self.capacity)
    }

    func free() { base.deallocate() }

    @inline(__always) mutating func reserve(_ n: Int) {
        if count + n > capacity { grow(count + n) }
    }

    @inline(never) mutating func grow(_ needed: Int) {
        let larger = max(needed, 2 * capacity)
        let new = UnsafeMutablePointer<UInt8>.allocate(capacity: larger)
        new.update(from: base, count: count)
        base.deallocate()
        base = new
        capacity = larger
    }

    @inline(__always) mutating func byte(_ b: UInt8) {
        reserve(1)
        base[count] = b
        count += 1
    }

    @inline(__always) mutating func bytes(_ p: UnsafePointer<UInt8>, _ n: Int) {
        reserve(n)
        let to = UnsafeMutableRawPointer(base + count), from = UnsafeRawPointer(p)
        if n > 16 {
            to.copyMemory(from: from, byteCount: n)
        } else if n >= 8 {  // two words, overlapping
            to.storeBytes(of: from.loadUnaligned(as: UInt64.self), as: UInt64.self)
            to.storeBytes(of: from.loadUnaligned(fromByteOffset: n - 8, as: UInt64.self), toByteOffset: n - 8, as: UInt64.self)
        } else {
            for i in 0..<n { base[count + i] = p[i] }
        }
        count += n
    }

    @inline(__always) mutating func bytes(_ b: UnsafeBufferPointer<UInt8>) {
        if let p = b.baseAddress { bytes(p, b.count) }
    }

    /// Empties it, keeping its memory.
    mutating func removeAll() { count = 0 }

    /// The last byte (nil when empty).
    var last: UInt8? { count > 0 ? base[count - 1] : nil }

    /// The bytes, copied into an array.
    var array: [UInt8] { Array(UnsafeBufferPointer(start: base, count: count)) }

    @inline(__always) mutating func raw(_ s: StaticString) { bytes(s.utf8Start, s.utf8CodeUnitCount) }

    @inline(__always) mutating func bytes(_ b: [UInt8]) { b.withUnsafeBufferPointer { if let p = $0.baseAddress { bytes(p, $0.count) } } }

    /// A non-negative integer in decimal (a negative one as 0).
    @inline(__always) mutating func int(_ v: Int) {
        var v = max(0, v)
        reserve(20)
        // The digits' count, then the digits from the last.
        var n = 1, t = v
        while t >= 10 { t /= 10; n += 1 }
        var i = count + n - 1
        repeat { base[i] = UInt8(truncatingIfNeeded: 48 + v % 10); v /= 10; i -= 1 } while v > 0
        count += n
    }
}

/// Bytes of PDF syntax.
struct PDFWriter {
    var out: [UInt8] = []
    mutating func text(_ s: String) { out.append(contentsOf: s.utf8) }
    /// A literal, without going through `String` (the structure writes 40,000 of them for a
    /// 1,000-row table).
    mutating func raw(_ s: StaticString) { s.withUTF8Buffer { out.append(contentsOf: $0) } }
    /// A non-negative integer in decimal.
    mutating func int(_ v: Int) {
        var v = max(0, v)
        if v < 100_000_000 {
            // Up to eight digits packed into a word, the first in its lowest byte.
            var word: UInt64 = 0, n = 0
            repeat { word = word << 8 | UInt64(truncatingIfNeeded: 48 + v % 10); v /= 10; n += 1 } while v > 0
            word = word.littleEndian
            withUnsafeBytes(of: &word) { out.append(contentsOf: UnsafeRawBufferPointer(rebasing: $0[0..<n])) }
            return
        }
        var digits: (UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8,
                     UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8) =
            (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
        var n = 0
        withUnsafeMutableBytes(of: &digits) { d in
            repeat { d[n] = UInt8(48 + v % 10); v /= 10; n += 1 } while v > 0
            for i in stride(from: n - 1, through: 0, by: -1) { out.append(d[i]) }
        }
    }
    /// `v` in ten digits, zero-padded (an xref entry's offset).
    mutating func padded(_ v: Int) {
        var digits = [UInt8](repeating: 48, count: 10)
        var v = max(0, v), i = 9
        while v > 0, i >= 0 { digits[i] = UInt8(48 + v % 10); v /= 10; i -= 1 }
        out.append(contentsOf: digits)
    }
    mutating func line(_ s: String) { out.append(contentsOf: s.utf8); out.append(10) }

    /// `v` in PDF syntax, a dictionary's keys in order (it holds no strings: they are not kept).
    mutating func write(_ v: PDFValue) {
        switch v {
        case .integer(let i): text(String(i))
        case .real(let r):
            var s = Text.format("%.6f", r)
            while s.hasSuffix("0") { s.removeLast() }
            if s.hasSuffix(".") { s.removeLast() }
            text(s == "-0" ? "0" : s)
        case .name(let n), .keyword(let n): text(n)
        case .reference(let r): int(r); text(" 0 R")
        case .string: text("()")
        case .array(let a):
            text("[")
            for (i, e) in a.enumerated() { if i > 0 { text(" ") }; write(e) }
            text("]")
        case .dictionary(let d):
            text("<<")
            for k in d.keys.sorted() { text(" \(k) "); write(d[k]!) }
            text(" >>")
        }
    }
    mutating func bytes(_ b: [UInt8]) { out.append(contentsOf: b) }
    mutating func object(_ num: Int, _ body: String) { line("\(num) 0 obj"); line(body); line("endobj") }

    static func padded(_ v: Int) -> String {
        let s = String(v)
        return String(repeating: "0", count: max(0, 10 - s.count)) + s
    }

    /// A PDF text string: literal when it is printable ASCII, else UTF-16BE with a byte order
    /// mark, in hex.
    static func textString(_ s: String) -> [UInt8] {
        if s.utf8.allSatisfy({ $0 >= 32 && $0 < 127 }) { return Array(literal(s).utf8) }
        let digits = Array("0123456789ABCDEF".utf8)
        var out: [UInt8] = Array("<FEFF".utf8)
        for u in s.utf16 {
            for shift in [12, 8, 4, 0] { out.append(digits[Int((u >> UInt16(shift)) & 15)]) }
        }
        out.append(62)
        return out
    }

    /// `(s)` with `(`, `)` and `\` escaped (ASCII text).
    static func literal(_ s: String) -> String {
        var out = "("
        for c in s.unicodeScalars {
            if c == "(" || c == ")" || c == "\\" { out.append("\\") }
            out.unicodeScalars.append(c)
        }
        return out + ")"
    }
}

/// zlib in one piece.
enum Zlib {
    static func inflate(_ input: UnsafeBufferPointer<UInt8>) throws -> [UInt8] {
        var stream = z_stream()
        guard inflateInit_(&stream, ZLIB_VERSION, Int32(MemoryLayout<z_stream>.size)) == Z_OK else {
            throw TaggedPDF.Failure(reason: "zlib")
        }
        defer { inflateEnd(&stream) }
        var out = [UInt8](repeating: 0, count: max(4096, input.count * 6))
        var produced = 0
        stream.next_in = UnsafeMutablePointer(mutating: input.baseAddress)
        stream.avail_in = UInt32(input.count)
        while true {
            if produced == out.count { out.append(contentsOf: [UInt8](repeating: 0, count: out.count)) }
            let status = out.withUnsafeMutableBufferPointer { o -> Int32 in
                stream.next_out = o.baseAddress! + produced
                stream.avail_out = UInt32(o.count - produced)
                let s = CZlib.inflate(&stream, Z_NO_FLUSH)
                produced = o.count - Int(stream.avail_out)
                return s
            }
            if status == Z_STREAM_END { break }
            guard status == Z_OK || status == Z_BUF_ERROR, stream.avail_in > 0 || produced == out.count else {
                throw TaggedPDF.Failure(reason: "bad compressed content")
            }
        }
        out.removeSubrange(produced...)
        return out
    }

    /// Compression level of every stream the finishing step writes (page content, groups, the
    /// structure's object streams, the cross-reference stream). The streams are compressed by
    /// libdeflate, in the zlib format FlateDecode reads: measured on the 1,000-row summary its
    /// level 1 costs half of zlib's level 3 on the contents (13 M instructions against 27 M) and
    /// of zlib's level 1 on the structure (15 M against 30 M), and its files are smaller (93 KB
    /// against 99 KB of content, 115 KB against 124 KB of structure).
    static let level: Int32 = 1

    static func deflate(_ input: [UInt8], level: Int32 = level) throws -> [UInt8] {
        try input.withUnsafeBufferPointer { try deflate($0, level: level) }
    }

    static func deflate(_ input: UnsafeBufferPointer<UInt8>, level: Int32 = level) throws -> [UInt8] {
        guard let compressor = libdeflate_alloc_compressor(level) else { throw TaggedPDF.Failure(reason: "libdeflate") }
        defer { libdeflate_free_compressor(compressor) }
        let bound = libdeflate_zlib_compress_bound(compressor, input.count)
        // Uninitialised: the compressor writes what is kept.
        let out = [UInt8](unsafeUninitializedCapacity: bound) { o, count in
            count = libdeflate_zlib_compress(compressor, input.baseAddress, input.count, o.baseAddress, bound)
        }
        guard !out.isEmpty || input.isEmpty else { throw TaggedPDF.Failure(reason: "libdeflate") }
        return out
    }
}

/// The document's XMP metadata: title, subject, author, language, dates, the tools, and the
/// PDF/UA-1 identification.
enum XMP {
    static func packet(_ m: DocumentMetadata, producer: String) -> String {
        let date = PDFRenderer.iso8601UTC(m.creationDate)
        return """
        <?xpacket begin="\u{FEFF}" id="W5M0MpCehiHzreSzNTczkc9d"?>
        <x:xmpmeta xmlns:x="adobe:ns:meta/">
        <rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">
        <rdf:Description rdf:about=""
          xmlns:dc="http://purl.org/dc/elements/1.1/"
          xmlns:pdf="http://ns.adobe.com/pdf/1.3/"
          xmlns:xmp="http://ns.adobe.com/xap/1.0/"
          xmlns:pdfuaid="http://www.aiim.org/pdfua/ns/id/">
        <dc:format>application/pdf</dc:format>
        <dc:title><rdf:Alt><rdf:li xml:lang="x-default">\(escape(m.title))</rdf:li></rdf:Alt></dc:title>
        <dc:description><rdf:Alt><rdf:li xml:lang="x-default">\(escape(m.subject))</rdf:li></rdf:Alt></dc:description>
        <dc:creator><rdf:Seq><rdf:li>\(escape(m.author))</rdf:li></rdf:Seq></dc:creator>
        <dc:language><rdf:Bag><rdf:li>\(escape(m.language))</rdf:li></rdf:Bag></dc:language>
        <pdf:Producer>\(escape(producer))</pdf:Producer>
        <xmp:CreatorTool>\(escape(m.creator))</xmp:CreatorTool>
        <xmp:CreateDate>\(date)</xmp:CreateDate>
        <xmp:ModifyDate>\(date)</xmp:ModifyDate>
        <pdfuaid:part>1</pdfuaid:part>
        </rdf:Description>
        </rdf:RDF>
        </x:xmpmeta>
        <?xpacket end="w"?>
        """
    }

    static func escape(_ s: String) -> String {
        var out = ""
        for c in s.unicodeScalars {
            switch c {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            default:
                // XML 1.0 has no control characters but tab, newline and return.
                if c.value < 0x20 && c != "\t" && c != "\n" && c != "\r" { continue }
                out.unicodeScalars.append(c)
            }
        }
        return out
    }
}
