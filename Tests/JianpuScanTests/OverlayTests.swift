import Foundation
import JianpuCore
import JianpuScanIO
import Testing

@testable import JianpuScan

/// `scan --overlay`: the page with what was read drawn over it, bar by bar.
@Suite("Scan overlay")
struct OverlayTests {
    /// How many times `needle` occurs in `text`.
    static func count(_ needle: String, in text: String) -> Int { text.components(separatedBy: needle).count - 1 }

    @Test("an overlay of a typeset page has its picture, one box per bar and the text of each bar")
    func typesetPage() throws {
        let url = try ScanSupport.pdf("1=D\n4/4\n1 2 3 4 | 5 - - - | q1 q2 q3 q4 5 6 | 1' - - - |\n", embedding: false)
        defer { try? FileManager.default.removeItem(at: url) }
        let (result, pictures) = try Scanner.scan([url.path], pictureWidth: Scanner.overlayPictureWidth)
        #expect(result.bars.map(\.text) == ["1 2 3 4", "5 - - -", "q1 q2 q3 q4 5 6", "1' - - -"])
        #expect(result.bars.map(\.number) == [1, 2, 3, 4])
        #expect(result.bars.allSatisfy { $0.addsUp })
        let picture = try #require(pictures.first?.picture)
        #expect(pictures.count == 1)
        #expect(picture.starts(with: [0x89, 0x50, 0x4E, 0x47]))
        let svg = ScanOverlay.svg(pictures, bars: result.bars)
        #expect(svg.contains("href=\"data:image/png;base64,iVBORw0KGgo"))
        #expect(Self.count("<g class=\"bar\"", in: svg) == 4)
        #expect(Self.count("<rect x=", in: svg) == 4)
        #expect(svg.contains(">q1 q2 q3 q4 5 6</text>"))
        #expect(svg.contains(">1' - - -</text>"))
        #expect(!svg.contains("unsound\""))
        // Each box holds its bar's digits.
        let bars = try #require(result.pages.first?.systems.first?.rows.first?.bars)
        for (read, bar) in zip(result.bars, bars) {
            #expect(read.box == bar.box)
        }
        let html = ScanOverlay.html(pictures, bars: result.bars, title: "score.pdf")
        #expect(html.hasPrefix("<!DOCTYPE html>"))
        #expect(html.contains("every bar adds up"))
        #expect(Self.count("<g class=\"bar\"", in: html) == 4)
    }

    @Test("the picture of a page image is at most the overlay's width, and its bars are drawn over it")
    func pageImage() throws {
        let pdf = try ScanSupport.pdf("1=C\n4/4\n1 2 3 4 | 5 6 7 1' |\n", embedding: false)
        defer { try? FileManager.default.removeItem(at: pdf) }
        // Drawn at 300 dpi: wider than the overlay's picture, which is scaled down.
        let document = try PopplerDocument(data: Array(Data(contentsOf: pdf)), name: "score.pdf")
        let page = try #require(document.page(0))
        let png = try LeptonicaImage(grey: try page.grey(scale: 300.0 / 72)).encoded(.png)
        let url = try ScanSupport.file(png, named: "page.png")
        defer { try? FileManager.default.removeItem(at: url) }
        let (result, pictures) = try Scanner.scan([url.path], pictureWidth: 600)
        let picture = try #require(pictures.first?.picture)
        let decoded = try LeptonicaImage(data: picture, name: "picture.png")
        #expect(decoded.width == 600)
        #expect(result.bars.map(\.text) == ["1 2 3 4", "5 6 7 1'"])
        let svg = ScanOverlay.svg(pictures, bars: result.bars)
        #expect(Self.count("<g class=\"bar\"", in: svg) == 2)
    }

    @Test("a bar whose beats do not add up is drawn in red, the others not")
    func unsoundBar() throws {
        let result = ScoreAssembler.score([ScanSupport.pageWithShortSecondBar()])
        #expect(result.bars.map(\.addsUp) == [true, false, true])
        #expect(result.bars[1].text == "5 6 5")
        let svg = ScanOverlay.svg([OverlayPage(number: 1, width: 595, height: 842, picture: nil)], bars: result.bars)
        #expect(Self.count("<g class=\"bar unsound\"", in: svg) == 1)
        #expect(svg.contains("<g class=\"bar unsound\" data-bar=\"2\""))
        #expect(Self.count("<g class=\"bar\"", in: svg) == 2)
        let html = ScanOverlay.html([OverlayPage(number: 1, width: 595, height: 842, picture: nil)], bars: result.bars, title: "<page>")
        #expect(html.contains("1 do not add up (red): page 1, bar 2"))
        #expect(html.contains("<title>&lt;page&gt;</title>"))
    }

    @Test("every bar's text on a page is set at one size, from its shortest bar, so a tall row of chords gets no larger text")
    func oneTextSizePerPage() {
        let melody = ReadBar(page: 1, system: 1, part: 1, number: 1, box: Box(x: 40, y: 100, width: 200, height: 12), text: "1 2 3 4", addsUp: true)
        let chords = ReadBar(page: 1, system: 1, part: 2, number: 1, box: Box(x: 40, y: 130, width: 200, height: 40), text: "135 - 5,7,2 -", addsUp: true)
        let svg = ScanOverlay.svg([OverlayPage(number: 1, width: 595, height: 842, picture: nil)], bars: [melody, chords])
        #expect(Self.count(#"class="read" x="39" y="98.2" font-size="4.8""#, in: svg) == 1)
        #expect(Self.count(#"class="read" x="39" y="128.2" font-size="4.8""#, in: svg) == 1)
    }

    @Test("the overlay is never one of the inputs, and is named .svg or .html")
    func refusesToOverwriteTheInput() throws {
        // The SVG `typeset` writes is an input `scan` reads; an overlay by its name would destroy it.
        let input = try ScanSupport.file(Array("<svg xmlns=\"http://www.w3.org/2000/svg\"/>".utf8), named: "score.svg")
        defer { try? FileManager.default.removeItem(at: input) }
        #expect(throws: ScanProblem.self) { try Scanner.overlayTarget(input.path, inputs: [input.path]) }
        // Another name for the same file is the same file.
        let link = input.deletingLastPathComponent().appendingPathComponent("\(UUID().uuidString)-link.svg")
        try FileManager.default.createSymbolicLink(at: link, withDestinationURL: input)
        defer { try? FileManager.default.removeItem(at: link) }
        #expect(throws: ScanProblem.self) { try Scanner.overlayTarget(link.path, inputs: [input.path]) }
        #expect(try String(contentsOf: input, encoding: .utf8) == "<svg xmlns=\"http://www.w3.org/2000/svg\"/>")
        #expect(throws: ScanProblem.self) { try Scanner.overlayTarget("read.txt", inputs: [input.path]) }
        let fine = try Scanner.overlayTarget(input.deletingLastPathComponent().appendingPathComponent("read.HTML").path, inputs: [input.path])
        #expect(fine.format == .html)
    }

    @Test("base64 is RFC 4648's, padded")
    func base64() {
        #expect(ScanOverlay.base64(Array("".utf8)) == "")
        #expect(ScanOverlay.base64(Array("f".utf8)) == "Zg==")
        #expect(ScanOverlay.base64(Array("fo".utf8)) == "Zm8=")
        #expect(ScanOverlay.base64(Array("foobar".utf8)) == "Zm9vYmFy")
    }
}
