import JianpuCore
import JianpuNotation

/// One thing printed in a column of a bar: a note, chord, rest, dash or bars of rest.
///
/// Known on the page and to the timeline by its `id`, made of its movement, its part and where it
/// was written, so the id costs no storage: a wide bar holds hundreds of thousands of events.
public struct WrittenEvent: Sendable {
    /// What is printed.
    public enum Kind: Sendable {
        // Held in place, not boxed: a box and a figure array cost a wide bar 150 bytes a note more.
        /// A note, chord or rest, with how it is written in the key.
        case note(Note, WrittenNote)
        /// `-`: the note before it held a beat longer.
        case dash
        /// `R*n`: this many bars of rest.
        case multibarRest(Int)
    }
    /// What is printed.
    public var kind: Kind
    /// Written position from the start of the part (repeats counted once).
    public var onset: WholeNotes
    // Compact: a score writes few lengths, so those that need more than 32 bits are kept once in a shared
    // table. Not the onsets: each is its own, and a table of them would grow with every note.
    private var storedLength: CompactLength
    /// Where it was written: with its part, what the timeline knows it by.
    public var location: SourceLocation
    private var storedPart: Int32
    /// This note is the end of a tie: printed, not struck again.
    public var tiedFromPrevious = false
    /// A tie starts at this note.
    public var tiedToNext = false
    // 16 bits, so that the syllable slot fits beside it: a score of more movements than that is never read.
    private var storedMovement: UInt16
    /// `syllableSlot`, -1 for none: in place, as most notes of a sung part take one, and a box per note would cost them each an allocation.
    private var storedSlot: Int32 = -1
    /// What few events have, boxed: a wide bar's events are held by its bars, its block and its
    /// systems, and most have none of it, so each costs a pointer instead of room for all of it.
    private var extras: Box?

    /// An event of part `part` of movement `movement` (0-based), `kind` written at `location`.
    public init(kind: Kind, onset: WholeNotes, length: WholeNotes, location: SourceLocation, part: Int, movement: Int) {
        self.kind = kind
        self.onset = onset
        storedLength = CompactLength(length)
        self.location = location
        storedPart = Int32(clamping: part)
        storedMovement = UInt16(clamping: movement)
    }

    /// The time it takes: its written length scaled by the tuplets around it.
    public var length: WholeNotes {
        get { storedLength.value }
        set { storedLength = CompactLength(newValue) }
    }

    /// The part (0-based, in score order) the event is written in.
    public var part: Int {
        get { Int(storedPart) }
        set { storedPart = Int32(clamping: newValue) }
    }

    /// The movement (0-based) the event is written in.
    public var movement: Int {
        get { Int(storedMovement) }
        set { storedMovement = UInt16(clamping: newValue) }
    }

    /// The id of the written event on the page: `m0p1l12c5`, movement, part, line and column.
    public var id: String { Self.id(movement: movement, part: part, location: location) }

    /// The page id of the event written at `location` in `part` of movement `movement` (0-based).
    public static func id(movement: Int, part: Int, location: SourceLocation) -> String {
        "m\(movement)p\(part)l\(location.line)c\(location.column)"
    }

