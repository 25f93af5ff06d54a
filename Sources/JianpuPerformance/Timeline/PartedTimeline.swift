import JianpuCore
import JianpuNotation

/// A timeline whose parts' notes are kept apart, each part's in onset order: what a sink that takes
/// the parts one at a time needs (a MIDI file writes a track per part), without merging every part's
/// notes into one list only to split them again.
public struct PartedTimeline: Sendable {
    /// What the parts share: title, parts, tempo map, meters, keys, instrument changes and length.
    /// Its notes, rests and bars are left empty.
    public var shared: Timeline
    /// Each part's notes (one list per entry of `shared.parts`), ordered by onset, then pitch.
    public var partNotes: [[TimedNote]]

    public init(shared: Timeline, partNotes: [[TimedNote]]) {
        self.shared = shared
        self.partNotes = partNotes
    }

    /// Movements played in turn, as `Timeline.concatenating` plays them: part N of each shares a track.
    public static func concatenating(_ timelines: [PartedTimeline]) -> PartedTimeline {
        guard timelines.count > 1 else {
            return timelines.first ?? PartedTimeline(shared: Timeline.concatenating([]), partNotes: [])
        }
        let shared = Timeline.concatenating(timelines.map(\.shared))
        var partNotes = [[TimedNote]](repeating: [], count: shared.parts.count)
        var offset = WholeNotes.zero
        for timeline in timelines {
            for (part, notes) in timeline.partNotes.enumerated() {
                partNotes[part] += notes.delayed(by: offset)
            }
            offset += timeline.shared.length
        }
        return PartedTimeline(shared: shared, partNotes: partNotes)
    }
}
