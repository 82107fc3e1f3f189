import CCairo
import FoundationEssentials
#if canImport(Glibc)
import Glibc
#endif

/// Renders single pages to PNG (white background), e.g. 0.5 px/pt for golden images, 1.0 for
/// previews.
public enum PNGRenderer {
    public static func pngData(_ doc: LaidOutDocument, page index: Int, scale: Double,
                               measurer: PangoMeasurer) throws -> Data {
        guard doc.pages.indices.contains(index) else {
            throw RenderError.pageOutOfRange(index, pageCount: doc.pages.count)
        }
        let page = doc.pages[index]
        let (w, h) = try pixelSize(page.size.width * scale, page.size.height * scale)
        let surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, w, h)!
        defer { cairo_surface_destroy(surface) }
        let cr = cairo_create(surface)!
        cairo_set_source_rgb(cr, 1, 1, 1)
        cairo_paint(cr)
        cairo_scale(cr, scale, scale)
        do {
            let painter = CairoPainter(cr: cr, text: ShapedTextCache(fontMap: measurer.fontMap, pdf: false))
            painter.draw(page)
        }
        let status = cairo_status(cr)
        cairo_destroy(cr)
        if status != CAIRO_STATUS_SUCCESS { throw RenderError.cairo(String(cString: cairo_status_to_string(status))) }
        cairo_surface_flush(surface)
        return try RasterImage.encode(surface: surface)
    }
}

/// Whole pixels for an image `width` × `height` (rounded up), or `RenderError.invalidSize` when a
/// side is not finite or not in the 1...32767 a cairo image surface holds.
func pixelSize(_ width: Double, _ height: Double) throws -> (Int32, Int32) {
    let w = width.rounded(.up), h = height.rounded(.up)
    guard w >= 1, w <= 32767, h >= 1, h <= 32767 else { throw RenderError.invalidSize(width: width, height: height) }
    return (Int32(w), Int32(h))
}

/// A decoded image: premultiplied RGBA, 8 bits a channel, row-major. Used by golden-image tests.
public struct RasterImage: Equatable, Sendable {
    public var width: Int
    public var height: Int
    public var rgba: [UInt8]

    public init(width: Int, height: Int, rgba: [UInt8]) {
        self.width = width; self.height = height; self.rgba = rgba
    }

    public static func decodePNG(_ data: Data) throws -> RasterImage {
        final class Reader { var data: Data; var pos = 0; init(_ d: Data) { data = d } }
        let reader = Reader(data)
        let surface = cairo_image_surface_create_from_png_stream({ closure, out, length in
            let r = Unmanaged<Reader>.fromOpaque(closure!).takeUnretainedValue()
            let n = Int(length)
            guard r.pos + n <= r.data.count, let out else { return CAIRO_STATUS_READ_ERROR }
            r.data.withUnsafeBytes { src in
                UnsafeMutableRawPointer(out).copyMemory(from: src.baseAddress! + r.pos, byteCount: n)
            }
            r.pos += n
            return CAIRO_STATUS_SUCCESS
        }, Unmanaged.passUnretained(reader).toOpaque())!
        defer { cairo_surface_destroy(surface) }
        let status = cairo_surface_status(surface)
        guard status == CAIRO_STATUS_SUCCESS else {
            throw RenderError.invalidPNG(String(cString: cairo_status_to_string(status)))
        }
        // Normalise to ARGB32.
        let w = Int(cairo_image_surface_get_width(surface)), h = Int(cairo_image_surface_get_height(surface))
        let argb = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(clamping: w), Int32(clamping: h))!
        defer { cairo_surface_destroy(argb) }
        let cr = cairo_create(argb)!
        cairo_set_source_surface(cr, surface, 0, 0)
        cairo_set_operator(cr, CAIRO_OPERATOR_SOURCE)
        cairo_paint(cr)
        cairo_destroy(cr)
        cairo_surface_flush(argb)
        let stride = Int(cairo_image_surface_get_stride(argb))
        let base = cairo_image_surface_get_data(argb)!
        var rgba = [UInt8](repeating: 0, count: w * h * 4)
        for y in 0..<h {
            let row = UnsafeRawPointer(base + y * stride).assumingMemoryBound(to: UInt32.self)
            for x in 0..<w {
                let p = row[x]
                let o = (y * w + x) * 4
                rgba[o] = UInt8((p >> 16) & 0xFF); rgba[o + 1] = UInt8((p >> 8) & 0xFF)
                rgba[o + 2] = UInt8(p & 0xFF); rgba[o + 3] = UInt8(p >> 24)
            }
        }
        return RasterImage(width: w, height: h, rgba: rgba)
    }

    /// Encodes the image; a size a surface cannot hold, or pixels that do not match the size,
    /// throw `RenderError.invalidSize`.
    public func pngData() throws -> Data {
        let (w, h) = try pixelSize(Double(width), Double(height))
        guard rgba.count == width * height * 4 else {
            throw RenderError.invalidSize(width: Double(width), height: Double(height))
        }
        let surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, w, h)!
        defer { cairo_surface_destroy(surface) }
        cairo_surface_flush(surface)
        let stride = Int(cairo_image_surface_get_stride(surface))
        let base = cairo_image_surface_get_data(surface)!
        for y in 0..<height {
            let row = UnsafeMutableRawPointer(base + y * stride).assumingMemoryBound(to: UInt32.self)
            for x in 0..<width {
                let o = (y * width + x) * 4
                row[x] = UInt32(rgba[o + 3]) << 24 | UInt32(rgba[o]) << 16 | UInt32(rgba[o + 1]) << 8 | UInt32(rgba[o + 2])
            }
        }
        cairo_surface_mark_dirty(surface)
        return try RasterImage.encode(surface: surface)
    }

    static func encode(surface: OpaquePointer) throws -> Data {
        final class Writer { var data = Data() }
        let writer = Writer()
        let status = cairo_surface_write_to_png_stream(surface, { closure, bytes, length in
            let w = Unmanaged<Writer>.fromOpaque(closure!).takeUnretainedValue()
            if let bytes { w.data.append(bytes, count: Int(length)) }
            return CAIRO_STATUS_SUCCESS
        }, Unmanaged.passUnretained(writer).toOpaque())
        guard status == CAIRO_STATUS_SUCCESS else {
            throw RenderError.cairo(String(cString: cairo_status_to_string(status)))
        }
        return writer.data
    }
}
