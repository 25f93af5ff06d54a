import JianpuCore
import JianpuPerformance
import Synchronization

/// The realtime half of live playback: a `Scheduler` run from inside an audio callback, steered by
/// commands the control thread sends through a lock-free ring.
///
/// Threads: exactly one *control* thread calls `pause`, `resume`, `seek`, `setTempoFactor`, `stop`
/// and reads the published state; exactly one *audio* thread calls `process` (an `AudioOutput` does).
/// The audio thread never blocks, sleeps or locks.
public final class PlaybackEngine: AudioSource, @unchecked Sendable {
    enum Command: Sendable {
        case pause, resume, stop
        case seekBar(PlayedBarIndex)
        case replace(PerformanceSchedule)
        case loop(ClosedRange<PlayedBarIndex>?)
        case mute(UInt16)
        case immediate(MIDIMessage)
    }

    /// The score being played (read by the control thread only).
    public let timeline: Timeline
    /// The synthesizer's sample rate.
    public let sampleRate: Double
    /// Frames rendered after the end of the music before the performance counts as finished.
    public let tailFrames: Int

    // Audio-thread state.
    private let scheduler: Scheduler
    private var stopped = false

    // Control-thread state.
    private var options: PlaybackOptions
    /// The most recent schedule sent to the audio thread.
    public private(set) var schedule: PerformanceSchedule

    // Hand-over between the threads.
    private let commands = SPSCRing<Command>(capacity: 4_096)
    /// Set by `stop()` outside the ring, so stopping works even when the ring is full.
    private let stopRequested = Atomic<Bool>(false)
    /// Schedules the audio thread no longer needs, sent back so they are freed on the control thread.
    private let retired = SPSCRing<PerformanceSchedule>(capacity: 64)
    private let publishedFrame = Atomic<Int>(0)
    private let publishedPosition = Atomic<UInt64>(0)
    private let publishedRemaining = Atomic<Int>(0)
    private let publishedPaused = Atomic<Bool>(false)
    private let publishedFinished = Atomic<Bool>(false)
    private let callbacks = Atomic<Int>(0)
    private let framesProcessed = Atomic<Int>(0)

    /// An engine that will play `timeline` on `synth` from the first callback on.
    ///
    /// - Parameters:
    ///   - synth: the synthesizer the audio thread renders with; hand it over — do not use it elsewhere while playing.
    ///   - tailSeconds: how long to keep rendering after the music so the last notes ring out.
    /// - Throws: `AudioError(.invalidOptions)` for options that do not fit the score.
    public init(timeline: Timeline, synth: any Synthesizer, options: PlaybackOptions = PlaybackOptions(), tailSeconds: Double = 1.5) throws {
        let schedule = try PerformanceSchedule(timeline: timeline, sampleRate: synth.sampleRate, options: options)
        self.timeline = timeline
        self.sampleRate = synth.sampleRate
        self.tailFrames = max(0, Int((tailSeconds * synth.sampleRate).rounded()))
        self.options = options
        self.schedule = schedule
        self.scheduler = Scheduler(schedule: schedule, synth: synth)
        // Select the instruments now, on this thread, so a synth loading samples on demand does it before
        // the audio thread starts (the scheduler selects them again at frame 0; by then they are loaded).
        for event in schedule.events {
            guard case .programChange = event.message else { break }
            synth.send(event.message)
        }
        publishedPosition.store(schedule.position(atFrame: 0).bitPattern, ordering: .relaxed)
        publishedRemaining.store(scheduler.lastEventFrame + tailFrames, ordering: .relaxed)
    }

    /// The synthesizer the audio thread renders with.
    public var synth: any Synthesizer { scheduler.synth }

    // MARK: Control thread

    private func send(_ command: Command) {
        while retired.pop() != nil {}
        // A full ring (4096 commands unconsumed) means the audio thread is not running or is flooded; the command is dropped.
        _ = commands.push(command)
    }

    /// Stops advancing; sounding notes are released.
    public func pause() { send(.pause) }
    /// Continues after `pause()`.
    public func resume() { send(.resume) }
    /// Releases every note and finishes the performance (release tails still ring in the output).
    public func stop() {
        stopRequested.store(true, ordering: .releasing)
        send(.stop)
    }

    /// Jumps to the start of a played bar (clamped to the played range).
    public func seek(toBar bar: PlayedBarIndex) { send(.seekBar(bar)) }

