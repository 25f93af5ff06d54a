import JianpuCore
import JianpuPerformance
import JianpuPrint
import Testing

@testable import JianpuEngraving

@Suite("Tuplets and hyphens drawn clear")
struct TupletAndHyphenTests {
    static func glyphs(_ text: String) throws -> [Glyph] {
        EngravingSupport.engrave(try EngravingSupport.score(text)).pages.flatMap(\.glyphs)
    }

    @Test(
        "a tuplet that no underline groups (crotchets, a dash) gets a bracket with hooks; quavers under one underline do not",
        arguments: [("3[ 1 2 3 ] 4 5 |", 2), ("3[ 5 - 6 ] 1 2 |", 2), ("3[ q1 q2 q3 ] 3 4 5 |", 0)])
    func bracketWhereNoUnderline(bar: String, bracketPieces: Int) throws {
        let tuplet = try Self.glyphs("1=C\n4/4\n\(bar)\n").filter { $0.role == .tuplet }
        #expect(
            tuplet.filter {
                if case .text = $0.shape { return true }; return false
            }.count == 1)
        #expect(
            tuplet.filter {
                if case .polyline = $0.shape { return true }; return false
            }.count == bracketPieces)
    }

    @Test("a hyphen is drawn only in the space between two syllables, never over one")
    func hyphensClearOfSyllables() throws {
        let text = """
            1=C
            4/4
            3[ q1 q1 q1 ] 3[ q5 q5 q5 ] 3[ q3 q3 q3 ] 3[ q1 q1 q1 ] | 1 - 2 - | 3 - - - |
            L: Mer- ri- ly, mer- ri- ly, mer- ri- ly, mer- ri- ly, hel- lo wide
            """
        let score = try EngravingSupport.score(text)
        let engraving = EngravingSupport.engrave(score)
        let measure = CairoTextMeasure()
        let lyricGlyphs = engraving.pages.flatMap(\.glyphs).filter { $0.role == .lyric }
        var syllables: [(left: Double, right: Double)] = [], hyphens: [Double] = []
        for glyph in lyricGlyphs {
            guard case .text(let shown, let font, _) = glyph.shape else { continue }
            if shown == "-" { hyphens.append(glyph.at.x); continue }
            let width = measure.width(of: shown, in: font)
            syllables.append((glyph.at.x - width / 2, glyph.at.x + width / 2))
        }
        // The wide bar has room: "hel- lo" keeps its hyphen.
        #expect(!hyphens.isEmpty)
        for x in hyphens {
            #expect(!syllables.contains { $0.left < x && x < $0.right }, "a hyphen at \(x) is over a syllable")
        }
    }
}

@Suite("Volta brackets")
struct VoltaBracketTests {
    @Test("every ending but the last closes with a hook; a bar number over a volta stays clear of its label")
    func hooksAndBarNumbers() throws {
        // Laid out at twice the default size, three bars a line: the first ending starts a system, under bar number 8.
        let text = """
            1=C
            4/4
            1 2 3 4 | 5 6 7 1 | 1 2 3 4 | 5 6 7 1 | 1 2 3 4 |
            R{ 1 2 3 4 | 5 6 7 1 } A{ 2 2 2 2 | 3 3 3 3 | 4 4 4 4 | 5 5 5 5 }
            5 - - - |
            """
        let engraving = EngravingSupport.engrave(try EngravingSupport.score(text), options: EngravingOptions(size: 30))
        let glyphs = engraving.pages.flatMap(\.glyphs)
        let volta = glyphs.filter { $0.role == .volta }
        let vertical = volta.filter {
            if case .line(let to, _) = $0.shape { return abs(to.x - $0.at.x) < 0.001 }; return false
        }
        let labels = volta.filter {
            if case .text = $0.shape { return true }; return false
        }
        #expect(labels.count == 4)
        // A hook down where each of the four brackets starts, and one where each of the first three ends.
        #expect(vertical.count == 4 + 3)
        let measure = CairoTextMeasure()
        // Which bar starts a line follows the spacing (by time since issue 31); some line starts past bar 1.
        #expect(glyphs.contains { $0.role == .barNumber })
        for number in glyphs where number.role == .barNumber {
            guard case .text(let shown, let font, _) = number.shape else { continue }
            let box = Rect(x: number.at.x, y: number.at.y - 0.8 * font.size, width: measure.width(of: shown, in: font), height: font.size)
            for label in labels {
                guard case .text(let labelText, let labelFont, _) = label.shape else { continue }
                let labelBox = Rect(x: label.at.x, y: label.at.y - 0.8 * labelFont.size, width: measure.width(of: labelText, in: labelFont), height: labelFont.size)
                let overlaps = box.x < labelBox.x + labelBox.width && labelBox.x < box.x + box.width && box.y < labelBox.y + labelBox.height && labelBox.y < box.y + box.height
                #expect(!overlaps, "bar number \(shown) over volta label \(labelText)")
            }
        }
    }
}

