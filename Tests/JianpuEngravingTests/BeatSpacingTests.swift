import Foundation
import JianpuCore
import JianpuEngraving
import JianpuPrint
import Testing

/// Time read by eye: a part's beats equally wide within a system, and no dash against the next glyph.
///
/// The bound is LilyPond's: on the same songs (jianpu-ly's output rendered, `scripts/spacing-check`), the
/// widest beat of a part in a line is up to 1.7 times its narrowest within a bar (bjehp bar 2, `4̇ – – –`
/// against quavers) and more where semiquavers come; our pages stay within `ratioBound`.
@Suite("Spacing by time")
struct BeatSpacingTests {
    /// The widest beat gap of a part in a system over its narrowest, at most.
    static let ratioBound = 1.5
    /// The least room between a dash and the next glyph of its row, in digits (`EngravingOptions.size`).
    static let dashClearance = 0.2

    @Test("in every shipped score, a part's beats in a system are evenly spaced and dashes keep clear",
          arguments: EngravingSupport.shippedScores)
    func shippedScoresSpaced(name: String) throws {
        let score = try EngravingSupport.shipped(name)
        let options = EngravingOptions()
        let measure = SpacingMeasure(score, engraving: EngravingSupport.engrave(score, options: options))
        print("spacing: \(name): beat ratio \(measure.worstRatio) (\(measure.worstPlace)), \(measure.gaps) gaps; dash clearance \(measure.leastDashClearance ?? -1) (\(measure.leastDashPlace))")
        #expect(measure.gaps > 0)
        #expect(measure.worstRatio <= Self.ratioBound, "\(name): \(measure.worstPlace)")
        if let least = measure.leastDashClearance {
            #expect(least >= Self.dashClearance * options.size, "\(name): \(measure.leastDashPlace)")
        }
    }
}
