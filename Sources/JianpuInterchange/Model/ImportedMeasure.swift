import JianpuCore

/// One bar of one part, with what changes at its start and how the road map runs through it.
public struct ImportedMeasure: Sendable, Hashable {
    /// The source's number or label for the bar, for warnings (`12`, `X1`).
    public var label: String
    /// Set where the key changes at this bar (and on the first bar).
    public var key: ImportedKey?
    /// Set where the meter changes at this bar (and on the first bar).
    public var meter: ImportedMeter?
    /// Set where the tempo changes at the start of this bar; a change inside the bar is an event's `tempo`.
    public var tempo: ImportedTempo?
    /// A bar shorter than its meter (a pickup, or a bar split by a repeat) has its real length here.
    public var length: WholeNotes
    /// A forward repeat sign at the start (`|:`).
    public var startsRepeat: Bool
    /// A backward repeat sign at the end (`:|`), with how many times the passage is played in all (2 for a plain repeat).
    public var endsRepeatPlayingTimes: Int?
    /// The ending (volta) this bar belongs to, if any.
    public var ending: ImportedEnding?
    /// Road-map signs at the start of the bar (segno, coda).
    public var jumpsAtStart: [ImportedJump]
    /// Road-map instructions at the end of the bar (fine, D.C., D.S., to coda).
    public var jumpsAtEnd: [ImportedJump]
    /// The source starts a new system (a line of the printed page) at this bar.
    public var startsSystem = false
    /// Notes, rests and chords of the bar in time order; their lengths add up to `length`.
    public var events: [ImportedEvent]

    public init(
        label: String, key: ImportedKey? = nil, meter: ImportedMeter? = nil, tempo: ImportedTempo? = nil,
        length: WholeNotes, startsRepeat: Bool = false, endsRepeatPlayingTimes: Int? = nil,
        ending: ImportedEnding? = nil, jumpsAtStart: [ImportedJump] = [], jumpsAtEnd: [ImportedJump] = [],
        events: [ImportedEvent] = []
    ) {
        self.label = label
        self.key = key
        self.meter = meter
        self.tempo = tempo
        self.length = length
        self.startsRepeat = startsRepeat
        self.endsRepeatPlayingTimes = endsRepeatPlayingTimes
        self.ending = ending
        self.jumpsAtStart = jumpsAtStart
        self.jumpsAtEnd = jumpsAtEnd
        self.events = events
    }
}
