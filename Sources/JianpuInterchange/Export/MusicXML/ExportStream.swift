import JianpuCore
import JianpuNotation
import JianpuPerformance

/// A pitch as staff notation spells it: a letter, its alteration and its octave.
struct SpelledPitch: Hashable {
    var step: NoteName.Letter
    // 32-bit: a note holds its lowest pitch in place, and a part holds a note for each of its hundreds of thousands.
    private var storedAlter: Int32
    private var storedOctave: Int32
    private var storedMIDINumber: Int32

    init(step: NoteName.Letter, alter: Int, octave: Int, midiNumber: Int) {
        self.step = step
        storedAlter = Int32(clamping: alter)
        storedOctave = Int32(clamping: octave)
        storedMIDINumber = Int32(clamping: midiNumber)
    }

    var alter: Int { Int(storedAlter) }
    var octave: Int { Int(storedOctave) }
    var midiNumber: Int { Int(storedMIDINumber) }
}

/// A note's spelled pitches from the lowest up, empty for a rest: the lowest held in place and only a
/// chord's others in an array, so a single note (nearly every one) allocates nothing and copies no reference.
struct SpelledPitches: RandomAccessCollection {
    private var lowest: SpelledPitch
    private var others: [SpelledPitch]
    private var isRest: Bool

    /// A rest's: none.
    static let none = SpelledPitches()

    private init() {
        lowest = SpelledPitch(step: .c, alter: 0, octave: 0, midiNumber: 0)
        others = []
        isRest = true
    }

    init(single: SpelledPitch) {
        lowest = single
        others = []
        isRest = false
    }

    init(_ pitches: [SpelledPitch]) {
        guard let first = pitches.first else {
            self = .none
            return
        }
        self = SpelledPitches(single: first)
        others = Array(pitches.dropFirst())
    }

    var startIndex: Int { 0 }
    var endIndex: Int { isRest ? 0 : others.count + 1 }
    subscript(position: Int) -> SpelledPitch { position == 0 ? lowest : others[position - 1] }
}

/// One written note, chord or rest of a part, its dashes merged in: what becomes one or more `<note>`s.
///
/// What every note has is held in place; what few have (ties, tuplet brackets, graces, syllables, words,
/// marks) in one shared box, so a note is copied, moved and freed for the price of three references, not fifteen.
struct ExportNote {
    // Stored in the order that packs them (a part holds a note for each of its hundreds of thousands, fresh memory
    // each page of it), counts in 32 bits and lengths as `CompactLength`: about 112 bytes, not 170.
    /// From the lowest up; empty for a rest.
    var pitches: SpelledPitches
    /// The note follows a `~` (the typeset page does not strike it again, nor sing on it).
    var followsTie = false
    /// Made from a dash that could not join the note before it: it continues that note.
    var isContinuation = false
    var arpeggio: Note.Arpeggio?
    /// The hairpin starting at it (true: a crescendo).
    var hairpinStart: Bool?
    private var tupletLevels: UInt16 = 0
    private var tupletStartFrom: UInt16 = 0
    private var tupletStopFrom: UInt16 = 0
    private var storedSlurStarts: Int32 = 0
    private var storedSlurStops: Int32 = 0
    private var storedHairpinStops: Int32 = 0
    /// -1: not a whole-bar rest.
    private var storedMultibarRest: Int32 = -1
    private var lyricStart: Int32 = 0
    private var lyricCount: Int32 = 0
    var location: SourceLocation
    private var storedLength: CompactLength
    private var storedRatio = CompactLength(.whole)
    /// The written (actual, normal) pair of the enclosing tuplets (multiplied when nested), when there are some.
    var tuplet: (actual: Int64, normal: Int64)?
    private var extras: Box?

    init(pitches: SpelledPitches, length: WholeNotes, location: SourceLocation) {
        self.pitches = pitches
        storedLength = CompactLength(length)
        self.location = location
    }

    /// The time it takes (written length scaled by the tuplets around it, dashes included).
    var length: WholeNotes {
        get { storedLength.value }
        set { storedLength = CompactLength(newValue) }
    }
    /// The product of the enclosing tuplets' ratios (1 outside any).
    var ratio: WholeNotes {
        get { storedRatio.value }
        set { storedRatio = CompactLength(newValue) }
    }
    var slurStarts: Int {
        get { Int(storedSlurStarts) }
        set { storedSlurStarts = Int32(clamping: newValue) }
    }
    var slurStops: Int {
        get { Int(storedSlurStops) }
        set { storedSlurStops = Int32(clamping: newValue) }
    }
    /// How many hairpins end at it.
    var hairpinStops: Int {
        get { Int(storedHairpinStops) }
        set { storedHairpinStops = Int32(clamping: newValue) }
    }
    /// `R*N`: whole bars of rest.
    var multibarRest: Int? {
        get { storedMultibarRest < 0 ? nil : Int(storedMultibarRest) }
        set { storedMultibarRest = newValue.map { Int32(clamping: max($0, 0)) } ?? -1 }
    }

    var isRest: Bool { pitches.isEmpty }

    /// Whether the note carries any of the rarer things (ties, graces, words, marks, tuplet path…): a note without
    /// reads them all as empty, so a writer can pass them by.
    var hasExtras: Bool { extras != nil }

