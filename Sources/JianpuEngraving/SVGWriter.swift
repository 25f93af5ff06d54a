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
        try write(page, index: index, of: frame, pageGap: pageGap) { (text: SVGText) throws(Failure) in try emit(text.string) }
    }

    /// One page, handed to `emit` a piece at a time as UTF-8.
    static func write<Failure: Error>(_ page: Page, index: Int, of frame: Engraving, pageGap: Double = 12, toBytes emit: (SVGText) throws(Failure) -> Void) throws(Failure) {
        let top = Double(index) * (frame.height + pageGap)
        var out = SVGText(capacity: min(chunk, (page.glyphs.count + page.bars.count) * 160 + 256) + 512)
        out.append("<g class=\"page\" data-page=\"")
        out.append(index + 1)
        out.append("\" transform=\"translate(0,")
        out.append(number: top)
        out.append(")\">\n<rect class=\"page-sheet\" x=\"0\" y=\"0\" width=\"")
        out.append(number: frame.width)
        out.append("\" height=\"")
        out.append(number: frame.height)
        out.append("\"/>\n")
        for glyph in page.glyphs {
            write(glyph, to: &out)
            if out.count >= chunk { try emit(out); out = SVGText(capacity: chunk + 512) }
        }
        for bar in page.bars {
            out.append("<rect class=\"bar\" x=\"")
            out.append(number: bar.rect.x)
            out.append("\" y=\"")
            out.append(number: bar.rect.y)
            out.append("\" width=\"")
            out.append(number: bar.rect.width)
            out.append("\" height=\"")
            out.append(number: bar.rect.height)
            out.append("\" data-bar=\"")
            out.append(bar.number)
            out.append("\" data-start=\"")
            out.append(number: bar.start, places: 3)
            out.append("\"/>\n")
            if out.count >= chunk { try emit(out); out = SVGText(capacity: chunk + 512) }
        }
        out.append("</g>\n")
        try emit(out)
    }

    /// Writes the SVG a page at a time as the layout finishes them (`Engraver.write(_:maximumPages:withSound:to:)`).
    public struct Stream<Failure: Error>: PageWriter {
        let pageGap: Double
        let declaration: Bool
        let source: String?
        let emit: (String) throws(Failure) -> Void
        /// Set by `init(pageGap:declaration:source:bytes:)`: the pages go to it as UTF-8, no string made of them.
        let emitBytes: (([UInt8]) throws(Failure) -> Void)?
        var frame: Engraving?

        /// `emit` takes the text a piece at a time; without `declaration`, the document starts at `<svg`
        /// (inside a page). With `source`, the score's jianpu text is embedded for `jianpu scan` (`EmbeddedSource`).
        public init(pageGap: Double = 12, declaration: Bool = true, source: String? = nil, emit: @escaping (String) throws(Failure) -> Void) {
            self.pageGap = pageGap
            self.declaration = declaration
            self.source = source
            self.emit = emit
            emitBytes = nil
        }

        /// `bytes` takes the text a piece at a time as UTF-8: what a file is written from, without a string
        /// made of each piece first (and read again as bytes).
        public init(pageGap: Double = 12, declaration: Bool = true, source: String? = nil, bytes: @escaping ([UInt8]) throws(Failure) -> Void) {
            self.pageGap = pageGap
            self.declaration = declaration
            self.source = source
            emit = { (text: String) throws(Failure) in try bytes(Array(text.utf8)) }
            emitBytes = bytes
        }

        public mutating func begin(_ engraving: Engraving, pageCount: Int) throws {
            frame = engraving
            var head = SVGWriter.head(engraving, pageCount: pageCount, pageGap: pageGap, source: source)
            if !declaration, let end = head.firstIndex(of: "\n") { head = String(head[head.index(after: end)...]) }
            try emit(head)
        }

        public mutating func write(_ page: Page, index: Int) throws {
            guard let frame else { return }
            if let emitBytes {
                try SVGWriter.write(page, index: index, of: frame, pageGap: pageGap) { (text: SVGText) throws(Failure) in try emitBytes(text.bytes) }
            } else {
                try SVGWriter.write(page, index: index, of: frame, pageGap: pageGap, to: emit)
            }
        }

        public mutating func end(_ engraving: Engraving) throws {
            try emit(SVGWriter.tail)
        }
    }

    /// About how much text `write` gathers before handing it on.
    static let chunk = 1 << 16

    static func write(_ glyph: Glyph, to out: inout SVGText) {
        let cls = glyph.role.rawValue
        func start(_ element: StaticString) {
            out.append(element)
            out.append(cls)
        }
        func attribute(_ name: StaticString, _ value: Double, places: Int = 2) {
            out.append(name)
            out.append(number: value, places: places)
            out.append("\"")
        }
        switch glyph.shape {
        case .text(let text, let font, let anchor):
            start("<text class=\"")
            attribute("\" x=\"", glyph.at.x)
            attribute(" y=\"", glyph.at.y)
            out.append(" font-family=\"")
            out.append(font.family(for: text))
            out.append(", ")
            out.append(Font.cjkFamily)
            attribute("\" font-size=\"", font.size)
            if font.bold { out.append(" font-weight=\"bold\"") }
            if font.italic { out.append(" font-style=\"italic\"") }
            if anchor != .start {
                out.append(" text-anchor=\"")
                out.append(anchor.rawValue)
                out.append("\"")
            }
            if let note = glyph.note {
                if let pitch = note.pitch {
                    out.append(" data-pitch=\"")
                    out.append(pitch)
                    out.append("\"")
                }
                if let onset = note.onset { attribute(" data-onset=\"", onset, places: 3) }
                out.append(" data-event=\"")
                out.append(note.event)
                out.append("\"")
            }
            if let syllable = glyph.syllable {
                out.append(" data-sung-on=\"")
                out.append(syllable.event)
                out.append("\" data-verse=\"")
                out.append(syllable.verse + 1)
                out.append("\" data-at=\"")
                out.append(Int(syllable.onset.numerator))
                out.append("/")
                out.append(Int(syllable.onset.denominator))
                out.append("\"")
            }
            out.append(">")
            out.append(XMLText.escaped(text))
            out.append("</text>\n")
        case .line(let to, let width):
            start("<line class=\"")
            attribute("\" x1=\"", glyph.at.x)
            attribute(" y1=\"", glyph.at.y)
            attribute(" x2=\"", to.x)
            attribute(" y2=\"", to.y)
            attribute(" stroke-width=\"", width)
            if let bar = glyph.bar {
                out.append(" data-bar=\"")
                out.append(bar)
                out.append("\"")
            }
            if let note = glyph.note {
                out.append(" data-event=\"")
                out.append(note.event)
                out.append("\"")
            }
            out.append("/>\n")
        case .dot(let radius):
            start("<circle class=\"")
            attribute("\" cx=\"", glyph.at.x)
            attribute(" cy=\"", glyph.at.y)
            attribute(" r=\"", radius)
            out.append("/>\n")
        case .arc(let to, let height):
            let control = Arc.control(from: glyph.at, to: to, height: height)
            start("<path class=\"")
            out.append("\" d=\"M")
            out.append(number: glyph.at.x)
            out.append(" ")
            out.append(number: glyph.at.y)
            out.append(" Q")
            out.append(number: control.x)
            out.append(" ")
            out.append(number: control.y)
            out.append(" ")
            out.append(number: to.x)
            out.append(" ")
            out.append(number: to.y)
            attribute("\" stroke-width=\"", height / 4)
            out.append("/>\n")
        case .polyline(let points, let width):
            start("<polyline class=\"")
            out.append("\" points=\"")
            out.append(number: glyph.at.x)
            out.append(",")
            out.append(number: glyph.at.y)
            for point in points {
                out.append(" ")
                out.append(number: point.x)
                out.append(",")
                out.append(number: point.y)
            }
            attribute("\" stroke-width=\"", width)
            out.append("/>\n")
        }
    }

    /// A number with at most `places` decimals, without trailing zeros (`SVGText.write(_:places:into:)`).
    static func n(_ value: Double, places: Int = 2) -> String {
        String(unsafeUninitializedCapacity: SVGText.numberBytes) { SVGText.write(value, places: places, into: $0) }
    }
}

/// The curve of a tie: a quadratic Bézier whose control point lifts the middle by `height`.
public enum Arc {
    public static func control(from a: Point, to b: Point, height: Double) -> Point {
        Point((a.x + b.x) / 2, (a.y + b.y) / 2 - 2 * height)
    }
}
