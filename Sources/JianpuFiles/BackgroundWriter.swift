import Dispatch
import Synchronization

/// Pieces of an output written in order on a thread of their own as the next are made. After a failure the
/// pieces left are not written, and `finish()` throws it.
public final class BackgroundWriter: @unchecked Sendable {
    // Unchecked: `writer` and `failure` are used on `queue` alone, and after `drain()` (which waits for it) by its caller.
    private let writer: OutputFileWriter
    private let queue = DispatchQueue(label: "jianpu.output.write")
    private var failure: FileProblem?
    /// A few pieces at most wait: an output slower than the making (a pipe) never holds the document whole.
    private let room = DispatchSemaphore(value: 4)
    /// Buffers written out, kept for the next pieces: a fresh buffer per piece would fault in its pages anew.
    private let spare = Mutex<[Piece]>([])

    /// A buffer handed from the maker to the queue and back, its bytes never shared, so refilled where they are.
    private final class Piece: @unchecked Sendable {
        // Unchecked: filled before it is handed to the queue, written there, and only then handed back.
        var bytes: [UInt8] = []
    }

    /// A writer of pieces to `writer`, on a thread of its own.
    public init(_ writer: OutputFileWriter) { self.writer = writer }

    /// Writes `bytes` after the pieces before, on the queue, waiting while a few pieces wait already.
    ///
    /// The piece is copied into a spare buffer, so that the maker's, not held here, is filled again where it is.
    public func write(_ bytes: [UInt8]) {
        room.wait()
        let piece = spare.withLock { $0.popLast() } ?? Piece()
        piece.bytes.removeAll(keepingCapacity: true)
        piece.bytes.append(contentsOf: bytes)
        queue.async { [self] in
            write(out: piece.bytes)
            spare.withLock { $0.append(piece) }
            room.signal()
        }
    }

    /// On the queue: writes `bytes` unless a write before failed.
    private func write(out bytes: [UInt8]) {
        guard failure == nil else { return }
        do throws(FileProblem) { try writer.write(bytes) } catch { failure = error }
    }

    /// Waits until every piece handed on is written or dropped.
    public func drain() { queue.sync {} }

    /// Waits for the pieces handed on, then throws the first failure to write one.
    public func finish() throws(FileProblem) {
        drain()
        if let failure { throw failure }
    }
}
