import ArgumentParser
import Foundation
import JianpuChordPad
import JianpuCommandLine
import JianpuCore
import JianpuFiles

@main
struct ChordPadCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "chordpad",
        abstract: "A chord instrument in the terminal: seven chord columns and a melody row in a key.",
        discussion: """
            Keys:
            \(KeyLayout.help.map { "  " + $0 }.joined(separator: "\n"))

            Chords play on MIDI channel 2, the melody (and --midi-in) on channel 1, each with its own \
            instrument. A new chord silences the previous chord; the melody rings on.
            Terminals that speak the kitty keyboard protocol report key releases: a note then lasts \
            while its key is held. Others send presses only: each note lasts --note-length seconds \
            (holding a key keeps it sounding; auto-repeat never retriggers). The screen says which.
            C notes are drawn red and G notes green.
            \(ExitStatus.helpText)
            """,
        version: CommandConventions.version)

    @Option(
        help: "The key to start in, as named in the tunings list (DMajor, F#Minor, EDorian).",
        completion: .list(Tuning.standard.map(\.name)))
    var tuning: String = "CMajor"

    @Flag(help: "List the tunings and exit.")
    var listTunings = false

    @Option(help: "Show a chord's notes and the column that plays it in --tuning (CMinor, F#Dominant7, Bm), then exit.")
    var chord: String?

    @Option(help: "A tunings file (default: the built-in list, as in Tunings/tunings.txt).")
    var tunings: String?

    @Option(help: "A chord formulas file for naming (default: the built-in list, as in Chords/chords.txt).")
    var chords: String?

    @Option(help: "Seconds a note lasts when the terminal sends no key releases.")
    var noteLength: Double = 0.8

    @Option(help: "Without key releases: a second press of a key sooner than this (seconds) is taken for auto-repeat and never retriggers.")
    var repeatGuard: Double = 0.5

    @Option(help: "Instrument of the melody: a General MIDI number 0-127 or a name such as Flute.")
    var melodyProgram: String = "0"

    @Option(help: "Instrument of the chords: a General MIDI number 0-127 or a name.")
    var chordProgram: String = "24"

    @Option(help: "MIDI input: a raw MIDI device (/dev/snd/midiC1D0, /dev/midi1) or a FIFO; 'seq' for the ALSA sequencer (a port named chordpad; seq:20:0 also connects from port 20:0).")
    var midiIn: String?

    @Option(help: "Write the performance as a Standard MIDI File (real timing at 120 bpm).")
    var record: String?

    @OptionGroup var output: OutputOptions

    @Flag(help: "Do not ask the terminal for key releases (kitty protocol); always use --note-length.")
    var noKitty = false

    func validate() throws {
        guard noteLength > 0, noteLength <= 60 else { throw ValidationError("--note-length must be between 0 and 60 seconds") }
        guard (0...5).contains(repeatGuard) else { throw ValidationError("--repeat-guard must be between 0 and 5 seconds") }
        _ = try ProgramOption.program(melodyProgram, option: "--melody-program")
        _ = try ProgramOption.program(chordProgram, option: "--chord-program")
    }

    static func main() { ProgramEdge.main(ChordPadCommand.self, name: "chordpad") }

    func run() throws {
        let (tuningList, tuningProblems) = try ChordPadSession.loadTunings(file: tunings)
        let (formulas, formulaProblems) = try ChordPadSession.loadFormulas(file: chords)
        // The lines left out of the files are reported before the screen starts, so they stay visible.
        DiagnosticPrinter.print(tuningProblems + formulaProblems)
        if listTunings {
            let list = tuningList.map { "\($0.listing)\n" }.joined()
            guard StandardStreams.output(list) else { throw ChordPadError.cannotWriteStandardOutput("the list of tunings") }
            return
        }
        // A tuning or chord name that names nothing is a bad command line (status 64), with the closest names.
        let tuningIndex = try Self.usage { try ChordPadSession.tuningIndex(named: tuning, in: tuningList) }
        if let chord {
            let description = try Self.usage { try ChordLookup.describe(chord, tuning: tuningList[tuningIndex], formulas: formulas) }
            guard StandardStreams.output(description + "\n") else { throw ChordPadError.cannotWriteStandardOutput("the chord") }
            return
        }
        var options = ChordPadSession.Options()
        options.tuning = tuning
        options.tunings = tuningList
        options.formulas = formulas
        options.soundFont = output.synth.soundfont
        options.gain = output.synth.level
        options.out = output.out
        options.driver = output.driver
        options.device = output.device
        options.noteLength = noteLength
        options.repeatGuard = repeatGuard
        options.melodyProgram = GeneralMIDI.program(named: melodyProgram) ?? 0
        options.chordProgram = GeneralMIDI.program(named: chordProgram) ?? 24
        options.midiIn = midiIn
        options.record = record
        options.noKitty = noKitty
        options.inputs = [tunings, chords, midiIn].compactMap { $0 } + output.synth.soundFontInputs
        if let signal = try ChordPadSession(options: options).run() { throw Interrupted(signal: signal) }
    }

    /// The pad's error for a name on the command line, as a usage error.
    static func usage<T>(_ body: () throws -> T) throws -> T {
        do { return try body() } catch let error as ChordPadError { throw CommandFailure(error.description, status: .usage) }
    }
}