    /// Tuplet brackets (1 outermost) that start on this note: always the innermost few, so held in place as the
    /// first of them (0: none) and the count of levels, no list per note.
    var tupletStarts: Range<Int> { tupletStartFrom == 0 ? 0..<0 : Int(tupletStartFrom)..<Int(tupletLevels) + 1 }
    /// Tuplet brackets (1 outermost) that stop on this note, written the innermost first (`reversed()`).
    var tupletStops: Range<Int> { tupletStopFrom == 0 ? 0..<0 : Int(tupletStopFrom)..<Int(tupletLevels) + 1 }

    /// Brackets start on levels `startFrom...levels` and stop on `stopFrom...levels` (0: none).
    mutating func setTupletBrackets(levels: Int, startFrom: Int, stopFrom: Int) {
        guard levels <= Int(UInt16.max) else { return }
        tupletLevels = UInt16(levels)
        tupletStartFrom = UInt16(clamping: startFrom)
        tupletStopFrom = UInt16(clamping: stopFrom)
    }
    /// The enclosing tuplets by number in the part: a dash joins a note only inside the same ones.
    var tupletPath: [Int] {
        get { extras?.value.tupletPath ?? [] }
        set { change(newValue.isEmpty) { $0.tupletPath = newValue } }
    }
    /// MIDI numbers tied from the note before and on to the next.
    var tiedFromPrevious: Set<Int> {
        get { extras?.value.tiedFromPrevious ?? [] }
        set { change(newValue.isEmpty) { $0.tiedFromPrevious = newValue } }
    }
    var tiedToNext: Set<Int> {
        get { extras?.value.tiedToNext ?? [] }
        set { change(newValue.isEmpty) { $0.tiedToNext = newValue } }
    }
    var graceBefore: [GraceChord] {
        get { extras?.value.graceBefore ?? [] }
        set { change(newValue.isEmpty) { $0.graceBefore = newValue } }
    }
    var graceAfter: [GraceChord] {
        get { extras?.value.graceAfter ?? [] }
        set { change(newValue.isEmpty) { $0.graceAfter = newValue } }
    }
    /// The syllables sung on it: where they are in its part's `syllables` (most notes of a sung part have some, and a
    /// list and a box each would cost them two allocations).
    var lyrics: Range<Int> {
        get { Int(lyricStart)..<Int(lyricStart) + Int(lyricCount) }
        set {
            guard let start = Int32(exactly: newValue.lowerBound), let count = Int32(exactly: newValue.count) else { return }
            (lyricStart, lyricCount) = (start, count)
        }
    }
    var dynamic: String? {
        get { extras?.value.dynamic }
        set { change(newValue == nil) { $0.dynamic = newValue } }
    }
    var wordsAbove: [String] {
        get { extras?.value.wordsAbove ?? [] }
        set { change(newValue.isEmpty) { $0.wordsAbove = newValue } }
    }
    var wordsBelow: [String] {
        get { extras?.value.wordsBelow ?? [] }
        set { change(newValue.isEmpty) { $0.wordsBelow = newValue } }
    }
    /// Fermatas, breath marks and articulations over it and rehearsal marks before it, as the written
    /// score dresses its events (a dash's go to its note).
    var articulations: [Articulation] {
        get { extras?.value.articulations ?? [] }
        set { change(newValue.isEmpty) { $0.articulations = newValue } }
    }
    var rehearsalMarks: [String] {
        get { extras?.value.rehearsalMarks ?? [] }
        set { change(newValue.isEmpty) { $0.rehearsalMarks = newValue } }
    }

    private struct Extras {
        var tupletPath: [Int] = []
        var tiedFromPrevious: Set<Int> = []
        var tiedToNext: Set<Int> = []
        var graceBefore: [GraceChord] = []
        var graceAfter: [GraceChord] = []
        var dynamic: String?
        var wordsAbove: [String] = []
        var wordsBelow: [String] = []
        var articulations: [Articulation] = []
        var rehearsalMarks: [String] = []
    }

    /// Shared by a note's copies; changed in place only when it is the one holder (copy on write, as an
    /// array's storage), so a part's notes can be handed from the thread that read them to another.
    private final class Box: @unchecked Sendable {
        var value: Extras
        init(_ value: Extras) { self.value = value }
    }

    /// Changes the extras, boxing them first; `clearing` (an empty value set on a note with none) changes nothing.
    private mutating func change(_ clearing: Bool, _ body: (inout Extras) -> Void) {
        if extras == nil, clearing { return }
        if isKnownUniquelyReferenced(&extras), let box = extras {
            body(&box.value)
            return
        }
        var value = extras?.value ?? Extras()
        body(&value)
        extras = Box(value)
    }
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
    // Boxed: a mark is large and rare, and unboxed it would make every entry of a long part as large as itself.
    indirect case mark(ExportMark, SourceLocation)
}

/// A part read for export: each note held once, in `notes`, and the entries that place notes and marks in order.
struct ExportPart {
    var notes: [ExportNote] = []
    /// The syllables sung on its notes (`ExportNote.lyrics`), a note's together.
    var syllables: [ExportSyllable] = []
    var entries: [ExportEntry] = []
}
