import Foundation
import JianpuCore
import JianpuEngraving
import JianpuPrint
import Testing

/// The PDF read back by poppler (an independent reader): pages, title, text, and ink where the notes are.
@Suite("Engraving drawn as PDF")
struct PDFEngravingTests {
    static func pdf(of name: String, paper: Paper = .a4) throws -> (path: URL, engraving: Engraving) {
        let engraving = EngravingSupport.engrave(try EngravingSupport.shipped(name), options: EngravingOptions(paper: paper))
        let path = EngravingSupport.temporary("\(name).pdf")
        try Data(PDFWriter.data(engraving)).write(to: path)
        return (path, engraving)
    }

    @Test("pdfinfo finds one page per engraved page, the page size and the score's title", arguments: ["bjehp.jp", "minuet-in-g.jp"], [Paper.a4, .letter])
    func pagesAndTitle(name: String, paper: Paper) throws {
        let (path, engraving) = try Self.pdf(of: name, paper: paper)
        defer { try? FileManager.default.removeItem(at: path) }
        let info = try EngravingSupport.run("pdfinfo", [path.path]).output
        #expect(info.contains("Pages:           \(engraving.pages.count)"))
        #expect(info.contains("Title:           \(engraving.title ?? "?")"))
        #expect(info.contains(paper == .a4 ? "595.28 x 841.89 pts" : "612 x 792 pts"))
        #expect(engraving.pages.count >= 1)
        // Several pages are numbered "n / N" at the foot.
        if engraving.pages.count > 1 {
            // pdftotext drops the spaces around the slash.
            let text = try EngravingSupport.run("pdftotext", [path.path, "-"]).output.replacingOccurrences(of: " ", with: "")
            #expect(text.contains("1/\(engraving.pages.count)") && text.contains("\(engraving.pages.count)/\(engraving.pages.count)"))
        }
    }

    @Test("the text can be selected: pdftotext reads the title, the key and the digits")
    func textIsSelectable() throws {
        let (path, engraving) = try Self.pdf(of: "bjehp.jp")
        defer { try? FileManager.default.removeItem(at: path) }
        let text = try EngravingSupport.run("pdftotext", [path.path, "-"]).output
        #expect(text.contains("贝加尔湖畔"))
        #expect(text.contains("1=C"))
        // Every note head and rest is a digit of the text (bar numbers and the meter add more).
        let heads = engraving.pages.flatMap(\.systems).flatMap(\.heads).count
        #expect(text.filter { ("0"..."7").contains($0) }.count >= heads)
    }

    @Test(
        "a title mixing Chinese and Latin is cut into runs, each drawn in the font that has its glyphs",
        arguments: ["茉莉花（练习）", "Two Verses 两段歌词", "Amazing Grace", "贝加尔湖畔"])
    func mixedTitleRuns(title: String) throws {
        let font = Font(.text, size: 18, bold: true)
        let runs = font.runs(of: title)
        #expect(runs.map(\.text).joined() == title)
        for run in runs {
            let cjk = run.text.unicodeScalars.contains(where: Font.isCJK)
            #expect(run.family == (cjk ? Font.cjkFamily : Font.latinFamily), "\(run.text) in \(run.family)")
        }
        // Measured as drawn: the whole is the sum of its runs, each in its own font (the CJK font would measure
        // Latin letters as the width of a box).
        let measure = CairoTextMeasure()
        let sum = runs.reduce(0.0) { $0 + measure.width(of: $1.text, in: font) }
        #expect(abs(measure.width(of: title, in: font) - sum) < 0.01)
    }

    @Test("a mixed title in the PDF: pdftotext reads it whole and both fonts are embedded")
    func mixedTitleInThePDF() throws {
        let score = try EngravingSupport.score("title=Two Verses 两段歌词\n1=C\n4/4\n1 2 3 4 | 5 - - - |\n")
        let engraving = EngravingSupport.engrave(score, options: EngravingOptions())
        let path = EngravingSupport.temporary("mixed-title.pdf")
        defer { try? FileManager.default.removeItem(at: path) }
        try Data(PDFWriter.data(engraving)).write(to: path)
        let text = try EngravingSupport.run("pdftotext", [path.path, "-"]).output
        #expect(text.contains("Two Verses 两段歌词"))
        let fonts = try EngravingSupport.run("pdffonts", [path.path]).output
        #expect(fonts.contains("DejaVuSans-Bold"), "the title's Latin letters are drawn in DejaVu Sans Bold: \(fonts)")
    }

    @Test("a rasterised page has ink at every note head and none in the margins")
    func inkWhereTheNotesAre() throws {
        let (path, engraving) = try Self.pdf(of: "twinkle-twinkle.jp")
        let prefix = EngravingSupport.temporary("page")
        defer {
            try? FileManager.default.removeItem(at: path)
            try? FileManager.default.removeItem(atPath: prefix.path + "-1.pgm")
        }
        // 144 dpi: two pixels per point.
        try EngravingSupport.run("pdftoppm", ["-gray", "-r", "144", "-f", "1", "-l", "1", path.path, prefix.path])
        let image = try GrayImage(path: prefix.path + "-1.pgm")
        let page = try #require(engraving.pages.first)
        let heads = page.systems.flatMap(\.heads)
        #expect(!heads.isEmpty)
        for head in heads {
            #expect(image.darkPixels(in: head, scale: 2) > 4, "no ink at \(head)")
        }
        let margin = Rect(x: 0, y: 0, width: engraving.width, height: 20)
        #expect(image.darkPixels(in: margin, scale: 2) == 0)
    }
}

/// A binary PGM (P5) image as pdftoppm writes it.
struct GrayImage {
    var width: Int, height: Int
    var pixels: [UInt8]

    init(path: String) throws {
        let data = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
        // Header: P5, width, height, maxval, each separated by white space, then one byte per pixel.
        var fields: [Int] = [], index = 2, current = 0, inNumber = false
        while fields.count < 3, index < data.count {
            let byte = data[index]
            if (48...57).contains(byte) {
                current = current * 10 + Int(byte - 48); inNumber = true
            } else if inNumber {
                fields.append(current)
                current = 0
                inNumber = false
            }
            index += 1
        }
        guard fields.count == 3, data.starts(with: Array("P5".utf8)) else { throw EngravingSupport.Failure(description: "not a PGM: \(path)") }
        width = fields[0]
        height = fields[1]
        pixels = Array(data[index...])
    }

    /// How many pixels darker than mid-grey lie in `rect` (in points, `scale` pixels each).
    func darkPixels(in rect: Rect, scale: Double) -> Int {
        var count = 0
        for y in max(0, Int(rect.y * scale))..<min(height, Int(rect.maxY * scale)) {
            for x in max(0, Int(rect.x * scale))..<min(width, Int(rect.maxX * scale)) where pixels[y * width + x] < 128 { count += 1 }
        }
        return count
    }
}
