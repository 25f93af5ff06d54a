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

    public enum Arpeggio: String, Sendable, Hashable {
        case up = "arpUp", down = "arpDown", normal = "arp"
    }

    public init(pitches: [Pitch], length: WholeNotes, text: String, location: SourceLocation, arpeggio: Arpeggio? = nil) {
        self.pitches = pitches
        self.length = length
        self.text = text
        self.location = location
        self.arpeggio = arpeggio
    }

    public var isRest: Bool { pitches.isEmpty }
}

/// A dash (`-`) lengthening the note or rest before it.
public struct Continuation: Sendable, Hashable {
    public var length: WholeNotes
    public var location: SourceLocation
    public init(length: WholeNotes, location: SourceLocation) {
        self.length = length
        self.location = location
    }
}

/// Grace notes: quick notes before (`g[…]`) or after (`[…]g`) a main note.
public struct GraceNotes: Sendable, Hashable {
    public enum Placement: Sendable, Hashable { case before, after }
    public var placement: Placement
    /// Each grace note or grace chord with its written length (a semiquaver unless given).
    public var notes: [Note]
    public var location: SourceLocation
    public init(placement: Placement, notes: [Note], location: SourceLocation) {
        self.placement = placement
        self.notes = notes
        self.location = location
    }
}
