import Foundation
import JianpuAudio
import JianpuCore
import JianpuPerformance
import JianpuPractice
import JianpuTerminal

/// `jianpu learn` as a session: the lesson of a scale on the terminal through `ProgramLoop`, or line by line
/// (`--plain`); its sound through the prompt player and its answers into the practice log. The lesson itself is
/// `LearnProgram`; the program only maps its flags to `Options`.
public struct LearnSession {
    /// What to teach and where the sound and the answers go.
    public struct Options: Sendable {
        /// The tonic, perhaps with a scale (`D`, `Am`, `A harmonic minor`), and the scale when named apart.
        public var key = "C"
        public var scale: String?
        public var seed: UInt64?
        /// The practice log.
        public var database: String
        /// Where the sound goes; `.muted` leaves out the exercises that must be heard.
        public var destination: AudioOutput.Destination
        /// The SoundFont asked for (`--soundfont`); else the usual places are searched, unless muted.
        public var soundFont: String?
        public var gain: Float = 0.5
        /// The MIDI keyboard (`--midi-in`): a raw device, a FIFO or `seq`.
        public var midiIn: String?
        /// Line by line even on a terminal.
        public var plain = false

        /// The options to teach in `database`, sounding at `destination`.
        public init(database: String, destination: AudioOutput.Destination) {
            self.database = database
            self.destination = destination
        }

        /// Whether the lesson is silent.
        public var isMuted: Bool { if case .muted = destination { true } else { false } }
    }

    public let options: Options

    /// A session as `options` say.
    public init(options: Options) { self.options = options }

    /// Teaches the lesson to its end, Esc, the end of input or a signal; returns the signal that ended it, if any.
    /// - Throws: `LearnError` for a key or scale that names none (checked before anything is opened), `AudioError`,
    ///   `TerminalError` (checked before the log is made), `PracticeFailure` (the log, standard output).
    public func run() throws -> Int32? {
        let scale = try Scale(key: options.key, scale: options.scale)
        if !options.isMuted { try AudioOutput.checkDriver(of: options.destination) }
        if let midiIn = options.midiIn { try MIDIInput.check(midiIn) }
        let store = try PracticeLog(path: options.database)
        let audio: PromptPlayer
        do {
            let soundFont = options.isMuted ? nil : try SoundFontLocator().locate(explicitPath: options.soundFont)
            audio = try PromptPlayer(output: options.destination, soundFont: soundFont, gain: options.gain)
        } catch let error as AudioError where error.kind == .noSoundDevice {
            throw error.with(fix: "write the sound to a file with --out x.wav, or use --mute")
        }
        // Without sound a question that must be heard cannot be asked: it is left out, never marked wrong.
        let lesson = Lesson(scale: scale, seed: options.seed, exercises: ExerciseKind.asked(muted: options.isMuted))
        let teaching = LessonTeaching(lesson: lesson, store: store, audio: audio)
        let output = LineOutput()
        let runner = PracticeRunner(player: audio, midiIn: options.midiIn, portName: "jianpu-learn", output: output, plain: options.plain)
        let (_, interruption) = try runner.run(
            screen: { session, midi in try teaching.runOnTerminal(session, midi: midi, output: output) },
            lines: { events in try teaching.runPlain(events: events, write: output.write) })
        return interruption
    }
}

/// A lesson taught: its program driven on the terminal or by lines, its effects sounded and logged.
public struct LessonTeaching {
    public let lesson: Lesson
    public let store: PracticeLog
    public let audio: PromptPlayer
    /// The chord types for naming what is played.
    public let formulas: [ChordFormula]
    private let clock: any PracticeClock

    /// The General MIDI program of the lesson's sounds (acoustic grand piano).
    public static let program: UInt8 = 0

    public init(
        lesson: Lesson, store: PracticeLog, audio: PromptPlayer,
        formulas: [ChordFormula] = ChordFormula.standard, clock: any PracticeClock = SystemClock()
    ) {
        self.lesson = lesson
        self.store = store
        self.audio = audio
        self.formulas = formulas
        self.clock = clock
    }

    /// The notes as a timeline for the quiz's player: ♩ = 60, so a quarter note is a second.
    public static func timeline(_ notes: [SoundNote]) -> Timeline {
        func time(_ seconds: Double) -> WholeNotes { WholeNotes(Int64((seconds * 1000).rounded()), 4000) }
        let timed = notes.filter { (0...127).contains($0.midi) }
            .map { TimedNote(onset: time($0.onset), duration: time($0.duration), pitch: Pitch(midiNumber: $0.midi), velocity: PromptPlayer.velocity) }
            .sorted { ($0.onset, $0.pitch.midiNumber) < ($1.onset, $1.pitch.midiNumber) }
        let end = notes.map { $0.onset + $0.duration }.max() ?? 0
        return Timeline(
            title: "learn", parts: [TimelinePart(name: "learn", channel: 0, program: program)], notes: timed,
            tempoMap: TempoMap(quarterNotesPerMinute: 60), length: time(end))
    }

