import ArgumentParser
import Foundation
import JianpuAudio
import JianpuCommandLine
import JianpuCore
import JianpuFiles
import JianpuLearn
import JianpuPractice
import JianpuTerminal

/// `jianpu learn [KEY]`, and `jianpu learn stats`: a positional argument and a subcommand cannot share a
/// command in swift-argument-parser, so `stats` is read as the key's place and runs `LearnStatistics`.
struct Learn: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "learn",
        abstract: "Scales and chords, taught: a scale on a piano, its chords, then exercises with feedback on every note.",
        discussion: """
            The scale is drawn on a two-octave piano (C4-B5), each of its keys labelled with its letter name and \
            its jianpu number (movable do: 1 is the major tonic the scale is sung in, so A minor is 1=C and its \
            tonic 6), with the steps between neighbours (W, H, 1½) and each degree's interval from the tonic; \
            it plays up and down. Then the triads and seventh chords on every degree, named and numbered. Then \
            the exercises: the scale up and down, named degrees and notes, chords by numeral and by name, a \
            chord's third and seventh, and a degree and a chord heard, to play back and to name. Every key \
            turns green or red as it is played, and every chord played is named (inversions as slash chords).

            Play on the computer keyboard (z s x d c v g b h n j m = C4..B4, q 2 w 3 e r 5 t 6 y 7 u i = C5..C6) \
            or a MIDI keyboard (--midi-in). Enter turns the page, Space plays again, ←/→ and ↑/↓ choose a chord, \
            Esc quits. Without a terminal (or with --plain) answers are read a line each: note names (F#, F#4), \
            jianpu numbers (3, #5, 1'), chord symbols (Em, G/B) or notes together (D F# A).

            Answers are logged to the quiz's log ($XDG_DATA_HOME/jianpu/quiz.sqlite). `jianpu learn stats` shows \
            accuracy per key, exercise and degree (--format table, csv or json; --since YYYY-MM-DD).
            \(ExitStatus.helpText)
            """).under("jianpu")

    @Argument(help: "The tonic, with or without a scale: D, F#, Bb, Am, 'A harmonic minor'; or `stats`.")
    var key: String = "C"

    @Option(help: "stats: count only answers from this date on (YYYY-MM-DD, UTC).")
    var since: String?

    @Option(help: "stats: output format: table, csv or json.")
    var format: QuizStatsCommand.Format = .table

    @Option(help: "The scale: \(Scale.Kind.allCases.map(\.rawValue).joined(separator: ", ")).")
    var scale: String?

    @Option(help: "Seed for a repeatable lesson.")
    var seed: UInt64?

    @Option(help: "The SQLite log (default $XDG_DATA_HOME/jianpu/quiz.sqlite).")
    var db: String?

    @Option(help: "MIDI input: a raw MIDI device (/dev/snd/midiC1D0) or a FIFO; 'seq' for the ALSA sequencer (a port named jianpu-learn).")
    var midiIn: String?

    @Flag(help: "Read answers line by line even on a terminal.")
    var plain = false

    @OptionGroup var output: OutputOptions

    @Flag(help: "No sound at all (no SoundFont needed); the exercises that must be heard are left out.")
    var mute = false

    func validate() throws {
        if mute && output.out != nil { throw ValidationError("--mute and --out exclude each other") }
    }

    func run() throws {
        if key == "stats" { return try showStatistics() }
        if since != nil || format != .table { throw CommandFailure("--since and --format belong to `jianpu learn stats`", status: .usage) }
        let database = db ?? PracticePaths.defaultDatabase()
        let inputs = PracticePaths.logFiles(database) + (mute ? [] : output.synth.soundFontInputs) + (midiIn.map { [$0] } ?? [])
        FilesRead.remember(inputs)
        if let out = output.out { _ = try OutputFile(out, inputs: inputs) }
        var options = LearnSession.Options(
            database: database,
            destination: mute ? .muted : output.out.map { .pacedWAV(path: $0) } ?? output.destination)
        options.key = key
        options.scale = scale
        options.seed = seed
        options.soundFont = output.synth.soundfont
        options.gain = output.synth.level
        options.midiIn = midiIn
        options.plain = plain
        let interruption: Int32?
        do { interruption = try LearnSession(options: options).run() } catch let error as LearnError {
            // A key or scale that names none is a bad command line.
            throw CommandFailure(error.description, status: .usage)
        }
        if let interruption { throw Interrupted(signal: interruption) }
    }

    /// `jianpu learn stats`: the log's lesson answers as a table, CSV or JSON.
    func showStatistics() throws {
        let form = LearnStatistics.Format(rawValue: format.rawValue) ?? .table
        try CommandOutput.write(try LearnStatistics.report(log: db ?? PracticePaths.defaultDatabase(), since: since, format: form))
    }
}
