import Foundation
import JianpuCore
import JianpuScan
import JianpuScanIO
import Testing

/// PDFs without the embedded text, read from their text layer and ink.
@Suite("Vector PDF reading")
struct VectorPDFTests {
    static func scan(_ text: String) throws -> ScanResult {
        let url = try ScanSupport.pdf(text, embedding: false)
        defer { try? FileManager.default.removeItem(at: url) }
        return try Scanner.scan([url.path])
    }

    /// The music lines of scanned text: without comments and header lines.
    static func music(_ text: String) -> String {
        text.split(separator: "\n").filter { !$0.hasPrefix("%") && !$0.contains("=") && $0 != "3/4" && $0 != "4/4" }.joined(separator: " ")
    }

    @Test("digits, octave dots, accidentals, underlines, augmentation dots, dashes, bar lines, key, meter and tempo")
    func symbols() throws {
        let result = try Self.scan("1=D\n3/4\n4=90\n1 2. q3 | 5 - - | q1 q2 q3 q4 q5 q6 | 1' 7, #4 | s1 s2 s3 s4 b7 0 | 5 - - |\n")
        #expect(result.method == .recognized)
        #expect(result.text.contains("1=D"))
        #expect(result.text.contains("3/4"))
        #expect(result.text.contains("4=90"))
        #expect(Self.music(result.text) == "1 2. q3 | 5 - - | q1 q2 q3 q4 q5 q6 | 1' 7, #4 | s1 s2 s3 s4 b7 0 | 5 - - |")
        #expect(result.warnings.isEmpty)
    }

    /// A page jianpu-ly + LilyPond 2.24 engraved from: `title=Minuet`, `composer=Christian Petzold`,
    /// `instrument=Harpsichord`, `1=G`, `3/4`, `4=112`, `5 q1 q2 q3 q4 | 5 1 1 |`, `NextPart`,
    /// `instrument=Acoustic Grand Piano`, `1=G`, `3/4`, `1 - - | 3 - - |`. The second part's name runs past the page's
    /// left edge, where poppler's reading of the page's own rectangle begins after the title and key.
    @Test("text before a name that runs past the page's edge is read: the title and the key")
    func textBeforeANamePastTheEdge() throws {
        let fixture = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Fixtures/Scan/part-name-past-the-edge.pdf")
        let result = try Scanner.scan([fixture.path])
        #expect(result.text.contains("title=Minuet"))
        #expect(result.text.contains("1=G"))
        #expect(!result.warnings.contains { $0.description.contains("no key") })
        #expect(result.text.contains("5 q1 q2 q3 q4 | 5 1 1 |"))
    }

    @Test("a bar whose beats do not add up is a warning with its page, system and bar")
    func badBar() throws {
        let result = ScoreAssembler.score([ScanSupport.pageWithShortSecondBar()])
        let warning = try #require(result.warnings.first)
        #expect(warning.page == 1 && warning.system == 1 && warning.bar == 2)
        #expect(warning.description.contains("3 beats"))
        #expect(result.text.contains("5 6 5"))
    }

    @Test("the page model holds rows, bars and symbols with places")
    func model() throws {
        let result = try Self.scan("1=C\n4/4\n1 2 3 4 | 5 - - - |\n")
        let row = try #require(result.pages.first?.systems.first?.rows.first)
        #expect(row.bars.count == 2)
        let digits = row.bars[0].symbols.compactMap { if case .digit(let d) = $0.kind { d } else { nil } }
        #expect(digits == [1, 2, 3, 4])
        #expect(row.bars[0].box.maxX <= row.bars[1].box.x)
    }
}
