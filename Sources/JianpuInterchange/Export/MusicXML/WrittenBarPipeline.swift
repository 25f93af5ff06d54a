import Dispatch
import JianpuCore
import JianpuNotation
import JianpuPerformance
import Synchronization

/// Bars handed in batches from the written score's reader, on a thread of its own, to the export's reader of them:
/// a large part's reading of its written bars and its reading for export then run side by side, each on a core.
///
/// At most `room` batches wait at a time, so the part is never held whole.
final class WrittenBarPipeline: Sendable {
    private let batches = Mutex<[[WrittenBar]]>([])
    /// Batches read, handed back to be freed on the reading thread: freeing a batch's events is a tenth of their export's reading.
    private let spent = Mutex<[[WrittenBar]]>([])
    private let available = DispatchSemaphore(value: 0)
    private let room: DispatchSemaphore

    /// A pipeline holding at most `room` batches not yet taken.
    init(room: Int) { self.room = DispatchSemaphore(value: room) }

    /// Hands `batch` on, waiting while `room` batches wait already; an empty batch says that no more follow.
    func push(_ batch: [WrittenBar]) {
        // Freed outside the lock, so that handing back never waits for it.
        var read: [[WrittenBar]] = []
        spent.withLock { swap(&$0, &read) }
        read = []
        room.wait()
        batches.withLock { $0.append(batch) }
        available.signal()
    }

    /// The next batch, waiting for it; empty when no more follow.
    func next() -> [WrittenBar] {
        available.wait()
        let batch = batches.withLock { $0.isEmpty ? [] : $0.removeFirst() }
        room.signal()
        return batch
    }

    /// Hands `batch`, read, back to the reading thread, which frees it.
    func giveBack(_ batch: [WrittenBar]) {
        spent.withLock { $0.append(batch) }
    }

    /// Reads part `part` of `movement` from `written` (as `WrittenScore.readBars(ofPart:…)`, its syllables' slots alone)
    /// on a thread of its own, and hands its bars to `take` here, in order, as they come; `meanwhile` runs here first,
    /// as the first bars are read.
    static func readBars(ofPart part: Int, of movement: Movement, in written: WrittenScore, meanwhile: () -> Void, take: (WrittenBar) -> Void) {
        let pipeline = WrittenBarPipeline(room: 8)
        let group = DispatchGroup()
        // A queue of its own, not a worker of the shared pool: this thread waits for it, so it must run whatever else runs.
        DispatchQueue(label: "jianpu.export.written-bars").async(group: group) {
            var batch: [WrittenBar] = []
            // Without the syllables' texts, the verses are not split there.
            written.readBars(ofPart: part, of: movement, movementIndex: 0, syllableTexts: false) { bar in
                batch.append(bar)
                // Batches of hundreds of bars: each handed over may wake the other thread, tens of microseconds in a
                // virtual machine, and the reader of a batch of 64 waited for the next more than it read.
                if batch.count == 512 {
                    pipeline.push(batch)
                    batch = []
                }
            }
            if !batch.isEmpty { pipeline.push(batch) }
            pipeline.push([])
        }
        meanwhile()
        while true {
            let batch = pipeline.next()
            if batch.isEmpty { break }
            // Read in place: a bar copied out retains and releases all it holds.
            batch.withUnsafeBufferPointer { bars in
                for bar in bars.indices { take(bars[bar]) }
            }
            pipeline.giveBack(batch)
        }
        group.wait()
    }
}
