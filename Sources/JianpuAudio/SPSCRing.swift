import Synchronization

/// A bounded, lock-free single-producer single-consumer queue.
///
/// Exactly one thread may `push` and exactly one (other) thread may `pop`. Neither ever blocks or
/// allocates: slots are preallocated, and the two indices are atomics (release on publish, acquire on read).
public final class SPSCRing<Element: Sendable>: @unchecked Sendable {
    private let capacity: Int
    private let mask: Int
    private let slots: UnsafeMutablePointer<Element?>
    /// Next slot to read; written only by the consumer.
    private let head = Atomic<Int>(0)
    /// Next slot to write; written only by the producer.
    private let tail = Atomic<Int>(0)

    /// A ring holding up to `capacity` elements (rounded up to a power of two, at least 2).
    public init(capacity: Int) {
        var size = 2
        while size < capacity { size <<= 1 }
        self.capacity = size
        self.mask = size - 1
        self.slots = UnsafeMutablePointer<Element?>.allocate(capacity: size)
        slots.initialize(repeating: nil, count: size)
    }

    deinit {
        slots.deinitialize(count: capacity)
        slots.deallocate()
    }

    /// Producer side: appends `element`; returns false (and drops nothing) if the ring is full.
    @discardableResult
    public func push(_ element: Element) -> Bool {
        let write = tail.load(ordering: .relaxed)
        let read = head.load(ordering: .acquiring)
        guard write - read < capacity else { return false }
        slots[write & mask] = element
        tail.store(write + 1, ordering: .releasing)
        return true
    }

    /// Consumer side: removes and returns the oldest element, or nil if the ring is empty.
    public func pop() -> Element? {
        let read = head.load(ordering: .relaxed)
        let write = tail.load(ordering: .acquiring)
        guard read != write else { return nil }
        let element = slots[read & mask].take()
        head.store(read + 1, ordering: .releasing)
        return element
    }

    /// Elements waiting (a snapshot; exact only on the consumer or producer thread).
    public var count: Int { tail.load(ordering: .acquiring) - head.load(ordering: .acquiring) }
}
