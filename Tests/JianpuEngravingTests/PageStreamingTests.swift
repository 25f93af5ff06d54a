import JianpuCore
import JianpuPrint
import Testing

@testable import JianpuEngraving

/// Pages written as the layout finishes them are the document the whole engraving makes.
@Suite("Pages streamed to their writer")
struct PageStreamingTests {
    /// Movements of ties and slurs, of lyrics, and of plain notes, each over several pages: pages leave the
    /// layout inside a movement (past four pages, before its signs) and at each movement's end.
    static let movements: String =
        (0..<4).map { k in
            let bar = ["1 - ~ 1 2 | 3 ~ 3 ~ 3 4 | 5 6 ( 7 ~ 7 ) |", "1 2 3 4 | 5 6 7 1' |", "q1 q2 q3 q4 5 6 | 1 2 3 4 |", "3[ q1 q2 q3 ] 4 3[ 5 6 7 ] |"][k]
            let count = 150 + 60 * k
            let words = k == 1 ? "\nL: " + Array(repeating: "la", count: 8 * count).joined(separator: " ") : ""
            return "title=Movement \(k + 1)\n1=C\n4/4\n" + Array(repeating: bar, count: count).joined(separator: " ") + words
        }.joined(separator: "\nNextScore\n") + "\n"

    /// A bar of `notes` demisemiquavers: one system after another from a single block.
    static func wideBar(notes: Int) -> String {
        "KeepLength\n10000/1 d1 " + String(repeating: "1 ", count: notes - 1) + "|\n"
    }

    @Test(
        "streamed SVG and HTML are byte for byte the whole engraving's, from one layout or two",
        arguments: [("movements", 1_000_000), ("movements", 0), ("wide bar", 0), ("wide bar", 1_000_000)])
    func streamedEqualsWhole(score name: String, heldGlyphs: Int) throws {
        let score = try EngravingSupport.score(name == "movements" ? Self.movements : Self.wideBar(notes: 4_000))
        let engraver = Engraver(measure: CairoTextMeasure())
        let whole = try engraver.engrave(score, maximumPages: .max, withSound: true)
        #expect(whole.pages.count > 5)
        var svg = ""
        var svgStream = SVGWriter.Stream { (text: String) in svg += text }
        try engraver.write(score, maximumPages: .max, withSound: false, holding: heldGlyphs, to: &svgStream)
        #expect(svg == SVGWriter.svg(whole))
        var html = ""
        var htmlStream = HTMLPage.Stream { (text: String) in html += text }
        try engraver.write(score, maximumPages: .max, withSound: true, holding: heldGlyphs, to: &htmlStream)
        var expected = ""
        HTMLPage.write(whole, performance: whole.sound) { expected += $0 }
        #expect(html == expected)
    }

    @Test("a score over the page limit is refused before its writer begins")
    func refusedBeforeWriting() throws {
        let score = try EngravingSupport.score(Self.movements)
        var began = false
        struct Watch: PageWriter {
            var began: () -> Void
            mutating func begin(_ engraving: Engraving, pageCount: Int) throws { began() }
            mutating func write(_ page: Page, index: Int) throws {}
            mutating func end(_ engraving: Engraving) throws {}
        }
        var watch = Watch { began = true }
        #expect(throws: EngravingRefusal.pageLimit(maximumPages: 3)) {
            try Engraver(measure: CairoTextMeasure()).write(score, maximumPages: 3, withSound: false, holding: 0, to: &watch)
        }
        #expect(!began)
    }
}
