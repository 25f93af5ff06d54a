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
        /// Lines of text stacked over or under a note (jumps, words) are this far apart.
        var stackedTextStep: Double { 0.9 * s }

        // Ending brackets, from the row of marks.
        /// How far the bracket's line is over the marks' baseline, and its hooks' length down.
        var voltaHeight: Double { 0.75 * s }
        var voltaHook: Double { 0.7 * s }
        /// Its start after the bar's line, and its end before the next.
        var voltaStartInset: Double { 0.1 * s }
        var voltaEndInset: Double { 0.2 * s }
        /// Where its label (`1.`) starts after the bar's line, and its baseline under the bracket.
        var voltaLabelInset: Double { 0.25 * s }
        var voltaLabelDrop: Double { 0.65 * s }

        // Bar lines, around a part's baseline.
        /// How far a bar line reaches over the digits' cap height, and under the baseline.
        var barLineAbove: Double { 0.3 * s }
        var barLineBelow: Double { 0.35 * s }
        /// The width of a thick (final or repeat) line.
        var thickLineWidth: Double { 0.22 * s }
        /// From a bar's edge: its thick line, its thin line beside a thick one, and its repeat dots.
        var thickLineInset: Double { 0.1 * s }
        var thinLineInset: Double { 0.35 * s }
        var repeatDotInset: Double { 0.6 * s }
        /// The gap between the two thin lines of a double bar line.
        var doubleLineGap: Double { 0.2 * s }
        /// The repeat dots' heights over the baseline.
        var repeatDotHigh: Double { 0.55 * s }
        var repeatDotLow: Double { 0.1 * s }
        /// How far an underline reaches past the digits it joins.
        var underlineOverhang: Double { 0.03 * s }

        // The bracket of a system of several parts, and the parts' names.
        /// The room the bracket takes left of the music, where its line is, its width and its hooks' length.
        var bracketRoom: Double { 0.7 * s }
        var bracketInset: Double { 0.45 * s }
        var bracketWidth: Double { 0.18 * s }
        var bracketHook: Double { 0.4 * s }
        /// How far it reaches over the first part's digits and under the last part's baseline.
        var bracketAbove: Double { 0.4 * s }
        var bracketBelow: Double { 0.5 * s }
        /// Where a part's name ends left of the system, how far under its baseline it sits, and the room after it.
        var partNameInset: Double { 0.8 * s }
        var partNameDrop: Double { 0.2 * s }
        var partNamePad: Double { 0.5 * s }
        /// Room at the edge of a piece of a bar cut over two systems, and after a block's last glyphs.
        var cutPad: Double { 0.3 * s }

        // Signs that join notes.
        /// How far a verse's number (`1.`) ends before its first syllable.
        var stanzaGap: Double { 0.4 * s }
        /// The least room a hyphen needs beyond its own width between two syllables; with less it is left out.
        var hyphenRoom: Double { 0.1 * s }
        /// How far a slur and a tie sit over the highest glyph of their notes (a slur higher, so a tie under it shows).
        var slurLift: Double { 0.45 * s }
        var tieLift: Double { 0.15 * s }
        /// An arc's height, and how far its ends are in from its notes' centres.
        var arcHeight: Double { 0.3 * s }
        var arcInset: Double { 0.1 * s }
        /// Where an arc continued from the system before starts, left of the system.
        var arcContinuation: Double { 0.3 * s }
        /// A tuplet's number: its size, and its baseline over the group's highest glyph.
        var tupletNumber: Font { Font(.music, size: s * 0.6, italic: true) }
        var tupletNumberLift: Double { 0.15 * s }
        /// A tuplet's bracket: its height over the highest glyph, its hooks, and the gap each side of its number.
        var tupletBracketLift: Double { 0.4 * s }
        var tupletBracketHook: Double { 0.25 * s }
        var tupletNumberGap: Double { 0.3 * s }

        /// The collision pass: a bar number moves up by this step, at most this many times.
        var barNumberStep: Double { 0.25 * s }
        var barNumberMaximumSteps: Double { 12 }
    }
}
