import ArgumentParser
import Foundation
import JianpuAudio
import JianpuCommandLine
import JianpuCore
import JianpuFiles
import JianpuPractice
import JianpuQuiz
import JianpuTerminal

struct Quiz: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "quiz",
        abstract: "Interval ear training: name the interval you hear; every answer is logged to SQLite.",
        discussion: """
            Each question plays a lower and an upper note: harmonic (H, together), melodic up (MU) or melodic \
            down (MD). Answer with the interval's name (P1 m2 M2 m3 M3 P4 TT P5 m6 M6 m7 M7 P8, compound m9 … P15) \
            or a bare degree 1 4 5 8 11 12 15 (a bare 8 is an octave; 2 3 6 7 … need m or M). After each answer \
            the played and the chosen interval are shown with their width, consonance and colour, and the kind \
            of error (inverted, wrong width, one semitone); after a miss your interval plays, then the right one.

            In a terminal: a piano keyboard shows the lower note in red. Type a name and Enter, or press Tab \
            (or start with --piano-keys) for piano keys and press the upper note: z s x d c v g b h n j m = C..B of the red note's octave, \
            q 2 w 3 e r 5 t 6 y 7 u = C..B above, i = the C above that (Space repeats, l lists samples, Esc quits, \
            Tab back to names). In name mode r repeats, l plays samples of every interval, q quits. \
            After an answer: r plays the question again, y your interval, c the right one, a the interval as an \
            arpeggio; only Enter or Space goes on. The session ends with a recap: score, confusions, error \
            classes, the slowest intervals and what to drill next.
            Without a terminal (or with --plain) one answer is read per line from standard input.

            A missed interval comes back within a few questions until it is answered right twice in a row. \
            Intervals you miss more often, or answer slowly, come more often (--explain shows the weights). \
            Settings come from the profile ($XDG_CONFIG_HOME/jianpu/quiz.json), then the flags; --save-profile \
            keeps them. The log is $XDG_DATA_HOME/jianpu/quiz.sqlite (else ~/.local/share/jianpu/quiz.sqlite).
            \(ExitStatus.helpText)
            """,
        subcommands: [QuizStatsCommand.self])

    @Option(help: "Intervals to ask, comma-separated (e.g. m3,M3,P5,P8), or 'simple' (P1-P8) or 'all' (P1-P15).")
    var intervals: String?

    @Flag(help: "Add the compound intervals m9 … P15 (up to two octaves).")
    var compound = false

    @Option(help: "Octaves the lower note comes from, e.g. 3,4 (4 holds middle C).")
    var octaves: String?

    @Option(help: "Playback kinds: H (harmonic), MU (melodic up), MD (melodic down), comma-separated.")
    var kinds: String?

    @Option(help: "Instruments: General MIDI programs (0-127) or names, comma-separated, e.g. piano,violin,flute.")
    var instruments: String?

    @Flag(inversion: .prefixedNo, help: "Pick a different instrument from --instruments for each question.")
    var varyInstrument: Bool?

    @Flag(inversion: .prefixedNo, help: "Sound a piano key's note when it is pressed.")
    var keyFeedback: Bool?

    @Option(name: [.customShort("n"), .long], help: "Number of questions.")
    var questions: Int?

    @Option(help: "Test mode: every chosen interval N times in random order, then pass or fail.")
    var test: Int?

    @Option(help: "The percentage of right answers a --test needs.")
    var passMark: Int = 80

    @Flag(help: "Save these settings as the profile and continue.")
    var saveProfile = false

    @Option(help: "The profile file (default $XDG_CONFIG_HOME/jianpu/quiz.json).")
    var profile: String?

    @Option(help: "The SQLite log (default $XDG_DATA_HOME/jianpu/quiz.sqlite).")
    var db: String?

    @Option(help: "Seed for repeatable questions.")
    var seed: UInt64?

    @Flag(help: "Show why each question was chosen (the adaptive weights).")
    var explain = false

    @Option(help: "MIDI input: a raw MIDI device (/dev/snd/midiC1D0) or a FIFO; 'seq' for the ALSA sequencer (a port named jianpu-quiz). A note-on answers with that upper note.")
    var midiIn: String?

    @Flag(help: "In a terminal, start with the computer keyboard as a piano (Tab switches to typing names).")
    var pianoKeys = false

    @Flag(help: "Read answers line by line even on a terminal.")
    var plain = false

    @OptionGroup var output: OutputOptions

    @Flag(help: "With --out: render as fast as possible, each sound right after the previous one (for tests).")
    var fast = false

    @Flag(help: "No sound at all (no SoundFont needed).")
    var mute = false

    func validate() throws {
        if let test, !(1...100).contains(test) { throw ValidationError("--test must be 1-100 repetitions per interval") }
        if !(0...100).contains(passMark) { throw ValidationError("--pass-mark must be a percentage 0-100") }
        if fast && output.out == nil { throw ValidationError("--fast needs --out x.wav") }
        if mute && output.out != nil { throw ValidationError("--mute and --out exclude each other") }
    }

    /// Every file the quiz reads or keeps open: the log with SQLite's files beside it, the profile,
    /// the SoundFont and the MIDI input. No output may be one of them.
    func readFiles(database: String) -> [String] {
        PracticePaths.logFiles(database) + [profile ?? QuizPaths.defaultProfile()] + (mute ? [] : output.synth.soundFontInputs)
            + (midiIn.map { [$0] } ?? [])
    }

    /// The profile (or the defaults) with the flags applied.
    func settings() throws -> QuizSettings {
        let profilePath = profile ?? QuizPaths.defaultProfile()
        var settings = try QuizProfile.load(path: profilePath, saving: saveProfile) ?? .standard
        if let intervals {
            settings.intervals = try QuizOptionParsing.intervals(intervals)
        }
        if compound {
            settings.intervals = Array(Set(settings.intervals + Interval.all.filter(\.isCompound))).sorted()
        }
        if let octaves { settings.octaves = try QuizOptionParsing.list(octaves, "--octaves", "4 or 3,4") { Int($0) } }
        if let kinds {
            settings.kinds = try QuizOptionParsing.list(
                kinds, "--kinds", "H,MU,MD",
                closest: { Wording.suggestions(for: $0, among: PlaybackKind.allCases.map(\.rawValue)) }
            ) {
                PlaybackKind(parsing: $0)
            }
        }
        if let instruments {
            settings.programs = try QuizOptionParsing.list(
                instruments, "--instruments", "piano,violin or 0,40",
                closest: { GeneralMIDI.nearestNames(to: $0) }
            ) { GeneralMIDI.program(named: $0) }
        }
        if let varyInstrument { settings.varyInstrument = varyInstrument }
        if let keyFeedback { settings.keyFeedback = keyFeedback }
        if let questions { settings.questions = questions }
        if let problem = settings.validationProblem { throw CommandFailure(problem, status: .usage) }
        if saveProfile {
            let database = db ?? PracticePaths.defaultDatabase()
            try QuizProfile.save(
                settings, path: profilePath,
                inputs: PracticePaths.logFiles(database) + (output.out.map { [$0] } ?? []) + (mute ? [] : output.synth.soundFontInputs)
                    + (midiIn.map { [$0] } ?? []))
            StandardStreams.error("jianpu: saved quiz profile \(TerminalText.visible(profilePath))\n")
        }
        return settings
    }

    func run() throws {
        let database = db ?? PracticePaths.defaultDatabase()
        // Kept for the whole run (a take is checked against them again at its end); a profile --save-profile
        // rewrites is the one input the run may replace.
        FilesRead.remember(readFiles(database: database).filter { !saveProfile || $0 != (profile ?? QuizPaths.defaultProfile()) })
        if let out = output.out {
            // The WAV is checked before the log is touched; one file for both would corrupt the whole log.
            _ = try OutputFile(out, inputs: readFiles(database: database))
        }
        var options = QuizSession.Options(settings: try settings(), database: database, destination: destination)
        options.soundFont = output.synth.soundfont
        options.gain = output.synth.level
        options.seed = seed
        options.explain = explain
        options.midiIn = midiIn
        options.pianoKeys = pianoKeys
        options.plain = plain
        options.testRepetitions = test
        options.passMark = passMark
        let outcome = try QuizSession(options: options).run()
        if let signal = outcome.interruption { throw Interrupted(signal: signal) }
        if outcome.summary.passed == false { throw ExitCode(ExitStatus.testFailed.rawValue) }
    }

    /// Where the sound goes: nowhere (`--mute`), a WAV (`--out`, `--fast`) or the device.
    var destination: AudioOutput.Destination {
        if mute { return .muted }
        if let out = output.out { return fast ? .fastWAV(path: out) : .pacedWAV(path: out) }
        return output.destination
    }
}

