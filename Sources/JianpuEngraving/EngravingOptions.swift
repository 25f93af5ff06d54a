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

        // Horizontal room in a block.
        /// Room after a block's opening bar line, before its first column's glyphs (the least gap comes on top).
        var blockStartPad: Double { 0.25 * s }
        /// Room after a block's last column's glyphs, before its closing bar line.
        var blockEndPad: Double { 0.25 * s }
        /// More room beside a bar line that has repeat dots and a thick line.
        var repeatSignRoom: Double { 0.7 * s }
        /// Room between a part's bar line inside a block and the glyphs before it.
        var innerLineBefore: Double { 0.3 * s }
        /// Room between a part's bar line inside a block and the glyphs after it.
        var innerLineAfter: Double { 0.45 * s }
        /// More room between the underlined notes of two beats, so that their underlines do not run together.
        var beatGap: Double { 0.2 * s }
        /// Room each side of a syllable, so neighbouring syllables of a verse never touch.
        var syllablePad: Double { 0.15 * s }
        /// How far a chord symbol starts before its column, and the room after it.
        var chordSymbolLead: Double { 0.3 * s }
        var chordSymbolTrail: Double { 0.1 * s }
        /// Room a multibar rest's span has beyond its bar and number.
        var multibarRestRoom: Double { s }

        // Vertical rows of a part, from the top.
        /// The chord symbols' row over the first part, and its baseline in it.
        var chordRow: Double { 1.15 * s }
        var chordBaselineInRow: Double { 0.85 * s }
        /// The row of marks (bar numbers, endings, jumps, words over the notes), and its baseline in it.
        var markRow: Double { 0.9 * s }
        var markBaselineInRow: Double { 0.75 * s }
        /// What stands for the row of marks in a lower part that has none.
        var unmarkedRow: Double { 0.2 * s }
        /// Room between the marks and the highest glyph of the notes (ties and tuplet numbers go in it).
        var headroom: Double { 0.45 * s }
        /// The rows under the notes: dynamics, each verse of lyrics, `_"…"` words.
        var dynamicRow: Double { 0.95 * s }
        var lyricRow: Double { 1.15 * s }
        var wordsRow: Double { 1.1 * s }
        /// Room under a part's last row, between parts of a system, and between systems.
        var partBottomPad: Double { 0.3 * s }
        var partGap: Double { 0.2 * s }
        var systemGap: Double { 0.9 * s }
        /// How far a bar number over an ending that starts a system is raised, clear of its label.
        var voltaBarNumberLift: Double { 0.95 * s }
        /// The collision pass: a bar number moves up by this step, at most this many times.
        var barNumberStep: Double { 0.25 * s }
        var barNumberMaximumSteps: Double { 12 }
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
