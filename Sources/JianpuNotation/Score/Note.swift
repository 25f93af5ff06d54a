import JianpuCore

/// A written note, chord or rest: its sounding pitches and its written length.
///
/// Scores hold millions of these, so a note is about 32 bytes and holds no reference: its place, its
/// spelling's number in a shared table (a score spells its notes a few dozen ways), its length in two
/// 32-bit halves, and its pitches: a single pitch by value, a chord's by its number in a shared table.
/// Copying a note (as every walk of a part does) then costs no reference counting.
public struct Note: Sendable, Hashable {
    public var location: SourceLocation
    private var spelling: UInt32
    @usableFromInline var storedLength: CompactLength
    @usableFromInline var sound: Sound

    /// What the digits were, kept without a reference: none (a rest), one pitch, or a chord's
    /// pitches by their number in `chords` (two notes with the same pitches have the same number).
    @usableFromInline enum Sound: Sendable, Hashable {
        case rest
        case single(Pitch)
        case chord(UInt32)
    }

    /// Every chord's pitches met in the process, each list once.
    private static let chords = InternTable<[Pitch]>()

    /// One-pitch lists for the MIDI notes, handed out by `pitches` instead of a new list per read.
    private static let singleLists: [[Pitch]] = (0...127).map { [Pitch(midiNumber: $0)] }

    /// What the digits were: one pitch, several (a chord), none (a rest).
    public var pitches: [Pitch] {
        get {
            switch sound {
            case .rest: return []
            case .single(let pitch): return (0...127).contains(pitch.midiNumber) ? Self.singleLists[pitch.midiNumber] : [pitch]
            case .chord(let number): return Self.chords.value(number)
            }
        }
        set { sound = Self.sound(of: newValue) }
    }

    /// How many pitches sound: 0 for a rest, 1 for a note, more for a chord.
    @inlinable
    public var pitchCount: Int {
        switch sound {
        case .rest: return 0
        case .single: return 1
        case .chord: return pitches.count
        }
    }

    /// The pitch of a note of one pitch; nil for a rest or a chord.
    @inlinable
    public var singlePitch: Pitch? {
        if case .single(let pitch) = sound { return pitch }
        return nil
    }

    /// The stored form of `pitches`: a one-pitch list by value, a chord by its number.
    static func sound(of pitches: [Pitch]) -> Sound {
        switch pitches.count {
        case 0: return .rest
        case 1: return .single(pitches[0])
        default: return .chord(chordNumber(of: pitches))
        }
    }

    /// The number of a chord's pitches in the shared table (a parser keeps its own few to skip the lock).
    static func chordNumber(of pitches: [Pitch]) -> UInt32 { chords.number(for: pitches) }

    public enum Arpeggio: String, Sendable, Hashable {
        case up = "arpUp", down = "arpDown", normal = "arp"
    }

    /// How a note is written, kept once for all the notes written alike.
    private struct Spelling: Hashable, Sendable {
        /// The word as written, e.g. `q#4'.`.
        var text: String
        /// How many characters the word takes in the source (`text` leaves out `<`, `>` and `///`).
        var width: UInt16
        var arpeggio: Arpeggio?
    }

    private static let spellings = InternTable<Spelling>()

    /// A note written at `location`, `width` characters long (the length of `text` unless given).
    public init(pitches: [Pitch], length: WholeNotes, text: String, location: SourceLocation, arpeggio: Arpeggio? = nil, width: Int? = nil) {
        self.init(pitches: pitches, length: length, spelling: Self.spelling(text: text, arpeggio: arpeggio, width: width ?? text.count), location: location)
    }

    /// A note whose spelling is already numbered (`spelling(text:arpeggio:width:)`).
    init(pitches: [Pitch], length: WholeNotes, spelling: UInt32, location: SourceLocation) {
        self.init(sound: Self.sound(of: pitches), length: length, spelling: spelling, location: location)
    }

    /// A note whose pitches are already in their stored form.
    init(sound: Sound, length: WholeNotes, spelling: UInt32, location: SourceLocation) {
        self.location = location
        self.spelling = spelling
        self.storedLength = CompactLength(length)
        self.sound = sound
    }

    /// The number of a spelling, for notes made in bulk.
    static func spelling(text: String, arpeggio: Arpeggio?, width: Int) -> UInt32 {
        spellings.number(for: Spelling(text: text, width: UInt16(clamping: width), arpeggio: arpeggio))
    }

    /// The written length before any tuplet scaling.
    @inlinable
    public var length: WholeNotes {
        get { storedLength.value }
        set { storedLength = CompactLength(newValue) }
    }

    /// The word as written, e.g. `q#4'.`.
    public var text: String { Self.spellings.value(spelling).text }

    /// `arp`, `arpUp`, `arpDown` before a chord: its notes are rolled.
    public var arpeggio: Arpeggio? { Self.spellings.value(spelling).arpeggio }

    /// Where the word is written.
    public var range: SourceRange { SourceRange(start: location, end: location.advanced(by: Int(Self.spellings.value(spelling).width))) }

    @inlinable
    public var isRest: Bool {
        if case .rest = sound { return true }
        return false
    }
}

/// A dash (`-`) lengthening the note or rest before it.
public struct Continuation: Sendable, Hashable {
    public var location: SourceLocation
    @usableFromInline var storedLength: CompactLength
    private var width: UInt16
    /// A dash written at `location`, `width` characters long (`-`, or `q-` with a length).
    public init(length: WholeNotes, location: SourceLocation, width: Int = 1) {
        self.storedLength = CompactLength(length)
        self.location = location
        self.width = UInt16(clamping: width)
    }

    @inlinable
    public var length: WholeNotes {
        get { storedLength.value }
        set { storedLength = CompactLength(newValue) }
    }

    /// Where the word is written.
    public var range: SourceRange { SourceRange(start: location, end: location.advanced(by: Int(width))) }
}

/// Grace notes: quick notes before (`g[…]`) or after (`[…]g`) a main note.
public struct GraceNotes: Sendable, Hashable {
    public enum Placement: Sendable, Hashable { case before, after }
    public var placement: Placement
    /// Each grace note or grace chord with its written length (a semiquaver unless given).
    public var notes: [Note]
    public var location: SourceLocation
    private var width: UInt16
    /// Grace notes written at `location` in a word `width` characters long (`g[12]` is 5).
    public init(placement: Placement, notes: [Note], location: SourceLocation, width: Int = 1) {
        self.placement = placement
        self.notes = notes
        self.location = location
        self.width = UInt16(clamping: width)
    }

    /// Where the word is written.
    public var range: SourceRange { SourceRange(start: location, end: location.advanced(by: Int(width))) }
}
