import JianpuCore
import JianpuNotation

/// When the Timeline plays the written events of a movement: the seconds each written note and rest
/// first sounds, and every written event in the order it sounds, through repeats and jumps.
///
/// The written score's played side: a written event is found by its part and where it was written
/// (the Timeline knows its notes so), never by a guess from bar positions; its onsets are keyed by a
/// few integers, not by its page id.
public struct PlayedOnsets: Sendable {
    private struct Key: Hashable, Comparable, Sendable {
        var line: Int32, column: Int32, part: Int32, pitch: Int32

        static func < (a: Key, b: Key) -> Bool { (a.line, a.column, a.part, a.pitch) < (b.line, b.column, b.part, b.pitch) }
    }

    /// The first onset of each key, sorted by key and found by halving: a dictionary of a wide bar's
    /// notes took more than twice the room (its buckets, half empty after growing).
    private var keys: [Key] = []
    private var seconds: [Double] = []

    /// The onsets of `timeline`, a movement which sounds `offset` seconds after the score's start.
    public init(timeline: Timeline, offset: Double) {
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
        Self.visit(timeline, offset: offset) { location, part, pitch, seconds, _ in
            onsets.append((Self.key(location, part: part, pitch: pitch), seconds))
            // Repeats sound a written note many times: the onsets are sorted and their repeats dropped
            // whenever their count doubles, so that they take the room of the written notes, not of the played ones.
            if onsets.count >= max(1 << 12, 2 * compacted) { compact() }
        }
        compact()
        keys.reserveCapacity(onsets.count)
        seconds.reserveCapacity(onsets.count)
        for onset in onsets {
            keys.append(onset.key)
            seconds.append(onset.seconds)
        }
    }

    /// Every written note and rest of `timeline` as it sounds, in order of time (parts in score order at the
    /// same time): seconds, page id (`WrittenEvent.id`) and part. A grace note is lit with the note it leads
    /// to, a chord once. (Ids of a few characters are held in the tuple, not on the heap.)
    public static func performance(of timeline: Timeline, movement: Int, offset: Double) -> [(seconds: Double, event: String, part: Int)] {
        var events: [(seconds: Double, event: String, part: Int)] = []
        var last: (seconds: Double, location: SourceLocation, part: Int)?
        visit(timeline, offset: offset) { location, part, _, seconds, isGrace in
            if isGrace { return }
            if let last, last.seconds == seconds, last.location == location, last.part == part { return }
            last = (seconds, location, part)
            events.append((seconds, WrittenEvent.id(movement: movement, part: part, location: location), part))
        }
        events.sort { ($0.seconds, $0.part) < ($1.seconds, $1.part) }
        return events
    }

    /// Each written note's pitch (-1 for a rest) as it sounds: where it was written, its part, its seconds, whether a grace note.
    private static func visit(_ timeline: Timeline, offset: Double, _ body: (SourceLocation, Int, Int, Double, Bool) -> Void) {
        for timed in timeline.notes {
            guard let location = timed.location else { continue }
            body(location, timed.part, timed.pitch.midiNumber, timeline.tempoMap.seconds(at: timed.onset) + offset, timed.isGrace)
        }
        for rest in timeline.rests {
            guard let location = rest.location else { continue }
            body(location, rest.part, -1, timeline.tempoMap.seconds(at: rest.onset) + offset, false)
        }
    }

    /// Seconds when the note written at `location` in `part` first sounds `pitch` (nil: the rest written there).
    public func onset(at location: SourceLocation, part: Int, pitch: Int?) -> Double? {
        let key = Self.key(location, part: part, pitch: pitch ?? -1)
        let low = keys.partitioningIndex { $0 >= key }
        return low < keys.count && keys[low] == key ? seconds[low] : nil
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
