import CFluidSynth
import Foundation
import JianpuAudio
import JianpuCore
import Synchronization
#if canImport(Glibc)
import Glibc
#endif

/// Where the quiz's sound goes.
public enum QuizAudioOutput: Sendable, Hashable {
    /// No sound at all (no SoundFont needed): for scripts and tests that only check answers and the log.
    case muted
    /// The sound device, through FluidSynth's audio driver with our callback.
    case live(driver: String?, device: String?)
    /// One continuous WAV written at real-time pace: question, silence while you think, feedback…
    case wav(path: String)
    /// One WAV rendered as fast as possible (`--fast`): each sound follows the previous one with no silence
    /// between, so the file does not depend on how fast answers come. For tests.
    case fastWAV(path: String)
}

/// Plays the quiz's small timelines one after another on one FluidSynth and one continuous output.
///
/// Each timeline gets its own `PlaybackEngine` (the scheduler of `jianpu play`) on the shared synth; the
/// output's callback runs the current engine, and renders the synth alone (silence, release tails, key
/// presses) between them. Engines are handed to the audio thread through a lock-free ring.
public final class QuizAudio: @unchecked Sendable {
    enum Command: Sendable {
        case start(PlaybackEngine)
        case immediate(ScheduledEvent.Kind)
    }

    public let output: QuizAudioOutput
    private let synth: FluidSynth?
    private let commands = SPSCRing<Command>(capacity: 256)
    private let retired = SPSCRing<PlaybackEngine>(capacity: 256)
    /// Engines started by the control thread / finished (or replaced) on the audio thread.
    private var startedCount = 0
    private let finishedCount = Atomic<Int>(0)
    // Audio thread only.
    private var current: PlaybackEngine?

    // Paced and fast WAV.
    private var writer: WAVWriter?
    private let closing = Atomic<Bool>(false)
    private let pacedDone = DispatchSemaphore(value: 0)
    private let writeFailure = Mutex<String?>(nil)
    // Live.
    private var driverSettings: OpaquePointer?
    private var driver: OpaquePointer?

    public static let sampleRate = 44_100.0
    static let period = 256
    /// Rendered after each timeline so the last notes ring out.
    public static let tailSeconds = 0.25

    /// The frames a timeline takes in a `--fast` WAV: its length and the tail, rounded up to whole periods of 256.
    public static func fastFrames(for timeline: Timeline) -> Int {
        let frames = Int((timeline.durationSeconds * sampleRate).rounded()) + Int((tailSeconds * sampleRate).rounded())
        return (frames + period - 1) / period * period
    }

    /// Opens the output. `soundFont` is needed unless muted.
    /// - Throws: `QuizError` (SoundFont, synth, device or file problems, with the fix).
    public init(output: QuizAudioOutput, soundFont: String?, gain: Float = 0.5) throws {
        self.output = output
        if case .muted = output {
            synth = nil
            return
        }
        guard let soundFont else { throw QuizError("no SoundFont: pass --soundfont or use --mute") }
        do {
            synth = try FluidSynth(soundFont: soundFont, sampleRate: Self.sampleRate, gain: gain)
            switch output {
            case .muted: break
            case .wav(let path), .fastWAV(let path):
                writer = try WAVWriter(path: path, sampleRate: Int(Self.sampleRate))
            case .live: break
            }
        } catch let error as AudioError {
            throw QuizError(error.message)
        }
        switch output {
        case .wav:
            let thread = Thread { [self] in pacedLoop() }
            thread.start()
        case .live(let driverName, let device):
            try openLive(driverName: driverName, device: device)
        default: break
        }
    }

    deinit {
        if let driver { delete_fluid_audio_driver(driver) }
        if let driverSettings { delete_fluid_settings(driverSettings) }
    }

    public var isMuted: Bool { synth == nil }

    // MARK: Control thread

    private func drainRetired() { while retired.pop() != nil {} }

    /// Starts playing `timeline` (cutting off whatever the previous one still plays); with `wait`, returns when it is done.
    /// Muted: returns at once.
    public func play(_ timeline: Timeline, wait: Bool) {
        guard let synth else { return }
        drainRetired()
        guard let engine = try? PlaybackEngine(timeline: timeline, synth: synth, tailSeconds: Self.tailSeconds) else { return }
        startedCount += 1
        _ = commands.push(.start(engine))
        if case .fastWAV = output {
            renderFast()
            return
        }
        if wait { waitUntilQuiet() }
    }

    /// Whether the last timeline started is still playing.
    public var isPlaying: Bool { synth != nil && finishedCount.load(ordering: .acquiring) < startedCount }

    /// Blocks until every timeline started has played.
    public func waitUntilQuiet() {
        while isPlaying {
            if closing.load(ordering: .relaxed) { return }
            usleep(5_000)
        }
    }

    /// Sounds a note now (key-press feedback); `noteOff` releases it.
    public func noteOn(_ key: Int, program: UInt8) {
        guard synth != nil, (0...127).contains(key) else { return }
        _ = commands.push(.immediate(.programChange(program: program)))
        _ = commands.push(.immediate(.noteOn(key: UInt8(key), velocity: QuizSounds.velocity)))
    }

    public func noteOff(_ key: Int) {
        guard synth != nil, (0...127).contains(key) else { return }
        _ = commands.push(.immediate(.noteOff(key: UInt8(key))))
    }

