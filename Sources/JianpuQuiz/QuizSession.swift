import Foundation
import JianpuAudio
import JianpuCore
import JianpuPractice
import JianpuTerminal

/// `jianpu quiz` as a session: the drill of `settings`, asked on the terminal (`QuizScreen`) or line by line
/// (`PlainQuiz`), its sound through the prompt player and every answer into the log. The program only maps its
/// flags (and the profile) to `Options`.
public struct QuizSession {
    /// What to ask and where the sound and the answers go.
    public struct Options: Sendable {
        public var settings: QuizSettings
        /// The practice log.
        public var database: String
        /// Where the sound goes: `.muted`, a WAV (paced, or `.fastWAV` for tests) or the device.
        public var destination: AudioOutput.Destination
        /// The SoundFont asked for (`--soundfont`); else the usual places are searched, unless muted.
        public var soundFont: String?
        public var gain: Float = 0.5
        /// A seed for repeatable questions.
        public var seed: UInt64?
        /// Show why each question was chosen.
        public var explain = false
        /// The MIDI keyboard (`--midi-in`): a raw device, a FIFO or `seq`.
        public var midiIn: String?
        /// Start with the computer keyboard as a piano.
        public var pianoKeys = false
        /// Line by line even on a terminal.
        public var plain = false
        /// Test mode: every interval this many times, then passed or failed at `passMark` percent.
        public var testRepetitions: Int?
        public var passMark = 80

        /// The options to ask `settings`, logged in `database`, sounding at `destination`.
        public init(settings: QuizSettings, database: String, destination: AudioOutput.Destination) {
            self.settings = settings
            self.database = database
            self.destination = destination
        }
    }

    /// How the session ended: its summary, and the signal that ended it, if one did.
    public struct Outcome: Sendable {
        public var summary: QuizSummary
        public var interruption: Int32?
    }

    public let options: Options

    /// A session as `options` say.
    public init(options: Options) { self.options = options }

    /// Asks the questions until the last, `q`, the end of input or a signal.
    /// - Throws: `AudioError` (the driver is checked before the log is touched), `TerminalError` (checked before
    ///   the log is made), `PracticeFailure` (the log, standard output), `QuizError`.
    public func run() throws -> Outcome {
        if case .muted = options.destination {} else { try AudioOutput.checkDriver(of: options.destination) }
        if let midiIn = options.midiIn { try MIDIInput.check(midiIn) }
        let store = try PracticeLog(path: options.database)
        let history = try store.recentAnswers().compactMap(\.summary)
        let drill = QuizDrill(
            settings: options.settings, store: store, seed: options.seed, history: history,
            testRepetitions: options.testRepetitions, passMark: options.testRepetitions == nil ? nil : options.passMark)
        let audio: PromptPlayer
        do {
            let soundFont: String? = if case .muted = options.destination { nil } else { try SoundFontLocator().locate(explicitPath: options.soundFont) }
            audio = try PromptPlayer(output: options.destination, soundFont: soundFont, gain: options.gain)
        } catch let error as AudioError where error.kind == .noSoundDevice {
            throw error.with(fix: "write the sound to a file with --out x.wav, or use --mute")
        }
        let output = LineOutput()
        let runner = PracticeRunner(player: audio, midiIn: options.midiIn, portName: "jianpu-quiz", output: output, plain: options.plain)
        let (summary, interruption) = try runner.run(
            screen: { session, midi in
                try QuizScreen(
                    drill: drill, audio: audio, session: session, output: output, explain: options.explain,
                    pianoKeys: options.pianoKeys, midi: midi
                ).run()
            },
            lines: { events in try PlainQuiz(drill: drill, audio: audio, events: events, explain: options.explain, write: output.write).run() })
        return Outcome(summary: summary, interruption: interruption)
    }
}
