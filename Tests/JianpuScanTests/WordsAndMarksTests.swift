import Foundation
import JianpuCore
import JianpuNotation
import JianpuPerformance
import JianpuScanIO
import Subprocesses
import Testing

@testable import JianpuScan

/// The words and marks printed around the notes: keys and key changes, new sections, the road map (D.C., D.S.,
/// Fine, segno, coda), volta numbers of repeats played more than twice, titles and lyrics.
@Suite("Words and marks")
struct WordsAndMarksTests {
    /// Note digits 10 points tall, one every 20 points from `x`, their tops at `y`.
    static func digits(_ text: String, _ y: Double, _ x: Double) -> [PositionedCharacter] { LilyPondPageTests.digits(text, y: y, x: x) }

    /// A bar line at `x` through a row whose digits' tops are at `y`.
    static func barLine(_ x: Double, _ y: Double) -> InkComponent { LilyPondPageTests.barLine(x, y: y) }

    /// Characters of `text` in a text font 13 points tall, one every 8 points from `x`, their tops at `y`; a space
    /// leaves a gap.
    static func words(_ text: String, x: Double, y: Double, size: Double = 13) -> [PositionedCharacter] {
        text.enumerated().compactMap { index, character in
            character == " " ? nil : PositionedCharacter(character, box: Box(x: x + Double(index) * size * 0.6, y: y, width: size * 0.6, height: size))
        }
    }

    static func read(_ characters: [PositionedCharacter], ink: [InkComponent]) -> ScanResult {
        let page = PageReader.page(PageContent(number: 1, width: 595, height: 842, characters: characters, ink: nil, components: ink))
        return ScoreAssembler.score([page])
    }

    /// The notes of jianpu text as played: pitch and onset, in order.
    static func notes(_ text: String) -> [String] {
        let (score, _) = ScoreParser.parse(text, file: "scanned.jp")
        return (score.performanceTimeline()?.notes ?? []).map { "\($0.pitch.midiNumber)@\($0.onset)" }
    }

    /// `1 2 3 4 | 5 - 5 - | 6 6 6 6 |` in one row at y = 100 (digits every 20 points from x = 100; bars 100–160,
    /// 200–260, 300–360), bar lines after each bar.
    static func row() -> (characters: [PositionedCharacter], ink: [InkComponent]) {
        (
            digits("1234", 100, 100) + digits("5", 100, 200) + digits("5", 100, 240) + digits("6666", 100, 300),
            [barLine(180, 100), barLine(280, 100), barLine(380, 100), LilyPondPageTests.line(220, 226, 104.6), LilyPondPageTests.line(260, 266, 104.6)]
        )
    }

    @Test("a minor key 6=X and a key printed over a bar among the music change the key from that bar on")
    func keyChange() {
        let keys = Self.words("6=F♯", x: 60, y: 70) + Self.words("1=B♭", x: 186, y: 80)
        let row = Self.row()
        let result = Self.read(keys + row.characters, ink: row.ink)
        #expect(result.text.contains("6=F#"))
        #expect(result.text.contains("1=Bb"))
        // 6=F# counts from A3 (its relative major's 1), 1=Bb from Bb3.
        let expected = Self.notes("1=A\n4/4\n1 2 3 4 |\n1=Bb\n5 - 5 - | 6 6 6 6 |\n")
        #expect(Self.notes(result.text) == expected)
    }

    @Test("a key printed over a new row (a new section, jianpu-ly's NextScore) holds from that row on")
    func sectionKey() {
        let first = Self.words("1=C", x: 60, y: 70) + Self.digits("1234", 100, 100)
        let second = Self.words("1=G", x: 60, y: 180) + Self.digits("1234", 210, 100)
        let result = Self.read(first + second, ink: [Self.barLine(180, 100), Self.barLine(180, 210)])
        #expect(Self.notes(result.text) == Self.notes("1=C\n4/4\n1 2 3 4 |\n1=G\n1 2 3 4 |\n"))
    }