    /// Lets the last sound finish, then closes the device or the WAV file.
    /// - Throws: `QuizError` if the WAV could not be written.
    public func close() throws {
        guard synth != nil, !closing.load(ordering: .relaxed) else { return }
        waitUntilQuiet()
        switch output {
        case .wav:
            // A short tail so release ends are in the file.
            usleep(100_000)
            closing.store(true, ordering: .releasing)
            pacedDone.wait()
        case .fastWAV:
            closing.store(true, ordering: .releasing)
            renderFrames(Int(Self.sampleRate / 10))
        case .live:
            closing.store(true, ordering: .releasing)
            if let driver { delete_fluid_audio_driver(driver) }
            driver = nil
        case .muted: break
        }
        do { try writer?.close() } catch { throw QuizError("cannot write \(writerPath): \(error)") }
        if let failure = writeFailure.withLock({ $0 }) { throw QuizError(failure) }
    }

    private var writerPath: String { writer?.path ?? "WAV" }

    // MARK: Audio thread

    /// Renders `frames` frames: applies pending commands, then plays the current engine, or the synth alone.
    func process(frames: Int, into output: StereoOutput) {
        guard let synth else { return }
        while let command = commands.pop() {
            switch command {
            case .start(let engine):
                if let old = current {
                    synth.allNotesOff()
                    finishedCount.add(1, ordering: .releasing)
                    _ = retired.push(old)
                }
                current = engine
            case .immediate(let kind):
                switch kind {
                case .noteOn(let key, let velocity): synth.noteOn(channel: 1, key: key, velocity: velocity)
                case .noteOff(let key): synth.noteOff(channel: 1, key: key)
                case .programChange(let program): synth.programChange(channel: 1, program: program)
                }
            }
        }
        if let engine = current {
            engine.process(frames: frames, into: output)
            if engine.isFinished {
                current = nil
                finishedCount.add(1, ordering: .releasing)
                _ = retired.push(engine)
            }
        } else {
            synth.render(frames: frames, into: output)
        }
    }

    private func renderFrames(_ count: Int) {
        let period = Self.period
        let left = UnsafeMutablePointer<Float>.allocate(capacity: period)
        let right = UnsafeMutablePointer<Float>.allocate(capacity: period)
        defer { left.deallocate(); right.deallocate() }
        var done = 0
        while done < count {
            let frames = min(period, count - done)
            process(frames: frames, into: .planar(left: left, right: right))
            do { try writer?.write(left: left, right: right, frames: frames) } catch {
                writeFailure.withLock { $0 = "cannot write \(writerPath): \(error)" }
            }
            done += frames
        }
    }

    /// Fast WAV: render on this thread until the timeline has played.
    private func renderFast() {
        while isPlaying { renderFrames(Self.period) }
    }

    /// Paced WAV: render one period per period of wall-clock time, on absolute deadlines, until closed.
    private func pacedLoop() {
        var start = timespec()
        clock_gettime(CLOCK_MONOTONIC, &start)
        let startNanos = Int64(start.tv_sec) * 1_000_000_000 + Int64(start.tv_nsec)
        var written = 0
        while !closing.load(ordering: .acquiring) {
            let deadline = startNanos + Int64((Double(written) * 1e9 / Self.sampleRate).rounded())
            var time = timespec(tv_sec: Int(deadline / 1_000_000_000), tv_nsec: Int(deadline % 1_000_000_000))
            while clock_nanosleep(CLOCK_MONOTONIC, TIMER_ABSTIME, &time, nil) == EINTR {}
            renderFrames(Self.period)
            written += Self.period
        }
        pacedDone.signal()
    }

    // MARK: Live

    private func openLive(driverName: String?, device: String?) throws {
        guard let settings = new_fluid_settings() else { throw QuizError("cannot create FluidSynth settings (out of memory?)") }
        driverSettings = settings
        let name = driverName ?? "alsa"
        fluid_settings_setstr(settings, "audio.driver", name)
        fluid_settings_setnum(settings, "synth.sample-rate", Self.sampleRate)
        if let device { fluid_settings_setstr(settings, "audio.alsa.device", device) }
        _ = QuietALSA.installed
        let context = Unmanaged.passUnretained(self).toOpaque()
        guard let created = new_fluid_audio_driver2(settings, QuizAudio.callback, context) else {
            throw QuizError("no sound device: cannot open \(device ?? "the default device") with the \(name) audio driver; write the sound to a file with --out x.wav, or use --mute")
        }
        driver = created
    }

    static let callback: fluid_audio_func_t = { data, length, _, _, outputCount, outputs in
        guard let data, let outputs, outputCount >= 1, length > 0, let left = outputs[0] else { return FLUID_FAILED }
        let right = outputCount >= 2 ? (outputs[1] ?? left) : left
        let audio = Unmanaged<QuizAudio>.fromOpaque(data).takeUnretainedValue()
        audio.process(frames: Int(length), into: .planar(left: left, right: right))
        return FLUID_OK
    }
}

/// Keeps libasound's own diagnostics (`ALSA lib confmisc.c:…`) off stderr, so a machine without a sound
/// card gets our one-line error only (looked up at run time; nothing happens without libasound).
enum QuietALSA {
    private typealias Handler = @convention(c) (UnsafePointer<CChar>?, Int32, UnsafePointer<CChar>?, Int32, UnsafePointer<CChar>?) -> Void
    private typealias SetHandler = @convention(c) (Handler?) -> Int32

    static let installed: Bool = {
        guard let library = dlopen("libasound.so.2", RTLD_NOW | RTLD_NOLOAD) ?? dlopen("libasound.so.2", RTLD_NOW),
              let symbol = dlsym(library, "snd_lib_error_set_handler") else { return false }
        let setHandler = unsafeBitCast(symbol, to: SetHandler.self)
        let quiet: Handler = { _, _, _, _, _ in }
        return setHandler(quiet) == 0
    }()
}
