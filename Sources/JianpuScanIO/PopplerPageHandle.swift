import CPoppler
import JianpuScan

/// One page of a `PopplerDocument`: owns the `PopplerPage` and frees it.
public final class PopplerPageHandle {
    private let page: OpaquePointer
    /// 1-based.
    public let number: Int
    /// The page as messages name it: its file and number.
    let name: String
    /// When poppler first worked on the page: the start of the page's one time budget (`PageTimeLimit`).
    private lazy var firstWork = ContinuousClock.now

    init(_ page: OpaquePointer, number: Int, file: String) {
        self.page = page
        self.number = number
        self.name = "\(file): page \(number)"
    }

    deinit { g_object_unref(UnsafeMutableRawPointer(page)) }

    /// The page's size in points.
    public var size: (width: Double, height: Double) {
        var width = 0.0, height = 0.0
        poppler_page_get_size(page, &width, &height)
        return (width, height)
    }

    /// The characters of the page's text layer with their boxes, in poppler's reading order (line ends left out).
    public func characters() -> [PositionedCharacter] {
        PageTimeLimit.shared.watching(name, since: firstWork) { layOutText() }
    }

    private func layOutText() -> [PositionedCharacter] {
        // poppler reads the area as a selection from its top-left corner to its bottom-right, in the text's reading
        // order: the page's own rectangle (what `poppler_page_get_text` uses) starts inside the flow and loses the text
        // read before that point (LilyPond's title and `1=G` above a part name set left of the music). A selection from
        // far outside the page takes every character.
        var area = PopplerRectangle(x1: -1e6, y1: -1e6, x2: 1e6, y2: 1e6)
        guard let text = poppler_page_get_text_for_area(page, &area) else { return [] }
        defer { g_free(text) }
        var rectangles: UnsafeMutablePointer<PopplerRectangle>?
        var count: guint = 0
        guard poppler_page_get_text_layout_for_area(page, &area, &rectangles, &count) != 0, let rectangles else { return [] }
        defer { g_free(rectangles) }
        // One rectangle per character of the text, line ends included.
        var result: [PositionedCharacter] = []
        // Rectangles count Unicode scalars (glib's UTF-8 characters), not grapheme clusters.
        for (index, scalar) in String(cString: text).unicodeScalars.enumerated() where index < Int(count) {
            let character = Character(scalar)
            guard !character.isWhitespace else { continue }
            let r = rectangles[index]
            result.append(PositionedCharacter(character, box: Box(x: r.x1, y: r.y1, width: r.x2 - r.x1, height: r.y2 - r.y1)))
        }
        return result
    }

    /// The page's ink at `scale` pixels per point (paths and text alike), or a problem when the page is
    /// larger than any printed page or the bitmap would be too large.
    public func ink(scale: Double) throws(ScanProblem) -> InkBitmap {
        try draw(scale: scale, format: CAIRO_FORMAT_A8)
    }

    /// The page drawn on white at `scale` pixels per point, as grey (0 black, 255 white): what a picture
    /// of a page (a scan saved as PDF) shows, where its coverage would be the whole picture.
    public func grey(scale: Double) throws(ScanProblem) -> InkBitmap {
        try draw(scale: scale, format: CAIRO_FORMAT_RGB24)
    }

    /// The page drawn: coverage for A8, luminance for RGB24.
    private func draw(scale: Double, format: cairo_format_t) throws(ScanProblem) -> InkBitmap {
        let (width, height) = size
        guard width > 0, height > 0, width <= PopplerDocument.maximumPagePoints, height <= PopplerDocument.maximumPagePoints else {
            throw ScanProblem("page \(number) is \(Int(width)) × \(Int(height)) points: no printed page is so large")
        }
        let pixelsWide = Int((width * scale).rounded(.up)), pixelsHigh = Int((height * scale).rounded(.up))
        guard pixelsWide * pixelsHigh <= PopplerDocument.maximumPixels else {
            throw ScanProblem("page \(number) would be \(pixelsWide) × \(pixelsHigh) pixels, more than \(PopplerDocument.maximumPixels)")
        }
        guard let surface = cairo_image_surface_create(format, Int32(pixelsWide), Int32(pixelsHigh)) else {
            throw ScanProblem("page \(number): cannot make a bitmap")
        }
        defer { cairo_surface_destroy(surface) }
        guard let context = cairo_create(surface) else { throw ScanProblem("page \(number): cannot draw") }
        let isGrey = format == CAIRO_FORMAT_RGB24
        if isGrey {
            cairo_set_source_rgb(context, 1, 1, 1)
            cairo_paint(context)
        }
        cairo_scale(context, scale, scale)
        PageTimeLimit.shared.watching(name, since: firstWork) { poppler_page_render(page, context) }
        cairo_destroy(context)
        cairo_surface_flush(surface)
        guard cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS, let data = cairo_image_surface_get_data(surface) else {
            throw ScanProblem("page \(number): cannot draw")
        }
        let stride = Int(cairo_image_surface_get_stride(surface))
        var pixels = [UInt8](repeating: 0, count: pixelsWide * pixelsHigh)
        for y in 0..<pixelsHigh {
            if isGrey {
                // Native-endian 32-bit pixels, x R G B: the grey is the luminance.
                data.advanced(by: y * stride).withMemoryRebound(to: UInt32.self, capacity: pixelsWide) { row in
                    for x in 0..<pixelsWide {
                        let value = row[x]
                        let luminance = (299 * (value >> 16 & 0xFF) + 587 * (value >> 8 & 0xFF) + 114 * (value & 0xFF)) / 1000
                        pixels[y * pixelsWide + x] = UInt8(luminance)
                    }
                }
            } else {
                for x in 0..<pixelsWide { pixels[y * pixelsWide + x] = data[y * stride + x] }
            }
        }
        return InkBitmap(width: pixelsWide, height: pixelsHigh, scale: scale, pixels: pixels)
    }
}