    /// Plays played bars over and over, or plays on when nil.
    public func setLoop(_ bars: ClosedRange<PlayedBarIndex>?) { send(.loop(bars)) }

    /// Silences the channels in `mask` (bit N for channel N) from the next buffer on; 0 unmutes all.
    public func setMutedChannels(_ mask: UInt16) { send(.mute(mask)) }

    /// Changes the tempo factor (relative to the score's tempo) without a jump: playback continues from the same spot.
    /// - Throws: `AudioError(.invalidOptions)` for a factor ≤ 0.
    public func setTempoFactor(_ factor: Double) throws {
        var changed = options
        changed.tempoFactor = factor
        let next = try PerformanceSchedule(timeline: timeline, sampleRate: sampleRate, options: changed)
        options = changed
        schedule = next
        send(.replace(next))
    }

    /// Sends one MIDI message outside the score (a key press in a chord pad or quiz); the audio thread issues
    /// it at the start of its next buffer, i.e. within one period. Notes started this way are not
    /// released by the score: send the matching note-off (or All Notes Off) yourself.
    public func playNow(_ message: MIDIMessage) {
        send(.immediate(message))
    }

    /// The current tempo factor.
    public var tempoFactor: Double { options.tempoFactor }

    /// Frames of the performance played so far (as of the last audio callback).
    public var currentFrame: Int { publishedFrame.load(ordering: .acquiring) }
    /// The score position sounding now, in whole notes (as of the last audio callback).
    public var currentPosition: Double { Double(bitPattern: publishedPosition.load(ordering: .acquiring)) }
    /// The played bar sounding now.
    public var currentBar: PlayedBarIndex { schedule.timeline.barIndex(atApproximately: currentPosition) }
    /// Whether the performance is paused (as of the last audio callback).
    public var isPaused: Bool { publishedPaused.load(ordering: .acquiring) }
    /// Whether the music and its tail have been played, or `stop()` took effect.
    public var isFinished: Bool { publishedFinished.load(ordering: .acquiring) }
    /// How many times the audio callback has run.
    public var callbackCount: Int { callbacks.load(ordering: .acquiring) }
    /// Frames the audio callback has produced in total (pauses included).
    public var framesRendered: Int { framesProcessed.load(ordering: .acquiring) }
    /// Frames until the performance finishes if it is not paused (as of the last audio callback).
    public var remainingFrames: Int { publishedRemaining.load(ordering: .acquiring) }

    // MARK: Audio thread

    private func apply(_ command: Command) {
        switch command {
        case .pause: scheduler.pause()
        case .resume: scheduler.resume()
        case .stop:
            scheduler.pause()
            stopped = true
        case .seekBar(let bar):
            scheduler.seek(toFrame: scheduler.schedule.frame(atBar: bar))
        case .replace(let next):
            let old = scheduler.schedule
            // Same score position: seconds from the score's start scale by old factor / new factor.
            let seconds = (old.startSeconds + Double(scheduler.frame) / old.sampleRate) * old.options.tempoFactor / next.options.tempoFactor
            let frame = Int(saturating: ((seconds - next.startSeconds) * next.sampleRate).rounded())
            scheduler.replace(schedule: next, atFrame: frame)
            _ = retired.push(old)
        case .immediate(let message):
            synth.send(message)
        case .loop(let bars):
            scheduler.setLoop(bars)
        case .mute(let mask):
            scheduler.setMutedChannels(mask)
        }
    }

    /// Renders `frames` frames into `output`: applies pending commands, then runs the scheduler.
    /// Call only from the audio thread.
    public func process(frames: Int, into output: StereoOutput) {
        while let command = commands.pop() { apply(command) }
        if !stopped && stopRequested.load(ordering: .acquiring) { apply(.stop) }
        scheduler.render(frames: frames, into: output)
        let end = scheduler.lastEventFrame + tailFrames
        let remaining = stopped ? 0 : max(0, end - scheduler.frame)
        publishedFrame.store(scheduler.frame, ordering: .releasing)
        publishedPosition.store(scheduler.schedule.position(atFrame: scheduler.frame).bitPattern, ordering: .releasing)
        publishedPaused.store(scheduler.isPaused && !stopped, ordering: .releasing)
        publishedRemaining.store(remaining, ordering: .releasing)
        publishedFinished.store(remaining == 0, ordering: .releasing)
        framesProcessed.add(frames, ordering: .releasing)
        callbacks.add(1, ordering: .releasing)
    }
}
