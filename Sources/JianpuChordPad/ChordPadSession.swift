import Foundation
import JianpuAudio
import JianpuCore
import JianpuFiles
import JianpuPerformance
import JianpuTerminal

/// Runs the chord pad: the terminal, the synthesizer, MIDI input, recording. The logic is `ChordPad`;
/// this is the wiring around it.
public struct ChordPadSession {
    /// What the program was asked to do.
    public struct Options: Sendable {
        public var tuning: String = "CMajor"
        /// The keys to play in (`loadTunings`).
        public var tunings: [Tuning] = Tuning.standard
        /// The chord types for naming (`loadFormulas`).
        public var formulas: [ChordFormula] = ChordFormula.standard
        public var soundFont: String?
        public var gain: Float = 0.5
        public var out: String?
        public var driver: String?
        public var device: String?
        public var noteLength: Double = 0.8
        public var repeatGuard: Double = 0.5
        public var melodyProgram: UInt8 = 0
        public var chordProgram: UInt8 = 24
        public var midiIn: String?
        public var record: String?
        /// Every file the session reads (the tunings and chord files, the SoundFont, the MIDI input):
        /// `--out` and `--record` may be none of them.
        public var inputs: [String] = []
        /// Skip asking the terminal for key releases (always use the note length).
        public var noKitty = false
        public init() {}
    }

    public let options: Options
    public init(options: Options) { self.options = options }

    /// The tunings (the file, or the built-in list that `Tunings/tunings.txt` holds) and the problems of
    /// the lines left out (`file:line:column`).
    /// - Throws: `Diagnostics` (every problem) when the file cannot be read or holds no usable tuning.
    public static func loadTunings(file: String?) throws -> (tunings: [Tuning], warnings: [Diagnostic]) {
        guard let file else { return (Tuning.standard, []) }
        return try loadTable(file, { TuningsFile.parse(text: $0, file: $1) }, nothingUsable: "no usable tuning in the file: expected lines such as `DMajor: C#, D, E, F#, G, A, B`")
    }

    /// The chord formulas (the file, or the built-in list that `Chords/chords.txt` holds) and the problems
    /// of the lines left out (`file:line:column`).
    /// - Throws: `Diagnostics` (every problem) when the file cannot be read or holds no usable formula.
    public static func loadFormulas(file: String?) throws -> (formulas: [ChordFormula], warnings: [Diagnostic]) {
        guard let file else { return (ChordFormula.standard, []) }
        return try loadTable(file, { ChordFormulasFile.parse(text: $0, file: $1) }, nothingUsable: "no usable chord formula in the file: expected lines such as `Minor: 1, 4, 8`")
    }

    /// Reads a table file; its lines with errors are left out, each with a warning saying so.
    private static func loadTable<Entry>(
        _ file: String, _ parse: (String, String) -> ([Entry], [Diagnostic]),
        nothingUsable: String
    ) throws -> ([Entry], [Diagnostic]) {
        let (entries, diagnostics) = parse(try TextFile.read(path: file).mapError { Diagnostics([$0]) }.get(), file)
        guard !entries.isEmpty else {
            throw Diagnostics(diagnostics + [.error(at: SourceLocation(file: file, line: 1, column: 1), nothingUsable)])
        }
        return (
            entries,
            diagnostics.map { diagnostic in
                guard diagnostic.severity == .error else { return diagnostic }
                return .warning(at: diagnostic.location, diagnostic.message + "; the line is left out")
            }
        )
    }

    /// The index of a tuning by name (exact, then ignoring case and spaces), or an error listing some names.
    public static func tuningIndex(named name: String, in tunings: [Tuning]) throws -> Int {
        if let index = tunings.firstIndex(where: { $0.name == name }) { return index }
        let simple = { (text: String) in text.lowercased().filter { !$0.isWhitespace } }
        if let index = tunings.firstIndex(where: { simple($0.name) == simple(name) }) { return index }
        throw ChordPadError.unknownTuning(name, closest: Wording.didYouMean(name, among: tunings.map(\.name)), count: tunings.count)
    }

    /// A timeline with no notes that lasts a day: the engine keeps rendering (it finishes only on `stop()`).
    package static func silentTimeline() -> Timeline {
        Timeline(
            parts: [], notes: [], tempoMap: TempoMap(quarterNotesPerMinute: PerformanceRecorder.quarterNotesPerMinute),
            length: WholeNotes(43_200))
    }

    /// Sends the pad's messages to the engine (on the control thread).
    package static func apply(_ messages: [MIDIMessage], to engine: PlaybackEngine) {
        for message in messages { engine.playNow(message) }
    }

