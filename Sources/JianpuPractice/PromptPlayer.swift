import Foundation
import JianpuAudio
import JianpuCore
import JianpuPerformance
import Synchronization

/// Plays the prompts of the quiz and the lessons, small timelines one after another, on one FluidSynth and one continuous `AudioOutput`.
///
/// Each timeline gets its own `PlaybackEngine` (the scheduler of `jianpu play`) on the shared synth; the
/// output runs the current engine, and renders the synth alone (silence, release tails, key presses)
/// between them. Engines are handed to the audio thread through a lock-free ring.
public final class PromptPlayer: @unchecked Sendable {
    /// Where the sound goes; `.fastWAV` renders each sound right after the previous one, with no silence
    /// between, so the file does not depend on how fast answers come (for tests).
    public let destination: AudioOutput.Destination
    private let player: PromptMixer?
    private let output: AudioOutput?
    /// Engines started by the control thread.
    private var startedCount = 0
    private var closed = false

    public static let sampleRate = 44_100.0
    /// The velocity of prompts and of key-press feedback.
    public static let velocity: UInt8 = 96
    static let period = 256
    /// Rendered after each timeline so the last notes ring out.
    public static let tailSeconds = 0.25

    /// The frames a timeline takes in a `--fast` WAV: its length and the tail, rounded up to whole periods of 256.
    public static func fastFrames(for timeline: Timeline) -> Int {
        let frames = Int(saturating: (timeline.durationSeconds * sampleRate).rounded()) + Int(saturating: (tailSeconds * sampleRate).rounded())
        return (frames + period - 1) / period * period
    }

    /// Opens the output. `soundFont` is needed unless muted.
    /// - Throws: `AudioError` (SoundFont, synth, device or file problems).
    public init(output destination: AudioOutput.Destination, soundFont: String?, gain: Float = 0.5) throws {
        self.destination = destination
        if case .muted = destination {
            player = nil
            output = nil
            return
        }
        guard let soundFont else { throw AudioError(.soundFontNotFound, "no SoundFont: pass --soundfont or use --mute") }
        let player = PromptMixer(synth: try FluidSynth(soundFont: soundFont, sampleRate: Self.sampleRate, gain: gain))
        self.player = player
        output = try AudioOutput(destination, source: player, sampleRate: Self.sampleRate)
        output?.start()
    }

    public var isMuted: Bool { player == nil }

    // MARK: Control thread

    /// Starts playing `timeline` (cutting off whatever the previous one still plays); with `wait`, returns when it is done.
    /// Muted: returns at once.
    public func play(_ timeline: Timeline, wait: Bool) {
        guard let player, let output else { return }
        guard let engine = try? PlaybackEngine(timeline: timeline, synth: player.synth, tailSeconds: Self.tailSeconds) else { return }
        startedCount += 1
        player.start(engine)
        if case .fastWAV = destination {
            while isPlaying { try? output.render(frames: Self.period) }
            return
        }
        if wait { waitUntilQuiet() }
    }

    /// Cuts off whatever is playing: quitting does not wait for the samples to finish.
    public func stop() {
        guard let player, let output else { return }
        player.stop()
        // A file written as fast as it renders is rendered only here: take the stop now.
        if case .fastWAV = destination { try? output.render(frames: Self.period) }
        waitUntilQuiet()
    }

    /// Whether the last timeline started is still playing.
    public var isPlaying: Bool { (player?.finishedCount ?? startedCount) < startedCount }

    /// Blocks until every timeline started has played (or the output has ended).
    public func waitUntilQuiet() {
        while isPlaying && !closed && output?.hasEnded != true { Thread.sleep(forTimeInterval: 0.005) }
    }

    /// Sounds a note now (key-press feedback); `noteOff` releases it.
    public func noteOn(_ key: Int, program: UInt8) {
        guard let player, (0...127).contains(key) else { return }
        player.send(.programChange(channel: PromptMixer.feedbackChannel, program: program))
        player.send(.noteOn(channel: PromptMixer.feedbackChannel, key: UInt8(key), velocity: Self.velocity))
    }

    public func noteOff(_ key: Int) {
        guard let player, (0...127).contains(key) else { return }
        player.send(.noteOff(channel: PromptMixer.feedbackChannel, key: UInt8(key)))
    }

    /// Lets the last sound finish, then closes the device or the WAV file.
    /// - Throws: `AudioError(.output)` if the WAV could not be written.
    public func close() throws {
        guard let output, !closed else { return }
        waitUntilQuiet()
        switch destination {
        case .pacedWAV:
            // A short tail so release ends are in the file.
            Thread.sleep(forTimeInterval: 0.1)
        case .fastWAV:
            try output.render(frames: Int(Self.sampleRate / 10))
        default:
            break
        }
        closed = true
        output.stop()
        try output.finish()
    }
}

/// The prompt player's audio source: the current timeline's engine, or the synth alone between timelines.
final class PromptMixer: AudioSource, @unchecked Sendable {
    /// Key-press feedback plays here (the questions use channel 0).
    static let feedbackChannel: UInt8 = 1

    enum Command: Sendable {
        case start(PlaybackEngine)
        case stop
        case message(MIDIMessage)
    }

    let synth: FluidSynth
    private let commands = SPSCRing<Command>(capacity: 256)
    private let retired = SPSCRing<PlaybackEngine>(capacity: 256)
    private let finished = Atomic<Int>(0)
    // Audio thread only.
    private var current: PlaybackEngine?

    init(synth: FluidSynth) { self.synth = synth }

    /// Engines finished (or cut off) on the audio thread.
    var finishedCount: Int { finished.load(ordering: .acquiring) }

    func start(_ engine: PlaybackEngine) {
        while retired.pop() != nil {}
        _ = commands.push(.start(engine))
    }

    func send(_ message: MIDIMessage) { _ = commands.push(.message(message)) }

    /// Cuts off the engine playing, if any.
    func stop() { _ = commands.push(.stop) }

    /// Plays on until the output is stopped.
    var remainingFrames: Int { .max }

    func process(frames: Int, into output: StereoOutput) {
        while let command = commands.pop() {
            switch command {
            case .start(let engine):
                cutOff()
                current = engine
            case .stop:
                cutOff()
            case .message(let message):
                synth.send(message)
            }
        }
        if let engine = current {
            engine.process(frames: frames, into: output)
            if engine.isFinished {
                current = nil
                finished.add(1, ordering: .releasing)
                _ = retired.push(engine)
            }
        } else {
            synth.render(frames: frames, into: output)
        }
    }

    /// Ends the current engine at once (audio thread).
    private func cutOff() {
        guard let old = current else { return }
        synth.releaseAllNotes()
        finished.add(1, ordering: .releasing)
        _ = retired.push(old)
        current = nil
    }
}
