import Foundation
import JianpuCore
import JianpuEngraving
import JianpuNotation
import JianpuPrint

/// Small scores typeset in the test, written to temporary files, for scanning back.
enum ScanSupport {
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
