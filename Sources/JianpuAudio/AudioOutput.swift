import CFluidSynth
import Foundation
import JianpuCore
import Synchronization

/// Something that renders stereo audio period by period on an audio thread: a `PlaybackEngine`, the
/// quiz's player. `AudioOutput` drives it.
public protocol AudioSource: AnyObject, Sendable {
    /// Renders `frames` frames into `output` (overwriting it). Called from one audio thread only.
    func process(frames: Int, into output: StereoOutput)
    /// Frames left to play (`Int.max` while it plays on until told otherwise); 0 once finished.
    var remainingFrames: Int { get }
}

/// Where an `AudioSource`'s sound goes: the sound device, a WAV at real-time pace, a WAV as fast as
/// possible, or nowhere. The one place that opens FluidSynth's audio drivers and paces time.
///
/// - `.device`: FluidSynth's audio driver calls the source from its own thread as soon as the output is created.
/// - `.pacedWAV`: `start()` runs a thread that calls the source on absolute deadlines (start + n × period,
///   so it cannot drift), like a sound card, until the source finishes or `stop()`.
/// - `.fastWAV`: nothing runs by itself; `render(frames:)` renders on the caller's thread.
/// - `.muted`: nothing is rendered.
///
/// `finish()` waits for the paced thread, closes the device or the file, and reports a failed write.
public final class AudioOutput: @unchecked Sendable {
    /// Where the sound goes.
    public enum Destination: Sendable, Hashable {
        /// A sound device through FluidSynth's audio driver (`alsa` when nil); `device` is the ALSA device
        /// (`hw:1`; nil is ALSA's `default`); `periodFrames` the frames per callback (nil: FluidSynth's 64).
        case device(driver: String? = nil, device: String? = nil, periodFrames: Int? = nil)
        /// A 16-bit stereo WAV written at real-time pace, `periodFrames` (16…8192) at a time.
        case pacedWAV(path: String, periodFrames: Int = 256)
        /// A 16-bit stereo WAV written as fast as `render(frames:)` is called.
        case fastWAV(path: String)
        /// No sound.
        case muted
    }

    /// What a paced or fast output did.
    public struct Report: Sendable, Hashable {
        /// Frames written.
        public var frames: Int
        /// Seconds of audio written.
        public var audioSeconds: Double
        /// Wall-clock seconds from the first deadline to the end of the last frame's time slot (paced).
        public var wallSeconds: Double
        /// The latest any render call started after its deadline, in seconds (paced).
        public var maxLatenessSeconds: Double
        /// Render calls made.
        public var periods: Int
    }

    /// Where the sound goes.
    public let destination: Destination
    /// What is played.
    public let source: any AudioSource
    /// Frames per second.
    public let sampleRate: Double

    private var writer: WAVWriter?
    private var driver: DeviceDriver?
    private let stopRequested = Atomic<Bool>(false)
    private let ended = Atomic<Bool>(false)
    private let started = Atomic<Bool>(false)
    private let done = DispatchSemaphore(value: 0)
    private let outcome = Mutex<Result<Report, AudioError>?>(nil)
    private var fastReport = Report(frames: 0, audioSeconds: 0, wallSeconds: 0, maxLatenessSeconds: 0, periods: 0)
    private var finished = false

    /// Opens the destination: the device starts calling `source` at once; a WAV file is created.
    /// - Throws: `AudioError` — `.noSoundDevice` when no device opens, `.unknownDriver` for a driver
    ///   FluidSynth does not have, `.output` when the file cannot be created.
    public init(_ destination: Destination, source: any AudioSource, sampleRate: Double) throws {
        self.destination = destination
        self.source = source
        self.sampleRate = sampleRate
        switch destination {
        case .device(let driver, let device, let periodFrames):
            self.driver = try DeviceDriver(
                driver: driver, device: device, periodFrames: periodFrames, sampleRate: sampleRate,
                callback: AudioOutput.callback, context: Unmanaged.passUnretained(self).toOpaque())
        case .pacedWAV(let path, _), .fastWAV(let path):
            writer = try WAVWriter(path: path, sampleRate: Int(sampleRate.rounded()))
        case .muted:
            break
        }
    }

    // Dropped without `finish()`, the device closes and an unfinished WAV is discarded (the writer's own rule).