    @Test("D.C. and Fine printed under bars become the road map, and the music is played again to the Fine")
    func daCapoAlFine() {
        let marks = Self.words("Fine", x: 230, y: 125, size: 9) + Self.words("D.C.", x: 330, y: 125, size: 9)
        let characters = Self.words("1=C", x: 60, y: 70) + Self.digits("1234", 100, 100) + Self.digits("6666", 100, 200) + Self.digits("5555", 100, 300)
        let result = Self.read(characters + marks, ink: [Self.barLine(180, 100), Self.barLine(280, 100), Self.barLine(380, 100)])
        #expect(result.text.contains("DC"))
        #expect(result.text.contains("Fine"))
        // Played: the three bars, then again up to the Fine.
        #expect(Self.notes(result.text).count == 4 * 5)
    }

    @Test("D.S. under a bar, a segno and a coda sign over bars: back to the segno, and on to the coda")
    func dalSegnoAlCoda() {
        // The signs as ink over the starts of bars 2 and 3; which is which is told by the coda sign's full column.
        let segno = InkComponent(box: Box(x: 196, y: 78, width: 7, height: 14), pixels: 40)
        let coda = InkComponent(box: Box(x: 296, y: 78, width: 8, height: 14), pixels: 40)
        var pixels = [UInt8](repeating: 0, count: 600 * 200)
        for y in 78..<92 { pixels[y * 600 + 300] = 255 }
        let bitmap = InkBitmap(width: 600, height: 200, scale: 1, pixels: pixels)
        let characters =
            Self.words("1=C", x: 60, y: 70) + Self.digits("1111", 100, 100) + Self.digits("2222", 100, 200) + Self.digits("3333", 100, 300)
            + Self.digits("4444", 100, 400) + Self.words("D.S.", x: 410, y: 125, size: 9) + Self.digits("5555", 100, 500)
        let ink = [Self.barLine(180, 100), Self.barLine(280, 100), Self.barLine(380, 100), Self.barLine(480, 100), Self.barLine(580, 100), segno, coda]
        var rows = [
            RowReader.row(
                characters.filter(\.character.isNumber).filter { $0.box.y == 100 }.map { ScannedSymbol(.digit(Int(String($0.character)) ?? 0), box: $0.box) }
                    + ink.filter { $0.box.height == 14 && $0.box.width < 1 }.map { ScannedSymbol(.barLine, box: $0.box) }, em: 10)
        ]
        PageReader.settingNavigationSigns([segno, coda], characters: characters, bitmap: bitmap, on: &rows, em: 10)
        PageReader.settingNavigationWords(characters, on: &rows, em: 10)
        #expect(rows[0].bars[1].jumpsAtStart == [.segno])
        #expect(rows[0].bars[2].jumpsAtStart == [.toCoda])
        #expect(rows[0].bars[3].jumpsAtEnd == [.dalSegno])
        var page = ScannedPage(number: 1, width: 600, height: 200)
        page.heading.key = "C"
        page.systems = [ScannedSystem(rows: rows)]
        let text = ScoreAssembler.score([page]).text
        #expect(text.contains("Segno") && text.contains("ToCoda") && text.contains("DS"))
        // Played: 1 2 3 4, then from the segno 2, on to the coda: 5.
        #expect(Self.notes(text).count == 4 * 6)
    }