    /// Grace notes printed before the event, leading to it.
    public var graceBefore: [(Note, WrittenNote)] {
        get { extras?.value.graceBefore ?? [] }
        set { change { $0.graceBefore = newValue } }
    }
    /// Grace notes printed after the event (`5 [67]g`), ending it.
    public var graceAfter: [(Note, WrittenNote)] {
        get { extras?.value.graceAfter ?? [] }
        set { change { $0.graceAfter = newValue } }
    }
    /// The tuplet the event is in: a number per tuplet of the part, and its count.
    public var tuplet: (id: Int, count: Int)? {
        get { extras?.value.tuplet }
        set { change { $0.tuplet = newValue } }
    }
    /// The dynamic marked at the event: `p`, `mf`.
    public var dynamic: String? {
        get { extras?.value.dynamic }
        set { change { $0.dynamic = newValue } }
    }
    /// Words printed above: jumps, later tempos and keys.
    public var marks: [String] {
        get { extras?.value.marks ?? [] }
        set { change { $0.marks = newValue } }
    }
    /// Words printed over the music: `^"…"`.
    public var wordsAbove: [String] {
        get { extras?.value.wordsAbove ?? [] }
        set { change { $0.wordsAbove = newValue } }
    }
    /// Words printed under the music: `_"…"`.
    public var wordsBelow: [String] {
        get { extras?.value.wordsBelow ?? [] }
        set { change { $0.wordsBelow = newValue } }
    }
    /// Fermatas, breath marks and articulations printed over the event, the nearest first.
    public var articulations: [Articulation] {
        get { extras?.value.articulations ?? [] }
        set { change { $0.articulations = newValue } }
    }
    /// Rehearsal marks (`letterA`: `A`) printed boxed over the system at the event.
    public var rehearsalMarks: [String] {
        get { extras?.value.rehearsalMarks ?? [] }
        set { change { $0.rehearsalMarks = newValue } }
    }
    /// A hairpin starting, ending or going on under the event.
    public var hairpin: WrittenHairpin? {
        get { extras?.value.hairpin }
        set { change { $0.hairpin = newValue } }
    }
    /// The syllables sung on this note, by verse: only the verses that have one here, so a note
    /// costs as much as the syllables it carries, however many verses there are.
    public var lyrics: [SungSyllable] {
        get { extras?.value.lyrics ?? [] }
        set { change { $0.lyrics = newValue } }
    }

    /// The signs written before the event since the one before it, in written order.
    public var signsBefore: [WrittenSign] {
        get { extras?.value.signsBefore ?? [] }
        set { change { $0.signsBefore = newValue } }
    }
    /// The signs written after the part's last event.
    public var signsAfter: [WrittenSign] {
        get { extras?.value.signsAfter ?? [] }
        set { change { $0.signsAfter = newValue } }
    }
    /// Every tuplet the event is in, the outermost first (`tuplet` is the innermost alone).
    public var tupletNest: WrittenTupletNest? {
        get { extras?.value.tupletNest }
        set { change { $0.tupletNest = newValue } }
    }
    /// Which of the verses' syllables (0-based, counted over the part) falls on this note, when it takes one:
    /// a verse with `_` there, or none so far, has none in `lyrics`.
    public var syllableSlot: Int? {
        get { storedSlot < 0 ? nil : Int(storedSlot) }
        set { storedSlot = newValue.map { Int32(clamping: max($0, 0)) } ?? -1 }
    }

    /// Sets the grace notes before it and the tuplets it is in at once (one box, none when all are empty):
    /// the reader sets them on every event.
    mutating func setGroup(graceBefore: [(Note, WrittenNote)], tuplet: (id: Int, count: Int)?, nest: WrittenTupletNest?) {
        guard !graceBefore.isEmpty || tuplet != nil || nest != nil || extras != nil else { return }
        change {
            $0.graceBefore = graceBefore
            $0.tuplet = tuplet
            $0.tupletNest = nest
        }
    }

    /// `setGroup(graceBefore:tuplet:nest:)` with no grace notes, taking the box of the last of `events` when it holds the same
    /// tuplet and nothing else: the notes of a tuplet share one box, none made for each only to be dropped for the one before's.
    mutating func setGroup(tuplet: (id: Int, count: Int)?, nest: WrittenTupletNest?, after events: [WrittenEvent]) {
        guard tuplet != nil || nest != nil || extras != nil else { return }
        // The last event's box read where it is: a copy of the event would retain and release all it holds.
        if extras == nil, let tuplet, let last = events.indices.last, let theirs = events[last].extras, theirs.value.isTupletAlone,
            let same = theirs.value.tuplet, tuplet == same, theirs.value.tupletNest == nest
        {
            extras = theirs
            return
        }
        change {
            $0.graceBefore = []
            $0.tuplet = tuplet
            $0.tupletNest = nest
        }
    }

