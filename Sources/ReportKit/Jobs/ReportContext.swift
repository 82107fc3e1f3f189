import Render

/// What a report job runs in: the run's dates, where the output goes, the text measurer (a batch
/// worker keeps one, its fonts loaded once) and where warnings and progress go. The templates are
/// not here: a job loads what it needs from them when it is made.
public struct ReportContext {
    public var run: RunInfo
    public var output: OutputTarget
    public var messages: any MessageSink
    private let fonts: Fonts

    /// The measurer a context was given, or else the one its command preloaded with the job's
    /// fonts (`PangoMeasurer.preload`), or one made when a PDF is first written: a command that
    /// writes text, CSV or JSON never loads the PDF libraries (`PDFLibraries`).
    private final class Fonts {
        private var given: PangoMeasurer?
        /// The measurer is the context's own (a single report's), not a batch worker's.
        private(set) var own = false
        init(_ given: PangoMeasurer?) { self.given = given }
        var measurer: PangoMeasurer {
            if let given { return given }
            let made = PangoMeasurer.preloaded() ?? PangoMeasurer()
            given = made
            own = true
            return made
        }
    }

    /// The text measurer; made on first use unless the context was given one.
    public var measurer: PangoMeasurer { fonts.measurer }

    public init(run: RunInfo, output: OutputTarget,
                measurer: PangoMeasurer? = nil, messages: any MessageSink = SilentMessages()) {
        self.run = run; self.output = output
        fonts = Fonts(measurer); self.messages = messages
    }

    /// The one PDF output path: lays `document` out with the context's measurer, renders it as a
    /// tagged PDF (structure tree, language, alternative text, XMP: `PDFRenderer`) and writes it
    /// to the output whole or not at all; font and tagging warnings go to the messages. Returns
    /// the page count.
    ///
    /// The document is consumed: it is freed once laid out, and the layout once drawn, before the
    /// tagged file is finished (a 10,000-row summary peaks about 20 MB lower).
    @discardableResult
    public func writePDF(_ document: consuming Document) throws -> Int {
        // Loaded here, when a report first draws, so that a missing library is this run's
        // error (status 4, in the console's format) and commands that write no PDF never load it.
        try PDFLibraries.load()
        let measurer = self.measurer
        // A single report shapes its words on the spare core as its pages are laid out; a
        // batch's workers keep both cores busy without it.
        if fonts.own { measurer.startShapingAhead() }
        defer { measurer.stopShapingAhead() }
        var laidOut: LaidOutDocument? = try LayoutEngine(measurer: measurer).layout(document)
        _ = consume document
        let pageCount = laidOut?.pages.count ?? 0
        var tagging: [String] = []
        try output.write { file in
            guard let doc = laidOut.take() else { return }
            try PDFRenderer.render(doc, measurer: measurer, warnings: { tagging.append($0) }) { try file.write($0) }
        }
        for warning in measurer.fontWarnings + tagging { messages.warning(warning) }
        return pageCount
    }

    /// Writes `text` to the output whole or not at all.
    public func writeText(_ text: String) throws {
        try output.write { try $0.write(text) }
    }
}
