import Foundation
import JianpuCore
import JianpuScan
import JianpuScanIO
import Subprocesses
import Testing

/// Page images of jianpu-ly + LilyPond pages (300 dpi, cut to the music): a natural, Latin and Chinese lyrics.
@Suite("LilyPond page images")
struct LilyPondImageTests {
    static func fixture(_ name: String) -> String {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Fixtures/Scan/\(name)").path
    }

    /// `title=Twinkle Star`, `1=C`, `4/4`, `#4 4 b7 7 | 1 1 5 5 | 6 6 5 - |`, with the lyrics `twin-kle twin-kle lit-tle
    /// star how I won-der what you are`: LilyPond prints a natural before the second 4 and the second 7.
    @Test("a natural on a page image cancels the sign held in its bar, not read as a sharp")
    func naturalOnAnImage() throws {
        let result = try Scanner.scan([Self.fixture("lilypond-natural-lyrics.png")])
        #expect(VectorPDFTests.music(result.text).hasPrefix("#4 4 b7 7 | 1 1 5 5 | 6 6 5 - |"), "\(result.text)")
    }

    @Test("a page image's title and lyrics are read from the grey page", .enabled(if: Prerequisite.met(TesseractEngine.isInstalled)))
    func latinWordsOnAnImage() throws {
        let result = try Scanner.scan([Self.fixture("lilypond-natural-lyrics.png")])
        #expect(result.text.contains("title=Twinkle Star"), "\(result.text)")
        #expect(result.text.contains("kle twin- kle"), "\(result.text)")
        #expect(result.text.contains("won- der"), "\(result.text)")
    }

    /// jianpu-ly's `小星星` with the lyrics `一 闪 一 闪 亮 晶 晶 满 天 都 是 小 星 星`, set close under the notes.
    @Test("Chinese lyrics set close under the notes are read", .enabled(if: Prerequisite.met(TesseractEngine.isInstalled)))
    func chineseLyricsOnAnImage() throws {
        let result = try Scanner.scan([Self.fixture("lilypond-chinese-lyrics.png")])
        #expect(result.text.contains("L: 一"), "\(result.text)")
        #expect(result.text.contains("亮 晶 晶 满 天"), "\(result.text)")
        #expect(result.text.contains("小 星 星"), "\(result.text)")
    }

    /// jianpu-ly's `5,,. s6,, s7,, 1, 2, 5,. s6, s7, 1 2` in 2/4: a semiquaver's second low dot lies under its beams,
    /// inside the word band under the row.
    @Test("OCR's reading of the octave dots under beamed notes does not hide them", .enabled(if: Prerequisite.met(TesseractEngine.isInstalled)))
    func lowDotsUnderBeams() throws {
        let result = try Scanner.scan([Self.fixture("lilypond-low-dots-under-beams.png")])
        #expect(VectorPDFTests.music(result.text).contains("5,,. s6,, s7,, | 1, 2, | 5,. s6, s7, |"), "\(result.text)")
    }

    /// `lilypond-lyric-comma-over-chords.png`: the second system of `Scores/amazing-grace.jp` engraved by jianpu-ly +
    /// LilyPond at 300 dpi, whose lyric `blind, but` stands over the piano's chords: the comma's tail, a speck a
    /// quarter of a note tall, reads as a 7.
    @Test("a speck of a lyric's comma over the notes is no tuplet's number")
    func commaIsNoTupletNumber() throws {
        let result = try Scanner.scan([Self.fixture("lilypond-lyric-comma-over-chords.png")])
        #expect(!result.text.contains("["), "\(result.text)")
        #expect(VectorPDFTests.music(result.text).contains("1, ,513 ,513 | 1, ,513 ,724 |"), "\(result.text)")
    }

    @Test("a word band is cut from the grey page on a white margin, scaled to tesseract's best x-height")
    func wordBand() throws {
        // A 100 × 40 pixel page at 1 pixel a point, a dark stroke in it.
        var pixels = [UInt8](repeating: 255, count: 100 * 40)
        for y in 10..<20 { for x in 20..<22 { pixels[y * 100 + x] = 30 } }
        let grey = InkBitmap(width: 100, height: 40, scale: 1, pixels: pixels)
        let band = try #require(WordBand.cut(grey, region: Box(x: 10, y: 5, width: 50, height: 20), xHeight: 5))
        #expect(band.scale == 4)
        #expect(band.width == 50 * 4 + 2 * WordBand.margin && band.height == 20 * 4 + 2 * WordBand.margin)
        #expect(band.pixels[0] == 255)
        let page = band.pageBox(left: WordBand.margin, top: WordBand.margin, right: WordBand.margin + 40, bottom: WordBand.margin + 40)
        #expect(abs(page.x - 10) < 1e-9 && abs(page.y - 5) < 1e-9 && abs(page.width - 10) < 1e-9)
        // Paper only: nothing to read.
        #expect(WordBand.cut(grey, region: Box(x: 50, y: 25, width: 40, height: 10), xHeight: 5) == nil)
    }
}
