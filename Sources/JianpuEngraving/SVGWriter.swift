import JianpuCore

/// Draws an engraving as one SVG document, the pages one under another.
///
/// Note heads are `<text class="note">` with `data-pitch` (MIDI number), `data-onset` (seconds,
/// first time through) and `data-event` (the written event); rests have class `rest`, bar lines
/// `data-bar`, dashes `data-event`; lyric syllables `data-sung-on` (the event), `data-verse` (from 1) and `data-at` (the note's
/// written place from the part's start, in whole notes). A transparent `<rect class="bar">` over each bar carries its number and start time.
public enum SVGWriter {
    /// The SVG text of `engraving`; `pageGap` points of space between pages.
    public static func svg(_ engraving: Engraving, pageGap: Double = 12) -> String {
        var whole = ""
        whole.reserveCapacity(engraving.pages.reduce(0) { $0 + $1.glyphs.count } * 120 + 2_000)
        write(engraving, pageGap: pageGap) { whole += $0 }
        return whole
    }

    /// The SVG text of `engraving` handed to `emit` a piece at a time (a page, or less), so that a
    /// writer can stream it to its file instead of holding the whole text.
    public static func write<Failure: Error>(_ engraving: Engraving, pageGap: Double = 12, to emit: (String) throws(Failure) -> Void) throws(Failure) {
        try emit(head(engraving, pageCount: engraving.pages.count, pageGap: pageGap))
        for (index, page) in engraving.pages.enumerated() {
            try write(page, index: index, of: engraving, pageGap: pageGap, to: emit)
        }
        try emit(tail)
    }

    /// The document's start, up to its first page: its size needs the number of pages.
    /// With `source`, the score's jianpu text rides along in a `<metadata>` element (`EmbeddedSource`).
    static func head(_ engraving: Engraving, pageCount: Int, pageGap: Double = 12, source: String? = nil) -> String {
        let pageCount = max(pageCount, 1)
        let total = Double(pageCount) * engraving.height + Double(pageCount - 1) * pageGap
        var out = ""
        out += "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        out += "<svg xmlns=\"http://www.w3.org/2000/svg\" version=\"1.1\" width=\"\(n(engraving.width))pt\" height=\"\(n(total))pt\" viewBox=\"0 0 \(n(engraving.width)) \(n(total))\">\n"
        if let title = engraving.title { out += "<title>\(XMLText.escaped(title))</title>\n" }
        if let source { out += EmbeddedSource.svgElement(source) }
        out += "<style>text{fill:#000}line,polyline,path{stroke:#000;fill:none;stroke-linecap:butt}circle{fill:#000}.page-sheet{fill:#fff;stroke:#ccc}rect.bar{fill:transparent;stroke:none}</style>\n"
        return out
    }

    /// The document's end, after its last page.
    static let tail = "</svg>\n"

    /// One page (0-based `index`) of an engraving the size of `frame`, handed to `emit` a piece at a time.
    static func write<Failure: Error>(_ page: Page, index: Int, of frame: Engraving, pageGap: Double = 12, to emit: (String) throws(Failure) -> Void) throws(Failure) {
        let top = Double(index) * (frame.height + pageGap)
        var out = "<g class=\"page\" data-page=\"\(index + 1)\" transform=\"translate(0,\(n(top)))\">\n"
        out += "<rect class=\"page-sheet\" x=\"0\" y=\"0\" width=\"\(n(frame.width))\" height=\"\(n(frame.height))\"/>\n"
        for glyph in page.glyphs {
            write(glyph, to: &out)
            if out.utf8.count >= chunk { try emit(out); out = "" }
        }
        for bar in page.bars {
            out +=
                "<rect class=\"bar\" x=\"\(n(bar.rect.x))\" y=\"\(n(bar.rect.y))\" width=\"\(n(bar.rect.width))\" height=\"\(n(bar.rect.height))\" data-bar=\"\(bar.number)\" data-start=\"\(n(bar.start, places: 3))\"/>\n"
            if out.utf8.count >= chunk { try emit(out); out = "" }
        }
        out += "</g>\n"
        try emit(out)
    }

    /// Writes the SVG a page at a time as the layout finishes them (`Engraver.write(_:maximumPages:withSound:to:)`).
    public struct Stream<Failure: Error>: PageWriter {
        let pageGap: Double
        let declaration: Bool
        let source: String?
        let emit: (String) throws(Failure) -> Void
        var frame: Engraving?

        /// `emit` takes the text a piece at a time; without `declaration`, the document starts at `<svg`
        /// (inside a page). With `source`, the score's jianpu text is embedded for `jianpu scan` (`EmbeddedSource`).
        public init(pageGap: Double = 12, declaration: Bool = true, source: String? = nil, emit: @escaping (String) throws(Failure) -> Void) {
            self.pageGap = pageGap
            self.declaration = declaration
            self.source = source
            self.emit = emit
        }

        public mutating func begin(_ engraving: Engraving, pageCount: Int) throws {
            frame = engraving
            var head = SVGWriter.head(engraving, pageCount: pageCount, pageGap: pageGap, source: source)
            if !declaration, let end = head.firstIndex(of: "\n") { head = String(head[head.index(after: end)...]) }
            try emit(head)
        }

