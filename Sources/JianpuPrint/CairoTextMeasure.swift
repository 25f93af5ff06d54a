import CCairo
import JianpuEngraving

/// Measures text with cairo and fontconfig: the installed DejaVu Sans and Noto Sans CJK fonts.
///
/// Owns a cairo context on a one-pixel surface; widths are cached per text and font.
public final class CairoTextMeasure: TextMeasuring {
    private let surface: OpaquePointer
    private let context: OpaquePointer
    private var cache: [Key: Double] = [:]
    private struct Key: Hashable {
        var text: String
        var font: Font
    }

    public init() {
        surface = cairo_image_surface_create(CAIRO_FORMAT_A8, 1, 1)
        context = cairo_create(surface)
    }

    deinit {
        cairo_destroy(context)
        cairo_surface_destroy(surface)
    }

    public func width(of text: String, in font: Font) -> Double {
        let key = Key(text: text, font: font)
        if let known = cache[key] { return known }
        let width = CairoFont.advance(of: text, in: font, context: context)
        cache[key] = width
        return width
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
