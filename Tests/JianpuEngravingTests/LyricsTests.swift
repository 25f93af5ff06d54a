import JianpuCore
import Testing

@testable import JianpuEngraving

@Suite("Lyrics split into syllables")
struct LyricsTests {
    @Test(
        "a syllable per note: words at spaces as written, _ for a note left unsung; Chinese in L: is split only at spaces",
        arguments: [
            ("Ma- ry had a", ["Ma-", "ry", "had", "a"]),
            ("一 闪 一 闪， 亮", ["一", "闪", "一", "闪，", "亮"]),
            ("你好 世界", ["你好", "世界"]),
            ("la _ la", ["la", nil, "la"]),
            ("Do 哆 re", ["Do", "哆", "re"]),
            ("\"two words\" next", ["two words", "next"]),
            ("la\r\nla\tdi", ["la", "la", "di"]),
            ("e \u{301}tude", ["e", "\u{301}tude"]),
        ] as [(String, [String?])])
    func syllables(verse: String, expected: [String?]) {
        #expect(LyricSyllables.syllables(verse) == expected)
    }

    @Test(
        "as LilyPond reads a verse: its number, `--` and `__`, `_` inside a word, skips, braces",
        arguments: [
            ("1. Here is verse one", LyricVerse(stanza: "1.", syllables: ["Here", "is", "verse", "one"])),
            ("2．这 是", LyricVerse(stanza: "2.", syllables: ["这", "是"])),
            ("A -- ma -- zing", LyricVerse(stanza: nil, syllables: ["A-", "ma-", "zing"])),
            ("grace __ how", LyricVerse(stanza: nil, syllables: ["grace", "how"])),
            ("我 们_的 歌", LyricVerse(stanza: nil, syllables: ["我", "们的", "歌"])),
            ("a_b c", LyricVerse(stanza: nil, syllables: ["a b", "c"])),
            ("la \\repeat unfold 3 { \\skip 1 } la", LyricVerse(stanza: nil, syllables: ["la", nil, nil, nil, "la"])),
            ("la \\skip 4 la", LyricVerse(stanza: nil, syllables: ["la", nil, "la"])),
            ("a {b} c \\repeat unfold 2 {\\skip 1} d", LyricVerse(stanza: nil, syllables: ["a", "b", "c", nil, nil, "d"])),
            ("10. ten", LyricVerse(stanza: nil, syllables: ["10.", "ten"])),
        ] as [(String, LyricVerse)])
    func verse(text: String, expected: LyricVerse) {
        #expect(LyricSyllables.verse(text) == expected)
    }

    @Test(
        "an H: line is spaced as jianpu-ly spaces it: a Han character a word, punctuation, kana and Latin with the one before, an opening quote with the one after, _ joining",
        arguments: [
            ("一闪一闪，亮晶晶", "一 闪 一 闪， 亮 晶 晶"),
            ("1. 这是", "1. 这 是"),
            ("2．这是", "2. 这 是"),
            ("我爱ABC 你", "我 爱ABC 你"),
            ("他说“你好”", "他 说 “你 好”"),
            ("我们_的歌", "我 们的 歌"),
            ("天 地 _ 人", "天 地 人"),
            ("かえるのうた", "かえるのうた"),
        ] as [(String, String)])
    func hanziSpacing(line: String, expected: String) {
        #expect(LyricSyllables.hanziSpaced(line) == expected)
    }

    @Test("H: lines reach the parts spaced, L: lines as written")
    func parsedVerses() throws {
        let score = try EngravingSupport.score("1 2 3 4 |\nL: 你好 世界\nH: 你好 世界\n")
        #expect(score.movements[0].parts[0].lyrics.map(LyricSyllables.syllables) == [["你好", "世界"], ["你", "好", "世", "界"]])
    }

    @Test("slurs do not nest: a slur opened in one is ignored, and so is the end with none open (as LilyPond)")
    func slursDoNotNest() {
        // 1 ( 2 ( 3 ) 4 ): only 2 and 3 continue 1's syllable.
        var placement = LyricPlacement()
        let sung = [(1, 0), (1, 0), (0, 1), (0, 1), (0, 0)].map { placement.takesSyllable(isStruck: true, slurStarts: $0.0, slurEnds: $0.1) }
        #expect(sung == [true, false, false, true, true])
        // A note that ends one slur and starts the next carries the melisma on; a slur may start on a rest.
        var chained = LyricPlacement()
        #expect([(1, 0), (1, 1), (0, 1), (0, 0)].map { chained.takesSyllable(isStruck: true, slurStarts: $0.0, slurEnds: $0.1) } == [true, false, false, true])
        // A slur opened on the grace notes before a note, or after the one before it, lets that note take a syllable.
        var graceBefore = LyricPlacement()
        let beforeSung = [
            graceBefore.takesSyllable(isStruck: true, slurStarts: 0, slurEnds: 0, graceBefore: [(starts: 1, ends: 0)]),
            graceBefore.takesSyllable(isStruck: true, slurStarts: 0, slurEnds: 1),
        ]
        #expect(beforeSung == [true, false])
        var graceAfter = LyricPlacement()
        let afterSung = [
            graceAfter.takesSyllable(isStruck: true, slurStarts: 0, slurEnds: 0, graceAfter: [(starts: 1, ends: 0)]),
            graceAfter.takesSyllable(isStruck: true, slurStarts: 0, slurEnds: 0),
            graceAfter.takesSyllable(isStruck: true, slurStarts: 0, slurEnds: 1),
        ]
        #expect(afterSung == [true, true, false])
        var fromRest = LyricPlacement()
        #expect([(false, 1, 0), (true, 0, 0), (true, 0, 1), (true, 0, 0)].map { fromRest.takesSyllable(isStruck: $0.0, slurStarts: $0.1, slurEnds: $0.2) } == [false, false, false, true])
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
        let placed = try Self.notesUnderSyllables(
            """
            1=C
            4/4
            1 2 ( 3 4 ) | 5 - ~ 5 0 | 6 7 1' 2' |
            L: one two five six \\skip 1 eight nine
            """)
        #expect(placed == ["one": 0, "two": 1, "five": 4, "six": 5, "eight": 7, "nine": 8])
    }
}
