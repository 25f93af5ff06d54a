/// A binary heap whose first element is always its least: what waits to happen, earliest first.
///
/// Inserting and taking the first each cost a logarithm of the count, so what waits is never sorted whole
/// (the note-offs of a MIDI track, the pending note-offs of a performance's schedule). Elements that
/// compare equal come out in no promised order: an order that matters belongs in `<`.
public struct MinimumHeap<Element: Comparable> {
    @usableFromInline var storage: [Element] = []

    /// An empty heap.
    @inlinable public init() {}

    /// Whether nothing waits.
    @inlinable public var isEmpty: Bool { storage.isEmpty }

    /// The least element, nil when the heap is empty.
    @inlinable public var first: Element? { storage.first }

    /// Adds `element`.
    @inlinable public mutating func insert(_ element: Element) {
        storage.append(element)
        var child = storage.count - 1
        while child > 0 {
            let parent = (child - 1) / 2
            guard storage[child] < storage[parent] else { break }
            storage.swapAt(child, parent)
            child = parent
        }
    }

    /// Takes the least element away and returns it, nil when the heap is empty.
    @inlinable @discardableResult public mutating func removeFirst() -> Element? {
        guard let first = storage.first else { return nil }
        let last = storage.removeLast()
        guard !storage.isEmpty else { return first }
        storage[0] = last
        var parent = 0
        while true {
            let left = 2 * parent + 1, right = left + 1
            var least = parent
            if left < storage.count, storage[left] < storage[least] { least = left }
            if right < storage.count, storage[right] < storage[least] { least = right }
            guard least != parent else { break }
            storage.swapAt(parent, least)
            parent = least
        }
        return first
    }
}

extension MinimumHeap: Sendable where Element: Sendable {}
