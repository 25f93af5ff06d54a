import JianpuCore

/// What the timeline knows of the written music: when each written note and rest first sounds,
/// and the order they sound in through repeats.
struct OnsetMap {
    private struct Key: Hashable, Comparable {
        var line: Int32, column: Int32, part: Int32, pitch: Int32

        static func < (a: Key, b: Key) -> Bool { (a.line, a.column, a.part, a.pitch) < (b.line, b.column, b.part, b.pitch) }
    }
    /// The first onset of each key, sorted by key and found by halving: a dictionary of a wide bar's
    /// notes took more than twice the room (its buckets, half empty after growing).
    private var keys: [Key] = []
    private var seconds: [Double] = []
    private(set) var performance: [(seconds: Double, event: String, part: Int)] = []

    /// The map of `timeline`, a movement's, whose events have ids starting with `prefix` and
    /// sound `offset` seconds after the score's start.
    init(timeline: Timeline, prefix: String, offset: Double) {
        var events: [(seconds: Double, event: String, part: Int)] = []
        var onsets: [(key: Key, seconds: Double)] = []
        var compacted = 0
        // Sorted by key and then by time, each key's first kept: its earliest onset.
        func compact() {
            onsets.sort { ($0.key, $0.seconds) < ($1.key, $1.seconds) }
            var kept = 0
            for index in onsets.indices where kept == 0 || onsets[kept - 1].key != onsets[index].key {
                onsets[kept] = onsets[index]
                kept += 1
            }
            onsets.removeLast(onsets.count - kept)
            compacted = kept
        }
        func note(_ location: SourceLocation?, part: Int, pitch: Int, at position: WholeNotes, isGrace: Bool = false) {
            guard let location else { return }
            let seconds = timeline.tempoMap.seconds(at: position) + offset
            let key = Key(line: Int32(location.line), column: Int32(location.column), part: Int32(part), pitch: Int32(pitch))
            onsets.append((key, seconds))
            // Repeats sound a written note many times: the onsets are sorted and their repeats dropped
            // whenever their count doubles, so that they take the room of the written notes, not of the played ones.
            if onsets.count >= max(1 << 12, 2 * compacted) { compact() }
            // Grace notes have onsets of their own but are lit with the note they lead to.
            if isGrace { return }
            let id = WrittenEvent.id(prefix: prefix, part: part, location: location)
            if events.last?.seconds != seconds || events.last?.event != id { events.append((seconds, id, part)) }
        }
        for timed in timeline.notes { note(timed.location, part: timed.part, pitch: timed.pitch.midiNumber, at: timed.onset, isGrace: timed.isGrace) }
        for rest in timeline.rests { note(rest.location, part: rest.part, pitch: -1, at: rest.onset) }
        performance = events.sorted { ($0.seconds, $0.part) < ($1.seconds, $1.part) }
        events = []
        compact()
        keys.reserveCapacity(onsets.count)
        seconds.reserveCapacity(onsets.count)
        for onset in onsets {
            keys.append(onset.key)
            seconds.append(onset.seconds)
        }
    }

    /// Seconds when the note written at `location` in `part` first sounds `pitch` (nil: the rest written there).
    func onset(at location: SourceLocation, part: Int, pitch: Int?) -> Double? {
        let key = Key(line: Int32(location.line), column: Int32(location.column), part: Int32(part), pitch: Int32(pitch ?? -1))
        var low = 0, high = keys.count
        while low < high {
            let middle = (low + high) / 2
            if keys[middle] < key { low = middle + 1 } else { high = middle }
        }
        return low < keys.count && keys[low] == key ? seconds[low] : nil
    }
}
