import Foundation
import JianpuCore
import JianpuNotation
import Testing

@testable import JianpuInterchange

/// Road-map signs, verses, arpeggios and what the text cannot say, from small scores written inline.
@Suite("MusicXML marks")
struct MusicXMLMarksTests {
    /// A one-part score of 4/4 bars in C, each given as the XML of its measure's content.
    static func score(_ measures: [String], divisions: Int = 1) -> String {
        var xml = """
            <?xml version="1.0"?>
            <score-partwise><part-list><score-part id="P1"><part-name>Voice</part-name></score-part></part-list><part id="P1">
            """
        for (index, content) in measures.enumerated() {
            xml += "<measure number=\"\(index + 1)\">"
            if index == 0 { xml += "<attributes><divisions>\(divisions)</divisions><key><fifths>0</fifths></key><time><beats>4</beats><beat-type>4</beat-type></time></attributes>" }
            xml += content + "</measure>\n"
        }
        return xml + "</part></score-partwise>\n"
    }

    static func note(_ step: String, _ octave: Int = 4, duration: Int = 1, extra: String = "") -> String {
        "<note><pitch><step>\(step)</step><octave>\(octave)</octave></pitch><duration>\(duration)</duration><voice>1</voice>\(extra)</note>"
    }

    static func convert(_ xml: String) throws -> ImportResult {
        try #require(try ScoreImporter.convert(Array(xml.utf8), file: "inline.musicxml").first)
    }

    static func parsesCleanly(_ text: String) -> Bool {
        ScoreParser.parse(utf8: Array(text.utf8), file: "x.jp").diagnostics.allSatisfy { $0.severity != .error }
    }

    @Test("segno, to coda, D.S. and the coda after it become Segno, ToCoda and DS")
    func dalSegnoAlCoda() throws {
        let xml = Self.score([
            String(repeating: Self.note("C"), count: 4),
            "<direction><direction-type><segno/></direction-type></direction>" + String(repeating: Self.note("D"), count: 4),
            String(repeating: Self.note("E"), count: 4) + "<direction><direction-type><words>To Coda</words></direction-type><sound tocoda=\"coda\"/></direction>",
            String(repeating: Self.note("F"), count: 4) + "<direction><direction-type><words>D.S. al Coda</words></direction-type><sound dalsegno=\"segno\"/></direction>",
            "<direction><direction-type><coda/></direction-type></direction>" + Self.note("G", duration: 4),
        ])
        let result = try Self.convert(xml)
        #expect(result.text.contains("1 1 1 1 | Segno 2 2 2 2 | 3 3 3 3 ToCoda | 4 4 4 4 DS |\n5 - - - |"), "\(result.text)")
        #expect(result.warnings.isEmpty)
        #expect(Self.parsesCleanly(result.text))
    }

    @Test("Fine and D.C. become Fine and DC")
    func daCapoAlFine() throws {
        let xml = Self.score([
            Self.note("C", duration: 4) + "<direction><direction-type><words>Fine</words></direction-type><sound fine=\"yes\"/></direction>",
            Self.note("D", duration: 4) + "<direction><direction-type><words>D.C. al Fine</words></direction-type><sound dacapo=\"yes\"/></direction>",
        ])
        #expect(try Self.convert(xml).text.contains("1 - - - Fine | 2 - - - DC |"))
    }

    @Test("every verse is a line of its own, hyphens join syllables, a melisma leaves its notes unsung, Chinese is L: spaced")
    func versesAndMelismas() throws {
        func lyric(_ number: Int, _ text: String, _ syllabic: String = "single", extend: Bool = false) -> String {
            "<lyric number=\"\(number)\"><syllabic>\(syllabic)</syllabic><text>\(text)</text>\(extend ? "<extend/>" : "")</lyric>"
        }
        let xml = Self.score([
            Self.note("C", extra: lyric(1, "Hel", "begin") + lyric(2, "天")) + Self.note("D", extra: lyric(1, "lo", "end", extend: true) + lyric(2, "地"))
                + Self.note("E") + Self.note("F", extra: lyric(1, "world") + lyric(2, "人"))
        ])
        let text = try Self.convert(xml).text
        #expect(text.contains("L: Hel- lo _ world\nL: 天 地 _ 人"), "\(text)")
    }

    @Test("an arpeggiated chord is written arp before it")
    func arpeggio() throws {
        let xml = Self.score([
            Self.note("C", duration: 4, extra: "<notations><arpeggiate/></notations>")
                + "<note><chord/><pitch><step>E</step><octave>4</octave></pitch><duration>4</duration><voice>1</voice></note>"
                + "<note><chord/><pitch><step>G</step><octave>4</octave></pitch><duration>4</duration><voice>1</voice></note>"
        ])
        #expect(try Self.convert(xml).text.contains("arp 135 - - -"))
    }

    @Test("a tuplet no N[ can write is a warning with its place")
    func unwritableTupletWarns() throws {
        let tuplet = "<time-modification><actual-notes>5</actual-notes><normal-notes>3</normal-notes></time-modification>"
        let xml = Self.score([String(repeating: Self.note("C", duration: 3, extra: tuplet), count: 5) + Self.note("D", duration: 5)], divisions: 5)
        let result = try Self.convert(xml)
        #expect(result.warnings.contains { $0.message.contains("a tuplet of 5 in the time of 3") && $0.place.contains("measure 1") })
    }

    @Test("a note longer than its bar's room is split with ties, and a pickup the last bar does not make up for is a bar of its own meter")
    func pickupAndSplits() throws {
        let xml = Self.score([Self.note("G", duration: 1), Self.note("C", 5, duration: 5) + Self.note("B", duration: 3)], divisions: 2)
            .replacingOccurrences(of: "<measure number=\"1\">", with: "<measure number=\"0\" implicit=\"yes\">")
        let text = try Self.convert(xml).text
        #expect(text.contains("1/8\nq5 | 4/4 1' - ~ q1' 7. |"), "\(text)")
        #expect(Self.parsesCleanly(text))
    }
}
