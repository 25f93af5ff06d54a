import JianpuCore

/// `4=105` or `4.=60`: beats of a given note value per minute.
public struct TempoMark: Sendable, Hashable {
    /// The beat's note value, e.g. 1/4 for `4=`, 3/8 for `4.=`.
    public var beat: WholeNotes
    public var beatsPerMinute: Int
    public var location: SourceLocation
    public init(beat: WholeNotes, beatsPerMinute: Int, location: SourceLocation) {
        self.beat = beat
        self.beatsPerMinute = beatsPerMinute
        self.location = location
    }
    /// The same tempo counted in quarter notes.
    public var quarterNotesPerMinute: Double { Double(beatsPerMinute) * beat.doubleValue * 4 }
}

/// `1=Bb` (major: degree 1 is B flat) or `6=F#` (minor: degree 6 is F sharp).
public struct KeySignature: Sendable, Hashable {
    /// The written form, e.g. `1=Bb`.
    public var text: String
    /// The MIDI number degree 1 sounds at with no octave marks.
    public var tonicMIDINumber: Int
    /// Sharps (positive) or flats (negative) of the major key on degree 1.
    public var sharps: Int
    public var isMinor: Bool
    public var location: SourceLocation
    public init(text: String, tonicMIDINumber: Int, sharps: Int, isMinor: Bool, location: SourceLocation) {
        self.text = text
        self.tonicMIDINumber = tonicMIDINumber
        self.sharps = sharps
        self.isMinor = isMinor
        self.location = location
    }
}

/// `3/4`, with an optional pickup (`4/4,8`: the first bar holds one quaver).
public struct TimeSignature: Sendable, Hashable {
    public var beats: Int
    public var beatUnit: Int
    /// The length of the pickup bar, if there is one.
    public var pickup: WholeNotes?
    public var location: SourceLocation
    public init(beats: Int, beatUnit: Int, pickup: WholeNotes? = nil, location: SourceLocation) {
        self.beats = beats
        self.beatUnit = beatUnit
        self.pickup = pickup
        self.location = location
    }
    public var barLength: WholeNotes { WholeNotes(Int64(beats), Int64(beatUnit)) }
}

/// `\p`, `\mf`, `\ff`…: a loudness that holds until the next one.
public struct Dynamic: Sendable, Hashable {
    public var marking: String
    public var location: SourceLocation
    public init(marking: String, location: SourceLocation) {
        self.marking = marking
        self.location = location
    }
    /// The MIDI velocity for the marking, nil for a word that is not a dynamic.
    public static func velocity(for marking: String) -> UInt8? {
        switch marking {
        case "pppp": 20
        case "ppp": 30
        case "pp": 45
        case "p": 60
        case "mp": 75
        case "mf": 90
        case "f": 105
        case "ff": 118
        case "fff", "ffff": 127
        case "sf", "sfz", "fz", "rfz", "sff": 115
        case "fp": 105
        default: nil
        }
    }
    public var velocity: UInt8 { Dynamic.velocity(for: marking) ?? 90 }
}
