import JianpuCore
import JianpuFiles
import JianpuPerformance

/// Settings for rendering a score to a WAV file.
public struct RenderOptions: Sendable, Hashable {
    /// Output sample rate (8000…96000).
    public var sampleRate: Int
    /// FluidSynth master gain (0…10).
    public var gain: Float
    /// The longest the release tail may ring after the end of the music; rendering stops sooner once the output is silent.
    public var tailSeconds: Double
    /// Frames rendered per step (progress is reported after each step).
    public var chunkFrames: Int
    /// Tempo factor, bar range and instrument overrides.
    public var playback: PlaybackOptions
    /// The longest audio a render writes, in seconds: longer is refused before anything is written.
    public var maximumSeconds: Double = 120 * 60

    /// Options with CD-quality defaults: 44.1 kHz, gain 0.5, up to 1.5 s of tail.
    public init(sampleRate: Int = 44_100, gain: Float = 0.5, tailSeconds: Double = 1.5, chunkFrames: Int = 4_096, playback: PlaybackOptions = PlaybackOptions()) {
        self.sampleRate = sampleRate
        self.gain = gain
        self.tailSeconds = tailSeconds
        self.chunkFrames = chunkFrames
        self.playback = playback
    }
}

/// What a render did.
public struct RenderReport: Sendable, Hashable {
    /// Frames written to the file.
    public var frames: Int
    /// Audio length in seconds.
    public var audioSeconds: Double
    /// Wall-clock seconds the rendering took (SoundFont loading excluded).
    public var wallSeconds: Double
    /// Audio seconds per wall-clock second.
    public var speed: Double { wallSeconds > 0 ? audioSeconds / wallSeconds : .infinity }
    /// The largest absolute sample (1 is full scale).
    public var peak: Float
    /// Samples clipped at full scale (lower the gain if many).
    public var clippedSamples: Int
}

/// Renders a Timeline to a WAV file faster than real time with FluidSynth.
///
/// Synchronous: `render` returns when the file is complete. Run it off the main thread if the caller
/// must stay responsive; the progress callback is called on the rendering thread.
public struct OfflineRenderer: Sendable {
    /// The `.sf2` file to render with.
    public var soundFontPath: String
    /// Sample rate, gain, tail and playback options.
    public var options: RenderOptions

    /// A renderer using the SoundFont at `soundFontPath` (find one with `SoundFontLocator`).
    public init(soundFontPath: String, options: RenderOptions = RenderOptions()) {
        self.soundFontPath = soundFontPath
        self.options = options
    }

    /// Renders `timeline` into a 16-bit stereo WAV at `path`.
    ///
    /// - Parameter progress: called with the fraction done (0…1), after every chunk and once with 1 at the end.
    /// - Throws: `AudioError` for a bad SoundFont, bad options or an unwritable file.
    @discardableResult
    public func render(_ timeline: Timeline, to path: String, progress: (Double) -> Void = { _ in }) throws -> RenderReport {
        let output: OutputFile
        do { output = try OutputFile(path) } catch { throw AudioError(.output, "cannot write WAV file \(error)") }
        return try render(timeline, to: output, progress: progress)
    }

    /// Renders `timeline` into a 16-bit stereo WAV replacing `output` once complete.
    @discardableResult
    public func render(_ timeline: Timeline, to output: OutputFile, progress: (Double) -> Void = { _ in }) throws -> RenderReport {
        let playback = options.playback
        if playback.startBar == nil && playback.endBar == nil && playback.tempoFactor > 0 {
            // A whole score too long is refused before its events are laid out: they take memory in proportion.
            try checkLength(seconds: timeline.durationSeconds / playback.tempoFactor + options.tailSeconds)
        }
        let schedule = try PerformanceSchedule(timeline: timeline, sampleRate: Double(options.sampleRate), options: playback)
        try checkLength(seconds: Double(max(schedule.endFrame, schedule.events.last?.frame ?? 0)) / Double(options.sampleRate) + options.tailSeconds)
        let synth = try FluidSynth(soundFont: soundFontPath, sampleRate: Double(options.sampleRate), gain: options.gain)
        let writer = try WAVWriter(output: output, sampleRate: options.sampleRate)
        return try Self.render(schedule: schedule, synth: synth, writer: writer, tailSeconds: options.tailSeconds, chunkFrames: options.chunkFrames, progress: progress)
    }

