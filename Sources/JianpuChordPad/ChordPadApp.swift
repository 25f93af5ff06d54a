import Foundation
import JianpuAudio
import JianpuCore
import JianpuFiles
import JianpuTerminal
import Synchronization

/// Seconds on the monotonic clock.
public func monotonicSeconds() -> Double {
    var time = timespec()
    clock_gettime(CLOCK_MONOTONIC, &time)
    return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
}

/// Runs the chord pad: the terminal, the synthesizer, MIDI input, recording. The logic is `ChordPad`;
/// this is the wiring around it.
public struct ChordPadApp {
    /// What the program was asked to do.
    public struct Options: Sendable {
        public var tuning: String = "CMajor"
        public var tuningsFile: String?
        public var chordsFile: String?
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
        /// Skip asking the terminal for key releases (always use the note length).
        public var noKitty = false
        public init() {}
    }

    /// Exit status when there is no sound device.
    public static let noSoundDeviceExitCode: Int32 = 3

    public let options: Options
    public init(options: Options) { self.options = options }

    /// Loads the tunings (the file, or the built-in list that `Tunings/tunings.txt` holds).
    public static func loadTunings(file: String?) throws -> [Tuning] {
        guard let file else { return Tuning.standard }
        guard let text = try? String(contentsOfFile: file, encoding: .utf8) else {
            throw ChordPadError("cannot read tunings file \(file): check the path")
        }
        let (tunings, diagnostics) = TuningsFile.parse(text: text, file: file)
        guard !tunings.isEmpty else {
            throw ChordPadError("no usable tuning in \(file)\(diagnostics.first.map { ": \($0)" } ?? "")")
        }
        return tunings
    }

    /// Loads the chord formulas (the file, or the built-in list that `Chords/chords.txt` holds).
    public static func loadFormulas(file: String?) throws -> [ChordFormula] {
        guard let file else { return ChordFormula.standard }
        guard let text = try? String(contentsOfFile: file, encoding: .utf8) else {
            throw ChordPadError("cannot read chord formulas file \(file): check the path")
        }
        let formulas = ChordFormulasFile.parse(text: text, file: file).formulas
        guard !formulas.isEmpty else { throw ChordPadError("no usable chord formula in \(file)") }
        return formulas
    }

    /// The index of a tuning by name (exact, then ignoring case and spaces), or an error listing some names.
    public static func tuningIndex(named name: String, in tunings: [Tuning]) throws -> Int {
        if let index = tunings.firstIndex(where: { $0.name == name }) { return index }
        let simple = { (text: String) in text.lowercased().filter { !$0.isWhitespace } }
        if let index = tunings.firstIndex(where: { simple($0.name) == simple(name) }) { return index }
        let some = tunings.prefix(8).map(\.name).joined(separator: ", ")
        throw ChordPadError("unknown tuning '\(name)': try one of \(some), … (\(tunings.count) in all; --list-tunings shows them)")
    }

    /// A timeline with no notes that lasts a day: the engine keeps rendering (it finishes only on `stop()`).
    static func silentTimeline() -> Timeline {
        Timeline(parts: [], notes: [], tempoMap: TempoMap(quarterNotesPerMinute: PerformanceRecorder.quarterNotesPerMinute),
                 length: WholeNotes(43_200))
    }

    /// Sends pad commands to the engine (on the control thread).
    static func apply(_ commands: [SynthCommand], to engine: PlaybackEngine) {
        for command in commands {
            switch command {
            case .noteOn(let channel, let key, let velocity): engine.playNow(.noteOn(key: key, velocity: velocity), channel: channel)
            case .noteOff(let channel, let key): engine.playNow(.noteOff(key: key), channel: channel)
            case .programChange(let channel, let program): engine.playNow(.programChange(program: program), channel: channel)
            case .allNotesOff:
                // Pausing releases every note; resuming at once keeps the engine running.
                engine.pause()
                engine.resume()
            }
        }
    }

