import JianpuCore

/// What the timeline knows of the written music: when each written note and rest first sounds,
/// the order they sound in through repeats, and the printed number of each written bar.
struct OnsetMap {
    private struct Key: Hashable {
        var line: Int32, column: Int32, part: Int32, pitch: Int32
    }
    private var first: [Key: Double] = [:]
    /// Where each note and rest of the melody (part 0) is first played, by where it was written.
    private var melodyPositions: [SourceLocation: WholeNotes] = [:]
    /// The timeline without its notes and rests: its bars number the written ones.
    private let played: Timeline
    private(set) var performance: [(seconds: Double, event: String, part: Int)] = []

    /// The map of `timeline`, a movement's, whose events have ids starting with `prefix` and
    /// sound `offset` seconds after the score's start.
    init(timeline: Timeline, prefix: String, offset: Double) {
        self.init(timeline: timeline, times: (prefix, offset))
    }

    /// The map of `timeline` that only numbers bars: no onsets and no performance, so a screen of
    /// text, which needs neither, does not hold a table entry per note.
    static func numbering(_ timeline: Timeline) -> OnsetMap {
        OnsetMap(timeline: timeline, times: nil)
    }

    private init(timeline: Timeline, times: (prefix: String, offset: Double)?) {
        // Numbering needs the timeline's bars only: its notes are let go with the caller's copy.
        var played = timeline
        played.notes = []
        played.rests = []
        self.played = played
        var events: [(seconds: Double, event: String, part: Int)] = []
        func note(_ location: SourceLocation?, part: Int, pitch: Int, at position: WholeNotes, isGrace: Bool = false) {
            guard let location else { return }
            if part == 0, !isGrace, melodyPositions[location].map({ position < $0 }) ?? true { melodyPositions[location] = position }
            guard let (prefix, offset) = times else { return }
            let seconds = timeline.tempoMap.seconds(at: position) + offset
            let key = Key(line: Int32(location.line), column: Int32(location.column), part: Int32(part), pitch: Int32(pitch))
            if first[key].map({ seconds < $0 }) ?? true { first[key] = seconds }
            // Grace notes have onsets of their own but are lit with the note they lead to.
            if isGrace { return }
            let id = WrittenEvent.id(prefix: prefix, part: part, location: location)
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

    /// Gives written bars the numbers the timeline prints (`Timeline.bars`: a pickup is bar 0, a
    /// repeat and each ending once), so the page, the play screen, `info` and `--from` agree.
    ///
    /// A bar takes the number of the played bar its start sounds in the first time through: where the
    /// melody's last note or rest written at or before the start is played, moved on by as much as
    /// the start is written after it (nothing for a bar that starts with a note; a tied note's dashes,
    /// another part's bar, or a bar in a multibar rest are found so). The melody's bars come first,
    /// in written order, so each bar's anchors are known when it is numbered.
    struct BarNumbering {
        let map: OnsetMap
        private var anchors: [(written: WholeNotes, played: WholeNotes)] = []

        init(map: OnsetMap) { self.map = map }

        mutating func number(_ bar: inout WrittenBar, isMelody: Bool) {
            if isMelody {
                for event in bar.events {
                    if let played = map.melodyPositions[event.location] { anchors.append((event.onset, played)) }
                }
            }
            var low = 0, high = anchors.count
            while low < high {
                let mid = (low + high) / 2
                if anchors[mid].written <= bar.start { low = mid + 1 } else { high = mid }
            }
            let anchor = low > 0 ? anchors[low - 1] : (written: WholeNotes.zero, played: WholeNotes.zero)
            let played = anchor.played + (bar.start - anchor.written)
            let bars = map.played.bars
            bar.number = bars.isEmpty ? 1 : bars[map.played.barIndex(at: played)].number
        }
    }
}