    /// Refuses audio of `seconds` when longer than `maximumSeconds` or than a WAV file holds, before any is made.
    func checkLength(seconds: Double) throws {
        if seconds > options.maximumSeconds {
            throw AudioError(
                .output,
                "the audio would last \(ScoreSummary.clock(seconds)), longer than the \(Int(options.maximumSeconds / 60)) minutes allowed (--max-minutes raises the limit); nothing was written")
        }
        let capacity = WAVWriter.maximumSeconds(sampleRate: options.sampleRate)
        if seconds > capacity {
            throw AudioError(
                .output, "the audio would last \(ScoreSummary.clock(seconds)): a WAV file holds at most \(ScoreSummary.clock(capacity)) at \(options.sampleRate) Hz (4 GiB); nothing was written")
        }
    }

    /// Renders a schedule on any synthesizer into an open writer, then closes the writer.
    ///
    /// Plays to the end of the schedule, then up to `tailSeconds` more, stopping early once a whole chunk
    /// of the tail is silent (below one 16-bit step).
    public static func render(
        schedule: PerformanceSchedule, synth: any Synthesizer, writer: WAVWriter, tailSeconds: Double = 1.5,
        chunkFrames: Int = 4_096, progress: (Double) -> Void = { _ in }
    ) throws -> RenderReport {
        let clock = ContinuousClock()
        let started = clock.now
        let written = try play(schedule: schedule, synth: synth, tailSeconds: tailSeconds, chunkFrames: chunkFrames, progress: progress) { samples, frames in
            try writer.write(interleaved: samples, frames: frames)
        }
        try writer.close()
        progress(1)
        return RenderReport(
            frames: written, audioSeconds: Double(written) / synth.sampleRate, wallSeconds: (clock.now - started).inSeconds,
            peak: writer.peak, clippedSamples: writer.clippedSamples)
    }

    /// Plays a schedule to its end and the tail, handing each chunk of interleaved stereo to `sink`;
    /// returns the frames played. The tail stops early once a whole chunk of it is silent.
    static func play(
        schedule: PerformanceSchedule, synth: any Synthesizer, tailSeconds: Double, chunkFrames: Int, progress: (Double) -> Void,
        sink: (UnsafePointer<Float>, Int) throws -> Void
    ) throws -> Int {
        let scheduler = Scheduler(schedule: schedule, synth: synth)
        let musicFrames = scheduler.lastEventFrame
        let tailFrames = max(0, Int((tailSeconds * synth.sampleRate).rounded()))
        let totalFrames = musicFrames + tailFrames
        let chunk = max(64, chunkFrames)
        var buffer = [Float](repeating: 0, count: chunk * 2)
        var written = 0
        progress(0)
        try buffer.withUnsafeMutableBufferPointer { pointer in
            guard let base = pointer.baseAddress else { return }
            while written < totalFrames {
                let frames = min(chunk, totalFrames - written)
                scheduler.render(frames: frames, into: base)
                try sink(base, frames)
                written += frames
                progress(Double(written) / Double(max(totalFrames, 1)))
                if written > musicFrames, scheduler.isAtEnd, isSilent(base, count: frames * 2) { break }
            }
        }
        return written
    }

    private static func isSilent(_ samples: UnsafePointer<Float>, count: Int) -> Bool {
        for index in 0..<count where abs(samples[index]) >= 1.0 / 32_768 { return false }
        return true
    }
}