    /// Plays until the player quits. Returns normally on quit; throws `ChordPadError` (with its exit status).
    /// The take's files are checked before anything starts, and written at the end whatever ends the session.
    public func run() throws {
        let outputs = try TakeOutputs(out: options.out, record: options.record)
        if outputs.audio != nil || outputs.record != nil, !RawTerminal.isInteractive { throw Self.needsTerminal }
        var saved: [Result<String, ChordPadError>] = []
        do {
            try play(outputs: outputs, saved: &saved)
        } catch {
            for case .failure(let lost) in saved { StandardStreams.error("chordpad: \(lost.description)\n") }
            throw error
        }
        for case .success(let line) in saved { StandardStreams.error(line + "\n") }
        let lost = saved.compactMap { if case .failure(let lost) = $0 { lost.description } else { nil } }
        if !lost.isEmpty { throw ChordPadError(lost.joined(separator: "\nchordpad: ")) }
    }

    static let needsTerminal = ChordPadError("chordpad is played from a terminal: run it in one (standard input and output must be a terminal)")

    private func play(outputs: TakeOutputs, saved: inout [Result<String, ChordPadError>]) throws {
        let tunings = try Self.loadTunings(file: options.tuningsFile)
        let formulas = try Self.loadFormulas(file: options.chordsFile)
        let startIndex = try Self.tuningIndex(named: options.tuning, in: tunings)
        let midi: MIDIInput?
        do {
            midi = try options.midiIn.map { try MIDIInput(path: $0, portName: "chordpad") }
        } catch let error as MIDIInputError {
            throw ChordPadError(error.description)
        }

        // Sound.
        let engine: PlaybackEngine
        var live: LiveOutput?
        var sink: PacedWAVSink?
        do {
            let path = try SoundFontLocator().locate(explicitPath: options.soundFont)
            let synth = try FluidSynth(soundFont: path, sampleRate: 44_100, gain: options.gain)
            engine = try PlaybackEngine(timeline: Self.silentTimeline(), synth: synth, tailSeconds: 0)
            if let out = outputs.audio {
                sink = try PacedWAVSink(engine: engine, path: out.path)
            } else {
                live = try LiveOutput(engine: engine, driver: options.driver, device: options.device)
            }
        } catch let error as AudioError {
            guard error.kind == .noSoundDevice else { throw ChordPadError(error.message) }
            // The sound layer suggests `jianpu render`; here the way out is --out.
            let what = error.message.components(separatedBy: "; write a file instead").first ?? error.message
            throw ChordPadError(what + "; play into a WAV file instead with chordpad --out x.wav", exitCode: Self.noSoundDeviceExitCode)
        }
        var pad = ChordPad(tunings: tunings, tuningIndex: startIndex, formulas: formulas, releaseMode: .noteLength(options.noteLength),
                           melodyProgram: options.melodyProgram, chordProgram: options.chordProgram)
        pad.repeatGuard = options.repeatGuard
        var recorder = PerformanceRecorder(melodyChannel: pad.melodyChannel, chordChannel: pad.chordChannel)
        let startTime = monotonicSeconds()
        recorder.start(at: startTime)
        let initial = pad.initialCommands
        Self.apply(initial, to: engine)
        recorder.record(initial, at: startTime)
        sink?.start()
        midi?.start()

        // Quitting, a signal or an error: silence, stop the output, write the take, restore the terminal.
        var finished = false
        func finish() {
            guard !finished else { return }
            finished = true
            engine.stop()
            if let sink {
                do { _ = try sink.wait() } catch {
                    let reason = (error as? AudioError)?.message ?? "\(error)"
                    saved.append(.failure(ChordPadError("\(reason); the audio of the take was lost")))
                }
            } else {
                usleep(150_000)
            }
            live?.close()
            if let file = outputs.record {
                let now = monotonicSeconds()
                saved.append(TakeOutputs.save(recorder, to: file, endingAt: now, seconds: now - startTime))
            }
        }
        defer { finish() }
        guard RawTerminal.isInteractive else { throw Self.needsTerminal }

        let terminal = try RawTerminal()
        defer {
            terminal.write(KittyKeyboard.disable)
            terminal.restore()
        }
        let stop = Atomic<Bool>(false)
        let signals = Self.watchSignals { stop.store(true, ordering: .releasing) }
        defer { for source in signals { source.cancel() } }

        var status = ScreenStatus(detectingKeyboard: !options.noKitty,
                                  output: options.out.map { "\($0) (real-time pace)" } ?? "sound device",
                                  midiInput: midi?.path, recording: options.record)
        var decoder = KeyDecoder()
        let askedAt = monotonicSeconds()
        if !options.noKitty { terminal.write(KittyKeyboard.enable) }
        var lastDraw = 0.0
        var lastScreen: [String] = []
        while !stop.load(ordering: .acquiring) {
            var now = monotonicSeconds()
            var timeout = 0.1
            if let deadline = pad.nextDeadline { timeout = min(timeout, max(0, deadline - now)) }
            if status.detectingKeyboard { timeout = min(timeout, max(0, askedAt + 0.2 - now)) }
            let bytes = Self.wait(timeout: timeout, wake: midi?.wakeDescriptor)
            now = monotonicSeconds()
            var commands: [SynthCommand] = []
            let events = decoder.events(from: bytes)
            if status.detectingKeyboard, decoder.sawKittyReply || now - askedAt >= 0.2 {
                status.detectingKeyboard = false
                pad.releaseMode = decoder.sawKittyReply ? .keyRelease : .noteLength(options.noteLength)
            }
            for event in events { commands += pad.handle(.key(event), at: now) }
            if let midi {
                for message in midi.drain() { commands += pad.handle(.midi(message), at: now) }
                if let failure = midi.failure { status.message = failure }
            }
            commands += pad.handle(.tick, at: now)
            if !commands.isEmpty {
                Self.apply(commands, to: engine)
                recorder.record(commands, at: now)
            }
            if pad.quitRequested { break }
            if !commands.isEmpty || !events.isEmpty || now - lastDraw > 0.25 {
                let size = terminal.size
                let lines = Array(ChordPadScreen.render(pad, status: status, width: size.columns).prefix(max(1, size.rows)))
                if lines != lastScreen {
                    terminal.write("\u{1B}[H" + lines.joined(separator: "\u{1B}[K\r\n") + "\u{1B}[K\u{1B}[J")
                    lastScreen = lines
                }
                lastDraw = now
            }
        }
        let last = pad.perform(.panic, at: monotonicSeconds())
        Self.apply(last, to: engine)
        recorder.record(last, at: monotonicSeconds())
    }

