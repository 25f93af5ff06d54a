import Foundation
import JianpuCore
import JianpuEngraving
import Testing

/// Each fixture of Tests/Fixtures/Lyrics (one lyric construct each, and two published songs) typeset, and
/// every syllable compared with where LilyPond sang it: the expected placements below are what
/// `scripts/lyrics-check` logged from jianpu-ly + LilyPond 2.24 for the same files, written down so that
/// this test needs neither. Each is `part.verse@onset text` (after `mN:` in a later movement): the onset in
/// whole notes from the part's start (repeats once), the text without spaces (LilyPond prints `_` inside a word as one, we join Chinese without).
@Suite("Lyrics sit under the notes LilyPond sings them on")
struct LyricPlacementTests {
    static let expected: [(String, [String])] = [
        (
            "chords-and-beams.jp",
            [
                "1.1@0 a", "1.1@1/2 b", "1.1@1 c", "1.1@9/8 d", "1.1@5/4 e", "1.1@11/8 f", "1.1@3/2 g", "1.1@13/8 h", "1.1@7/4 i", "1.1@15/8 j", "1.1@2 k", "1.1@33/16 l", "1.1@17/8 m", "1.1@35/16 n",
                "1.1@9/4 o", "1.1@19/8 p", "1.1@5/2 q", "1.1@11/4 r",
            ]
        ),
        ("extenders.jp", ["1.1@0 Glo", "1.1@1/2 ri", "1.1@3/4 a", "1.1@5/4 in", "1.1@3/2 ex", "1.1@2 cel", "1.1@9/4 sis"]),
        ("grace-slurs.jp", ["1.1@0 a", "1.1@1/2 b", "1.1@3/4 c", "1.1@1 d", "1.1@5/4 e", "1.1@3/2 f", "1.1@7/4 g"]),
        ("graces.jp", ["1.1@0 one", "1.1@1/4 two", "1.1@1/2 three", "1.1@3/4 four", "1.1@1 five", "1.1@5/4 six", "1.1@3/2 sev", "1.1@7/4 en", "1.1@2 eight"]),
        (
            "hanzi-lines.jp",
            [
                "1.1@0 你好", "1.1@1/4 世界", "1.1@1/2 朋友", "1.1@3/4 们的", "1.2@0 我", "1.2@1/4 爱ABC", "1.2@1/2 你", "1.2@3/4 好", "1.3@0 他", "1.3@1/4 说", "1.3@1/2 “你", "1.3@3/4 好”", "1.3@1 我", "1.3@5/4 们",
                "1.3@3/2 走", "1.4@0 かえるのうた", "1.4@1/4 가나다", "1.4@1/2 歌",
            ]
        ),
        (
            "hanzi.jp",
            [
                "1.1@0 一", "1.1@1/4 闪", "1.1@1/2 一", "1.1@3/4 闪,", "1.1@1 亮", "1.1@5/4 晶", "1.1@3/2 晶,", "1.1@2 满", "1.1@9/4 天", "1.1@5/2 都", "1.1@11/4 是", "1.1@3 小", "1.1@13/4 星", "1.1@7/2 星。",
                "1.2@0 挂", "1.2@1/4 在", "1.2@1/2 天", "1.2@3/4 上", "1.2@1 放", "1.2@5/4 光", "1.2@3/2 明",
            ]
        ),
        (
            "hyphens.jp",
            [
                "1.1@0 A", "1.1@1/4 ma", "1.1@1/2 zing", "1.1@3/4 grace", "1.1@1 A", "1.1@5/4 ma", "1.1@3/2 zing", "1.1@7/4 grace", "1.1@2 well-known", "1.1@9/4 twen", "1.1@5/2 ty", "1.1@11/4 one",
                "1.1@3 yes",
            ]
        ),
        (
            "jasmine.jp",
            [
                "1.1@0 好", "1.1@1/4 一", "1.1@1/2 朵", "1.1@3/4 美", "1.1@1 丽", "1.1@5/4 的", "1.1@3/2 茉", "1.1@2 莉", "1.1@9/4 花,", "1.1@5/2 好", "1.1@11/4 一", "1.1@3 朵", "1.1@13/4 美", "1.1@7/2 丽",
                "1.1@4 的", "1.1@17/4 茉", "1.1@9/2 莉", "1.1@19/4 花,", "1.1@5 芬", "1.1@21/4 芳", "1.1@11/2 美",
            ]
        ),
        (
            "joins.jp",
            [
                "1.1@0 我", "1.1@1/4 们的", "1.1@1/2 歌", "1.1@3/4 唱", "1.1@1 给", "1.1@5/4 你听", "1.2@0 ab", "1.2@1/4 c", "1.2@1/2 de", "1.2@3/4 f", "1.2@1 g", "1.2@5/4 hi", "1.2@3/2 j", "1.2@7/4 k",
                "1.2@2 l", "1.2@9/4 m",
            ]
        ),
        ("movements.jp", ["1.1@0 a", "1.1@1/4 b", "1.1@3/4 c", "1.1@1 d", "m2:1.1@0 x", "m2:1.1@1/2 y", "m2:1.1@3/4 z"]),
        ("nested-slurs.jp", ["1.1@0 a", "1.1@3/4 b", "1.1@1 c", "1.1@2 d", "1.1@9/4 e", "1.1@5/2 f", "1.1@11/4 g", "1.1@15/4 h", "1.1@4 i", "1.1@19/4 j", "1.1@5 k", "1.1@23/4 l"]),
        ("quoted-words.jp", ["1.1@0 twowords", "1.1@1/4 next", "1.1@1/2 a~b", "1.1@3/4 c", "1.1@1 de", "1.1@5/4 f"]),
        ("repeats.jp", ["1.1@0 one", "1.1@1/4 two", "1.1@1/2 three", "1.1@3/4 four", "1.1@1 five", "1.1@2 six", "1.1@3 end"]),
        ("rests.jp", ["1.1@1/4 a", "1.1@3/4 b", "1.1@1 c", "1.1@7/4 d", "1.1@9/2 e", "1.1@19/4 f", "1.1@41/8 g", "1.1@21/4 h"]),
        (
            "silent-night.jp",
            [
                "1.1@0 Si", "1.1@3/16 lent", "1.1@3/8 night,", "1.1@3/4 ho", "1.1@15/16 ly", "1.1@9/8 night,", "1.1@3/2 all", "1.1@7/4 is", "1.1@15/8 calm,", "1.1@9/4 all", "1.1@5/2 is",
                "1.1@21/8 bright,", "1.1@3 round", "1.1@13/4 yon", "1.1@27/8 vir", "1.1@57/16 gin", "1.1@29/8 moth", "1.1@15/4 er", "1.1@63/16 and", "1.1@33/8 child,", "1.1@9/2 ho", "1.1@19/4 ly",
                "1.1@39/8 in", "1.1@81/16 fant", "1.1@41/8 so", "1.1@21/4 ten", "1.1@87/16 der", "1.1@11/2 and", "1.1@45/8 mild,", "1.1@6 sleep", "1.1@25/4 in", "1.1@51/8 heav", "1.1@105/16 en",
                "1.1@53/8 ly", "1.1@27/4 peace,", "1.1@15/2 sleep", "1.1@123/16 in", "1.1@31/4 heav", "1.1@63/8 en", "1.1@129/16 ly", "1.1@33/4 peace.",
            ]
        ),
        ("skips.jp", ["1.1@0 one", "1.1@1/2 three", "1.1@3/2 sev", "1.1@7/4 en", "1.1@9/4 nine", "1.1@5/2 ten", "1.1@13/4 thir", "1.1@7/2 teen"]),
        ("slurs.jp", ["1.1@0 one", "1.1@3/4 two", "1.1@1 three", "1.1@3/2 four", "1.1@9/4 five", "1.1@5/2 six", "1.1@11/4 sev", "1.1@3 en", "1.1@7/2 eight", "1.1@15/4 nine"]),
        ("ties.jp", ["1.1@0 a", "1.1@3/4 b", "1.1@1 c", "1.1@7/4 d", "1.1@2 e", "1.1@13/4 f", "1.1@4 g"]),
        ("tuplets.jp", ["1.1@0 a", "1.1@1/12 b", "1.1@1/6 c", "1.1@1/4 d", "1.1@1/2 e", "1.1@2/3 f", "1.1@5/6 g", "1.1@1 h"]),
        ("two-parts.jp", ["1.1@0 mel", "1.1@1/4 o", "1.1@3/4 dy", "1.1@1 sings", "2.1@0 bass", "2.1@1/4 part", "2.1@1/2 sings", "2.1@1 here"]),
        (
            "two-verses.jp",
            [
                "1.1@0 Here", "1.1@1/4 is", "1.1@3/4 the", "1.1@1 first", "1.1@3/2 verse", "1.1@7/4 sung", "1.1@9/4 to", "1.1@5/2 the", "1.2@0 Sec", "1.2@1/4 ond", "1.2@3/4 verse", "1.2@1 is",
                "1.2@3/2 short",
            ]
        ),
        ("with-staff.jp", ["1.1@0 sing", "1.1@1/2 a", "1.1@3/4 long", "1.1@5/4 song,", "1.1@3/2 a", "1.1@2 song"]),
    ]

