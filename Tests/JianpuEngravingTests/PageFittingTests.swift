import JianpuCore
import JianpuPrint
import Testing

@testable import JianpuEngraving

/// Pages worth printing: no last system alone on a page when the layout can avoid it, and no rows left blank.
@Suite("Systems fitted to pages")
struct PageFittingTests {
    /// Every shipped score fits one A4 page at the default size (the Minuet's last system was alone on a second).
    static let shippedPages: [String: Int] = [
        "amazing-grace.jp": 1, "bjehp.jp": 1, "brahms-lullaby.jp": 1, "frere-jacques.jp": 1, "greensleeves.jp": 1,
        // One though its lines name both parts (`Acoustic Grand Piano` first, `Har.`, `Aco.` after), which LilyPond's
        // page leaves out: set tighter, as LilyPond sets it tighter still.
        "minuet-in-g.jp": 1, "ode-to-joy.jp": 1, "row-your-boat.jp": 1, "twinkle-twinkle.jp": 1,
    ]

    @Test("each shipped score takes the pages LilyPond gives it, none ending with a system alone on a page", arguments: EngravingSupport.shippedScores)
    func shippedScorePages(name: String) throws {
        let engraving = EngravingSupport.engrave(try EngravingSupport.shipped(name))
        if let pages = Self.shippedPages[name] { #expect(engraving.pages.count == pages) }
        if engraving.pages.count > 1 { #expect((engraving.pages.last?.systems.count ?? 0) > 1) }
        let options = EngravingOptions()
        for page in engraving.pages {
            for system in page.systems {
                #expect(system.rect.y + system.rect.height <= engraving.height - options.margin + 0.01, "\(name): a system past the bottom margin")
            }
        }
    }

    /// A tune of `count` bars, alone or sung (one syllable a note) over a second part.
    static func tune(_ bar: String, count: Int, sung: Bool) -> String {
        let tune = Array(repeating: bar, count: count).joined(separator: " ")
        guard sung else { return "1=C\n4/4\n\(tune)\n" }
        let words = Array(repeating: "la", count: count * 8).joined(separator: " ")
        return "1=C\n4/4\n\(tune)\nL: \(words)\nNextPart\n1=C\n4/4\n\(tune)\n"
    }

    /// Tunes whose last system, set plainly, is alone on a page (systems per page in the comment), and the
    /// systems per page they get: set tighter on fewer pages, or else with the last two pages balanced.
    static let loneLastSystems: [(bar: String, count: Int, sung: Bool, systems: [Int])] = [
        ("1 2 3 4 |", 107, false, [14]),  // [13, 1]: closer systems make room
        ("q1 q2 q3 q4 q5 q6 q7 q1' |", 47, false, [12]),  // [11, 1]
        ("q1 q2 q3 q4 q5 q6 q7 q1' |", 95, false, [12, 12]),  // [11, 7, 6] (balanced), then tighter on two pages
        ("1 2 3 4 |", 40, true, [6]),  // [6, 1]
        ("1 2 3 4 |", 80, true, [6, 6]),  // [6, 7, 1]
        ("q1 q2 q3 q4 q5 q6 q7 q1' |", 20, true, [4, 3]),  // [6, 1]: no tighter setting saves the page
        ("q1 q2 q3 q4 q5 q6 q7 q1' |", 38, true, [6, 4, 3]),  // [6, 6, 1]
    ]

    @Test(
        "a tune over several pages never ends with one system alone: it is set tighter or its last two pages are balanced",
        arguments: loneLastSystems)
    func noLoneLastSystem(bar: String, count: Int, sung: Bool, systems expected: [Int]) throws {
        let engraving = EngravingSupport.engrave(try EngravingSupport.score(Self.tune(bar, count: count, sung: sung)))
        #expect(engraving.pages.map(\.systems.count) == expected)
        // Every bar printed once, in order, and no system past the bottom margin.
        #expect(LayoutTests.barsBySystem(engraving).flatMap { $0 } == Array(1...count))
        for system in engraving.pages.flatMap(\.systems) {
            #expect(system.rect.y + system.rect.height <= engraving.height - EngravingOptions().margin + 0.01)
        }
    }

    /// For each system, how far its rect reaches under the lowest thing drawn in it, and how far its bracket
    /// reaches under that.
    static func roomUnderParts(_ engraving: Engraving) -> [(underGlyphs: Double, bracketPast: Double)] {
        func lowest(_ glyphs: [Glyph]) -> Double {
            glyphs.map { glyph -> Double in
                if case .line(let to, _) = glyph.shape { return max(to.y, glyph.at.y) }; return glyph.at.y
            }.max() ?? 0
        }
        return engraving.pages.flatMap { page in
            page.systems.map { system in
                let inside = page.glyphs.filter { $0.at.y >= system.rect.y && $0.at.y <= system.rect.y + system.rect.height }
                let music = lowest(inside.filter { $0.role != .bracket && $0.role != .barNumber })
                return (system.rect.y + system.rect.height - music, lowest(inside.filter { $0.role == .bracket }) - music)
            }
        }
    }

    @Test("a part written as one repeated bar (R20{ … }) leaves no blank row in the systems after its bar", arguments: ["test", "frere-jacques.jp"])
    func endedPartTakesNoRow(name: String) throws {
        let tune = Array(repeating: "1 2 3 1 | 3 4 5 - |", count: 10).joined(separator: " ")
        let score =
            name == "test"
            ? try EngravingSupport.score("instrument=Flute\n1=C\n4/4\n\(tune)\nNextPart\ninstrument=Cello\n1=C\n4/4\nR20{ 1, 5,, 1, 5,, }\n")
            : try EngravingSupport.shipped(name)
        let engraving = EngravingSupport.engrave(score)
        let size = EngravingOptions().size
        // Its bar is printed once, then a percent sign a bar, with no `×20` beside them (read as 20 times and the percents more).
        let glyphs = engraving.pages.flatMap(\.glyphs)
        #expect(glyphs.contains { $0.role == .percentRepeat })
        #expect(
            !glyphs.contains {
                if case .text(let text, _, _) = $0.shape { return text.hasPrefix("×") }; return false
            })
        let room = Self.roomUnderParts(engraving)
        #expect(room.count >= 2)
        for (index, (underGlyphs, bracketPast)) in room.enumerated() {
            // Under the lowest part drawn: the room under a part's last row and between parts, no empty row.
            #expect(underGlyphs < 1.2 * size, "system \(index) ends \(underGlyphs) pt under the last thing drawn in it")
            #expect(bracketPast < 0.6 * size, "system \(index): the bracket reaches \(bracketPast) pt past the parts drawn")
        }
    }
}
