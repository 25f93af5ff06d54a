import JianpuCore

/// A score read from MusicXML, ABC or MIDI, before it is written as jianpu text.
///
/// Every reader (MusicXML, ABC, MIDI) produces this one model and `JianpuTextWriter` turns it into
/// text; the readers know their format, the writer knows jianpu. Lengths are exact `WholeNotes`.
public struct ImportedScore: Sendable, Hashable {
    public var title: String?
    public var subtitle: String?
    public var composer: String?
    public var poet: String?
    public var arranger: String?
    /// Simultaneous parts, in score order: each becomes a `NextPart` of one movement.
    public var parts: [ImportedPart]
    /// What the text cannot say, each with its place in the source.
    public var warnings: [ImportWarning]

    public init(
        title: String? = nil, subtitle: String? = nil, composer: String? = nil, poet: String? = nil,
        arranger: String? = nil, parts: [ImportedPart] = [], warnings: [ImportWarning] = []
    ) {
        self.title = title
        self.subtitle = subtitle
        self.composer = composer
        self.poet = poet
        self.arranger = arranger
        self.parts = parts
        self.warnings = warnings
    }
}

/// One voice of the imported score: a MusicXML part's staff and voice, an ABC `V:`, a MIDI track.
public struct ImportedPart: Sendable, Hashable {
    /// The name to show (`Piano, voice 2`), used for `instrument=` when it names a known instrument.
    public var name: String
    /// The name the source prints for the part (`Soprano`, `Violino I`), nil when the reader had to make one up.
    public var printedName: String?
    /// General MIDI program, 0-based, when the source says which (MusicXML `<midi-program>` minus 1, MIDI program change).
    public var midiProgram: Int?
    /// The bars in written order; every part of a score has the same number of bars.
    public var measures: [ImportedMeasure]

    public init(name: String, printedName: String? = nil, midiProgram: Int? = nil, measures: [ImportedMeasure] = []) {
        self.name = name
        self.printedName = printedName
        self.midiProgram = midiProgram
        self.measures = measures
    }
}

/// A key signature: the number of sharps (positive) or flats (negative), and the mode.
public struct ImportedKey: Sendable, Hashable {
    public var fifths: Int
    /// True for a minor key (MusicXML `<mode>minor</mode>`, ABC `Am`): the tonic is the relative minor's.
    public var isMinor: Bool

    public init(fifths: Int, isMinor: Bool = false) {
        self.fifths = fifths
        self.isMinor = isMinor
    }
}

/// A meter: `beats/beatType` (`6/8`).
public struct ImportedMeter: Sendable, Hashable {
    public var beats: Int
    public var beatType: Int

    public init(beats: Int, beatType: Int) {
        self.beats = beats
        self.beatType = beatType
    }

    /// The length of a full bar.
    public var barLength: WholeNotes { WholeNotes(Int64(beats), Int64(beatType)) }
}

/// A tempo: so many beats of `beat` per minute (`4=96`, `4.=60` has a dotted-quarter beat).
public struct ImportedTempo: Sendable, Hashable {
    public var beat: WholeNotes
    public var beatsPerMinute: Double

    public init(beat: WholeNotes = .quarter, beatsPerMinute: Double) {
        self.beat = beat
        self.beatsPerMinute = beatsPerMinute
    }
}

/// A jump or a sign of the road map, written at the start (`segno`) or end (`dc`, `fine`...) of a bar.
public enum ImportedJump: String, Sendable, Hashable {
    case segno, coda, toCoda, fine, daCapo, dalSegno
}

/// An ending (volta) that a bar belongs to: `numbers` are the passes it is played on (`1`, `2`, `1,2`).
public struct ImportedEnding: Sendable, Hashable {
    public var numbers: [Int]

    public init(numbers: [Int]) { self.numbers = numbers }
}