/// The quiz's list options: a value not understood is a usage error (status 64) naming the closest values.
enum QuizOptionParsing {
    static func list<T>(
        _ text: String, _ option: String, _ example: String, closest: (String) -> [String] = { _ in [] },
        _ parse: (String) -> T?
    ) throws -> [T] {
        var values: [T] = []
        for item in text.split(separator: ",").map({ $0.trimmingCharacters(in: .whitespaces) }) where !item.isEmpty {
            guard let value = parse(item) else {
                throw CommandFailure(
                    "\(option): '\(item)' is not understood\(Wording.didYouMean(closest(item))); give e.g. \(example)",
                    status: .usage)
            }
            values.append(value)
        }
        guard !values.isEmpty else { throw CommandFailure("\(option) is empty; give e.g. \(example)", status: .usage) }
        return values
    }

    /// The interval names nearest a mistyped one; case tells minor from major, so those typed in the same
    /// case come first, shorter (simple) before longer: `m33` → m3, m13, M3.
    static func closestIntervals(_ item: String) -> [String] {
        let names = Interval.all.map(\.shortName)
        let close = Wording.suggestions(for: item, among: names, limit: names.count)
        let rank = { (name: String) in (name.first == item.first ? 0 : 1, name.count, names.firstIndex(of: name) ?? 0) }
        return Array(close.sorted { rank($0) < rank($1) }.prefix(3))
    }

    static func intervals(_ text: String) throws -> [Interval] {
        switch text.lowercased() {
        case "simple": return Interval.simpleIntervals
        case "all": return Interval.all
        default:
            return try list(
                text, "--intervals", "m3,M3,P5,P8",
                closest: closestIntervals
            ) { item in
                if case .interval(let interval) = AnswerParser.parse(item) { return interval }
                return nil
            }
        }
    }
}
