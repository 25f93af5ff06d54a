import Foundation
import JianpuCore
import JianpuScanIO
import Testing

@testable import JianpuScan

/// Triplets and grace notes laid out as jianpu-ly + LilyPond set them: a small number between the halves of a
/// bracket over the group; small raised digits beside a note, with their own little beams.
@Suite("Tuplets and grace notes")
struct TupletAndGraceTests {
    typealias Layout = LilyPondPageTests

    /// A small digit (7 points tall) at (x, y).
    static func small(_ character: Character, x: Double, y: Double) -> PositionedCharacter {
        PositionedCharacter(character, box: Box(x: x, y: y, width: 4, height: 7))
    }

    @Test("a number between a bracket's halves over notes makes them a tuplet: three quavers in the time of two")
    func triplet() {
        // 2/4: `3[ q1 q2 q3 ] 4 |`
        let characters = Layout.digits("1234") + [Self.small("3", x: 118, y: 90)]
        let halves = [
            InkComponent(box: Box(x: 98, y: 91.5, width: 18, height: 3.5), pixels: 30), InkComponent(box: Box(x: 125, y: 91.5, width: 21, height: 3.5), pixels: 30),
        ]
        let result = Layout.read(characters, ink: halves + [Layout.line(100, 146, 111.5), Layout.barLine(180)])
        let music = Layout.music(result.text)
        #expect(music.contains("3[") && music.contains("]"))
        #expect(music.replacingOccurrences(of: "KeepLength ", with: "").hasPrefix("3[ q1 q2 q3 ]"))
    }

    @Test("a number alone over a beamed group (our typesetter's triplet) makes the notes its underline joins a tuplet")
    func tripletOverBeam() {
        // 2/4: `3[ q1 q2 q3 ] 4 |`, the 3 over the middle note, no bracket.
        let characters = Layout.digits("1234") + [Self.small("3", x: 121, y: 90)]
        let result = Layout.read(characters, ink: [Layout.line(100, 146, 111.5), Layout.barLine(180)])
        #expect(Layout.music(result.text).replacingOccurrences(of: "KeepLength ", with: "").hasPrefix("3[ q1 q2 q3 ]"))
    }

    @Test("a bar number over a bar line's start is no tuplet nor grace note")
    func barNumberIsNoGrace() {
        let characters = Layout.digits("12") + Layout.digits("34", x: 160) + [Self.small("5", x: 150, y: 88)]
        let result = Layout.read(characters, ink: [Layout.barLine(150), Layout.barLine(200)])
        #expect(Layout.music(result.text).hasSuffix("1 2 | 3 4 |") && !Layout.music(result.text).contains("5"))
    }

    @Test("small raised digits before a note are its grace notes, nearer the note before they come after it")
    func graces() {
        // 4/4: `1 g[45] 1 2 [23]g 3 |`
        let characters =
            Layout.digits("1", x: 100) + Layout.digits("12", x: 140) + Layout.digits("3", x: 200)
            + [Self.small("4", x: 125, y: 92), Self.small("5", x: 131, y: 92), Self.small("2", x: 168, y: 92), Self.small("3", x: 174, y: 92)]
        let ink = [Layout.line(124, 134, 99.5), Layout.line(167, 177, 99.5), Layout.barLine(215)]
        let result = Layout.read(characters, ink: ink)
        #expect(Layout.music(result.text) == "1 g[45] 1 2 [23]g 3 |")
    }

    /// `lilypond-graces.pdf` and `.png` (300 dpi): `Tests/Conformance/chords-and-graces` engraved by jianpu-ly + LilyPond,
    /// whose graces are a sharp one (drawn in a music font poppler's text drops), semiquavers on two beams and a quaver on one.
    @Test(
        "a grace's value is counted from the beams under it and its sign read beside it, on a LilyPond page and its image",
        arguments: ["lilypond-graces.pdf", "lilypond-graces.png"])
    func graceValuesAndSigns(file: String) throws {
        let result = try Scanner.scan([StructureMarksTests.fixture(file)])
        #expect(StructureMarksTests.music(Substring(result.text)).contains("1 g[#45] 1 2 [23]g 3 | g[q3] 1 g[1&3] 2 - 3 |"))
    }

    @Test("graces our typesetter sets tight together over their own underlines are read with their value and sign")
    func gracesOfOurTypesetter() throws {
        let url = try ScanSupport.pdf("1=C\n4/4\n1 g[#45] 1 2 [23]g 3 | g[q3] 1 g[1&3] 2 - 3 |\n", embedding: false)
        defer { try? FileManager.default.removeItem(at: url) }
        let result = try Scanner.scan([url.path])
        #expect(StructureMarksTests.music(Substring(result.text)) == "1 g[#45] 1 2 [23]g 3 | g[q3] 1 g[1&3] 2 - 3 |")
    }

    /// `lilypond-grace-octaves.pdf`: `1 g[1'] 2 g[5,] 3 4 | g[q6,] 5 g[3'4'] 1 - - |` engraved by jianpu-ly + LilyPond,
    /// which prints the dots over high graces and none under low ones.
    @Test("a dot over a grace digit raises it an octave, and is no dot of the notes beside it")
    func graceOctaveDotsOnALilyPondPage() throws {
        let result = try Scanner.scan([StructureMarksTests.fixture("lilypond-grace-octaves.pdf")])
        #expect(StructureMarksTests.music(Substring(result.text)).hasSuffix("1 g['1] 2 g[5] 3 4 | g[q6] 5 g['3'4] 1 - - |"), "\(result.text)")
    }

    @Test("our typesetter's dots over and under grace digits are their octaves")
    func graceOctaveDotsOfOurTypesetter() throws {
        let url = try ScanSupport.pdf("1=C\n4/4\n1 g[1'] 2 g[5,] 3 4 | g[q6,] 5 g[3'4'] 1 - - |\n", embedding: false)
        defer { try? FileManager.default.removeItem(at: url) }
        let result = try Scanner.scan([url.path])
        #expect(StructureMarksTests.music(Substring(result.text)).hasSuffix("1 g['1] 2 g[,5] 3 4 | g[q,6] 5 g['3'4] 1 - - |"), "\(result.text)")
    }
}
