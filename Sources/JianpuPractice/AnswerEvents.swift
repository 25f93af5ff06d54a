import Foundation
import JianpuCore
import JianpuFiles
import JianpuTerminal
import Synchronization

/// Something that happened while a question waits for its answer.
public enum AnswerEvent: Sendable, Hashable {
    /// A line typed (without the newline).
    case line(String)
    /// A note-on from the MIDI keyboard (MIDI number).
    case midiNote(Int)
    /// Keys pressed on a raw terminal.
    case keys([UInt8])
    /// Standard input ended.
    case endOfInput
}

/// A thread-safe queue of events from several producers (standard input, MIDI input), read by a practice
/// session line by line (the quiz's and the lesson's `--plain`).
public final class AnswerEventQueue: Sendable {
    private let items = Mutex<[AnswerEvent]>([])
    private let available = DispatchSemaphore(value: 0)

    public init() {}

    public func push(_ event: AnswerEvent) {
        items.withLock { $0.append(event) }
        available.signal()
    }

    /// The next event, waiting for it; nil after `timeout` seconds (if given) with nothing.
    public func next(timeout: Double? = nil) -> AnswerEvent? {
        if let timeout {
            guard available.wait(timeout: .now() + timeout) == .success else { return nil }
        } else {
            available.wait()
        }
        return items.withLock { $0.isEmpty ? nil : $0.removeFirst() }
    }

    /// Events already queued, without waiting.
    public func drain() -> [AnswerEvent] {
        var events: [AnswerEvent] = []
        while available.wait(timeout: .now()) == .success {
            if let event = items.withLock({ $0.isEmpty ? nil : $0.removeFirst() }) { events.append(event) }
        }
        return events
    }

    /// The longest answer line kept whole.
    static let longestLine = 1 << 16

    /// Reads standard input line by line on a background thread; `.endOfInput` at the end.
    ///
    /// The descriptor is read directly, not through C's `stdin`: a thread waiting inside `readLine` holds
    /// the `stdin` lock, and the flush of every stream at exit would then wait for input that may never
    /// come (a session that ends while its input stays open must still exit).
    public func readStandardInputLines() {
        let thread = Thread { [self] in
            var pending: [UInt8] = []
            var buffer = [UInt8](repeating: 0, count: 4096)
            func flush(_ line: ArraySlice<UInt8>) {
                push(.line(String(decoding: line.last == 13 ? line.dropLast() : line, as: UTF8.self)))
            }
            while true {
                let count = buffer.withUnsafeMutableBytes { read(STDIN_FILENO, $0.baseAddress, $0.count) }
                if count < 0, errno == EINTR { continue }
                guard count > 0 else { break }
                pending += buffer[..<count]
                var start = 0
                while let newline = pending[start...].firstIndex(of: 10) {
                    flush(pending[start..<newline])
                    start = newline + 1
                }
                pending.removeFirst(start)
                // A line without end is an answer no one types: taken as it is, so memory stays bounded.
                if pending.count > Self.longestLine {
                    flush(pending[...])
                    pending = []
                }
            }
            if !pending.isEmpty { flush(pending[...]) }
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

extension AnswerEventQueue {
    /// Pushes `.midiNote` for every note-on read from `path`: a raw MIDI device such as
    /// `/dev/snd/midiC1D0`, a FIFO, or `seq` for an ALSA sequencer port named `portName`.
    /// - Throws: `TerminalError` naming the path and what to give instead.
    public func listen(toMIDI path: String, portName: String) throws {
        let input = try MIDIInput(path: path, portName: portName)
        // Line by line there is no screen to show that the keyboard went quiet: it is said on standard error.
        input.start(
            delivering: { [self] messages in
                for case .noteOn(_, let key, _) in messages { push(.midiNote(Int(key))) }
            },
            stopped: { reason in
                StandardStreams.error("jianpu: \(TerminalText.visible(reason)); answers are read from standard input only\n")
            })
    }
}
