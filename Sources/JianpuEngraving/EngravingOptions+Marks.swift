extension EngravingOptions.Metrics {
    // Marks a performer reads: over a note, under the part, over the system.
    /// The gap between a note's highest glyph (an octave dot, if any) and the first mark over it, and between two marks.
    var articulationGap: Double { 0.15 * s }
    /// A staccato's wedge (▾): its font.
    var staccatoFont: Font { Font(.music, size: 0.55 * s) }
    /// How far the staccato glyph reaches over its baseline.
    var staccatoHeight: Double { 0.3 * s }
    /// An accent (>) or marcato (^): half its width and its height.
    var accentHalfWidth: Double { 0.22 * s }
    var accentHeight: Double { 0.24 * s }
    /// A tenuto: half its length.
    var tenutoHalfWidth: Double { 0.25 * s }
    /// A staccatissimo's thin wedge: half its width and its height.
    var staccatissimoHalfWidth: Double { 0.06 * s }
    var staccatissimoHeight: Double { 0.28 * s }
    /// A fermata: half its width, its arc's height, and its dot's height over the arc's ends.
    var fermataHalfWidth: Double { 0.32 * s }
    var fermataHeight: Double { 0.3 * s }
    var fermataDotRise: Double { 0.07 * s }
    /// A breath mark (a V over the note's right): its gap after the note, its width, its top over the baseline and its height.
    var breathGap: Double { 0.12 * s }
    var breathWidth: Double { 0.24 * s }
    var breathTop: Double { 1.05 * s }
    var breathHeight: Double { 0.3 * s }
    /// A hairpin: its centre line's height over the dynamics' baseline, its half opening, its gap from a dynamic
    /// it starts or ends at, and the least length of one.
    var hairpinRise: Double { 0.25 * s }
    var hairpinOpening: Double { 0.22 * s }
    var hairpinDynamicGap: Double { 0.15 * s }
    var hairpinEndInset: Double { 0.15 * s }
    /// A rehearsal mark: its font, the room between its letters and its box, and the box's line.
    var rehearsal: Font { Font(.text, size: 0.8 * s, bold: true) }
    var rehearsalPad: Double { 0.12 * s }
    /// The least gap between a rehearsal mark's box and the words under it.
    var rehearsalClearance: Double { 0.1 * s }
    /// A brace joining an instrument's staves: the room it takes left of the music and its width at the widest.
    var braceRoom: Double { 0.6 * s }
    var braceWidth: Double { 0.35 * s }
}