    /// Waits up to `timeout` seconds for terminal input or a MIDI wake-up; returns the terminal's bytes.
    static func wait(timeout: Double, wake: Int32?) -> [UInt8] {
        var descriptors = [pollfd(fd: STDIN_FILENO, events: Int16(POLLIN), revents: 0)]
        if let wake { descriptors.append(pollfd(fd: wake, events: Int16(POLLIN), revents: 0)) }
        let ready = poll(&descriptors, nfds_t(descriptors.count), Int32((timeout * 1000).rounded(.up)))
        guard ready > 0, descriptors[0].revents & Int16(POLLIN) != 0 else { return [] }
        var buffer = [UInt8](repeating: 0, count: 1024)
        let count = buffer.withUnsafeMutableBytes { read(STDIN_FILENO, $0.baseAddress, $0.count) }
        return count > 0 ? Array(buffer[..<count]) : []
    }

    nonisolated(unsafe) private static var signalSources: [DispatchSourceSignal] = []

    /// SIGINT, SIGTERM and SIGHUP end the loop (so the terminal is restored and the synth silenced) instead of killing.
    static func watchSignals(_ action: @escaping @Sendable () -> Void) -> [DispatchSourceSignal] {
        var sources: [DispatchSourceSignal] = []
        for number in [SIGINT, SIGTERM, SIGHUP] {
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
            source.setEventHandler(handler: action)
            source.resume()
            sources.append(source)
        }
        signalSources = sources
        return sources
    }
}
