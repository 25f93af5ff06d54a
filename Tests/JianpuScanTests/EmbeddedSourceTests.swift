import Foundation
import JianpuCore
import JianpuEngraving
import JianpuPrint
import JianpuScan
import JianpuScanIO
import Testing

/// Our own outputs come back exactly: the text typeset embeds, read back without recognition.
@Suite("Embedded source")
struct EmbeddedSourceTests {
    static let awkward = "title=Tom & Jerry <\"quoted\"> 'x'\r\n1=D\n4/4\n1 2 3 4 | 5 - - - |\n% 贝加尔湖畔 — ]]> &amp; </metadata>\n"

    @Test("the SVG element gives back every character, carriage returns and markup included")
    func svgRoundTrip() throws {
        let element = EmbeddedSource.svgElement(Self.awkward)
        #expect(!element.contains("\r"))
        let back = try EmbeddedSource.fromMarkup(Array("<svg>\(element)</svg>".utf8))
        #expect(back == Self.awkward)
    }

    @Test("text XML cannot carry goes as base64 and comes back")
    func base64RoundTrip() throws {
        let text = "1=C\n1 2\u{1}3 \u{B}4\n"
        let element = EmbeddedSource.svgElement(text)
        #expect(element.contains("data-encoding=\"base64\""))
        #expect(try EmbeddedSource.fromMarkup(Array(element.utf8)) == text)
        for sample in ["", "a", "ab", "abc", "abcd", "贝加尔"] {
            #expect(Base64.decode(Array(Base64.encode(Array(sample.utf8)).utf8)) == Array(sample.utf8))
        }
    }

    @Test("a copy cut short or damaged is refused in words, not given back wrong")
    func damaged() throws {
        let element = EmbeddedSource.svgElement("1=C\n1 2 3 4\n")
        let cut = element.replacingOccurrences(of: "2 3", with: "2")
        #expect(throws: EmbeddedSource.Problem.lengthMismatch(expected: 12, found: 10)) { try EmbeddedSource.fromMarkup(Array(cut.utf8)) }
        let huge = "<metadata id=\"jianpu-source\" data-encoding=\"text\" data-bytes=\"999999999\">x</metadata>"
        #expect(throws: EmbeddedSource.Problem.tooLarge(999_999_999)) { try EmbeddedSource.fromMarkup(Array(huge.utf8)) }
        #expect(try EmbeddedSource.fromMarkup(Array("<svg></svg>".utf8)) == nil)
    }

    @Test("a typeset PDF carries the text as an embedded file that poppler and pdfdetach read")
    func pdfRoundTrip() throws {
        let url = try ScanSupport.pdf(Self.awkward, embedding: true)
        defer { try? FileManager.default.removeItem(at: url) }
        let result = try Scanner.scan([url.path])
        #expect(result.method == .embedded)
        #expect(result.text == Self.awkward)
        let listing = Process()
        listing.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        listing.arguments = ["pdfdetach", "-list", url.path]
        let pipe = Pipe()
        listing.standardOutput = pipe
        try listing.run()
        listing.waitUntilExit()
        let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        #expect(output.contains(EmbeddedSource.attachmentName))
    }

    @Test("SVG and the HTML page give their text back")
    func svgAndHTML() throws {
        let engraving = try ScanSupport.engrave(Self.awkward)
        var svg = ""
        var stream = SVGWriter.Stream(source: Self.awkward) { (text: String) in svg += text }
        try stream.begin(engraving, pageCount: engraving.pages.count)
        for (index, page) in engraving.pages.enumerated() { try stream.write(page, index: index) }
        try stream.end(engraving)
        let svgFile = try ScanSupport.file(Array(svg.utf8), named: "score.svg")
        defer { try? FileManager.default.removeItem(at: svgFile) }
        #expect(try Scanner.scan([svgFile.path]).text == Self.awkward)
        var html = ""
        var page = HTMLPage.Stream(source: Self.awkward) { (text: String) in html += text }
        try page.begin(engraving, pageCount: engraving.pages.count)
        for (index, one) in engraving.pages.enumerated() { try page.write(one, index: index) }
        try page.end(engraving)
        let htmlFile = try ScanSupport.file(Array(html.utf8), named: "score.html")
        defer { try? FileManager.default.removeItem(at: htmlFile) }
        #expect(try Scanner.scan([htmlFile.path]).text == Self.awkward)
    }
}
