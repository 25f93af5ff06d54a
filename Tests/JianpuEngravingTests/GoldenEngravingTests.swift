import Foundation
import JianpuEngraving
import Subprocesses
import Testing

/// The shipped scores' SVG against golden files (regenerate with JIANPU_UPDATE_GOLDEN=1 after a deliberate change).
@Suite("Golden engravings of the shipped scores")
struct GoldenEngravingTests {
    static let golden = EngravingSupport.packageRoot.appendingPathComponent("Tests/JianpuEngravingTests/Golden")

    @Test("each shipped score typesets to its golden SVG", arguments: EngravingSupport.shippedScores)
    func shippedScoreMatchesGolden(name: String) throws {
        let svg = SVGWriter.svg(EngravingSupport.engrave(try EngravingSupport.shipped(name)))
        let file = Self.golden.appendingPathComponent(name.replacingOccurrences(of: ".jp", with: ".svg"))
        let expected = try Golden.expected(svg, in: file)
        #expect(svg == expected, "\(name) differs from its golden SVG: compare with \(file.path)")
    }
}