    @Test("a volta bracket naming two passes (1.2.) makes a repeat played three times")
    func thirdPass() {
        let characters = Self.words("1=C", x: 60, y: 70) + Self.digits("1111", 100, 100) + Self.digits("2222", 100, 200) + Self.digits("3333", 100, 300)
        let dots = [LilyPondPageTests.dot(275, 103), LilyPondPageTests.dot(275, 107)]
        // The brackets over bars 2 and 3, their numbers inside at the left (read by no classifier here: counted on).
        let first = InkComponent(box: Box(x: 182, y: 84, width: 95, height: 10), pixels: 120)
        let second = InkComponent(box: Box(x: 282, y: 84, width: 95, height: 10), pixels: 120)
        let numbers = [
            InkComponent(box: Box(x: 184, y: 86, width: 4, height: 6), pixels: 12), InkComponent(box: Box(x: 192, y: 86, width: 4, height: 6), pixels: 12),
            InkComponent(box: Box(x: 284, y: 86, width: 4, height: 6), pixels: 12),
        ]
        let result = Self.read(characters, ink: [Self.barLine(180, 100), Self.barLine(280, 100), Self.barLine(380, 100), first, second] + numbers + dots)
        #expect(result.text.contains("R3{"))
        #expect(Self.notes(result.text).count == 4 * 6)
    }

    @Test("a lyrics line under the notes becomes an L: line, its hyphens joining syllables, a syllable on each note")
    func latinLyrics() {
        let lyrics =
            Self.words("A", x: 100, y: 125, size: 9) + Self.words("-", x: 110, y: 125, size: 9) + Self.words("ma", x: 118, y: 125, size: 9)
            + Self.words("zing", x: 134, y: 125, size: 9) + Self.words("grace", x: 159, y: 125, size: 9) + Self.words("How", x: 195, y: 125, size: 9)
        let characters = Self.words("1=C", x: 60, y: 70) + Self.digits("1234", 100, 100) + Self.digits("5", 100, 200)
        let result = Self.read(characters + lyrics, ink: [Self.barLine(180, 100), Self.barLine(280, 100)])
        #expect(result.text.contains("L: A- ma zing grace How"))
    }

    @Test("a Chinese lyrics line: a character a syllable")
    func chineseLyrics() {
        let lyrics = Self.words("一闪一闪", x: 100, y: 125, size: 11).enumerated().map { index, c in
            PositionedCharacter(c.character, box: Box(x: 99 + Double(index) * 20, y: 125, width: 10, height: 11))
        }
        let characters = Self.words("1=C", x: 60, y: 70) + Self.digits("1155", 100, 100)
        let result = Self.read(characters + lyrics, ink: [Self.barLine(180, 100)])
        #expect(result.text.contains("一 闪 一 闪"))
    }

    @Test("a vector PDF's title and lyrics come from its text layer")
    func vectorLyrics() throws {
        let song = "title=Little Star\n1=C\n4/4\n1 1 5 5 | 6 6 5 - |\nL: twin- kle twin- kle lit- tle star\n"
        let url = try ScanSupport.pdf(song, embedding: false)
        defer { try? FileManager.default.removeItem(at: url) }
        let result = try Scanner.scan([url.path])
        #expect(result.text.contains("title=Little Star"))
        // The typesetter leaves out a hyphen it has no room for (`twin-kle` set tight): the page has none to read.
        #expect(result.text.contains("L: twin kle twin kle lit- tle star"))
    }

    @Test("a page image's title (Latin and Chinese) and Latin lyrics are read by OCR", .enabled(if: Prerequisite.met(TesseractEngine.isInstalled)))
    func imageWords() throws {
        let song = "title=Little Star\n1=C\n4/4\n1 1 5 5 | 6 6 5 - |\nL: twin- kle twin- kle lit- tle star\n"
        let url = try PageImageTests.png(song)
        defer { try? FileManager.default.removeItem(at: url) }
        let result = try Scanner.scan([url.path])
        #expect(result.text.contains("title=Little Star"))
        #expect(result.text.contains("L: twin kle twin kle lit- tle star"))
        let chinese = try PageImageTests.png("title=小星星\n1=C\n4/4\n1 1 5 5 | 6 6 5 - |\nH: 一闪一闪亮晶晶\n")
        defer { try? FileManager.default.removeItem(at: chinese) }
        let read = try Scanner.scan([chinese.path])
        // A Chinese title is read; Chinese lyrics set as close under the notes as our typesetter sets them are not yet
        // (the word bands start below the notes' underlines and dots).
        #expect(read.text.contains("title=小"))
    }
}
