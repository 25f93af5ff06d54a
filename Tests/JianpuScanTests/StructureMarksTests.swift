import Foundation
import JianpuCore
import JianpuScanIO
import Subprocesses
import Testing

@testable import JianpuScan

/// Pages jianpu-ly + LilyPond 2.24 engraved (in `Tests/Fixtures/Scan`), read for their structure: percent repeats,
/// multi-bar rests, a last repeat with no closing sign, titled sections and the composer's line.
@Suite("Structure marks on LilyPond pages")
struct StructureMarksTests {
    static func fixture(_ name: String) -> String {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Fixtures/Scan/\(name)").path
    }

    /// The music lines of a part of scanned text: without comments, header lines and the writer's own words.
    static func music(_ text: Substring) -> String {
        text.split(separator: "\n").filter { !$0.hasPrefix("%") && !$0.contains("=") && !$0.hasSuffix("/4") && $0 != "OctavesBefore" }
            .joined(separator: " ")
    }

    static func parts(_ text: String) -> [String] {
        text.components(separatedBy: "NextPart").map { music(Substring($0)) }
    }

    /// `percent-repeats.pdf`: `title=Percent`, `composer=Someone Else`, `1=C`, `4/4`,
    /// `1 2 3 4 | 5 6 7 1' | 1' 7 6 5 | 4 3 2 1 |`, `NextPart`, `1=C`, `4/4`, `R30{ 1, 5,, 1, 5,, }`: the second part's
    /// bar and 29 percent signs, the first 10 beside the first part (which ends at a final bar line after 4 bars), the
    /// rest a row of their own on the next system.
    @Test("a percent sign is the bar before again, and a row of them alone goes on with the part that has not ended")
    func percentRepeats() throws {
        let result = try Scanner.scan([Self.fixture("percent-repeats.pdf")])
        let parts = Self.parts(result.text)
        try #require(parts.count == 2)
        let bass = parts[1].split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
        #expect(bass.count == 30)
        #expect(bass.allSatisfy { $0 == "1, 5,, 1, 5,," })
        #expect(parts[0].hasPrefix("1 2 3 4 | 5 6 7 1' | 1' 7 6 5 | 4 3 2 1 |"))
        #expect(!parts[0].contains("5,,"))
    }

    @Test("percent signs are read on a page image too")
    func percentRepeatsOnAnImage() throws {
        let result = try Scanner.scan([Self.fixture("percent-repeats.png")])
        let parts = Self.parts(result.text)
        try #require(parts.count == 2)
        let bass = parts[1].split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
        #expect(bass.count == 30)
        #expect(bass.filter { $0 == "1, 5,, 1, 5,," }.count >= 28)
    }

    /// `multi-bar-rests.pdf`: `1=C`, `4/4`, `1 2 3 4 | R*4 | 5 6 7 1' | R*2 | 1 - - - |`.
    @Test("a multi-bar rest is as many bars of rest as its number says")
    func multiBarRests() throws {
        let result = try Scanner.scan([Self.fixture("multi-bar-rests.pdf")])
        #expect(Self.music(Substring(result.text)) == "1 2 3 4 | R*4 | 5 6 7 1' | R*2 | 1 - - - |")
        #expect(result.warnings.allSatisfy { !$0.message.contains("beats") })
    }

    /// `repeat-to-the-end.pdf`: `R{ 1 2 3 4 | 5 6 7 1' } R{ 1' 7 6 5 | 4 3 2 1 }`, which LilyPond ends at a final bar
    /// line with no dots.
    @Test("a start sign after the last end sign repeats to the end")
    func repeatToTheEnd() throws {
        let result = try Scanner.scan([Self.fixture("repeat-to-the-end.pdf")])
        #expect(Self.music(Substring(result.text)) == "R{ 1 2 3 4 | 5 6 7 1' } | R{ 1' 7 6 5 | 4 3 2 1 } |")
    }

    /// `sections.pdf`: `title=First`, `1=C`, `4/4`, `1 2 3 4 | 5 6 7 1' |`, `NextScore`, `title=Second`, `1=G`, `3/4`,
    /// `3 2 1 | 5 - - |`.
    @Test("a titled section with its own key and meter is written after NextScore with its title")
    func sections() throws {
        let result = try Scanner.scan([Self.fixture("sections.pdf")])
        let sections = result.text.components(separatedBy: "NextScore")
        try #require(sections.count == 2)
        #expect(sections[0].contains("title=First") && sections[0].contains("1=C") && sections[0].contains("4/4"))
        #expect(Self.music(Substring(sections[0])) == "1 2 3 4 | 5 6 7 1' |")
        #expect(sections[1].contains("title=Second") && sections[1].contains("1=G") && sections[1].contains("3/4"))
        #expect(Self.music(Substring(sections[1])).hasPrefix("3 2 1 | 5 - - |"))
    }

