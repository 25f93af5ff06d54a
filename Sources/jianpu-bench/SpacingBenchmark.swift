import Foundation
import JianpuCore
import JianpuEngraving
import JianpuNotation
import JianpuPrint

/// `jianpu-bench --spacing file.jp …`: each file's page measured as `BeatSpacingTests` measures the shipped
/// scores, for `scripts/spacing-check` to set beside LilyPond's page of the same file.
enum SpacingBenchmark {
    /// One line: the worst beat ratio, where, how many gaps, and the least dash clearance in points.
    static func line(for path: String) -> String {
        guard let text = try? String(contentsOfFile: path, encoding: .utf8) else { return "\(path): cannot read" }
        let (score, _) = ScoreParser.parse(text, file: path)
        let engraving = Engraver(options: EngravingOptions(), measure: CairoTextMeasure()).engrave(score)
        let measure = SpacingMeasure(score, engraving: engraving)
        let clearance = measure.leastDashClearance.map { String(format: "%.1f", $0) } ?? "none"
        return "\(path): ratio \(String(format: "%.2f", measure.worstRatio)) (\(measure.worstPlace)) \(measure.gaps) gaps; least dash clearance \(clearance)"
    }
}
