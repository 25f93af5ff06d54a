import JianpuCore

/// How many notes of a part take a syllable, counted as `LyricPlacement` sings them: struck notes in written
/// order, a note tied from the one before and a note under a slur after its first singing none.
///
/// `check` compares it with each verse's syllables: syllables past the last sung note are never sung, and
/// LilyPond (behind jianpu-ly) drops them without a word.
struct SungNoteCount: MusicWalker {
    private(set) var count = 0
    private var placement = LyricPlacement()
    private let slurStarts: [SourceLocation: Int]
    private let slurEnds: [SourceLocation: Int]
    /// The pitches a `~` carries on to the next note.
    private var tiedPitches: [Pitch] = []
    private var lastPitches: [Pitch] = []

    init(_ items: [MusicItem], slurs: [Slur]) {
        var starts: [SourceLocation: Int] = [:], ends: [SourceLocation: Int] = [:]
        for slur in slurs {
            starts[slur.start, default: 0] += 1
            ends[slur.end, default: 0] += 1
        }
        (slurStarts, slurEnds) = (starts, ends)
        walk(items)
    }

    mutating func visitNote(_ note: Note, ratio: WholeNotes) {
        let isTied = !note.isRest && note.pitches.contains { tiedPitches.contains($0) }
        tiedPitches = []
        if placement.takesSyllable(
            isStruck: !note.isRest && !isTied, slurStarts: slurStarts[note.location] ?? 0,
            slurEnds: slurEnds[note.location] ?? 0)
        {
            count += 1
        }
        lastPitches = note.pitches
    }

    mutating func visitTie(at location: SourceLocation) {
        tiedPitches = lastPitches
    }
}