    /// Starts the pacing thread (paced WAV; the other destinations need no start). Returns at once.
    public func start() {
        guard case .pacedWAV(_, let period) = destination, !started.exchange(true, ordering: .acquiringAndReleasing) else { return }
        let thread = Thread { [self] in
            let result: Result<Report, AudioError>
            do { result = .success(try self.pace(periodFrames: min(max(period, 16), 8_192))) } catch let error as AudioError {
                result = .failure(error)
            } catch {
                result = .failure(AudioError(.output, "paced output failed: \(error)"))
            }
            self.outcome.withLock { $0 = result }
            self.ended.store(true, ordering: .releasing)
            self.done.signal()
        }
        thread.name = "paced audio"
        thread.start()
    }

    /// Asks a paced output to end after the current period (the device and fast outputs end in `finish()`).
    public func stop() { stopRequested.store(true, ordering: .releasing) }

    /// Whether a paced output has stopped by itself: the source finished, `stop()`, or a failed write
    /// (then `finish()` throws it). A program waiting for the music must also stop waiting then.
    public var hasEnded: Bool { ended.load(ordering: .acquiring) }

    /// Fast WAV: renders `frames` frames on this thread, 256 at a time, and writes them.
    /// - Throws: `AudioError(.output)` when the file cannot be written.
    public func render(frames count: Int) throws {
        guard case .fastWAV = destination, let writer else { return }
        let period = 256
        try withPlanarBuffers(period) { output in
            var done = 0
            while done < count {
                let frames = min(period, count - done)
                source.process(frames: frames, into: output)
                try writer.write(left: output.left, right: output.right, frames: frames)
                done += frames
                fastReport.periods += 1
            }
        }
        fastReport.frames += count
        fastReport.audioSeconds = Double(fastReport.frames) / sampleRate
    }

    /// Ends the output: waits for a paced thread (call `stop()` first to end it early), closes the device,
    /// finishes the WAV file. Calling it again returns the same report.
    /// - Throws: `AudioError(.output)` when the file could not be written.
    @discardableResult
    public func finish() throws -> Report {
        defer { finished = true }
        switch destination {
        case .device:
            driver = nil
            return fastReport
        case .muted:
            return fastReport
        case .fastWAV:
            if !finished { try writer?.close() }
            return fastReport
        case .pacedWAV:
            start()
            done.wait()
            done.signal()  // let a second finish() return too
            switch outcome.withLock({ $0 }) {
            case .success(let report): return report
            case .failure(let error): throw error
            case nil: throw AudioError(.output, "paced output ended without a result")
            }
        }
    }

    private func withPlanarBuffers<T>(_ frames: Int, _ body: (StereoOutput) throws -> T) rethrows -> T {
        let left = UnsafeMutablePointer<Float>.allocate(capacity: frames)
        let right = UnsafeMutablePointer<Float>.allocate(capacity: frames)
        defer { left.deallocate(); right.deallocate() }
        left.initialize(repeating: 0, count: frames)
        right.initialize(repeating: 0, count: frames)
        return try body(.planar(left: left, right: right))
    }

    /// The paced thread: one period per period of wall-clock time, on absolute deadlines.
    private func pace(periodFrames period: Int) throws -> Report {
        guard let writer else { throw AudioError(.output, "paced output has no file") }
        let clock = ContinuousClock()
        let rate = sampleRate
        return try withPlanarBuffers(period) { output in
            let start = clock.now
            func deadline(_ frames: Int) -> ContinuousClock.Instant { start + .nanoseconds(Int64((Double(frames) * 1e9 / rate).rounded())) }
            var written = 0, periods = 0
            var lateness = Duration.zero
            while source.remainingFrames > 0 && !stopRequested.load(ordering: .acquiring) {
                // The deadline of the next period depends only on the start and the frames so far.
                let due = deadline(written)
                Self.sleep(until: due, clock: clock)
                lateness = max(lateness, clock.now - due)
                // Stop exactly at the end: never render past the source's last frame.
                let frames = min(period, source.remainingFrames)
                guard frames > 0 else { break }
                source.process(frames: frames, into: output)
                try writer.write(left: output.left, right: output.right, frames: frames)
                written += frames
                periods += 1
            }
            Self.sleep(until: deadline(written), clock: clock)
            let wall = clock.now - start
            try writer.close()
            return Report(
                frames: written, audioSeconds: Double(written) / rate, wallSeconds: wall.inSeconds,
                maxLatenessSeconds: lateness.inSeconds, periods: periods)
        }
    }

