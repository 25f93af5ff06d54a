import JianpuCore
import JianpuNotation

/// Plays one part: a walker over its items in played order (`PerformanceOrder.walk`), keeping the
/// clock and the notes still open to dashes and ties.
struct PartWalk: PlayedOrderWalker {
    let partNumber: Int
    var time = WholeNotes.zero
    var notes: [TimedNote] = []
    var rests: [TimedRest] = []
    var tempos: [TempoMap.Change] = []
    var meters: [MeterChange] = []
    var keys: [KeyChange] = []

    private var velocity: UInt8 = 90
    private var barLength = WholeNotes(1)
    /// Indices of the notes of the last attack, which a dash or tie lengthens.
    private var open: [Int] = []
    /// The index of the rest a dash lengthens, when the last thing written was a rest.
    private var openRest: Int?
    private var previousOpen: [Int] = []
    /// The last written note or dash that sounds on: an after-grace hangs off it.
    private var lastSegmentLength = WholeNotes.zero
    private var tiePending = false
    private var pendingGrace: [GraceNotes] = []
    /// The latest end of a grace note.
    private var graceEnd = WholeNotes.zero

    private let rollsArpeggios: Bool

    /// A walk with room for `capacity` notes.
    init(partNumber: Int, rollsArpeggios: Bool = false, capacity: Int = 0) {
        self.partNumber = partNumber
        self.rollsArpeggios = rollsArpeggios
        notes.reserveCapacity(capacity)
    }

    /// The walk after playing a whole part, with room for `capacity` notes (the part's items when nil).
    static func played(_ items: [MusicItem], partNumber: Int, rollsArpeggios: Bool = false, capacity: Int? = nil) -> PartWalk {
        PerformanceOrder.walk(items, with: PartWalk(partNumber: partNumber, rollsArpeggios: rollsArpeggios, capacity: capacity ?? items.count))
    }

    /// The end of the last sounding note: the part's time, unless grace notes at the very start run past it.
    var end: WholeNotes { max(time, graceEnd) }

    mutating func visitNote(_ note: Note, ratio: WholeNotes) { attack(note, length: note.length * ratio) }

    mutating func visitContinuation(_ dash: Continuation, ratio: WholeNotes) {
        let length = dash.length * ratio
        for index in open { notes[index].duration += length }
        if let rest = openRest { rests[rest].duration += length }
        time += length
        lastSegmentLength = length
    }

    mutating func visitTie(at location: SourceLocation) { tiePending = true }

    mutating func visitGrace(_ grace: GraceNotes) {
        if grace.placement == .before { pendingGrace.append(grace) } else { placeAfterGrace(grace) }
    }

    mutating func visitMultibarRest(_ multibar: MultibarRest) {
        open.removeAllKeepingCapacity()
        rest(lasting: barLength * Int64(multibar.bars), at: multibar.location)
    }

    mutating func visitTempo(_ mark: TempoMark) {
        tempos.append(TempoMap.Change(position: time, beat: mark.beat, beatsPerMinute: Double(mark.beatsPerMinute)))
    }

    mutating func visitKey(_ key: KeySignature) {
        keys.append(KeyChange(position: time, sharps: key.sharps, isMinor: key.isMinor, name: key.text))
    }

    mutating func visitTimeSignature(_ signature: TimeSignature) {
        barLength = signature.barLength
        meters.append(MeterChange(position: time, beats: signature.beats, beatUnit: signature.beatUnit))
    }

    mutating func visitDynamic(_ dynamic: Dynamic) {
        velocity = dynamic.velocity
        // A dynamic written after a note (or its dashes and ties) applies to that note.
        for index in open where notes[index].end == time { notes[index].velocity = velocity }
    }

