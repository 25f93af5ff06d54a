import Foundation
import JianpuCore
import JianpuNotation
import JianpuPerformance
import JianpuScan
import JianpuScanIO
import Subprocesses
import Testing

/// Page images (PNG, JPEG, TIFF), and PDFs that are pictures of pages: binarised, straightened, their
/// pieces of ink classified by the trained model, read as vector pages are.
@Suite("Page images")
struct PageImageTests {
    /// The 300 dpi PNG of jianpu `text` as pdftoppm draws our typeset PDF.
    static func png(_ text: String) throws -> URL {
        let pdf = try ScanSupport.pdf(text, embedding: false)
        defer { try? FileManager.default.removeItem(at: pdf) }
        let stem = pdf.deletingPathExtension().path
        let pdftoppm = try #require(Subprocess.which("pdftoppm"), "pdftoppm (poppler-utils) is needed")
        let drawn = try Subprocess.run(pdftoppm, ["-r", "300", "-png", "-singlefile", pdf.path, stem])
        #expect(drawn.status == 0)
        return URL(fileURLWithPath: stem + ".png")
    }

    /// The notes of jianpu text as played: pitch, onset and length, in order.
    static func notes(_ text: String) -> [String] {
        let (score, _) = ScoreParser.parse(text, file: "scanned.jp")
        return (score.performanceTimeline()?.notes ?? []).map { "\($0.pitch.midiNumber)@\($0.onset)+\($0.duration)" }
    }

    static let song = "1=D\n4/4\n1 2 3 4 | 5 - 5 - | q6 q5 q#4 q3 2 1' | 7, 1 b2. q3 | 5 - - - |\n"

    @Test("a PNG of a short score is read back note for note, key and meter included")
    func png() throws {
        let url = try Self.png(Self.song)
        defer { try? FileManager.default.removeItem(at: url) }
        let result = try Scanner.scan([url.path])
        #expect(result.method == .recognized)
        #expect(result.text.contains("1=D"))
        #expect(Self.notes(result.text) == Self.notes(Self.song))
    }

    @Test("a page turned by 2 degrees is straightened and read the same")
    func skew() throws {
        let url = try Self.png(Self.song)
        defer { try? FileManager.default.removeItem(at: url) }
        let turned = try LeptonicaImage(data: Array(Data(contentsOf: url)), name: "page.png").rotated(degrees: 2)
        let skewed = try ScanSupport.file(turned.encoded(.png), named: "skewed.png")
        defer { try? FileManager.default.removeItem(at: skewed) }
        let prepared = try LeptonicaImage(data: Array(Data(contentsOf: skewed)), name: "skewed.png").binarised()
        #expect(abs(abs(prepared.skewDegrees) - 2) < 0.3)
        let result = try Scanner.scan([skewed.path])
        #expect(Self.notes(result.text) == Self.notes(Self.song))
    }

    @Test("the page as JPEG (quality 40) and as TIFF is read the same", arguments: ["jpeg", "tiff"])
    func formats(format: String) throws {
        let url = try Self.png(Self.song)
        defer { try? FileManager.default.removeItem(at: url) }
        let image = try LeptonicaImage(data: Array(Data(contentsOf: url)), name: "page.png")
        let bytes = try image.encoded(format == "jpeg" ? .jpeg(quality: 40) : .tiff)
        let other = try ScanSupport.file(bytes, named: "page.\(format)")
        defer { try? FileManager.default.removeItem(at: other) }
        let result = try Scanner.scan([other.path])
        #expect(Self.notes(result.text) == Self.notes(Self.song))
    }

    @Test("a truncated PNG is refused in words")
    func truncated() throws {
        let url = try Self.png("1=C\n1 2 3 4 |\n")
        defer { try? FileManager.default.removeItem(at: url) }
        let bytes = try Array(Data(contentsOf: url))
        let cut = try ScanSupport.file(Array(bytes.prefix(bytes.count / 2)), named: "cut.png")
        defer { try? FileManager.default.removeItem(at: cut) }
        #expect(throws: ScanProblem.self) { try Scanner.scan([cut.path]) }
        do { _ = try Scanner.scan([cut.path]) } catch { #expect(error.message.contains("truncated")) }
    }

    @Test("a PNG whose header says 100000 × 100000 pixels is refused before it is decoded")
    func hugeHeader() throws {
        // A valid header and one tiny IDAT: decoding it would ask for 10 GB.
        func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
            let body = Array(type.utf8) + data
            return bigEndian(UInt32(data.count)) + body + bigEndian(crc32(body))
        }
        let header = bigEndian(100_000) + bigEndian(100_000) + [8, 0, 0, 0, 0]
        let bytes: [UInt8] =
            [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + chunk("IHDR", header)
            + chunk("IDAT", [0x78, 0x9C, 0x03, 0x00, 0x00, 0x00, 0x00, 0x01]) + chunk("IEND", [])
        let url = try ScanSupport.file(bytes, named: "huge.png")
        defer { try? FileManager.default.removeItem(at: url) }
        do {
            _ = try Scanner.scan([url.path])
            Issue.record("a 100000 × 100000 image was read")
        } catch {
            #expect(error.message.contains("100000 × 100000"))
            #expect(error.message.contains("megapixels"))
        }
    }

    @Test("a PDF page that is a picture (no text layer) is read as an image")
    func pictureInPDF() throws {
        let url = try Self.png(Self.song)
        defer { try? FileManager.default.removeItem(at: url) }
        // Leptonica writes the page into a PDF as an image.
        let image = try LeptonicaImage(data: Array(Data(contentsOf: url)), name: "page.png")
        let pdf = try ScanSupport.file(image.pdf(), named: "picture.pdf")
        defer { try? FileManager.default.removeItem(at: pdf) }
        let result = try Scanner.scan([pdf.path])
        #expect(Self.notes(result.text) == Self.notes(Self.song))
    }

    func bigEndian(_ value: UInt32) -> [UInt8] { [UInt8(value >> 24), UInt8(value >> 16 & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF)] }

    func crc32(_ bytes: [UInt8]) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in bytes {
            crc ^= UInt32(byte)
            for _ in 0..<8 { crc = crc & 1 == 1 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
        }
        return ~crc
    }
}
