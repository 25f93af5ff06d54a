import JianpuCore

/// A note-off waiting in a track's `MinimumHeap`: ordered by tick, then by the note's place in the part (so that
/// note-offs at one tick come in the order their notes were written).
///
/// A track is written in one pass over its notes, which come in onset order: each note's off waits in the heap
/// until the track reaches it. The heap holds only the notes sounding at once, where a list of every note-off,
/// sorted, held the whole part.
struct PendingNoteOff: Comparable {
    var tick: Int
    /// The note's place among the part's notes.
    var order: Int32
    var key: UInt8

    static func < (a: PendingNoteOff, b: PendingNoteOff) -> Bool {
        a.tick < b.tick || (a.tick == b.tick && a.order < b.order)
    }
}
