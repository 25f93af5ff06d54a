@testable import JianpuEngraving
import JianpuPrint
import Testing

@Suite("Lyrics split into syllables")
struct LyricsTests {
    @Test("a syllable per note: words at spaces, each CJK character alone with its punctuation, _ for a note left unsung",
          arguments: [
            ("Ma- ry had a", ["Ma-", "ry", "had", "a"]),
            ("一闪一闪，亮晶晶", ["一", "闪", "一", "闪，", "亮", "晶", "晶"]),
            ("la _ la", ["la", nil, "la"]),
            ("Do 哆 re", ["Do", "哆", "re"]),
          ] as [(String, [String?])])
    func syllables(verse: String, expected: [String?]) {
        #expect(Lyrics.syllables(verse) == expected)
    }

    @Test("as LilyPond reads a verse: its number, `--` and `__`, `_` inside a word, skips",
          arguments: [
            ("1. Here is verse one", Verse(stanza: "1.", syllables: ["Here", "is", "verse", "one"])),
            ("2．这是", Verse(stanza: "2.", syllables: ["这", "是"])),
            ("A -- ma -- zing", Verse(stanza: nil, syllables: ["A-", "ma-", "zing"])),
            ("grace __ how", Verse(stanza: nil, syllables: ["grace", "how"])),
            ("我们_的歌", Verse(stanza: nil, syllables: ["我", "们的", "歌"])),
            ("a_b c", Verse(stanza: nil, syllables: ["a b", "c"])),
            ("la \\repeat unfold 3 { \\skip 1 } la", Verse(stanza: nil, syllables: ["la", nil, nil, nil, "la"])),
            ("la \\skip 4 la", Verse(stanza: nil, syllables: ["la", nil, "la"])),
            ("10. ten", Verse(stanza: nil, syllables: ["10.", "ten"])),
          ] as [(String, Verse)])
    func verse(text: String, expected: Verse) {
        #expect(Lyrics.verse(text) == expected)
    }

    /// Each syllable drawn in `text`'s one system, with the index of the note head it is under.
    static func notesUnderSyllables(_ text: String) throws -> [String: Int] {
        let svg = SVGWriter.svg(EngravingSupport.engrave(try EngravingSupport.score(text)))
        let heads = try EngravingSupport.elements(svg, class: "note").map { EngravingSupport.number($0, "x") }.sorted()
        var result: [String: Int] = [:]
        for lyric in try EngravingSupport.elements(svg, class: "lyric") where lyric.text != "-" {
            let x = EngravingSupport.number(lyric, "x")
            result[lyric.text] = heads.firstIndex { abs($0 - x) < 0.01 } ?? -1
        }
        return result
    }

    @Test("a slur or a tie carries its first note's syllable on (a melisma); rests and skips take none")
    func melismaOverSlursAndTies() throws {
        // `2 ( 3 4 )` slurs 2 over 3 and 4 (the reference's marks follow the note); `5 - ~ 5` ties.
        // Note heads (a rest and a tie's continuation are drawn otherwise), in order: 1 2 3 4 | 5 | 6 7 1' 2'
        let placed = try Self.notesUnderSyllables("""
            1=C
            4/4
            1 2 ( 3 4 ) | 5 - ~ 5 0 | 6 7 1' 2' |
            L: one two five six \\skip 1 eight nine
            """)
        #expect(placed == ["one": 0, "two": 1, "five": 4, "six": 5, "eight": 7, "nine": 8])
    }
}

@Suite("Tuplets and hyphens drawn clear")
struct TupletAndHyphenTests {
    static func glyphs(_ text: String) throws -> [Glyph] {
        EngravingSupport.engrave(try EngravingSupport.score(text)).pages.flatMap(\.glyphs)
    }

    @Test("a tuplet that no underline groups (crotchets, a dash) gets a bracket with hooks; quavers under one underline do not",
          arguments: [("3[ 1 2 3 ] 4 5 |", 2), ("3[ 5 - 6 ] 1 2 |", 2), ("3[ q1 q2 q3 ] 3 4 5 |", 0)])
    func bracketWhereNoUnderline(bar: String, bracketPieces: Int) throws {
        let tuplet = try Self.glyphs("1=C\n4/4\n\(bar)\n").filter { $0.role == .tuplet }
        #expect(tuplet.filter { if case .text = $0.shape { return true }; return false }.count == 1)
        #expect(tuplet.filter { if case .polyline = $0.shape { return true }; return false }.count == bracketPieces)
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