    /// Sets the syllables sung on it and their slot.
    mutating func setSung(_ lyrics: [SungSyllable], slot: Int?) {
        syllableSlot = slot
        if !lyrics.isEmpty || !(extras?.value.lyrics.isEmpty ?? true) { self.lyrics = lyrics }
    }

    /// A note or chord struck here: not a rest, a dash or the end of a tie.
    public var isStruckNote: Bool {
        if !tiedFromPrevious, case .note(let note, _) = kind { return !note.isRest }
        return false
    }

    /// A note, chord or rest: not a dash or bars of rest.
    public var isNote: Bool {
        switch kind {
        case .note: true
        case .dash, .multibarRest: false
        }
    }

    /// Whether the event carries any of the rarer things (graces, tuplets, marks, words, syllables' texts…; not a syllable's slot): an
    /// event without reads them all as empty, so a reader can pass them by.
    public var hasExtras: Bool { extras != nil }

    /// Takes the box of the last of `events` where both hold the same tuplet and nothing else: the notes of a tuplet then
    /// share one box instead of holding one each (a tuplet as long as a wide bar would cost 100 bytes a note).
    mutating func shareExtras(after events: [WrittenEvent]) {
        // Read in their boxes: a copy of the extras would retain and release each of their lists.
        guard let mine = extras, let last = events.indices.last, let theirs = events[last].extras, mine !== theirs, mine.value.isTupletAlone, theirs.value.isTupletAlone,
            let tuplet = mine.value.tuplet, let same = theirs.value.tuplet, tuplet == same, mine.value.tupletNest == theirs.value.tupletNest
        else { return }
        extras = theirs
    }

    /// The box holding the event's extras, if any: events sharing one hold the same.
    var extrasBox: ObjectIdentifier? { extras.map(ObjectIdentifier.init) }

    private struct Extras: Sendable {
        var graceBefore: [(Note, WrittenNote)] = []
        var graceAfter: [(Note, WrittenNote)] = []
        var tuplet: (id: Int, count: Int)?
        var dynamic: String?
        var marks: [String] = []
        var wordsAbove: [String] = []
        var wordsBelow: [String] = []
        var lyrics: [SungSyllable] = []
        var articulations: [Articulation] = []
        var rehearsalMarks: [String] = []
        var hairpin: WrittenHairpin?
        var signsBefore: [WrittenSign] = []
        var signsAfter: [WrittenSign] = []
        var tupletNest: WrittenTupletNest?

        var hasExportDetails: Bool { !signsBefore.isEmpty || !signsAfter.isEmpty }

        var hasPerformerMarks: Bool { !articulations.isEmpty || !rehearsalMarks.isEmpty || hairpin != nil }

        var isTupletAlone: Bool {
            tuplet != nil && graceBefore.isEmpty && graceAfter.isEmpty && dynamic == nil && marks.isEmpty
                && wordsAbove.isEmpty && wordsBelow.isEmpty && lyrics.isEmpty && !hasPerformerMarks && !hasExportDetails
        }

        var isEmpty: Bool {
            graceBefore.isEmpty && graceAfter.isEmpty && tuplet == nil && dynamic == nil && marks.isEmpty
                && wordsAbove.isEmpty && wordsBelow.isEmpty && lyrics.isEmpty && !hasPerformerMarks && tupletNest == nil && !hasExportDetails
        }
    }

    /// Shared by an event's copies, never changed: a change boxes a new value.
    private final class Box: Sendable {
        let value: Extras
        init(_ value: Extras) { self.value = value }
    }

    private mutating func change(_ body: (inout Extras) -> Void) {
        var value = extras?.value ?? Extras()
        body(&value)
        extras = value.isEmpty ? nil : Box(value)
    }
}
