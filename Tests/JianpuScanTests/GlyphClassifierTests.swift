import Foundation
import Testing

@testable import JianpuScan

/// The glyph classifier run in Swift: its committed weights load, and it tells drawn shapes apart.
@Suite("Glyph classifier")
struct GlyphClassifierTests {
    /// A bitmap `width` × `height` with ink where `ink(x, y)` says.
    static func bitmap(_ width: Int, _ height: Int, ink: (Int, Int) -> Bool) -> InkBitmap {
        var pixels = [UInt8](repeating: 0, count: width * height)
        for y in 0..<height { for x in 0..<width where ink(x, y) { pixels[y * width + x] = 255 } }
        return InkBitmap(width: width, height: height, scale: 300.0 / 72, pixels: pixels)
    }

    @Test("the committed weights load, with the classes scripts/train-scan writes")
    func weights() throws {
        let classifier = try #require(GlyphClassifier.trained)
        #expect(classifier.classes.count == 21)
        #expect(classifier.classes.contains("7") && classifier.classes.contains("♮") && classifier.classes.contains("other"))
    }

    @Test("malformed weights are refused, not run")
    func malformed() {
        #expect(GlyphClassifier(base64: "AAAA", classes: ["a"], side: 16) == nil)
        #expect(GlyphClassifier(base64: "not base64 at all!", classes: ["a"], side: 16) == nil)
    }

    @Test("a filled dot and a long thin line are no characters")
    func marks() throws {
        let classifier = try #require(GlyphClassifier.trained)
        let dot = Self.bitmap(12, 12) { x, y in (x - 6) * (x - 6) + (y - 6) * (y - 6) <= 25 }
        #expect(classifier.classify(dot, x: 0, y: 0, width: 12, height: 12).label == "other")
        let line = Self.bitmap(120, 5) { _, _ in true }
        #expect(classifier.classify(line, x: 0, y: 0, width: 120, height: 5).label == "other")
    }

    @Test("the features keep the aspect: a tall stroke fills the middle columns only")
    func features() throws {
        let classifier = try #require(GlyphClassifier.trained)
        let stroke = Self.bitmap(8, 64) { _, _ in true }
        let cells = classifier.features(stroke, x: 0, y: 0, width: 8, height: 64)
        #expect(cells.count == 16 * 16 + 1)
        #expect(cells[0] == 0 && cells[7] == 1 && cells[8] == 1 && cells[15] == 0)
        #expect(cells[256] == Float(log(8.0 / 64.0) / 3))
    }
}
