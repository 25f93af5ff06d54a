/// Which notes a verse's syllables are sung on, as LilyPond's `\lyricsto` decides for jianpu-ly's output: one
/// syllable to each struck note, in written order, except that a note tied from the one before, and a note
/// under a slur after the slur's first, continue the syllable before (a melisma). Rests, dashes, grace notes and
/// bars of rest take none; the caller hands only struck notes and the slur ends of every note.
///
/// Slurs do not nest: as in LilyPond, a slur opened while one is open is ignored, and so is the end that has
/// no slur open, so `1 ( 2 ( 3 ) 4 )` sings a melisma over 2 and 3 only.
public struct LyricPlacement: Sendable, Hashable {
    /// Whether a slur is open after the last note handed in.
    public private(set) var inSlur = false
    /// The open slur started on grace notes after the last note: the next note still takes a syllable.
    private var openedOnGrace = false

    public init() {}

    /// Whether the note, read in written order, takes the next syllable; `slurStarts`/`slurEnds` count the slurs
    /// written as starting and ending at it (a rest's count too, so a slur opened on a rest holds).
    ///
    /// Slurs may also start or end on the note's grace notes (`graceBefore`, `graceAfter`: the slurs starting and
    /// ending at each, in written order). A slur that starts on a grace note before the note still lets the note
    /// take a syllable, and one that ends there has ended before it, as LilyPond sings `\grace g8( c4 d4)`; so
    /// does the note after grace notes that follow a note (`\afterGrace c4 { d16( } e4)` sings on c and e).
    public mutating func takesSyllable(
        isStruck: Bool, slurStarts: Int, slurEnds: Int,
        graceBefore: [(starts: Int, ends: Int)] = [], graceAfter: [(starts: Int, ends: Int)] = []
    ) -> Bool {
        for grace in graceBefore {
            if grace.ends > 0 { inSlur = false; openedOnGrace = false }
            if grace.starts > 0, !inSlur { inSlur = true; openedOnGrace = true }
        }
        let sung = isStruck && (!inSlur || openedOnGrace)
        if slurEnds > 0 { inSlur = false }
        if slurStarts > 0 { inSlur = true }
        openedOnGrace = false
        for grace in graceAfter {
            if grace.ends > 0 { inSlur = false; openedOnGrace = false }
            if grace.starts > 0, !inSlur { inSlur = true; openedOnGrace = true }
        }
        return sung
    }
}
