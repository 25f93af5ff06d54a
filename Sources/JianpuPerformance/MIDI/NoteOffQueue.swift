/// The note-offs of a track's sounding notes, earliest first: a binary heap ordered by tick, then by the
/// note's place in the part (so that note-offs at one tick come in the order their notes were written).
///
/// A track is written in one pass over its notes, which come in onset order: each note's off waits here
/// until the track reaches it. The queue holds only the notes sounding at once, where a list of every
/// note-off, sorted, held the whole part.
struct NoteOffQueue {
    struct Entry {
        var tick: Int
        /// The note's place among the part's notes.
        var order: Int32
        var key: UInt8
    }

    private var heap: [Entry] = []

    var isEmpty: Bool { heap.isEmpty }

    /// The earliest note-off's tick, `Int.max` when none is waiting.
    var firstTick: Int { heap.first?.tick ?? .max }

    @inline(__always)
    private static func before(_ a: Entry, _ b: Entry) -> Bool {
        a.tick < b.tick || (a.tick == b.tick && a.order < b.order)
    }

    mutating func insert(_ entry: Entry) {
        heap.append(entry)
        var child = heap.count - 1
        while child > 0 {
            let parent = (child - 1) / 2
            guard Self.before(heap[child], heap[parent]) else { break }
            heap.swapAt(child, parent)
            child = parent
        }
    }

    /// Takes the earliest note-off (the queue must not be empty).
    mutating func removeFirst() -> Entry {
        let first = heap[0]
        let last = heap.removeLast()
        guard !heap.isEmpty else { return first }
        heap[0] = last
        var parent = 0
        while true {
            let left = 2 * parent + 1, right = left + 1
            var earliest = parent
            if left < heap.count, Self.before(heap[left], heap[earliest]) { earliest = left }
            if right < heap.count, Self.before(heap[right], heap[earliest]) { earliest = right }
            guard earliest != parent else { break }
            heap.swapAt(parent, earliest)
            parent = earliest
        }
        return first
    }
}
