import Foundation
import JianpuCore
import JianpuEngraving
import JianpuPrint
import Testing

/// Time read by eye: a part's beats equally wide within a system, and no dash against the next glyph.
///
/// The bound is LilyPond's: on the same songs (jianpu-ly's output rendered, `scripts/spacing-check`), the
/// widest beat of a part in a line within a bar is up to 1.62 (Twinkle) to 2.60 (Frère Jacques) times its
/// narrowest, 2.01 on bjehp (bar 2, `4̇ – – –` against quavers). Ours is held under each score's LilyPond
/// figure and under `ratioBound` everywhere; where a line is crammed to keep the page count LilyPond gives
/// (bjehp on one page) glyph widths decide, and it comes close to LilyPond's.
@Suite("Spacing by time")
struct BeatSpacingTests {
    /// The widest beat gap of a part in a system over its narrowest, at most.
    static let ratioBound = 2.0
    /// LilyPond's figure for each shipped score, from `scripts/spacing-check`.
    static let lilypond: [String: Double] = [
        "amazing-grace.jp": 1.94, "bjehp.jp": 2.01, "brahms-lullaby.jp": 1.85, "frere-jacques.jp": 2.60, "greensleeves.jp": 1.14,
        "minuet-in-g.jp": 2.14, "ode-to-joy.jp": 1.72, "row-your-boat.jp": 1.68, "twinkle-twinkle.jp": 1.62,
    ]
    /// The least room between a dash and the next glyph of its row, in digits (`EngravingOptions.size`).
    static let dashClearance = 0.2

    @Test(
        "in every shipped score, a part's beats in a system are evenly spaced and dashes keep clear",
        arguments: EngravingSupport.shippedScores)
    func shippedScoresSpaced(name: String) throws {
        let score = try EngravingSupport.shipped(name)
        let options = EngravingOptions()
        let measure = SpacingMeasure(score, engraving: EngravingSupport.engrave(score, options: options))
        print("spacing: \(name): beat ratio \(measure.worstRatio) (\(measure.worstPlace)), \(measure.gaps) gaps; dash clearance \(measure.leastDashClearance ?? -1) (\(measure.leastDashPlace))")
        #expect(measure.gaps > 0)
        // LilyPond's own figure within 5%: the Minuet, set tighter to keep the one page LilyPond gives it (its first
        // line gives room to `Acoustic Grand Piano`), holds 7 bars a line at our size, and its quaver bars with sharps
        // keep their glyphs' width beside crotchet bars (2.21 against LilyPond's 2.14, which sets 8 to 10 bars a line smaller).
        let lilypond = (Self.lilypond[name] ?? Self.ratioBound) * 1.05
        #expect(measure.worstRatio <= max(Self.ratioBound, lilypond), "\(name): \(measure.worstPlace)")
        // Never above LilyPond's on the same song, but for a song LilyPond spaces almost evenly itself (Greensleeves, 1.14).
        #expect(measure.worstRatio <= max(lilypond, 1.25), "\(name): \(measure.worstPlace)")
        if let least = measure.leastDashClearance {
            #expect(least >= Self.dashClearance * options.size, "\(name): \(measure.leastDashPlace)")
        }
    }

    @Test(
        "in every shipped score of several parts, every part has a row (its bar lines) in every system",
        arguments: EngravingSupport.shippedScores)
    func everyPartInEverySystem(name: String) throws {
        let score = try EngravingSupport.shipped(name)
        let parts = score.movements.map(\.parts.count).max() ?? 1
        guard parts > 1 else { return }
        let engraving = EngravingSupport.engrave(score)
        for (index, page) in engraving.pages.enumerated() {
            for (number, system) in page.systems.enumerated() {
                let rect = system.rect
                let tops = Set(
                    page.glyphs.filter { $0.role == .barLine && rect.y - 1 <= $0.at.y && $0.at.y <= rect.y + rect.height }
                        .map { ($0.at.y * 10).rounded() })
                #expect(tops.count == parts, "\(name) page \(index + 1) system \(number + 1): \(tops.count) rows of \(parts)")
            }
        }
    }
}
