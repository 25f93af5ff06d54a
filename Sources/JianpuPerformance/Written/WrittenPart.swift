import JianpuCore
import JianpuNotation

/// One part as written, read in one pass: repeats once, endings side by side, as the page prints them.
///
/// What the written score needs of a part to number its bars and count its columns: its meters
/// and pickup at their written positions, where it ends, how many events it writes, and (for the
/// part whose played bars are numbered) where each note and rest stands in the text.
public struct WrittenPart: Sendable {
    /// A note, rest or whole-bar rest: where it is written in the text and in the written music.
    public struct Place: Sendable, Hashable {
        public var location: SourceLocation
        /// Written position from the start of the part (repeats counted once, tuplets scaled).
        public var position: WholeNotes
    }

    /// The notes, rests and whole-bar rests in written order; empty unless asked for (they cost a place a note).
    public private(set) var places: [Place] = []
    /// The meters at their written positions.
    public private(set) var meters: [MeterChange] = []
    /// The pickup the first meter gives (`4/4,8`), when it comes before any music.
    public private(set) var pickup: WholeNotes?
    /// The written length: where the last event ends.
    public private(set) var end = WholeNotes.zero
    /// The notes, rests, dashes and whole-bar rests written, repeats counted once: the columns of the page.
    public private(set) var eventCount = 0
    /// Whether the part holds a repeat or a jump, which make the performance leave the written order.
    public private(set) var reordersBars = false

    /// Reads `part`, keeping each note's place when `keepingPlaces`.
    public init(_ part: Part, keepingPlaces: Bool = false) {
        var reader = Reader(keepsPlaces: keepingPlaces)
        reader.walk(part.items)
        self = reader.part
    }

    private init() {}

    private struct Reader: MusicWalker {
        let keepsPlaces: Bool
        var part = WrittenPart()
        var barLength = WholeNotes.whole

        init(keepsPlaces: Bool) { self.keepsPlaces = keepsPlaces }

        mutating func visitNote(_ note: Note, ratio: WholeNotes) {
            place(note.location)
            part.end += note.length * ratio
            part.eventCount += 1
        }
        mutating func visitContinuation(_ dash: Continuation, ratio: WholeNotes) {
            part.end += dash.length * ratio
            part.eventCount += 1
        }
        mutating func visitMultibarRest(_ rest: MultibarRest) {
            place(rest.location)
            part.end += barLength * Int64(rest.bars)
            part.eventCount += 1
        }
        mutating func visitTimeSignature(_ signature: TimeSignature) {
            if part.end == .zero, part.eventCount == 0 { part.pickup = signature.pickup }
            barLength = signature.barLength
            part.meters.append(MeterChange(position: part.end, beats: signature.beats, beatUnit: signature.beatUnit))
        }
        mutating func visitRepeat(_ repeated: Repeat, ratio: WholeNotes) {
            part.reordersBars = true
            descend(into: repeated, ratio: ratio)
        }
        mutating func visitJump(_ jump: Jump) { part.reordersBars = true }

        private mutating func place(_ location: SourceLocation) {
            if keepsPlaces { part.places.append(Place(location: location, position: part.end)) }
        }
    }
}
