import Foundation
import JianpuCore
import Synchronization

/// Why MIDI input could not be opened: one line saying what is wrong and what to give instead.

/// Reads a raw MIDI byte stream (`/dev/snd/midiC*D*`, `/dev/midi*`, a FIFO or a file) or the ALSA
/// sequencer on a background thread, for the chord pad and the quiz.
///
/// The parsed messages are either handed to a callback on the reading thread, or queued for a
/// control thread that polls `wakeDescriptor` beside the terminal and then calls `drain()`.
public final class MIDIInput: @unchecked Sendable {
    /// The path read.
    public let path: String
    private let queue = Mutex<[MIDIMessage]>([])
    /// Signalled when `drain` makes room in a full queue.
    private let room = DispatchSemaphore(value: 0)
    /// Messages waiting at most: past it the reading thread waits, so a flood cannot grow memory.
    public static let queueCapacity = 4_096
    private let problem = Mutex<String?>(nil)
    /// Becomes readable when messages are waiting (poll it with the terminal).
    public let wakeDescriptor: Int32
    private let wakeWriter: Int32
    private let descriptor: Int32
    private let sequencer: ALSASequencerInput?

    /// The path of the ALSA sequencer device.
    public static let sequencerDevice = "/dev/snd/seq"

    /// Opens `path` for reading. `seq` (or `alsa`) asks for the ALSA sequencer: a port named `portName`
    /// that other clients connect to; `seq:20:0` also connects from that port.
    /// - Throws: `TerminalError` when the input cannot be opened, with what to give instead.
    public init(path: String, portName: String, sequencerDevice: String = MIDIInput.sequencerDevice) throws {
        if path == "seq" || path == "alsa" || path.hasPrefix("seq:") {
            guard FileManager.default.fileExists(atPath: sequencerDevice) else {
                throw TerminalError.noSequencer(device: sequencerDevice)
            }
            let source = path.hasPrefix("seq:") ? String(path.dropFirst(4)) : nil
            let sequencer = try ALSASequencerInput(portName: portName, source: source)
            let (reader, writer) = try Self.wakePipe()
            self.path = "ALSA sequencer port \(portName)" + (source.map { " (from \($0))" } ?? " (connect with aconnect)")
            self.descriptor = -1
            self.sequencer = sequencer
            self.wakeDescriptor = reader
            self.wakeWriter = writer
            return
        }
        let isFIFO = try Self.check(path) == S_IFIFO
        // A FIFO is opened for reading and writing so that it neither blocks until a writer comes
        // nor reaches end-of-file when a writer goes: every later writer is heard too.
        let opened = open(path, (isFIFO ? O_RDWR : O_RDONLY) | O_CLOEXEC)
        guard opened >= 0 else {
            throw TerminalError.cannotOpenMIDI(path: path, errno: errno)
        }
        let (reader, writer): (Int32, Int32)
        do { (reader, writer) = try Self.wakePipe() } catch { close(opened); throw error }
        self.path = path
        self.descriptor = opened
        self.sequencer = nil
        self.wakeDescriptor = reader
        self.wakeWriter = writer
    }

    /// What a raw MIDI input may be: a character device (`/dev/snd/midiC*D*`), a FIFO, or a file of
    /// recorded bytes. Checked before anything is opened, so a folder or a disk is refused at once
    /// (a folder would open, fail its first read, and leave the MIDI keyboard silent without a word).
    /// - Returns: the kind (`S_IFCHR`, `S_IFIFO` or `S_IFREG`).
    /// - Throws: `TerminalError` naming the path, what it is and what to give instead.
    @discardableResult
    public static func check(_ path: String) throws -> mode_t {
        if path == "seq" || path == "alsa" || path.hasPrefix("seq:") { return S_IFCHR }
        var info = stat()
        guard stat(path, &info) == 0 else {
            throw TerminalError.cannotReadMIDI(path: path, errno: errno)
        }
        let kind = info.st_mode & S_IFMT
        switch kind {
        case S_IFCHR, S_IFIFO, S_IFREG: return kind
        case S_IFDIR: throw TerminalError.midiIsAFolder(path: path)
        default: throw TerminalError.notAMIDIInput(path: path)
        }
    }

