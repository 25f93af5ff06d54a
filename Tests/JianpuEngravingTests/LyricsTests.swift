import JianpuCore
@testable import JianpuEngraving
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
        #expect(LyricSyllables.syllables(verse) == expected)
    }

    @Test("as LilyPond reads a verse: its number, `--` and `__`, `_` inside a word, skips",
          arguments: [
            ("1. Here is verse one", LyricVerse(stanza: "1.", syllables: ["Here", "is", "verse", "one"])),
            ("2．这是", LyricVerse(stanza: "2.", syllables: ["这", "是"])),
            ("A -- ma -- zing", LyricVerse(stanza: nil, syllables: ["A-", "ma-", "zing"])),
            ("grace __ how", LyricVerse(stanza: nil, syllables: ["grace", "how"])),
            ("我们_的歌", LyricVerse(stanza: nil, syllables: ["我", "们的", "歌"])),
            ("a_b c", LyricVerse(stanza: nil, syllables: ["a b", "c"])),
            ("la \\repeat unfold 3 { \\skip 1 } la", LyricVerse(stanza: nil, syllables: ["la", nil, nil, nil, "la"])),
            ("la \\skip 4 la", LyricVerse(stanza: nil, syllables: ["la", nil, "la"])),
            ("10. ten", LyricVerse(stanza: nil, syllables: ["10.", "ten"])),
          ] as [(String, LyricVerse)])
    func verse(text: String, expected: LyricVerse) {
        #expect(LyricSyllables.verse(text) == expected)
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
