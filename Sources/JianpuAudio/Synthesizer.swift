import JianpuCore

/// Where a synthesizer writes stereo Float32 audio: interleaved (`L R L R …`) or two planar buffers.
///
/// A view on memory the caller owns; valid only for the duration of the call it is passed to.
public struct StereoOutput {
    /// The first left-channel sample.
    public var left: UnsafeMutablePointer<Float>
    /// The first right-channel sample.
    public var right: UnsafeMutablePointer<Float>
    /// Floats between consecutive frames of one channel: 2 for interleaved, 1 for planar.
    public var stride: Int

    /// A view with explicit pointers and stride.
    public init(left: UnsafeMutablePointer<Float>, right: UnsafeMutablePointer<Float>, stride: Int) {
        self.left = left
        self.right = right
        self.stride = stride
    }

    /// Interleaved stereo: frame `i` is `buffer[2i]` (left) and `buffer[2i + 1]` (right).
    public static func interleaved(_ buffer: UnsafeMutablePointer<Float>) -> StereoOutput {
        StereoOutput(left: buffer, right: buffer + 1, stride: 2)
    }

    /// Two separate channel buffers, as an audio driver callback gets them.
    public static func planar(left: UnsafeMutablePointer<Float>, right: UnsafeMutablePointer<Float>) -> StereoOutput {
        StereoOutput(left: left, right: right, stride: 1)
    }

    /// The same output starting `frames` frames later.
    public func advanced(by frames: Int) -> StereoOutput {
        StereoOutput(left: left + frames * stride, right: right + frames * stride, stride: stride)
    }
}

/// A MIDI-driven stereo synthesizer the scheduler plays: FluidSynth, or a fake for tests.
///
/// Events take effect from the next rendered frame, subject to `blockSize`. Not thread-safe:
/// one thread at a time (the audio thread while playing live).
public protocol Synthesizer: AnyObject {
    /// Frames per second of the rendered audio.
    var sampleRate: Double { get }
    /// The engine's internal block: an event issued between block boundaries takes effect at the next one.
    /// 64 for FluidSynth, 1 for a synth that is sample-exact.
    var blockSize: Int { get }
    /// Frames rendered since the synthesizer was created (its block phase is `framesRendered % blockSize`).
    var framesRendered: Int { get }

    /// Acts on one MIDI message from the next rendered frame (note-on/off, program change, controllers;
    /// All Notes Off is controller 123).
    func send(_ message: MIDIMessage)
    /// Renders `frames` frames of stereo audio into `output` (overwriting it) and advances `framesRendered`.
    func render(frames: Int, into output: StereoOutput)
}

extension Synthesizer {
    /// Releases every sounding note on all 16 channels (All Notes Off on each).
    public func releaseAllNotes() {
        for channel in UInt8(0)..<16 { send(.allNotesOff(channel: channel)) }
    }

    /// Renders `frames` frames as interleaved stereo Float32 (`2 × frames` floats) into `buffer`.
    public func render(frames: Int, into buffer: UnsafeMutablePointer<Float>) {
        render(frames: frames, into: StereoOutput.interleaved(buffer))
    }
}