    private static func wakePipe() throws -> (Int32, Int32) {
        var pipeEnds: [Int32] = [0, 0]
        guard pipe(&pipeEnds) == 0 else {
            throw TerminalError.midiSetUp("MIDI input: \(String(cString: strerror(errno)))")
        }
        _ = fcntl(pipeEnds[0], F_SETFL, fcntl(pipeEnds[0], F_GETFL) | O_NONBLOCK)
        _ = fcntl(pipeEnds[1], F_SETFL, fcntl(pipeEnds[1], F_GETFL) | O_NONBLOCK)
        return (pipeEnds[0], pipeEnds[1])
    }

    /// Starts the reading thread, queueing what it reads for `drain()`. It runs until the stream
    /// ends (the process may exit while it waits). When `queueCapacity` messages wait, it stops reading
    /// until they are drained.
    public func start() {
        start { [self] messages in
            var pending = messages[...]
            while !pending.isEmpty {
                let taken = queue.withLock { queued in
                    let count = min(pending.count, Self.queueCapacity - queued.count)
                    queued.append(contentsOf: pending.prefix(count))
                    return count
                }
                pending = pending.dropFirst(taken)
                wake()
                if !pending.isEmpty { _ = room.wait(timeout: .now() + 0.05) }
            }
        }
    }

    /// Starts the reading thread, handing each read's messages to `deliver` on that thread, and the
    /// reason to `stopped` (on that thread) when the input stops (the stream ended, a read failed).
    public func start(
        delivering deliver: @escaping @Sendable ([MIDIMessage]) -> Void,
        stopped: (@Sendable (String) -> Void)? = nil
    ) {
        let thread = Thread { [self] in
            self.readLoop(deliver)
            if let stopped, let failure = self.failure { stopped(failure) }
        }
        thread.name = "MIDI input"
        thread.start()
    }

    private func readLoop(_ deliver: ([MIDIMessage]) -> Void) {
        var parser = MIDIByteParser()
        var buffer = [UInt8](repeating: 0, count: 512)
        if let sequencer {
            while let bytes = sequencer.next() {
                let messages = parser.messages(from: bytes)
                if !messages.isEmpty { deliver(messages) }
            }
            problem.withLock { $0 = "MIDI input: the ALSA sequencer stopped delivering events" }
            wake()
            return
        }
        while true {
            let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count < 0, errno == EINTR { continue }
            if count <= 0 {
                let reason = count == 0 ? "the stream ended" : String(cString: strerror(errno))
                problem.withLock { $0 = "MIDI input \(path): \(reason)" }
                wake()
                return
            }
            let messages = parser.messages(from: buffer[..<count])
            if !messages.isEmpty { deliver(messages) }
        }
    }

    private func wake() {
        var byte: UInt8 = 1
        _ = write(wakeWriter, &byte, 1)
    }

    /// The oldest messages received, at most `limit` of them (and clears the wake-up pipe; it is woken
    /// again when more wait).
    public func drain(atMost limit: Int = .max) -> [MIDIMessage] {
        var scratch = [UInt8](repeating: 0, count: 64)
        while scratch.withUnsafeMutableBytes({ read(wakeDescriptor, $0.baseAddress, $0.count) }) > 0 {}
        let (taken, left) = queue.withLock { messages in
            let count = min(limit, messages.count)
            let taken = Array(messages.prefix(count))
            messages.removeFirst(count)
            return (taken, messages.count)
        }
        if left > 0 { wake() }
        room.signal()
        return taken
    }

    /// A problem the reading thread met (the stream ended, a read error), or nil.
    public var failure: String? { problem.withLock { $0 } }
}
