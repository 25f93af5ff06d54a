import JianpuCore
import JianpuNotation

/// A score flattened into exact, timed events: what every sink (MIDI file, synth, display) reads.
///
/// Positions are exact fractions of a whole note from the start of the movement;
/// the tempo map turns them into seconds.
public struct Timeline: Sendable, Hashable {
    /// The movement's title, if the score has one.
    public var title: String?
    /// The parts in score order; part 0 is the melody.
    public var parts: [TimelinePart]
    /// Every note of every part, ordered by onset, then part, then pitch.
    public var notes: [TimedNote]
    /// The written rests (with their dashes), ordered by onset: silent, but a display follows them too.
    public var rests: [TimedRest]
    /// Instrument changes within a part after its first program (a chord pad take), ordered by position.
    public var programChanges: [ProgramChange]
    public var tempoMap: TempoMap
    public var meters: [MeterChange]
    public var keys: [KeyChange]
    /// The bars in the order they are played, each with its printed number and which time through
    /// (ask `place(at:)` and `barIndex(printed:pass:)` rather than searching them).
    public var bars: [PlayedBar]
    /// The end of the music.
    public var length: WholeNotes

    public init(
        title: String? = nil, parts: [TimelinePart], notes: [TimedNote], rests: [TimedRest] = [], programChanges: [ProgramChange] = [],
        tempoMap: TempoMap, meters: [MeterChange] = [], keys: [KeyChange] = [], barStarts: [WholeNotes] = [.zero], bars: [PlayedBar]? = nil,
        length: WholeNotes
    ) {
        self.title = title
        self.parts = parts
        self.notes = notes
        self.rests = rests
        self.programChanges = programChanges
        self.tempoMap = tempoMap
        self.meters = meters
        self.keys = keys
        self.bars = bars ?? PlayedBar.numbered(barStarts)
        self.length = length
    }

    /// The length in seconds at the score's own tempo.
    public var durationSeconds: Double { tempoMap.seconds(at: length) }
}

/// One part (voice) of a movement and how it sounds.
public struct TimelinePart: Sendable, Hashable {
    public var name: String?
    /// The MIDI channel: 0 for the melody, 1 and up for accompaniment; 9 (drums) only for a practice click.
    public var channel: UInt8
    /// The General MIDI program (0-based), if the score names an instrument we know.
    public var program: UInt8?

    /// The channel of the part at `index`: 0 for the melody, then 1, 2… skipping 9 (drums).
    public static func channel(forPart index: Int) -> UInt8 {
        UInt8(min(index < 9 ? index : index + 1, 15))
    }

    /// The channel for a part added after `parts`: its own while there are channels left (the
    /// first fifteen parts); past them, the channel of an accompaniment part of the same
    /// instrument (sharing then changes nothing), else the last channel, shared (`sharedChannels`).
    public static func channel(forPartAfter parts: [TimelinePart], program: UInt8?) -> UInt8 {
        guard parts.count >= 15 else { return channel(forPart: parts.count) }
        return parts.dropFirst().first { $0.program == program }?.channel ?? 15
    }

    /// The parts that share a MIDI channel with an earlier part of another instrument: a channel
    /// sounds one instrument at a time, so such a part sounds as the earlier one's. One entry per
    /// part, with the earlier part it sounds as (part numbers from 0).
    public static func sharedChannels(_ parts: [TimelinePart]) -> [(part: Int, soundsAs: Int)] {
        var first: [UInt8: Int] = [:]
        var shared: [(part: Int, soundsAs: Int)] = []
        for (index, part) in parts.enumerated() {
            if let earlier = first[part.channel] {
                if parts[earlier].program != part.program || earlier == 0 { shared.append((index, earlier)) }
            } else {
                first[part.channel] = index
            }
        }
        return shared
    }

    public init(name: String? = nil, channel: UInt8, program: UInt8? = nil) {
        self.name = name
        self.channel = channel
        self.program = program
    }
}

/// A sounding note with its exact onset and length.
public struct TimedNote: Sendable, Hashable {
    // Ordered so that a note packs into 40 bytes (onset and length in eight bytes each, exact: a
    // fraction that does not fit is kept in a shared table): a timeline may hold millions, and a
    // large score's walk writes them all to fresh memory.
    @usableFromInline var storedOnset: CompactLength
    @usableFromInline var storedDuration: CompactLength
    public var pitch: Pitch
    private var storedPart: Int32
    /// Where the note (its first tied segment) was written.
    public var location: SourceLocation?
    public var velocity: UInt8
    /// Whether it is a grace note (its time is stolen from a neighbour).
    public var isGrace: Bool

    public var onset: WholeNotes {
        @inlinable get { storedOnset.value }
        @inlinable set { storedOnset = CompactLength(newValue) }
    }

    public var duration: WholeNotes {
        @inlinable get { storedDuration.value }
        @inlinable set { storedDuration = CompactLength(newValue) }
    }

    /// Index into `Timeline.parts`.
    public var part: Int {
        get { Int(storedPart) }
        set { storedPart = Int32(clamping: newValue) }
    }

    public init(
        onset: WholeNotes, duration: WholeNotes, pitch: Pitch, velocity: UInt8 = 90, part: Int = 0,
        location: SourceLocation? = nil, isGrace: Bool = false
    ) {
        self.storedOnset = CompactLength(onset)
        self.storedDuration = CompactLength(duration)
        self.pitch = pitch
        self.velocity = velocity
        self.storedPart = Int32(clamping: part)
        self.location = location
        self.isGrace = isGrace
    }

    @inlinable
    public var end: WholeNotes { onset + duration }
}

/// A written rest (`0`, with any dashes after it, or `R*8`) and when it lasts.
public struct TimedRest: Sendable, Hashable {
    public var onset: WholeNotes
    public var duration: WholeNotes
    /// Index into `Timeline.parts`.
    public var part: Int
    public var location: SourceLocation?

    public init(onset: WholeNotes, duration: WholeNotes, part: Int = 0, location: SourceLocation? = nil) {
        self.onset = onset
        self.duration = duration
        self.part = part
        self.location = location
    }

    public var end: WholeNotes { onset + duration }
}

/// A part changing to another General MIDI program at a position.
public struct ProgramChange: Sendable, Hashable {
    public var position: WholeNotes
    /// Index into `Timeline.parts`.
    public var part: Int
    /// The program, 0-127.
    public var program: UInt8

    public init(position: WholeNotes, part: Int, program: UInt8) {
        self.position = position
        self.part = part
        self.program = program
    }
}

/// A key signature taking effect at a position: the tonic's pitch class and the mode.
public struct KeyChange: Sendable, Hashable {
    public var position: WholeNotes
    /// Sharps (positive) or flats (negative) in the signature, as MIDI's key-signature meta event wants.
    public var sharps: Int
    public var isMinor: Bool
    /// How the key was written, e.g. `1=Bb`.
    public var name: String
    public init(position: WholeNotes, sharps: Int, isMinor: Bool, name: String) {
        self.position = position
        self.sharps = sharps
        self.isMinor = isMinor
        self.name = name
    }
}