    /// Plays until the player quits or a signal arrives; returns the signal that ended it, if any.
    /// The take's files are checked before anything starts, and written at the end whatever ends the session.
    /// - Throws: `AudioError`, `TerminalError` or `ChordPadError` for what stopped it, or what was lost.
    public func run() throws -> Int32? {
        let outputs = try TakeOutputs(out: options.out, record: options.record, inputs: options.inputs)
        if outputs.audio != nil || outputs.record != nil, !TerminalSession.isInteractive { throw Self.needsTerminal }
        var saved: [Result<String, ChordPadError>] = []
        let signal: Int32?
        do {
            signal = try play(outputs: outputs, saved: &saved)
        } catch {
            for case .failure(let lost) in saved { StandardStreams.error("chordpad: \(lost.description)\n") }
            throw error
        }
        for case .success(let line) in saved { StandardStreams.error(line + "\n") }
        let lost = saved.compactMap { if case .failure(let lost) = $0 { lost } else { nil } }
        if !lost.isEmpty { throw ChordPadError.lost(lost) }
        return signal
    }

    static let needsTerminal = ChordPadError.needsTerminal

    private func play(outputs: TakeOutputs, saved: inout [Result<String, ChordPadError>]) throws -> Int32? {
        let tunings = options.tunings
        let formulas = options.formulas
        guard !tunings.isEmpty else { throw ChordPadError.noTunings }
        let startIndex = try Self.tuningIndex(named: options.tuning, in: tunings)
        let midi = try options.midiIn.map { try MIDIInput(path: $0, portName: "chordpad") }

        // Sound.
        let path = try SoundFontLocator().locate(explicitPath: options.soundFont)
        let synth = try FluidSynth(soundFont: path, sampleRate: 44_100, gain: options.gain)
        let engine = try PlaybackEngine(timeline: Self.silentTimeline(), synth: synth, tailSeconds: 0)
        let output: AudioOutput
        do {
            output = try AudioOutput(
                outputs.audio.map { .pacedWAV(path: $0.path) } ?? .device(driver: options.driver, device: options.device),
                source: engine, sampleRate: 44_100)
        } catch let error as AudioError where error.kind == .noSoundDevice {
            throw error.with(fix: "play into a WAV file instead with chordpad --out x.wav")
        }
        var pad = ChordPad(
            tunings: tunings, tuningIndex: startIndex, formulas: formulas, releaseMode: .noteLength(options.noteLength),
            melodyProgram: options.melodyProgram, chordProgram: options.chordProgram)
        pad.repeatGuard = options.repeatGuard
        // Only a take that is written is kept: without --record nothing grows while playing.
        var recorder = outputs.record.map { _ in PerformanceRecorder(melodyChannel: pad.melodyChannel, chordChannel: pad.chordChannel) }
        let clock = ContinuousClock()
        let origin = clock.now
        func now() -> Double { (clock.now - origin).inSeconds }
        recorder?.start(at: 0)
        let initial = pad.initialCommands
        Self.apply(initial, to: engine)
        recorder?.record(initial, at: 0)
        output.start()

        // Quitting, a signal or an error: silence, stop the output, write the take.
        var finished = false
        func finish() {
            guard !finished else { return }
            finished = true
            engine.stop()
            // The device plays the releases for a moment; a paced WAV ends once the engine has stopped.
            if case .device = output.destination { Thread.sleep(forTimeInterval: 0.15) }
            do { try output.finish() } catch {
                saved.append(.failure(.audioLost("\(error)")))
            }
            if let file = outputs.record, let recorder {
                let time = now()
                saved.append(TakeOutputs.save(recorder, to: file, stream: outputs.recordStream, endingAt: time, seconds: time))
            }
        }
        defer { finish() }
        guard TerminalSession.isInteractive else { throw Self.needsTerminal }

        let session = try TerminalSession()
        let status = ScreenStatus(
            detectingKeyboard: !options.noKitty,
            output: options.out.map { "\($0) (real-time pace)" } ?? "sound device",
            midiInput: midi?.path, recording: options.record)
        var program = ChordPadProgram(pad: pad, status: status, noteLength: options.noteLength)
        ProgramLoop(session: session, midi: midi, idleInterval: 0.1, detectingKeyReleases: !options.noKitty)
            .run(&program, origin: origin, until: { output.hasEnded }) { message, time in
                engine.playNow(message)
                recorder?.record([message], at: time)
            }
        pad = program.pad
        let last = pad.perform(.panic, at: now())
        Self.apply(last, to: engine)
        recorder?.record(last, at: now())
        session.restore()
        finish()
        return session.interruption
    }
}
