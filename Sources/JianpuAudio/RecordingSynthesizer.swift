/// A fake synthesizer for tests: renders silence and records every event with the frame at which it was issued.
public final class RecordingSynthesizer: Synthesizer {
    /// One event the synthesizer received.
    public struct Event: Sendable, Hashable {
        /// What the synthesizer was told to do.
        public enum Kind: Sendable, Hashable {
            case noteOn(channel: UInt8, key: UInt8, velocity: UInt8)
            case noteOff(channel: UInt8, key: UInt8)
            case programChange(channel: UInt8, program: UInt8)
            case allNotesOff
        }
        /// `framesRendered` when the event was issued: the first frame it affects.
        public var frame: Int
        /// What happened.
        public var kind: Kind
    }

    /// The sample rate it pretends to render at.
    public let sampleRate: Double
    /// The block size the scheduler rounds to (1: exact frames).
    public let blockSize: Int
    /// Frames rendered so far.
    public private(set) var framesRendered = 0
    /// Every event so far, in the order received.
    public private(set) var events: [Event] = []
    /// The length of every `render` call, in order.
    public private(set) var renderCalls: [Int] = []

    /// A fake at `sampleRate`; `blockSize` 1 (the default) makes the scheduler issue events at their exact frame.
    public init(sampleRate: Double = 44_100, blockSize: Int = 1) {
        self.sampleRate = sampleRate
        self.blockSize = max(1, blockSize)
    }

    public func noteOn(channel: UInt8, key: UInt8, velocity: UInt8) {
        events.append(Event(frame: framesRendered, kind: .noteOn(channel: channel, key: key, velocity: velocity)))
    }

    public func noteOff(channel: UInt8, key: UInt8) {
        events.append(Event(frame: framesRendered, kind: .noteOff(channel: channel, key: key)))
    }

    public func programChange(channel: UInt8, program: UInt8) {
        events.append(Event(frame: framesRendered, kind: .programChange(channel: channel, program: program)))
    }

    public func allNotesOff() {
        events.append(Event(frame: framesRendered, kind: .allNotesOff))
    }

    public func render(frames: Int, into output: StereoOutput) {
        guard frames > 0 else { return }
        for index in 0..<frames {
            output.left[index * output.stride] = 0
            output.right[index * output.stride] = 0
        }
        framesRendered += frames
        renderCalls.append(frames)
    }
}