    /// Carries out an effect: sound, or an answer logged in `session`.
    func perform(_ effect: LearnEffect, session: Int64, waiting: Bool) throws {
        switch effect {
        case .play(let notes): audio.play(Self.timeline(notes), wait: waiting)
        case .noteOn(let key): audio.noteOn(key, program: Self.program)
        case .noteOff(let key): audio.noteOff(key)
        case .log(let answer):
            try store.record(
                LearnAnswerRow(
                    sessionID: session, answeredAt: clock.now(), scale: lesson.scale.description, exercise: answer.item.kind.rawValue,
                    prompt: answer.item.prompt, degree: answer.item.degree, expected: answer.item.expected, answered: answer.answered,
                    isCorrect: answer.isCorrect, responseMilliseconds: answer.responseMilliseconds))
        }
    }

    /// The lesson on the terminal: the scale, the chords, the exercises and the summary, which stays printed
    /// after the screen is gone. Returns the answers given.
    /// - Throws: `PracticeFailure` when the log cannot be written.
    public func runOnTerminal(_ terminal: TerminalSession, midi: MIDIInput?, output: LineOutput) throws -> [ExerciseAnswer] {
        let session = try store.startSession(at: clock.now())
        var program = LearnProgram(lesson: lesson, formulas: formulas)
        do {
            try ProgramLoop(session: terminal, midi: midi).run(&program) { effect, _ in try perform(effect, session: session, waiting: false) }
        } catch {
            terminal.restore()
            audio.stop()
            throw error
        }
        terminal.restore()
        // Leaving the lesson silences it: the scale or a question may still be sounding.
        audio.stop()
        try store.endSession(session, at: clock.now())
        program.summaryLines.forEach(output.write)
        return program.answers
    }

    /// The lesson line by line: the scale and chords printed, then each question; answers are read from
    /// `events` (lines, MIDI notes). Ends after the last question or at the end of input, whether or not
    /// the input stays open. Returns the answers given.
    public func runPlain(events: AnswerEventQueue, write: (String) -> Void) throws -> [ExerciseAnswer] {
        let session = try store.startSession(at: clock.now())
        let start = ContinuousClock.now
        func now() -> Double { (ContinuousClock.now - start).inSeconds }
        var program = LearnProgram(lesson: lesson, formulas: formulas, startAtExercises: true)
        program.introductionLines.forEach(write)
        write("")
        write("answer with note names (F#, F#4), jianpu numbers (3, #5, 1') or chords (Em, G/B, or notes together: D F# A); q quits")
        try perform(.play(Self.scaleSound(lesson.scale)), session: session, waiting: true)
        var printed = 0
        func flush() {
            for line in program.transcript.dropFirst(printed) { write(line) }
            printed = program.transcript.count
        }
        for effect in program.handle(.tick, at: now()) { try perform(effect, session: session, waiting: true) }
        flush()
        while !program.isFinished, program.page == .exercises {
            guard let event = events.next() else { continue }
            let effects: [LearnEffect]
            switch event {
            case .endOfInput:
                program.transcriptSummary().forEach(write)
                try store.endSession(session, at: clock.now())
                return program.answers
            case .line(let text): effects = program.handle(line: text, at: now())
            case .midiNote(let note): effects = program.handle(.midi(.noteOn(channel: 0, key: UInt8(clamping: note), velocity: 100)), at: now())
            case .keys: continue
            }
            for effect in effects { try perform(effect, session: session, waiting: true) }
            flush()
        }
        if program.page != .summary { program.transcriptSummary().forEach(write) }
        try store.endSession(session, at: clock.now())
        return program.answers
    }

    /// The scale up and down, as the scale page plays it.
    static func scaleSound(_ scale: Scale) -> [SoundNote] {
        let up = scale.ascendingMIDI
        return (up + up.reversed().dropFirst()).enumerated().map {
            SoundNote(onset: Double($0.offset) * LearnProgram.scaleNoteSeconds, duration: LearnProgram.scaleNoteSeconds * 0.95, midi: $0.element)
        }
    }
}

extension LearnProgram {
    /// The summary for a lesson left before its end.
    func transcriptSummary() -> [String] { summaryLines }
}