    @Test("the line set right under the title is the composer")
    func composer() throws {
        let result = try Scanner.scan([Self.fixture("percent-repeats.pdf")])
        #expect(result.text.contains("composer=Someone Else"))
        #expect(result.text.contains("title=Percent"))
    }

    @Test("a line of a coda sign (a control character in LilyPond's text layer), a bar number and Coda is no title")
    func codaLineIsNoTitle() {
        var characters: [PositionedCharacter] = []
        for (index, character) in "\u{1} 5 Coda".enumerated() where character != " " {
            characters.append(PositionedCharacter(character, box: Box(x: 100 + Double(index) * 8, y: 40, width: 7, height: 12)))
        }
        let header = HeaderReader.header(characters, lines: PageReader.lines(of: characters), em: 8, meterCandidates: [])
        #expect(header.title == nil)
    }

    @Test("a titled section is read on a page image too, its title from OCR", .enabled(if: Prerequisite.met(TesseractEngine.isInstalled)))
    func sectionsOnAnImage() throws {
        let result = try Scanner.scan([Self.fixture("sections.png")])
        let sections = result.text.components(separatedBy: "NextScore")
        try #require(sections.count == 2)
        #expect(Self.music(Substring(sections[0])) == "1 2 3 4 | 5 6 7 1' |")
        #expect(sections[1].contains("title=Second") && sections[1].contains("1=G"))
    }

    /// `ds-coda.png`: the top of a page jianpu-ly + LilyPond engraved from `Tests/Conformance/ds-coda.jp` at 300 dpi.
    /// Tesseract, reading the grey page, makes Chinese of its italic `D.S. 𝄋 al ⊕` line set close under the notes,
    /// so the page sends nothing back: then its signs are not looked for, and no speck is taken for one.
    @Test("on a page image whose D.S. is not read, no segno or coda sign is taken from its pieces", .enabled(if: Prerequisite.met(TesseractEngine.isInstalled)))
    func navigationSignsOnAnImageNeedTheirWords() throws {
        let result = try Scanner.scan([Self.fixture("ds-coda.png")])
        #expect(Self.music(Substring(result.text)) == "1 1 1 1 | 2 2 2 2 | 3 3 3 3 | 4 4 4 4 | 5 5 5 5 | 6 6 6 6 | 1' - - - |")
    }

    /// `lilypond-key-changes.pdf` and `.png` (300 dpi): `Tests/Conformance/keys-minor` engraved by jianpu-ly + LilyPond:
    /// `6=F#` in the header, then `1=Bb`, `6=C` (over the bar numbered 5, whose number is set under the key) and `1=E`
    /// over the bars they start; LilyPond draws the header's ♯ as ink alone.
    @Test(
        "keys over the bars they start are read, one over a bar number too, and a key's sign drawn as ink is no segno",
        arguments: ["lilypond-key-changes.pdf", "lilypond-key-changes.png"])
    func keyChanges(file: String) throws {
        let result = try Scanner.scan([Self.fixture(file)])
        #expect(result.text.contains("6=F#\n4/4\n6 7 1' 2' | 3' - - - | 1=Bb 1 2 3 4 | 5 - - - |\n6=C 6, 7, 1 2 | 3 - - - | 1=E 1 #4 b7 5 | 1' - - - |"), "\(result.text)")
        #expect(!result.text.contains("Segno"))
    }

    @Test("a key is set on the row whose notes stand under it, though the row's box reaches higher (a speck by a photo's edge)")
    func keyOverARowWithATallBox() {
        let bars = [100.0, 200.0].map { x in
            ScannedBar(box: Box(x: x, y: 100, width: 90, height: 17), symbols: [ScannedSymbol(.digit(1), box: Box(x: x + 5, y: 100, width: 6, height: 10))])
        }
        // The row's box starts at y = 20, with the key's top, as a photo's dark edge at the left makes it.
        var rows = [ScannedRow(box: Box(x: 5, y: 20, width: 300, height: 97), bars: bars)]
        PageReader.settingKeys([(ScannedKey(tonic: "Bb"), Box(x: 180, y: 80, width: 30, height: 10))], on: &rows, em: 10)
        #expect(rows[0].bars.map(\.key) == [nil, ScannedKey(tonic: "Bb")])
    }
}