    /// Where the typeset page puts each syllable, in the form of `expected`.
    static func placed(_ file: String) throws -> [String] {
        let path = EngravingSupport.packageRoot.appendingPathComponent("Tests/Fixtures/Lyrics/\(file)").path
        let score = try EngravingSupport.score(String(contentsOfFile: path, encoding: .utf8), file: file)
        let svg = SVGWriter.svg(EngravingSupport.engrave(score))
        return try EngravingSupport.elements(svg, class: "lyric").compactMap { lyric in
            guard let event = lyric.attributes["data-sung-on"], let verse = lyric.attributes["data-verse"], let at = lyric.attributes["data-at"],
                let p = event.firstRange(of: "p"), let l = event.firstRange(of: "l"), let movement = Int(event[event.index(after: event.startIndex)..<p.lowerBound]),
                let part = Int(event[p.upperBound..<l.lowerBound])
            else { return nil }
            let onset = at.hasSuffix("/1") ? String(at.dropLast(2)) : at
            return (movement > 0 ? "m\(movement + 1):" : "") + "\(part + 1).\(verse)@\(onset) " + lyric.text.filter { !$0.isWhitespace }
        }
    }

    @Test("every syllable of each lyric construct sits where LilyPond sings it", arguments: expected)
    func syllablesWhereLilyPondSingsThem(file: String, reference: [String]) throws {
        let ours = try Self.placed(file)
        #expect(ours.sorted() == reference.sorted(), "\(file): ours \(ours.filter { !reference.contains($0) }), the reference's \(reference.filter { !ours.contains($0) })")
    }

    @Test("every fixture in Tests/Fixtures/Lyrics has its expected placements here")
    func everyFixtureIsChecked() throws {
        let folder = EngravingSupport.packageRoot.appendingPathComponent("Tests/Fixtures/Lyrics").path
        let files = try FileManager.default.contentsOfDirectory(atPath: folder).filter { $0.hasSuffix(".jp") }
        #expect(Set(files) == Set(Self.expected.map(\.0)))
    }
}