    private mutating func attack(_ note: Note, length: WholeNotes) {
        if !pendingGrace.isEmpty { placeBeforeGrace() }
        let tied = tiePending
        tiePending = false
        if note.isRest {
            open.removeAllKeepingCapacity()
            rest(lasting: length, at: note.location)
            lastSegmentLength = length
            return
        }
        openRest = nil
        // The previous attack stays readable for ties while the new one is collected.
        swap(&open, &previousOpen)
        open.removeAllKeepingCapacity()
        // Read once and only for a rolled chord: a note's arpeggio is looked up in a shared table.
        let arpeggio = rollsArpeggios && note.pitchCount > 1 ? note.arpeggio : nil
        if let pitch = note.singlePitch {
            // One pitch (most notes), read without making its list.
            sound(pitch, order: 0, of: note, length: length, tied: tied, arpeggio: arpeggio)
        } else {
            for (order, pitch) in note.pitches.enumerated() { sound(pitch, order: order, of: note, length: length, tied: tied, arpeggio: arpeggio) }
        }
        if arpeggio == .down {
            // A downward roll starts from the top note.
            let onsets = open.map { notes[$0].onset }
            for (index, onset) in zip(open, onsets.reversed()) {
                let end = notes[index].end
                notes[index].onset = onset
                notes[index].duration = end - onset
            }
        }
        time += length
        lastSegmentLength = length
    }

    /// Starts pitch `order` of `note`'s attack, or holds it on from the previous attack when tied.
    @inline(__always)
    private mutating func sound(_ pitch: Pitch, order: Int, of note: Note, length: WholeNotes, tied: Bool, arpeggio: Note.Arpeggio?) {
        if tied, let index = previousOpen.first(where: { notes[$0].pitch == pitch && notes[$0].end == time }) {
            notes[index].duration += length
            open.append(index)
            return
        }
        // A rolled chord's notes come a 64th apart, within the first half of the chord.
        let roll = arpeggio == nil || order == 0 ? WholeNotes.zero : min(WholeNotes(Int64(order), 64), length / 2)
        open.append(notes.count)
        notes.append(
            TimedNote(
                onset: time + roll, duration: length - roll, pitch: pitch, velocity: velocity, part: partNumber, location: note.location))
    }

    private mutating func rest(lasting length: WholeNotes, at location: SourceLocation) {
        rests.append(TimedRest(onset: time, duration: length, part: partNumber, location: location))
        openRest = rests.count - 1
        time += length
    }

    /// Grace notes before a note take their time from the end of whatever sounds before it.
    private mutating func placeBeforeGrace() {
        // One group before a note (the usual case) is read as it is, without a list of every group's notes.
        let graceNotes = pendingGrace.count == 1 ? pendingGrace[0].notes : pendingGrace.flatMap(\.notes)
        pendingGrace.removeAll(keepingCapacity: true)
        let start = max(.zero, time - Self.graceLength(graceNotes))
        for index in open where notes[index].end > start && notes[index].onset < start {
            notes[index].duration = start - notes[index].onset
        }
        append(graceNotes, from: start)
    }

    /// Grace notes after a note end at three quarters of it (LilyPond's `\afterGrace`), cutting it short.
    private mutating func placeAfterGrace(_ grace: GraceNotes) {
        guard let first = open.first else { return }
        let segmentStart = time - lastSegmentLength
        let start = max(notes[first].onset, segmentStart + lastSegmentLength * WholeNotes(3, 4) - Self.graceLength(grace.notes))
        for index in open { notes[index].duration = start - notes[index].onset }
        append(grace.notes, from: start)
        open.removeAllKeepingCapacity()
    }

    private static func graceLength(_ graceNotes: [Note]) -> WholeNotes {
        graceNotes.reduce(WholeNotes.zero) { $0 + $1.length * Flattener.graceScale }
    }

    /// Grace notes one after another from `start`, each in its squeezed slot.
    private mutating func append(_ graceNotes: [Note], from start: WholeNotes) {
        var start = start
        for grace in graceNotes {
            let slot = grace.length * Flattener.graceScale
            let duration = max(slot - Flattener.graceGap, Flattener.graceGap)
            if let pitch = grace.singlePitch {
                // One pitch (most grace notes), read without making its list.
                notes.append(TimedNote(onset: start, duration: duration, pitch: pitch, velocity: velocity, part: partNumber, location: grace.location, isGrace: true))
            } else {
                for pitch in grace.pitches {
                    notes.append(TimedNote(onset: start, duration: duration, pitch: pitch, velocity: velocity, part: partNumber, location: grace.location, isGrace: true))
                }
            }
            if !grace.isRest { graceEnd = max(graceEnd, start + duration) }
            start += slot
        }
    }
}

private extension Array where Element == Int {
    /// Empties a list of a few indices without `removeAll(keepingCapacity:)`'s general path.
    mutating func removeAllKeepingCapacity() {
        while !isEmpty { removeLast() }
    }
}
