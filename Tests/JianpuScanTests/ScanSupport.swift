import Foundation
import JianpuCore
import JianpuEngraving
import JianpuNotation
import JianpuPrint
import JianpuScan

/// Small scores typeset in the test, written to temporary files, for scanning back.
enum ScanSupport {
    /// A page of one row in 4/4 whose second bar has three beats (`5 6 5`), built by hand: the typesetter bars by
    /// the meter, so no page it draws carries a bar that does not add up.
    static func pageWithShortSecondBar() -> ScannedPage {
        func bar(_ degrees: [Int], at x: Double) -> ScannedBar {
            let symbols = degrees.enumerated().map { ScannedSymbol(.digit($1), box: Box(x: x + Double($0) * 20, y: 100, width: 9, height: 17)) }
            return ScannedBar(box: Box(x: x, y: 100, width: 80, height: 17), symbols: symbols)
        }
        var page = ScannedPage(number: 1, width: 595, height: 842)
        page.heading.key = "C"
        page.heading.meter = (4, 4)
        page.systems = [
            ScannedSystem(rows: [
                ScannedRow(
                    box: Box(x: 0, y: 100, width: 400, height: 17),
                    bars: [bar([1, 2, 3, 4], at: 0), bar([5, 6, 5], at: 100), bar([1, 2, 3, 4], at: 200)])
            ])
        ]
        return page
    }

    struct Failure: Error, CustomStringConvertible { var description: String }

    /// The engraving of jianpu `text`.
    static func engrave(_ text: String) throws -> Engraving {
        let (score, diagnostics) = ScoreParser.parse(text, file: "test.jp")
        if let error = diagnostics.first(where: { $0.severity == .error }) { throw Failure(description: error.description) }
        return Engraver(options: EngravingOptions(), measure: CairoTextMeasure()).engrave(score)
    }

    /// A temporary file holding `bytes`.
    static func file(_ bytes: [UInt8], named name: String) throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("\(UUID().uuidString)-\(name)")
        try Data(bytes).write(to: url)
        return url
    }

    /// The PDF of jianpu `text`, with its text embedded or not, in a temporary file.
    static func pdf(_ text: String, embedding: Bool) throws -> URL {
        try file(PDFWriter.data(engrave(text), source: embedding ? text : nil), named: "score.pdf")
    }
}
