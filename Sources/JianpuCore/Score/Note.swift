/// A written note, chord or rest: its sounding pitches and its written length.
public struct Note: Sendable, Hashable {
    /// What the digits were: one pitch, several (a chord), none (a rest).
    public var pitches: [Pitch]
    /// The written length before any tuplet scaling.
    public var length: WholeNotes
    /// The word as written, e.g. `q#4'.`.
    public var text: String
    public var location: SourceLocation
    /// `arp`, `arpUp`, `arpDown` before a chord: its notes are rolled.
    public var arpeggio: Arpeggio?
    /// How many characters the word takes in the source (`text` leaves out `<`, `>` and `///`).
    private var width: UInt16

    public enum Arpeggio: String, Sendable, Hashable {
        case up = "arpUp", down = "arpDown", normal = "arp"
    }

    /// A note written at `location`, `width` characters long (the length of `text` unless given).
    public init(pitches: [Pitch], length: WholeNotes, text: String, location: SourceLocation, arpeggio: Arpeggio? = nil, width: Int? = nil) {
        self.pitches = pitches
        self.length = length
        self.text = text
        self.location = location
        self.arpeggio = arpeggio
        self.width = UInt16(clamping: width ?? text.count)
    }

    /// Where the word is written.
    public var range: SourceRange { SourceRange(start: location, end: location.advanced(by: Int(width))) }

    public var isRest: Bool { pitches.isEmpty }
}

/// A dash (`-`) lengthening the note or rest before it.
public struct Continuation: Sendable, Hashable {
    public var length: WholeNotes
    public var location: SourceLocation
    private var width: UInt16
    /// A dash written at `location`, `width` characters long (`-`, or `q-` with a length).
    public init(length: WholeNotes, location: SourceLocation, width: Int = 1) {
        self.length = length
        self.location = location
        self.width = UInt16(clamping: width)
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
