import Dispatch
import Synchronization

#if canImport(Glibc)
import Glibc
#endif

/// Work made on every core at once and taken on the calling thread in order, each piece as soon as it and those
/// before it are made: a long output (a large score's measures) written side by side and still written front to back.
package enum InOrderProduction {
    /// Makes pieces `0..<count` with `make` on the machine's cores and hands each to `take` here, in order.
    ///
    /// `take` may change its piece: a buffer it takes out is then held nowhere else, to be filled again. At most
    /// `ahead` pieces are made and not yet taken at a time, so a slow taker (a pipe) never has the output held whole.
    /// When `take` throws, the pieces not yet begun are not made, and the error is thrown once the makers stop.
    package static func run<Piece: Sendable>(
        count: Int, ahead: Int, make: @Sendable (Int) -> Piece, take: (inout Piece) throws -> Void
    ) rethrows {
        guard count > 0 else { return }
        let workers = min(count, max(sysconf(Int32(_SC_NPROCESSORS_ONLN)), 1), max(ahead, 1))
        let shared = Shared<Piece>(count: count)
        // Made with no slots and given them after: a semaphore freed below its starting count traps in libdispatch,
        // and a stop leaves slots taken by pieces never handed on.
        for _ in 0..<max(ahead, 1) { shared.room.signal() }
        try withoutActuallyEscaping(make) { make in
            let group = DispatchGroup()
            DispatchQueue.global().async(group: group) {
                DispatchQueue.concurrentPerform(iterations: workers) { _ in
                    while true {
                        shared.room.wait()
                        let index = shared.stopped.load(ordering: .acquiring) ? count : shared.next.add(1, ordering: .relaxed).oldValue
                        guard index < count else {
                            shared.room.signal()
                            return
                        }
                        let piece = make(index)
                        shared.pieces.withLock { $0[index] = piece }
                        shared.made[index].signal()
                    }
                }
            }
            // However this ends, the makers are stopped and waited for: `make` is not called once this returns.
            defer {
                shared.stopped.store(true, ordering: .releasing)
                // A maker waiting for room (held by pieces a failed taker left) wakes, sees the stop and ends.
                for _ in 0..<workers { shared.room.signal() }
                group.wait()
            }
            for index in 0..<count {
                shared.made[index].wait()
                let piece = shared.pieces.withLock { $0[index].take() }
                shared.room.signal()
                if var piece { try take(&piece) }
            }
        }
    }

    /// What the makers and the taker share.
    private final class Shared<Piece: Sendable>: Sendable {
        let room = DispatchSemaphore(value: 0)
        let next = Atomic<Int>(0)
        let stopped = Atomic<Bool>(false)
        let pieces: Mutex<[Piece?]>
        /// Signalled once each, when its piece is made.
        let made: [DispatchSemaphore]

        init(count: Int) {
            pieces = Mutex(Array(repeating: nil, count: count))
            made = (0..<count).map { _ in DispatchSemaphore(value: 0) }
        }
    }
}
