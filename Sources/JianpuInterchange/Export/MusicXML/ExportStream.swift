import JianpuCore
import JianpuNotation
import JianpuPerformance

/// A pitch as staff notation spells it: a letter, its alteration and its octave.
struct SpelledPitch: Hashable {
    var step: NoteName.Letter
    var alter: Int
    var octave: Int
    var midiNumber: Int
}

/// One written note, chord or rest of a part, its dashes merged in: what becomes one or more `<note>`s.
struct ExportNote {
    /// From the lowest up; empty for a rest.
    var pitches: [SpelledPitch]
    /// The time it takes (written length scaled by the tuplets around it, dashes included).
    var length: WholeNotes
    /// The product of the enclosing tuplets' ratios (1 outside any).
    var ratio: WholeNotes = .whole
    /// The written (actual, normal) pair of the enclosing tuplets (multiplied when nested), when there are some.
    var tuplet: (actual: Int64, normal: Int64)?
    /// Tuplet brackets (1 outermost) that start and stop on this note.
    var tupletStarts: [Int] = []
    var tupletStops: [Int] = []
    /// The enclosing tuplets by number in the part: a dash joins a note only inside the same ones.
    var tupletPath: [Int] = []
    /// MIDI numbers tied from the note before and on to the next.
    var tiedFromPrevious: Set<Int> = []
    var tiedToNext: Set<Int> = []
    /// The note follows a `~` (the typeset page does not strike it again, nor sing on it).
    var followsTie = false
    /// Made from a dash that could not join the note before it: it continues that note.
    var isContinuation = false
    var graceBefore: [GraceChord] = []
    var graceAfter: [GraceChord] = []
    var lyrics: [ExportSyllable] = []
    var dynamic: String?
    var wordsAbove: [String] = []
    var wordsBelow: [String] = []
    var slurStarts = 0
    var slurStops = 0
    var arpeggio: Note.Arpeggio?
    /// Fermatas, breath marks and articulations over it, rehearsal marks before it, and the hairpin starting
    /// at it (true: a crescendo) and how many end at it, as the written score dresses its events (a dash's go to its note).
    var articulations: [Articulation] = []
    var rehearsalMarks: [String] = []
    var hairpinStart: Bool?
    var hairpinStops = 0
    /// `R*N`: whole bars of rest.
    var multibarRest: Int?
    var location: SourceLocation

    var isRest: Bool { pitches.isEmpty }
}

/// A grace note or grace chord, with its written length.
struct GraceChord {
    var pitches: [SpelledPitch]
    var written: WholeNotes
}

/// A syllable of one verse on a note.
struct ExportSyllable {
    enum Syllabic: String { case single, begin, middle, end }
    var verse: Int
    var text: String
    var syllabic: Syllabic
    /// A melisma follows: the syllable is held over the next notes (`_` in the verse).
    var extend = false
    var location: SourceLocation
}

/// Something that happens between notes: a change, a repeat sign, a jump, as the written score says it.
typealias ExportMark = WrittenSign

/// A part's notes and marks in written order; a note entry is the index of its note in `ExportPart.notes`.
enum ExportEntry {
    case note(Int)
    case mark(ExportMark, SourceLocation)
}

/// A part read for export: each note held once, in `notes`, and the entries that place notes and marks in order.
struct ExportPart {
    var notes: [ExportNote] = []
    var entries: [ExportEntry] = []

    /// Where the part's music ends.
    var length: WholeNotes { notes.reduce(.zero) { $0 + $1.length } }
}
