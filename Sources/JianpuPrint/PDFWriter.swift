import CCairo
import JianpuCore
import JianpuEngraving

/// Draws an engraving into a PDF with cairo: one PDF page per page, real text (selectable), the title in the
/// metadata, and when asked the score's jianpu text as an embedded file (`PDFAttachment`, `EmbeddedSource`).
public enum PDFWriter {
    public struct Failure: Error, CustomStringConvertible {
        public var description: String
    }

    /// The PDF of `engraving`, made in memory; with `source`, the score's jianpu text embedded.
    public static func data(_ engraving: Engraving, source: String? = nil) throws(Failure) -> [UInt8] {
        var bytes: [UInt8] = []
        do {
            try write(engraving, source: source) { bytes.append(contentsOf: $0) }
        } catch let failure as Failure {
            throw failure
        } catch {
            throw Failure(description: "cannot make the PDF: \(error)")
        }
        return bytes
    }

    /// Draws the PDF of `engraving`, handing its bytes to `emit` as cairo writes them, so that a
    /// writer can stream them to its file instead of holding the whole document. The first error
    /// `emit` throws stops the drawing and is thrown.
    public static func write(_ engraving: Engraving, source: String? = nil, to emit: (UnsafeRawBufferPointer) throws -> Void) throws {
        try withoutActuallyEscaping(emit) { emit in
            let stream = Stream(source: source, emit: emit)
            try stream.begin(engraving, pageCount: engraving.pages.count)
            for (index, page) in engraving.pages.enumerated() { try stream.write(page, index: index) }
            try stream.end(engraving)
        }
    }

    /// Draws the PDF a page at a time as the layout finishes them (`Engraver.write(_:maximumPages:withSound:to:)`),
    /// handing its bytes to `emit` as cairo writes them. The first error `emit` throws stops the drawing and is thrown.
    public final class Stream: PageWriter {
        private let sink: Sink
        private var surface: OpaquePointer?
        private var context: OpaquePointer?
        private let source: String?

        /// With `source`, the score's jianpu text is embedded in the PDF for `jianpu scan`.
        public init(source: String? = nil, emit: @escaping (UnsafeRawBufferPointer) throws -> Void) {
            sink = Sink(emit: emit)
            self.source = source
        }

        deinit {
            if let context { cairo_destroy(context) }
            if let surface { cairo_surface_destroy(surface) }
        }

        public func begin(_ engraving: Engraving, pageCount: Int) throws {
            let write: cairo_write_func_t = { closure, data, length in
                guard let closure, let data else { return CAIRO_STATUS_WRITE_ERROR }
                let sink = Unmanaged<Sink>.fromOpaque(closure).takeUnretainedValue()
                guard sink.error == nil else { return CAIRO_STATUS_WRITE_ERROR }
                let bytes = UnsafeRawBufferPointer(start: data, count: Int(length))
                sink.written += bytes.count
                if sink.keeping { sink.kept.append(contentsOf: bytes) }
                do { try sink.emit(bytes) } catch {
                    sink.error = error
                    return CAIRO_STATUS_WRITE_ERROR
                }
                return CAIRO_STATUS_SUCCESS
            }
            // The sink lives as long as this stream, which destroys the surface first.
            guard let surface = cairo_pdf_surface_create_for_stream(write, Unmanaged.passUnretained(sink).toOpaque(), engraving.width, engraving.height) else {
                throw Failure(description: "cannot make a PDF")
            }
            self.surface = surface
            if let title = engraving.title {
                // cairo refuses U+FFFE and U+FFFF as "not valid UTF-8" and fails the whole PDF: replaced as SVG replaces them.
                let fit = String(String.UnicodeScalarView(title.unicodeScalars.map { XMLText.isAllowed($0) ? $0 : XMLText.replacement }))
                cairo_pdf_surface_set_metadata(surface, CAIRO_PDF_METADATA_TITLE, fit)
            }
            cairo_pdf_surface_set_metadata(surface, CAIRO_PDF_METADATA_CREATOR, "jianpu typeset")
            guard let context = cairo_create(surface) else { throw Failure(description: "cannot draw a PDF") }
            self.context = context
        }

        public func write(_ page: Page, index: Int) throws {
            guard let context else { return }
            for glyph in page.glyphs { PDFWriter.draw(glyph, in: context) }
            cairo_show_page(context)
            if let error = sink.error { throw error }
        }

        public func end(_ engraving: Engraving) throws {
            guard let surface, let context else { return }
            cairo_destroy(context)
            self.context = nil
            // What cairo writes on finishing (fonts, page tree, catalog, cross-references) is kept for the attachment.
            let tailStart = sink.written
            sink.keeping = source != nil
            cairo_surface_finish(surface)
            if let error = sink.error { throw error }
            let status = cairo_surface_status(surface)
            guard status == CAIRO_STATUS_SUCCESS else {
                throw Failure(description: "cannot make the PDF: \(String(cString: cairo_status_to_string(status)))")
            }
            guard let source else { return }
            let update: [UInt8]
            do {
                update = try PDFAttachment.update(
                    tail: sink.kept, tailStart: tailStart, length: sink.written, name: EmbeddedSource.attachmentName,
                    description: EmbeddedSource.attachmentDescription, contents: Array(source.utf8))
            } catch {
                throw Failure(description: "cannot embed the score's text in the PDF: cairo wrote \(error.what)")
            }
            sink.kept = []
            try update.withUnsafeBytes { try sink.emit($0) }
        }
    }

    /// Where cairo's stream writes go, and the first error writing them.
    private final class Sink {
        let emit: (UnsafeRawBufferPointer) throws -> Void
        var error: (any Error)?
        /// Bytes handed on so far.
        var written = 0
        /// Whether to keep a copy of what is handed on, in `kept`.
        var keeping = false
        var kept: [UInt8] = []
        init(emit: @escaping (UnsafeRawBufferPointer) throws -> Void) { self.emit = emit }
    }

    static func draw(_ glyph: Glyph, in context: OpaquePointer) {
        cairo_set_source_rgb(context, 0, 0, 0)
        switch glyph.shape {
        case .text(let text, let font, let anchor):
            var x = glyph.at.x
            if anchor != .start {
                let advance = CairoFont.advance(of: text, in: font, context: context)
                x -= anchor == .middle ? advance / 2 : advance
            }
            cairo_move_to(context, x, glyph.at.y)
            CairoFont.show(text, in: font, context: context)
            cairo_new_path(context)
        case .line(let to, let width):
            cairo_set_line_width(context, width)
            cairo_move_to(context, glyph.at.x, glyph.at.y)
            cairo_line_to(context, to.x, to.y)
            cairo_stroke(context)
        case .dot(let radius):
            cairo_arc(context, glyph.at.x, glyph.at.y, radius, 0, 2 * Double.pi)
            cairo_fill(context)
        case .arc(let to, let height):
            // The quadratic curve of the SVG as the cubic cairo draws.
            let c = Arc.control(from: glyph.at, to: to, height: height)
            let a = glyph.at
            cairo_set_line_width(context, height / 4)
            cairo_move_to(context, a.x, a.y)
            cairo_curve_to(context, a.x + 2 / 3 * (c.x - a.x), a.y + 2 / 3 * (c.y - a.y), to.x + 2 / 3 * (c.x - to.x), to.y + 2 / 3 * (c.y - to.y), to.x, to.y)
            cairo_stroke(context)
        case .polyline(let points, let width):
            cairo_set_line_width(context, width)
            cairo_move_to(context, glyph.at.x, glyph.at.y)
            for point in points { cairo_line_to(context, point.x, point.y) }
            cairo_stroke(context)
        }
    }
}
