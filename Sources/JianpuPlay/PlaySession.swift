import Foundation
import JianpuAudio
import JianpuCore
import JianpuNotation
import JianpuPerformance
import JianpuTerminal

/// `jianpu play` as a session: the score through the synthesizer to the sound device or a WAV at real-time pace,
/// drawn on the terminal as it plays (`PlayProgram`) unless quiet. The program only maps its flags to `Options`.
public struct PlaySession {
    /// What to play and where.
    public struct Options {
        /// The score as written: the screen draws it.
        public var score: Score
        /// The performance to play (the practised passage, parts and click included).
        public var timeline: Timeline
        public var playback: PlaybackOptions
        /// The SoundFont to load.
        public var soundFont: String
        public var gain: Float = 0.5
        public var destination: AudioOutput.Destination
        /// Semitones the sound is moved by (`--transpose`, `--key`): the screen prints the key it sounds in.
        public var transposition = 0
        /// Draw nothing, even on a terminal.
        public var quiet = false
        /// Play the passage again and again until stopped (`--loop` without `--loop-times`), after the count-in
        /// bars that open it. The timeline then holds the passage `passesForLoop` times.
        public var loopsUntilStopped = false
        public var countInBars = 0
        /// What a missing sound device's message suggests instead.
        public var noDeviceFix = "write a file instead with `jianpu render … -o x.wav` (or --out x.wav)"

        /// The options to play `timeline` (flattened from `score`) with `soundFont` into `destination`.
        public init(score: Score, timeline: Timeline, playback: PlaybackOptions, soundFont: String, destination: AudioOutput.Destination) {
            self.score = score
            self.timeline = timeline
            self.playback = playback
            self.soundFont = soundFont
            self.destination = destination
        }
    }

    /// The passes a timeline that loops until stopped holds: the loop is the first, and the second, never reached,
    /// gives the loop's end a bar start the schedule knows (a schedule's last bar has none after it).
    public static let passesForLoop = 2

    public let options: Options

    /// A session that plays as `options` say.
    public init(options: Options) { self.options = options }

    /// Plays until the music ends (never, when it loops until stopped), `q`, or a signal; returns the signal that
    /// ended it, if one did. Every way out releases all notes and finishes the WAV.
    /// - Throws: `AudioError` (the SoundFont, the synthesizer, the device or the file), `TerminalError`.
    public func run() throws -> Int32? {
        let synth = try FluidSynth(soundFont: options.soundFont, sampleRate: 44_100, gain: options.gain)
        let engine = try PlaybackEngine(timeline: options.timeline, synth: synth, options: options.playback)
        let schedule = engine.schedule
        let loop = loopedBars(schedule.firstBarIndex...schedule.lastBarIndex)
        engine.setLoop(loop)
        let sound: AudioOutput
        do {
            sound = try AudioOutput(options.destination, source: engine, sampleRate: 44_100)
        } catch let error as AudioError where error.kind == .noSoundDevice {
            throw error.with(fix: options.noDeviceFix)
        }
        sound.start()
        let screen = !options.quiet && TerminalSession.isInteractive
        let session = try TerminalSession(raw: screen)
        if screen {
            // The screen prints the key and chord symbols the music sounds in.
            let shown = options.score.transposed(by: options.transposition)
            var program = PlayProgram(
                timeline: options.timeline, score: shown, bars: schedule.firstBarIndex...schedule.lastBarIndex,
                startPosition: schedule.startPosition.doubleValue, endPosition: schedule.endPosition.doubleValue,
                isPaused: engine.isPaused, loop: loop,
                observe: { .init(position: engine.currentPosition, tempoFactor: engine.tempoFactor, isFinished: engine.isFinished) })
            ProgramLoop(session: session, idleInterval: PlayProgram.frameInterval).run(&program, until: { sound.hasEnded }) { effect, _ in
                switch effect {
                case .pause: engine.pause()
                case .resume: engine.resume()
                case .seek(let bar): engine.seek(toBar: bar)
                case .tempo(let factor): try? engine.setTempoFactor(factor)
                case .loop(let bars): engine.setLoop(bars)
                case .muteChannels(let mask): engine.setMutedChannels(mask)
                }
            }
        } else {
            while !engine.isFinished && !sound.hasEnded && !session.isInterrupted { _ = session.readBytes(timeout: 0.02) }
        }
        session.restore()
        // Every way out releases all notes; a paced WAV ends once the engine has stopped.
        engine.stop()
        try sound.finish()
        return session.interruption
    }

    /// The bars looped until stopped: the first pass after the count-in, or nil when the passage plays its passes
    /// and ends.
    func loopedBars(_ bars: ClosedRange<PlayedBarIndex>) -> ClosedRange<PlayedBarIndex>? {
        guard options.loopsUntilStopped else { return nil }
        let count = bars.upperBound.value - bars.lowerBound.value + 1
        let pass = max((count - options.countInBars) / Self.passesForLoop, 1)
        let first = min(bars.lowerBound.advanced(by: options.countInBars), bars.upperBound)
        return first...min(first.advanced(by: pass - 1), bars.upperBound)
    }
}
