import JianpuCore
import JianpuNotation

/// Writes an engraving's pages as they are laid out (`Engraver.write(_:maximumPages:withSound:to:)`),
/// so that a big score's pages are never all held at once.
public protocol PageWriter {
    /// Before any page: the engraving's title and size (its `pages`, performance and sound still empty)
    /// and how many pages follow.
    mutating func begin(_ engraving: Engraving, pageCount: Int) throws
    /// The next page, numbered, 0-based `index`.
    mutating func write(_ page: Page, index: Int) throws
    /// After the last page: the engraving with its performance and sound (its `pages` empty).
    mutating func end(_ engraving: Engraving) throws
}

extension Engraver {
    /// At most this many glyphs of finished pages are kept from the first layout: a score within it is
    /// written from that one layout, a bigger one is laid out again, page by page, once its pages are counted.
    static let heldGlyphs = 50_000

    /// Lays the score out and hands its pages to `writer` as they are final, in the order and with the numbers
    /// `engrave(_:maximumPages:withSound:)` gives them: the same document, without holding every page.
    ///
    /// A page's number (`i / N`) and an SVG's height need the page count before the first page is written,
    /// so a score of more than `heldGlyphs` glyphs is laid out twice: once to count its pages (letting each go
    /// as it is final) and once to write them. Refusals (`EngravingRefusal`) come from the first layout,
    /// before `writer` is begun.
    public func write(_ score: Score, maximumPages: Int, withSound: Bool = false, to writer: inout some PageWriter) throws {
        try write(score, maximumPages: maximumPages, withSound: withSound, holding: Self.heldGlyphs, to: &writer)
    }

    /// `write(_:maximumPages:withSound:to:)` keeping at most `heldGlyphs` glyphs of the first layout.
    func write(_ score: Score, maximumPages: Int, withSound: Bool, holding heldGlyphs: Int, to writer: inout some PageWriter) throws {
        var held: [Page]? = []
        var glyphs = 0
        var counted = 0
        var engraving: Engraving? = try layout(score, maximumPages: maximumPages, withSound: withSound, inOrder: withSound) { page in
            counted += 1
            guard held != nil else { return }
            glyphs += page.glyphs.count
            if glyphs > heldGlyphs { held = nil } else { held?.append(page) }
        }
        if let pages = held, let whole = engraving {
            try writer.begin(Self.frame(of: whole), pageCount: pages.count)
            for index in pages.indices { try writer.write(numbered(pages[index], index: index, of: pages.count), index: index) }
            try writer.end(whole)
            return
        }
        // The first layout's performance is let go before the second makes its own.
        engraving = nil
        let count = counted
        try writer.begin(Self.frame(of: Engraving(title: score.title, width: pageWidth, height: pageHeight, pages: [], performance: [], duration: 0)), pageCount: count)
        var failure: (any Error)?
        var index = 0
        let whole = try layout(score, maximumPages: maximumPages, withSound: withSound, inOrder: withSound) { page in
            guard failure == nil else { return }
            do { try writer.write(numbered(page, index: index, of: count), index: index) } catch { failure = error }
            index += 1
        }
        if let failure { throw failure }
        try writer.end(whole)
    }

    /// The engraving's title and size alone.
    static func frame(of engraving: Engraving) -> Engraving {
        Engraving(title: engraving.title, width: engraving.width, height: engraving.height, pages: [], performance: [], duration: 0)
    }
}
