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
        /// An accidental's size, as a fraction of its digit's.
        var accidentalScale: Double { 0.62 }
        var accidental: Font { Font(.music, size: s * accidentalScale) }
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
        /// The repeat dots' size, and their heights over the baseline.
        var repeatDotRadius: Double { dotRadius * 1.2 }
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

        // An event drawn around its anchor (the centre of its digit on the baseline); heights are over the baseline.
        /// A dash (`-`, a beat held): half its length, its height, and its line's width.
        var dashHalfWidth: Double { 0.3 * s }
        var dashRise: Double { 0.32 * s }
        var dashWidth: Double { lineWidth * 1.2 }
        /// Room a dash keeps clear each side, on top of the least gap between columns.
        var dashClearance: Double { 0.06 * s }
        /// A multibar rest's bar: half its length, its height and its thickness.
        var multibarRestHalfWidth: Double { 1.6 * s }
        var multibarRestRise: Double { 0.35 * s }
        var multibarRestThickness: Double { 0.25 * s }
        /// A percent sign (a bar played again): half its width and height, its stroke, its dots' radius.
        var percentHalfWidth: Double { 0.4 * s }
        var percentRise: Double { 0.36 * s }
        var percentStroke: Double { 0.18 * s }
        var percentDotRadius: Double { 0.08 * s }
        /// The count over a multibar rest: its font and its baseline's height.
        var multibarRestNumber: Font { Font(.music, size: s * 0.8, bold: true) }
        var multibarRestNumberRise: Double { 0.9 * s }
        /// How far a multibar rest reaches over the baseline, its count included.
        var multibarRestAbove: Double { 1.5 * s }
        /// Grace notes: the gap between them and their main note, the gap between two of them, and how far they are raised.
        var graceGap: Double { 0.08 * s }
        var graceSpacing: Double { 0.04 * s }
        var graceRise: Double { 0.45 * s }
        /// How far a lone grace note's underlines reach past its digit.
        var graceUnderlineOverhang: Double { 0.02 * s }
        /// The gap between the figures of a chord stacked one over another (their octave dots come on top of it).
        var figureGap: Double { 0.18 * s }
        /// Room over a figure without high octave dots.
        var figureTopPad: Double { 0.1 * s }
        /// An accidental: its gap before the digit, its baseline's height, and the room left of it.
        var accidentalGap: Double { 0.02 * s }
        var accidentalRise: Double { 0.4 * s }
        var accidentalPad: Double { 0.04 * s }
        /// The gap between a digit's cap height and its first high octave dot.
        var octaveDotGap: Double { 0.2 * s }
        /// Where the low octave dots of an upper figure of a chord start under its baseline.
        var innerLowOctaveDotDrop: Double { 0.2 * s }
        /// The gap between the lowest underline (or the underline's place) and the low octave dots under it.
        var lowOctaveDotGap: Double { 0.06 * s }
        /// Augmentation dots: the first one's gap after the digit, the step to the next, their height,
        /// their size as a multiple of an octave dot's, and the room after the last.
        var augmentationDotGap: Double { 0.22 * s }
        var augmentationDotStep: Double { 0.25 * s }
        var augmentationDotRise: Double { 0.3 * s }
        var augmentationDotScale: Double { 1.1 }
        var augmentationDotPad: Double { 0.05 * s }
        /// The wavy line of a rolled chord: its gap before the chord, how far it reaches under the baseline,
        /// its wave's width and its step up, and the room it takes left of the chord.
        var arpeggioGap: Double { 0.25 * s }
        var arpeggioBelow: Double { 0.1 * s }
        var arpeggioWave: Double { 0.12 * s }
        var arpeggioStep: Double { 0.15 * s }
        var arpeggioRoom: Double { 0.4 * s }

        // The header of a movement, from its top.
        /// The title: its font, its baseline under the header's top, and the room under it.
        var titleFont: Font { Font(.text, size: 1.6 * s, bold: true) }
        var titleDrop: Double { 1.6 * s }
        var titleBelow: Double { 0.5 * s }
        /// The subtitle: its font, its baseline under the title, and the room under it.
        var subtitleFont: Font { Font(.text, size: 0.95 * s) }
        var subtitleDrop: Double { 1.0 * s }
        var subtitleBelow: Double { 0.4 * s }
        /// Composer, arranger and poet at the right: their font and the step from one line to the next.
        var creditFont: Font { Font(.text, size: 0.75 * s) }
        var creditStep: Double { 0.95 * s }
        /// The line of key, meter and tempo: its baseline under the titles, and the room under it (and under the credits).
        var keyLineDrop: Double { 1.6 * s }
        var keyLineBelow: Double { 0.8 * s }
        var creditsBelow: Double { 0.5 * s }
        /// The key (`1=D`): its font and the room after it.
        var keyFont: Font { Font(.music, size: 0.9 * s, bold: true) }
        var keyGap: Double { 0.6 * s }
        /// The meter as a stacked fraction: its font, its numerator's baseline over the line's, its fraction
        /// bar's height over it and reach past the digits, its denominator's baseline under it, and the room after it.
        var meterFont: Font { Font(.music, size: 0.7 * s, bold: true) }
        var meterNumeratorRise: Double { 0.45 * s }
        var meterBarRise: Double { 0.3 * s }
        var meterBarOverhang: Double { 0.1 * s }
        var meterDenominatorDrop: Double { 0.35 * s }
        var meterGap: Double { 0.8 * s }
        /// The tempo as written (`♩=112`).
        var tempoFont: Font { Font(.music, size: 0.8 * s) }

        /// The boxes the collision pass keeps apart: a chord symbol's and a syllable's top over its baseline.
        var chordSymbolAscent: Double { 0.75 * chordSymbol.size }
        var lyricAscent: Double { 0.8 * lyric.size }

        /// The collision pass: a bar number moves up by this step, at most this many times.
        var barNumberStep: Double { 0.25 * s }
        var barNumberMaximumSteps: Double { 12 }
    }
}