    private static func sleep(until instant: ContinuousClock.Instant, clock: ContinuousClock) {
        let left = instant - clock.now
        if left > .zero { Thread.sleep(forTimeInterval: left.inSeconds) }
    }

    /// FluidSynth's audio callback: `data` is the unretained output, which outlives its driver.
    private static let callback: fluid_audio_func_t = { data, length, _, _, outputCount, outputs in
        guard let data, let outputs, outputCount >= 1, length > 0, let left = outputs[0] else { return FLUID_FAILED }
        let right = outputCount >= 2 ? (outputs[1] ?? left) : left
        let output = Unmanaged<AudioOutput>.fromOpaque(data).takeUnretainedValue()
        output.source.process(frames: Int(length), into: .planar(left: left, right: right))
        return FLUID_OK
    }
}

extension AudioOutput {
    /// Checks a destination's `--driver` against the drivers this FluidSynth has, without opening a device,
    /// so a program can refuse a bad command line before it touches any file.
    /// - Throws: `AudioError` `.unknownDriver`.
    public static func checkDriver(of destination: Destination) throws {
        guard case .device(let driver?, _, _) = destination else { return }
        FluidLog.install()
        guard let settings = new_fluid_settings() else { return }
        defer { delete_fluid_settings(settings) }
        try DeviceDriver.check(driver, settings)
    }
}

/// A running FluidSynth audio driver with its own settings; deleting it stops the audio thread.
private final class DeviceDriver {
    private let settings: OpaquePointer
    private let driver: OpaquePointer

    init(
        driver name: String?, device: String?, periodFrames: Int?, sampleRate: Double,
        callback: fluid_audio_func_t, context: UnsafeMutableRawPointer
    ) throws {
        FluidLog.install()
        guard let settings = new_fluid_settings() else {
            throw AudioError(.synthesizer, "cannot create FluidSynth settings (out of memory?); check that libfluidsynth is installed (Debian: libfluidsynth3)")
        }
        let name = name ?? "alsa"
        do {
            try Self.check(name, settings)
            try FluidSynth.apply("audio.driver", .string(name), to: settings)
            try FluidSynth.apply("synth.sample-rate", .number(sampleRate), to: settings)
            if let device {
                guard name == "alsa" else {
                    throw AudioError(.invalidOptions, "cannot choose device \(device) for audio driver \(name): --device is only for ALSA; leave it out or use --driver alsa")
                }
                try FluidSynth.apply("audio.alsa.device", .string(device), to: settings)
            }
            if let periodFrames { try FluidSynth.apply("audio.period-size", .int(periodFrames), to: settings) }
        } catch {
            delete_fluid_settings(settings)
            throw error
        }
        ALSAErrorSilencer.install()
        FluidLog.shared.clear()
        guard let created = new_fluid_audio_driver2(settings, callback, context) else {
            delete_fluid_settings(settings)
            let what = device.map { "device \($0)" } ?? "the default device"
            let server = name == "alsa" ? "" : " (is a \(name) server running?)"
            throw AudioError(
                .noSoundDevice, "no sound device: cannot open \(what) with the \(name) audio driver\(server)\(FluidLog.shared.suffix())",
                fix: "write a file instead with --out x.wav")
        }
        self.settings = settings
        self.driver = created
    }

    deinit {
        delete_fluid_audio_driver(driver)
        delete_fluid_settings(settings)
    }

    /// Throws `.unknownDriver` when this FluidSynth has no driver `name`.
    static func check(_ name: String, _ settings: OpaquePointer) throws {
        let known = drivers(settings)
        guard known.contains(name) else {
            throw AudioError(.unknownDriver, "unknown audio driver '\(name)': this FluidSynth has \(known.joined(separator: ", ")); choose one with --driver")
        }
    }

    /// The audio drivers this FluidSynth was built with (`audio.driver`'s options).
    static func drivers(_ settings: OpaquePointer) -> [String] {
        guard let joined = fluid_settings_option_concat(settings, "audio.driver", ",") else { return ["alsa"] }
        defer { fluid_free(joined) }
        return String(cString: joined).split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
    }
}
