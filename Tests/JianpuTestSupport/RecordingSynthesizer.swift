import JianpuAudio
import JianpuCore

/// A fake synthesizer for tests: renders silence and records every message with the frame at which it was issued.
public final class RecordingSynthesizer: Synthesizer {
    /// One message the synthesizer received.
    public struct Event: Sendable, Hashable {
        /// `framesRendered` when the message was sent: the first frame it affects.
        public var frame: Int
        /// What the synthesizer was told to do.
        public var message: MIDIMessage
    }

    /// The sample rate it pretends to render at.
    public let sampleRate: Double
    /// The block size the scheduler rounds to (1: exact frames).
    public let blockSize: Int
    /// Frames rendered so far.
    public private(set) var framesRendered = 0
    /// Every message so far, in the order received.
    public private(set) var events: [Event] = []
    /// The length of every `render` call, in order.
    public private(set) var renderCalls: [Int] = []

    /// A fake at `sampleRate`; `blockSize` 1 (the default) makes the scheduler issue events at their exact frame.
    public init(sampleRate: Double = 44_100, blockSize: Int = 1) {
        self.sampleRate = sampleRate
        self.blockSize = max(1, blockSize)
    }

    public func send(_ message: MIDIMessage) {
        events.append(Event(frame: framesRendered, message: message))
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
