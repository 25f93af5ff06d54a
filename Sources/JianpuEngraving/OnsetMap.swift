import JianpuCore

/// What the timeline knows of the written music: when each written note and rest first sounds,
/// and the order they sound in through repeats.
struct OnsetMap {
    private struct Key: Hashable {
        var line: Int32, column: Int32, part: Int32, pitch: Int32
    }
    private var first: [Key: Double] = [:]
    private(set) var performance: [(seconds: Double, event: String, part: Int)] = []

    /// The map of `timeline`, that of movement `movement` (0-based), which sounds `offset` seconds after the score's start.
    init(timeline: Timeline, movement: Int, offset: Double) {
        var events: [(seconds: Double, event: String, part: Int)] = []
        func note(_ location: SourceLocation?, part: Int, pitch: Int, at position: WholeNotes, isGrace: Bool = false) {
            guard let location else { return }
            let seconds = timeline.tempoMap.seconds(at: position) + offset
            let key = Key(line: Int32(location.line), column: Int32(location.column), part: Int32(part), pitch: Int32(pitch))
            if first[key].map({ seconds < $0 }) ?? true { first[key] = seconds }
            // Grace notes have onsets of their own but are lit with the note they lead to.
            if isGrace { return }
            let id = WrittenEvent.id(movement: movement, part: part, location: location)
            if events.last?.seconds != seconds || events.last?.event != id { events.append((seconds, id, part)) }
        }
        for timed in timeline.notes { note(timed.location, part: timed.part, pitch: timed.pitch.midiNumber, at: timed.onset, isGrace: timed.isGrace) }
        for rest in timeline.rests { note(rest.location, part: rest.part, pitch: -1, at: rest.onset) }
        performance = events.sorted { ($0.seconds, $0.part) < ($1.seconds, $1.part) }
    }

    /// Seconds when the note written at `location` in `part` first sounds `pitch` (nil: the rest written there).
    func onset(at location: SourceLocation, part: Int, pitch: Int?) -> Double? {
        first[Key(line: Int32(location.line), column: Int32(location.column), part: Int32(part), pitch: Int32(pitch ?? -1))]
    }
}
