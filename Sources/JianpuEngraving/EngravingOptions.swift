import JianpuCore

/// How the score is set: paper and the size of the digits.
public struct EngravingOptions: Sendable {
    public var paper: Paper
    /// The digits' font size in points; every other size follows from it.
    public var size: Double
    /// The page margin in points.
    public var margin: Double

    public init(paper: Paper = .a4, size: Double = 15, margin: Double = 40) {
        self.paper = paper
        self.size = size
        self.margin = margin
    }

    /// The sizes the layout takes from the digit size.
    struct Metrics {
        let s: Double
        var capHeight: Double { 0.73 * s }
        var dotRadius: Double { 0.075 * s }
        var octaveStep: Double { 0.22 * s }
        var underlineTop: Double { 0.2 * s }
        var underlineStep: Double { 0.16 * s }
        var lineWidth: Double { 0.065 * s }
        var graceScale: Double { 0.6 }
        var music: Font { Font(.music, size: s) }
        var grace: Font { Font(.music, size: s * graceScale) }
        var accidental: Font { Font(.music, size: s * 0.62) }
        var lyric: Font { Font(.text, size: s * 0.78) }
        var chordSymbol: Font { Font(.text, size: s * 0.8, bold: true) }
        var mark: Font { Font(.text, size: s * 0.72, bold: true, italic: true) }
        var small: Font { Font(.text, size: s * 0.6) }
    }
}

/// A tempo as written above the music: `♩=105`, `♩.=56`.
enum TempoText {
    static func text(of tempo: TempoMark) -> String {
        let beat = tempo.beat
        let symbol: String
        switch (beat.numerator, beat.denominator) {
        case (1, 2): symbol = "𝅗𝅥"
        case (3, 4): symbol = "𝅗𝅥."
        case (1, 8): symbol = "♪"
        case (3, 16): symbol = "♪."
        case (3, 8): symbol = "♩."
        case (1, 1): symbol = "𝅝"
        default: symbol = "♩"
        }
        return "\(symbol)=\(tempo.beatsPerMinute)"
    }
}