@Suite("Signs drawn system by system")
struct SpannerEventTests {
    /// The signs `Spanners` draws for `text`'s first part set in two systems, cut before event `cut`.
    static func signs(_ text: String, cut: Int) throws -> [Glyph] {
        let movement = try #require(try EngravingSupport.score(text).movements.first)
        let bars = WrittenScore(movement).bars(of: movement, movementIndex: 0)
        let events = bars[0].flatMap(\.events).enumerated().map { index, event in
            SystemLayout.PlacedEvent(event: event, x: Double(index * 10), baseline: 0, above: 0, halfWidth: 0)
        }
        var spanners = Spanners(parts: movement.parts, bars: bars, metrics: EngravingOptions.Metrics(s: 15))
        var glyphs: [Glyph] = []
        for (page, piece) in [events[..<cut], events[cut...]].enumerated() {
            var system = SystemLayout(blocks: [], metrics: EngravingOptions.Metrics(s: 15))
            system.events = [Array(piece)]
            system.page = page
            glyphs += spanners.draw(system, measure: CairoTextMeasure()).glyphs
        }
        return glyphs
    }

    @Test(
        "a tie goes to the next note, past dashes and onto a rest: whole within a line, in two halves over a line break",
        arguments: [1, 4, 5, 8, 12])
    func tiesOverLineBreaks(cut: Int) throws {
        // Ties: 1 - ~ 1 (past a dash), 2 ~ 0 (onto a rest), 4 ~ 4; plain notes between them.
        let text = "4/4\n3 3 1 - ~ 1 5 5 2 ~ 0 6 6 4 ~ 4 7 7 |\n"
        let ties = try Self.signs(text, cut: cut).filter { $0.role == .tie }
        // Each tie's first note and the note it ends on (dashes between them are not notes).
        let joined = [(2, 4), (7, 8), (11, 12)]
        let broken = joined.filter { $0.0 < cut && cut <= $0.1 }.count
        #expect(ties.count == joined.count + broken)
    }

    @Test("a slur over a line break is drawn in two halves, one with each line; one within a line whole", arguments: [1, 2, 5])
    func slursOverLineBreaks(cut: Int) throws {
        let slurs = try Self.signs("4/4\n1 ( 2 3 ) 4 ( 5 6 ) |\n", cut: cut).filter { $0.role == .slur }
        let broken = [(0, 2), (3, 5)].filter { $0.0 < cut && cut <= $0.1 }.count
        #expect(slurs.count == 2 + broken)
    }

    @Test("a tuplet is numbered on each line it is on, with a bracket where no underline groups it", arguments: [1, 2, 8])
    func tupletsPerLine(cut: Int) throws {
        let signs = try Self.signs("4/4\n3[ 1 2 3 ] 5[ q1 q2 q3 q4 q5 ] 1 |\n", cut: cut).filter { $0.role == .tuplet }
        let numbers = signs.compactMap { if case .text(let text, _, _) = $0.shape { text } else { nil } }
        // The triplet of crotchets has a bracket (two lines) on each line it is on; the underlined quintuplet has none.
        let expected = (cut == 1 || cut == 2 ? ["3", "3", "5"] : ["3", "5"])
        #expect(numbers == expected)
        #expect(signs.count == numbers.count + 2 * numbers.filter { $0 == "3" }.count)
    }
}
