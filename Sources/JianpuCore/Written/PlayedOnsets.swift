/// When the Timeline plays the written events of a movement: the seconds each written note and rest
/// first sounds, and every written event in the order it sounds, through repeats and jumps.
///
/// The written score's played side: a written event is found by its part and where it was written
/// (the Timeline knows its notes so), never by a guess from bar positions; its onsets are keyed by a
/// few integers, not by its page id.
public struct PlayedOnsets: Sendable {
    private struct Key: Hashable, Sendable {
        var line: Int32, column: Int32, part: Int32, pitch: Int32
    }

    private var first: [Key: Double] = [:]
    /// Every written note and rest as it sounds, in order of time (parts in score order at the same
    /// time): seconds, page id (`WrittenEvent.id`) and part. A grace note is lit with the note it
    /// leads to, a chord once. (Ids of a few characters are held in the tuple, not on the heap.)
    public private(set) var performance: [(seconds: Double, event: String, part: Int)] = []

    /// The onsets of `timeline`, that of movement `movement` (0-based), which sounds `offset` seconds after the score's start.
    public init(timeline: Timeline, movement: Int, offset: Double) {
        var events: [(seconds: Double, event: String, part: Int)] = []
        var last: (seconds: Double, location: SourceLocation, part: Int)?
        func note(_ location: SourceLocation?, part: Int, pitch: Int, at position: WholeNotes, isGrace: Bool = false) {
            guard let location else { return }
            let seconds = timeline.tempoMap.seconds(at: position) + offset
            let key = Self.key(location, part: part, pitch: pitch)
            if first[key].map({ seconds < $0 }) ?? true { first[key] = seconds }
            // Grace notes have onsets of their own but are lit with the note they lead to.
            if isGrace { return }
            if let last, last.seconds == seconds, last.location == location, last.part == part { return }
            last = (seconds, location, part)
            events.append((seconds, WrittenEvent.id(movement: movement, part: part, location: location), part))
        }
        for timed in timeline.notes { note(timed.location, part: timed.part, pitch: timed.pitch.midiNumber, at: timed.onset, isGrace: timed.isGrace) }
        for rest in timeline.rests { note(rest.location, part: rest.part, pitch: -1, at: rest.onset) }
        performance = events.sorted { ($0.seconds, $0.part) < ($1.seconds, $1.part) }
    }

    /// Seconds when the note written at `location` in `part` first sounds `pitch` (nil: the rest written there).
    public func onset(at location: SourceLocation, part: Int, pitch: Int?) -> Double? {
        first[Self.key(location, part: part, pitch: pitch ?? -1)]
    }

    /// Seconds when `event` first sounds: a chord's earliest note, a rest's silence; nil for a dash
    /// or a written event the performance never reaches.
    public func onset(of event: WrittenEvent) -> Double? {
        guard case .note(let note, _) = event.kind else { return onset(at: event.location, part: event.part, pitch: nil) }
        if note.isRest { return onset(at: event.location, part: event.part, pitch: nil) }
        return note.pitches.compactMap { onset(at: event.location, part: event.part, pitch: $0.midiNumber) }.min()
    }

    private static func key(_ location: SourceLocation, part: Int, pitch: Int) -> Key {
        Key(line: Int32(clamping: location.line), column: Int32(clamping: location.column), part: Int32(clamping: part), pitch: Int32(clamping: pitch))
    }
}
