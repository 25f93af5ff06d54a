import Foundation
import JianpuCore
import JianpuTerminal
import Synchronization

/// Something that happened while a question waits for its answer.
public enum QuizEvent: Sendable, Hashable {
    /// A line typed (without the newline).
    case line(String)
    /// A note-on from the MIDI keyboard (MIDI number).
    case midiNote(Int)
    /// Keys pressed on a raw terminal.
    case keys([UInt8])
    /// Standard input ended.
    case endOfInput
}

/// A thread-safe queue of events from several producers (standard input, MIDI input), read by the quiz.
public final class QuizEventQueue: Sendable {
    private let items = Mutex<[QuizEvent]>([])
    private let available = DispatchSemaphore(value: 0)

    public init() {}

    public func push(_ event: QuizEvent) {
        items.withLock { $0.append(event) }
        available.signal()
    }

    /// The next event, waiting for it; nil after `timeout` seconds (if given) with nothing.
    public func next(timeout: Double? = nil) -> QuizEvent? {
        if let timeout {
            guard available.wait(timeout: .now() + timeout) == .success else { return nil }
        } else {
            available.wait()
        }
        return items.withLock { $0.isEmpty ? nil : $0.removeFirst() }
    }

    /// Events already queued, without waiting.
    public func drain() -> [QuizEvent] {
        var events: [QuizEvent] = []
        while available.wait(timeout: .now()) == .success {
            if let event = items.withLock({ $0.isEmpty ? nil : $0.removeFirst() }) { events.append(event) }
        }
        return events
    }

    /// Reads standard input line by line on a background thread; `.endOfInput` at the end.
    public func readStandardInputLines() {
        let thread = Thread { [self] in
            while let line = readLine(strippingNewline: true) { push(.line(line)) }
            push(.endOfInput)
        }
        thread.start()
    }

    /// Feeds scripted lines (tests).
    public func push(lines: [String], thenEnd: Bool = true) {
        for line in lines { push(.line(line)) }
        if thenEnd { push(.endOfInput) }
    }
}

/// Reads raw MIDI bytes (a `/dev/snd/midiC*D*` device, a FIFO or a file) and reports note-ons.
public final class MIDIInput: @unchecked Sendable {
    public let path: String
    private let descriptor: Int32

    /// Opens the device or FIFO.
    /// - Throws: `QuizError` naming the path.
    public init(path: String) throws {
        self.path = path
        // Non-blocking open, so a FIFO without a writer yet does not hold up the quiz; then blocking reads.
        let fd = open(path, O_RDONLY | O_NONBLOCK)
        guard fd >= 0 else {
            throw QuizError("cannot open MIDI input \(path): \(String(cString: strerror(errno))); give a raw MIDI device such as /dev/snd/midiC1D0, or a FIFO")
        }
        _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) & ~O_NONBLOCK)
        descriptor = fd
    }

    /// Reads on a background thread, pushing `.midiNote` for every note-on (velocity > 0) into `queue`.
    public func start(into queue: QuizEventQueue) {
        let fd = descriptor
        let thread = Thread {
            var parser = MIDIByteParser()
            var buffer = [UInt8](repeating: 0, count: 256)
            while true {
                let count = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, 256) }
                if count < 0, errno == EINTR { continue }
                if count <= 0 {
                    // A FIFO whose writer closed: wait for the next writer.
                    usleep(50_000)
                    continue
                }
                for note in parser.noteOns(in: buffer[..<count]) { queue.push(.midiNote(note)) }
            }
        }
        thread.start()
    }
}