        public mutating func write(_ page: Page, index: Int) throws {
            guard let frame else { return }
            try SVGWriter.write(page, index: index, of: frame, pageGap: pageGap, to: emit)
        }

        public mutating func end(_ engraving: Engraving) throws {
            try emit(SVGWriter.tail)
        }
    }

    /// About how much text `write` gathers before handing it on.
    static let chunk = 1 << 16

    static func write(_ glyph: Glyph, to out: inout String) {
        let cls = glyph.role.rawValue
        switch glyph.shape {
        case .text(let text, let font, let anchor):
            out += "<text class=\"\(cls)\" x=\"\(n(glyph.at.x))\" y=\"\(n(glyph.at.y))\" font-family=\"\(font.family(for: text)), \(Font.cjkFamily)\" font-size=\"\(n(font.size))\""
            if font.bold { out += " font-weight=\"bold\"" }
            if font.italic { out += " font-style=\"italic\"" }
            if anchor != .start { out += " text-anchor=\"\(anchor.rawValue)\"" }
            if let note = glyph.note {
                if let pitch = note.pitch { out += " data-pitch=\"\(pitch)\"" }
                if let onset = note.onset { out += " data-onset=\"\(n(onset, places: 3))\"" }
                out += " data-event=\"\(note.event)\""
            }
            if let syllable = glyph.syllable {
                out += " data-sung-on=\"\(syllable.event)\" data-verse=\"\(syllable.verse + 1)\" data-at=\"\(syllable.onset.numerator)/\(syllable.onset.denominator)\""
            }
            out += ">\(XMLText.escaped(text))</text>\n"
        case .line(let to, let width):
            out += "<line class=\"\(cls)\" x1=\"\(n(glyph.at.x))\" y1=\"\(n(glyph.at.y))\" x2=\"\(n(to.x))\" y2=\"\(n(to.y))\" stroke-width=\"\(n(width))\""
            if let bar = glyph.bar { out += " data-bar=\"\(bar)\"" }
            if let note = glyph.note { out += " data-event=\"\(note.event)\"" }
            out += "/>\n"
        case .dot(let radius):
            out += "<circle class=\"\(cls)\" cx=\"\(n(glyph.at.x))\" cy=\"\(n(glyph.at.y))\" r=\"\(n(radius))\"/>\n"
        case .arc(let to, let height):
            let control = Arc.control(from: glyph.at, to: to, height: height)
            out += "<path class=\"\(cls)\" d=\"M\(n(glyph.at.x)) \(n(glyph.at.y)) Q\(n(control.x)) \(n(control.y)) \(n(to.x)) \(n(to.y))\" stroke-width=\"\(n(height / 4))\"/>\n"
        case .polyline(let points, let width):
            out += "<polyline class=\"\(cls)\" points=\"\(n(glyph.at.x)),\(n(glyph.at.y))"
            for point in points { out += " \(n(point.x)),\(n(point.y))" }
            out += "\" stroke-width=\"\(n(width))\"/>\n"
        }
    }

    /// A number with at most `places` decimals, without trailing zeros.
    ///
    /// Written byte by byte into one string: every coordinate of a page comes through here.
    static func n(_ value: Double, places: Int = 2) -> String {
        let scale = places == 3 ? 1000 : 100
        let product = (value * Double(scale)).rounded()
        // `Int(saturating:)` spelled out: across modules that generic call cost an SVG typeset a millisecond.
        let scaled: Int = product.isNaN ? 0 : product <= -9.2e18 ? -Int.max : product >= 9.2e18 ? Int.max : Int(product)
        let magnitude = scaled.magnitude
        var whole = magnitude / UInt(scale)
        var fraction = magnitude % UInt(scale)
        var decimals = fraction == 0 ? 0 : places
        while decimals > 0, fraction % 10 == 0 {
            fraction /= 10
            decimals -= 1
        }
        // A sign, up to 20 digits, a point and 3 decimals.
        return String(unsafeUninitializedCapacity: 32) { buffer in
            var end = 32
            func put(_ byte: UInt8) {
                end -= 1
                buffer[end] = byte
            }
            for _ in 0..<decimals {
                put(UInt8(ascii: "0") + UInt8(fraction % 10))
                fraction /= 10
            }
            if decimals > 0 { put(UInt8(ascii: ".")) }
            repeat {
                put(UInt8(ascii: "0") + UInt8(whole % 10))
                whole /= 10
            } while whole > 0
            if scaled < 0 { put(UInt8(ascii: "-")) }
            let count = 32 - end
            for index in 0..<count { buffer[index] = buffer[end + index] }
            return count
        }
    }

}

/// The curve of a tie: a quadratic Bézier whose control point lifts the middle by `height`.
public enum Arc {
    public static func control(from a: Point, to b: Point, height: Double) -> Point {
        Point((a.x + b.x) / 2, (a.y + b.y) / 2 - 2 * height)
    }
}
