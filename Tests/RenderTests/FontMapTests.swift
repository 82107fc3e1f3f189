import CCairo
#if canImport(Glibc)
import Glibc
#endif
@testable import Render
import XCTest

/// The measurer's font map is at the resolution of every context made from it.
final class FontMapTests: XCTestCase {
    /// Pango measures a font's metrics in a context it makes from the font map, which takes the
    /// map's resolution; at another than our contexts' 72 dpi, fontconfig loads and sorts every
    /// font a second time for it (PangoMeasurer.init; docs/performance.md).
    /// A command's fonts loaded ahead on a thread of their own (`PangoMeasurer.preload`): the
    /// measurer taken afterwards has them, once; and it draws what a measurer made on the spot
    /// draws. Once per process, so all in this one test.
    func testPreloadedFontsAreTheMeasurersOnce() throws {
        let fonts = [FontSpec(family: "Inter", size: 9.5), FontSpec(family: "Inter", weight: .semibold, size: 13)]
        PangoMeasurer.preload(fonts)
        PangoMeasurer.preload([FontSpec(family: "Inter", size: 30)])  // a second call does nothing
        // Joined before the measurer is asked for (which would stop it after the font it is
        // loading): every font listed is loaded.
        PangoMeasurer.settlePreload()
        let measurer = try XCTUnwrap(PangoMeasurer.preloaded())
        XCTAssertEqual(measurer.fontsLoaded, Set(fonts))
        XCTAssertNil(PangoMeasurer.preloaded(), "the measurer is given once")
        let style = TextStyle(font: fonts[1], color: Color(red: 0, green: 0, blue: 0))
        let fresh = PangoMeasurer()
        for text in ["Headache days per month", "Ägypten · 12 %", "ד\"ר שרה לוי"] {
            XCTAssertEqual(measurer.width(text, style: style), fresh.width(text, style: style), text)
        }
        XCTAssertEqual(measurer.lineMetrics(style).height, fresh.lineMetrics(style).height)
    }

    /// The family check (`PangoMeasurer.checkFamily`, the first time a family is used) asks Pango
    /// for the fontset the first line in that font is then set with, so that fontconfig matches
    /// and sorts the font once, not once more for a fontset of no language
    /// (`report_context_load_font_for`; docs/performance.md). That holds while Pango gives text
    /// in our contexts, which set no language, the default language: checked here on Latin text,
    /// the text every report's first line is.
    func testTheFamilyCheckAsksForTheFontsetTheFirstLineUses() throws {
        let measurer = PangoMeasurer()
        let d = PangoMeasurer.fontDescription(FontSpec(family: "Inter", size: 11))
        defer { pango_font_description_free(d) }
        let text = Array("Headache days per month".utf8CString.dropLast())
        let items = try XCTUnwrap(text.withUnsafeBufferPointer { PangoLine.items($0, desc: d, context: measurer.context) })
        defer { PangoLine.free(items) }
        let item = try XCTUnwrap(items.pointee.data?.assumingMemoryBound(to: PangoItem.self))
        XCTAssertEqual(item.pointee.analysis.language, pango_language_get_default())
        // And the check reports on the font the line is set in (the first of that fontset).
        let checked = try XCTUnwrap(report_context_load_font_for(measurer.context, d, pango_language_get_default()))
        defer { g_object_unref(checked) }
        XCTAssertEqual(UnsafeMutableRawPointer(checked), UnsafeMutableRawPointer(item.pointee.analysis.font))
    }

    func testTheFontMapIsAtTheContextsResolution() {
        let measurer = PangoMeasurer()
        XCTAssertEqual(pango_cairo_font_map_get_resolution(OpaquePointer(measurer.fontMap)), 72)
    }

    /// fontconfig's configuration is the system's, made without the catalogue of the template
    /// configurations that could be enabled (`start_fontconfig` in Sources/CDelayLoad): every
    /// file it read, it applied. Starting on its own, fontconfig also parses each file of its
    /// template folder and lists it as not enabled — 10 M instructions on Debian 12, a twentieth of
    /// a 100-row summary (docs/performance.md). Read through fontconfig's own list of files.
    func testFontconfigReadsOnlyTheConfigurationItApplies() throws {
        try PDFLibraries.load()
        guard let fc = dlopen("libfontconfig.so.1", RTLD_LAZY | RTLD_NOLOAD) else {
            return XCTFail("the PDF stack is loaded without fontconfig")
        }
        defer { dlclose(fc) }
        typealias Current = @convention(c) () -> OpaquePointer?
        typealias IterInit = @convention(c) (OpaquePointer?, UnsafeMutableRawPointer) -> Void
        typealias IterNext = @convention(c) (OpaquePointer?, UnsafeMutableRawPointer) -> Int32
        typealias IterGet = @convention(c) (OpaquePointer?, UnsafeMutableRawPointer, UnsafeMutablePointer<UnsafeMutablePointer<UInt8>?>,
                                            UnsafeMutablePointer<UnsafeMutablePointer<UInt8>?>, UnsafeMutablePointer<Int32>) -> Int32
        func function<T>(_ name: String, _: T.Type) throws -> T {
            let symbol = try XCTUnwrap(dlsym(fc, name), "fontconfig has no \(name)")
            return unsafeBitCast(symbol, to: T.self)
        }
        let current = try function("FcConfigGetCurrent", Current.self)
        let iterInit = try function("FcConfigFileInfoIterInit", IterInit.self)
        let iterNext = try function("FcConfigFileInfoIterNext", IterNext.self)
        let iterGet = try function("FcConfigFileInfoIterGet", IterGet.self)
        let config = current()
        // FcConfigFileInfoIter: three pointers.
        let iterator = UnsafeMutableRawPointer.allocate(byteCount: 3 * MemoryLayout<UnsafeRawPointer>.size,
                                                        alignment: MemoryLayout<UnsafeRawPointer>.alignment)
        defer { iterator.deallocate() }
        iterInit(config, iterator)
        var applied = 0
        var notApplied: [String] = []
        repeat {
            var name: UnsafeMutablePointer<UInt8>?, description: UnsafeMutablePointer<UInt8>?
            var enabled: Int32 = 0
            guard iterGet(config, iterator, &name, &description, &enabled) != 0 else { break }
            if enabled != 0 { applied += 1 } else { notApplied.append(name.map { String(cString: $0) } ?? "?") }
            free(name); free(description)
        } while iterNext(config, iterator) != 0
        XCTAssertGreaterThan(applied, 0, "no configuration file was read: fontconfig runs on its built-in defaults")
        XCTAssertEqual(notApplied, [], "fontconfig parsed configuration files it did not apply")
    }
}
