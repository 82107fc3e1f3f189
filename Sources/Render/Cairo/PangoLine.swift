import CCairo

/// What a one-line Pango layout of a short text would give, found from Pango's itemizer alone.
///
/// A layout's extents ask for its fonts' metrics (`pango_font_get_metrics`), and Pango makes a
/// font's metrics by laying out a sample sentence and the ten digits in it — about 2 M
/// instructions a font, for numbers (approximate character widths, underline position) no
/// report uses. The line box a layout gives one line of text is the union of its runs' logical
/// boxes, and a run's logical box is its font's ascent and descent (cairo's font extents, in Pango
/// units); so the box and the font come from the items, without a layout and without metrics
/// (docs/performance.md). Callers fall back to a layout when the text makes no items.
enum PangoLine {
    /// The items Pango makes of `text` in `desc` (every item's font set), or nil; free them with
    /// `free`.
    static func items(_ text: UnsafeBufferPointer<CChar>, desc: OpaquePointer, context: OpaquePointer)
        -> UnsafeMutablePointer<GList>?
    {
        guard let base = text.baseAddress, text.count > 0, let attrs = pango_attr_list_new() else { return nil }
        defer { pango_attr_list_unref(attrs) }
        pango_attr_list_insert(attrs, pango_attr_font_desc_new(desc))
        guard let list = pango_itemize(context, base, 0, Int32(clamping: text.count), attrs, nil) else { return nil }
        var node: UnsafeMutablePointer<GList>? = list
        while let n = node {
            guard let item = n.pointee.data?.assumingMemoryBound(to: PangoItem.self),
                  item.pointee.analysis.font != nil else { free(list); return nil }
            node = n.pointee.next
        }
        return list
    }

    static func free(_ list: UnsafeMutablePointer<GList>) {
        var node: UnsafeMutablePointer<GList>? = list
        while let n = node {
            if let item = n.pointee.data?.assumingMemoryBound(to: PangoItem.self) { pango_item_free(item) }
            node = n.pointee.next
        }
        g_list_free(list)
    }

    /// The distance from the top of the line to its baseline and the line's height, in Pango
    /// units, as a layout of the items' text on one line gives them.
    static func box(_ list: UnsafeMutablePointer<GList>) -> (baseline: Int32, height: Int32) {
        var top = Int32.max, bottom = Int32.min
        var node: UnsafeMutablePointer<GList>? = list
        while let n = node {
            if let item = n.pointee.data?.assumingMemoryBound(to: PangoItem.self), let font = item.pointee.analysis.font {
                let (ascent, height) = extents(font)
                top = min(top, -ascent)
                bottom = max(bottom, height &- ascent)
            }
            node = n.pointee.next
        }
        guard top <= bottom else { return (0, 0) }
        return (-top, bottom &- top)
    }

    /// A font's ascent and ascent + descent in Pango units, as PangoCairo gives each of its
    /// glyphs' logical boxes (unhinted: our contexts' font options turn hinting off).
    static func extents(_ font: UnsafeMutablePointer<PangoFont>) -> (ascent: Int32, height: Int32) {
        guard let scaled = pango_cairo_font_get_scaled_font(OpaquePointer(font)) else { return (0, 0) }
        var e = cairo_font_extents_t()
        cairo_scaled_font_extents(scaled, &e)
        return (units(e.ascent), units(e.ascent + e.descent))
    }

    /// `pango_units_from_double`: the nearest Pango unit, clamped.
    static func units(_ points: Double) -> Int32 {
        let u = (points * Double(PANGO_SCALE) + 0.5).rounded(.down)
        guard u.isFinite else { return 0 }
        return Int32(clamping: Int64(max(-9e18, min(9e18, u))))
    }
}
