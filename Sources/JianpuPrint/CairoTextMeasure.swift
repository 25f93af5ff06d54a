import CCairo
import JianpuEngraving

/// Measures text as cairo and fontconfig do with the installed DejaVu Sans and Droid Sans Fallback fonts.
///
/// Text whose characters are all in the committed table (`FontAdvances`) is measured from it, with cairo's own
/// arithmetic: typesetting an SVG then loads no cairo, fontconfig or font file. Other text, or fonts that are no
/// longer the files the table was made from, go to cairo, whose context (a one-pixel surface) is made at the first
/// such text. Widths are cached per text and font.
public final class CairoTextMeasure: TextMeasuring {
    private var cairo: (surface: OpaquePointer, context: OpaquePointer)?
    private var table: FontAdvances?
    /// Widths by text, then font: keyed by `String`, not by a struct of the two, whose first use as a key cost a
    /// typeset a search of the program's every conformance for its `Hashable`.
    private var cache: [String: [(font: Font, width: Double)]] = [:]

    /// Measures from the table where it holds, with cairo otherwise; `useTable: false` always asks cairo (what the
    /// table is checked against).
    public init(useTable: Bool = true) {
        table = useTable && FontFiles.tableIsCurrent ? FontAdvances() : nil
    }

    deinit {
        if let cairo {
            cairo_destroy(cairo.context)
            cairo_surface_destroy(cairo.surface)
        }
    }

    public func width(of text: String, in font: Font) -> Double {
        if let known = cache[text]?.first(where: { $0.font == font }) { return known.width }
        let width = table?.width(of: text, in: font) ?? CairoFont.advance(of: text, in: font, context: context())
        cache[text, default: []].append((font, width))
        return width
    }

    private func context() -> OpaquePointer {
        if let cairo { return cairo.context }
        // As before the table: cairo returns an object in an error state, never nil, when it cannot make one.
        let surface: OpaquePointer = cairo_image_surface_create(CAIRO_FORMAT_A8, 1, 1)
        let made = (surface: surface, context: cairo_create(surface) as OpaquePointer)
        cairo = made
        return made.context
    }
}

/// Choosing a layout font in a cairo context.
enum CairoFont {
    /// The advance width of `text`, run by run in the font that draws each run.
    static func advance(of text: String, in font: Font, context: OpaquePointer) -> Double {
        var width = 0.0
        for run in font.runs(of: text) {
            select(font, family: run.family, in: context)
            var extents = cairo_text_extents_t()
            cairo_text_extents(context, run.text, &extents)
            width += extents.x_advance
        }
        return width
    }

    /// Draws `text` from the current point, run by run in the font that has its glyphs (cairo's toy font API has no
    /// fallback of its own: a Latin letter asked of the CJK font is drawn as a box).
    static func show(_ text: String, in font: Font, context: OpaquePointer) {
        for run in font.runs(of: text) {
            select(font, family: run.family, in: context)
            cairo_show_text(context, run.text)
        }
    }

    private static func select(_ font: Font, family: String, in context: OpaquePointer) {
        cairo_select_font_face(
            context, family,
            font.italic ? CAIRO_FONT_SLANT_OBLIQUE : CAIRO_FONT_SLANT_NORMAL,
            font.bold ? CAIRO_FONT_WEIGHT_BOLD : CAIRO_FONT_WEIGHT_NORMAL)
        cairo_set_font_size(context, font.size)
    }
}
