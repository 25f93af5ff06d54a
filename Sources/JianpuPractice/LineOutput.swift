import Foundation
import JianpuFiles
import Synchronization

/// Where a practice session writes its lines (questions, feedback, the recap): standard output, unbuffered, so a
/// pipe sees each question as it is asked. A line that cannot be written (a full disk, a closed stream) is
/// remembered, and nothing more is written: the program fails at its end instead of exiting 0.
public final class LineOutput: Sendable {
    /// The `errno` of the first line that could not be written; nil while all were.
    private let failedWrite = Mutex<Int32?>(nil)
    private let sink: @Sendable (String) -> Bool

    /// Lines to standard output.
    public convenience init() { self.init { StandardStreams.output($0) } }

    /// Lines to `sink`, which says whether the text was written (tests collect them).
    public init(sink: @escaping @Sendable (String) -> Bool) { self.sink = sink }

    /// Writes `text` and a newline, unless a line has already failed.
    public func write(_ text: String) {
        guard failedWrite.withLock({ $0 == nil }) else { return }
        if !sink(text + "\n") {
            let code = errno
            failedWrite.withLock { $0 = code }
        }
    }

    /// The `errno` of the line that could not be written, or nil when all were.
    public var failure: Int32? { failedWrite.withLock { $0 } }
}
