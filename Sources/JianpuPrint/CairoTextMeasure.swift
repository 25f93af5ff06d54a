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
        CairoFont.select(font, for: text, in: context)
        var extents = cairo_text_extents_t()
        cairo_text_extents(context, text, &extents)
        cache[key] = extents.x_advance
        return extents.x_advance
    }
}

/// Choosing a layout font in a cairo context.
enum CairoFont {
    static func select(_ font: Font, for text: String, in context: OpaquePointer) {
        cairo_select_font_face(context, font.family(for: text),
                               font.italic ? CAIRO_FONT_SLANT_OBLIQUE : CAIRO_FONT_SLANT_NORMAL,
                               font.bold ? CAIRO_FONT_WEIGHT_BOLD : CAIRO_FONT_WEIGHT_NORMAL)
        cairo_set_font_size(context, font.size)
    }
}
