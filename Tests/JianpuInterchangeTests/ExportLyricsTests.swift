import Foundation
import Testing

/// MusicXML export sings the verses on the notes the page and LilyPond sing them on.
@Suite("Lyrics in MusicXML export")
struct ExportLyricsTests {
    typealias X = MusicXMLExport

    @Test("slurs do not nest, and a slur started on a rest leaves its notes unsung, as LilyPond")
    func slursAsLilyPond() throws {
        // `1 ( 2 ( 3 ) 4 )`: the melisma is over 2 and 3 only, so b is on 4; `0 ( 5 6 ) 7`: c is on 7.
        let (_, document, _) = try X.export("1 ( 2 ( 3 ) 4 ) | 0 ( 5 6 ) 7 |\nL: a b c")
        let sung = try (1...8).map { try X.values(document, "(//note)[\($0)]/lyric/text").first ?? "" }
        #expect(sung == ["a", "", "", "b", "", "", "", "c"])
    }

    @Test("a slur opened on grace notes starts on the note they lead to: it is sung, and exported with the slur")
    func slurFromGraceNotes() throws {
        let (_, document, _) = try X.export("g[5] ( 1 2 ) 3 4 |\nL: a b c")
        #expect(try X.values(document, "//note[not(grace)]/lyric/text") == ["a", "b", "c"])
        #expect(try X.values(document, "(//note[not(grace)])[3]/lyric/text") == ["b"])
        #expect(try document.nodes(forXPath: "(//note[not(grace)])[1]/notations/slur[@type='start']").count == 1)
    }

    @Test("an L: line's Chinese without spaces is one syllable, an H: line's a character a syllable")
    func chineseLines() throws {
        let (_, document, _) = try X.export("1 2 3 4 |\nL: 你好 吗\nH: 你好 吗\n")
        #expect(try X.values(document, "//lyric[@number='1']/text") == ["你好", "吗"])
        #expect(try X.values(document, "//lyric[@number='2']/text") == ["你", "好", "吗"])
    }
}
