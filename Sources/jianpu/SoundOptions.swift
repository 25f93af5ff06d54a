import ArgumentParser
import JianpuAudio
import JianpuCommandLine
import JianpuCore
import JianpuNotation
import JianpuPerformance

/// Options shared by `play` and `render`: what to play, how fast and on which instruments.
struct SoundOptions: ParsableArguments {
    @Option(help: "Tempo: beats per minute (e.g. 80) or a percentage of the score's (e.g. 75%).")
    var tempo: String?

    @Option(help: "Play only movement N (1-based); all movements in turn when omitted.")
    var movement: Int?

    @Option(help: "Start at bar N as printed, the first time through (a pickup is bar 0).")
    var from: PrintedBarNumber?

    @Option(help: "Stop at the end of bar N as printed, the first time through.")
    var to: PrintedBarNumber?

    @Option(help: "General MIDI program for the melody: a number 0-127 or a name such as Flute.")
    var melodyProgram: String?

    @Option(help: "General MIDI program for the accompaniment parts: a number 0-127 or a name.")
    var accompanimentProgram: String?

    @Flag(inversion: .prefixedNo, help: "Sound the score's guitar chords (chords= lines) on a track of their own, as the reference voices them.")
    var chords = true

    @OptionGroup var practice: PracticeOptions

    func validate() throws {
        if let tempo, TempoRequest(tempo) == nil { throw ValidationError("--tempo must be beats per minute (1-1000) or a percentage such as 75%") }
        if let melodyProgram { _ = try ProgramOption.program(melodyProgram, option: "--melody-program") }
        if let accompanimentProgram { _ = try ProgramOption.program(accompanimentProgram, option: "--accompaniment-program") }
        if let from, from < 0 { throw ValidationError("--from must be a bar number from 0 (a pickup) or 1") }
        if let from, let to, to < from { throw ValidationError("--to must not be before --from") }
        if practice.loop != nil, from != nil || to != nil { throw ValidationError("--loop gives the bars to play: leave out --from and --to") }
        if practice.tempoSteps != nil, tempo != nil { throw ValidationError("--tempo-steps sets the tempo of each pass: leave out --tempo") }
    }

    /// The timeline to play and the playback options, or a failure already reported.
    /// A loop plays `loopTimes` times unless `--loop-times` says.
    func performance(of score: Score, file: String, loopTimes: Int = 4) throws -> (Timeline, PlaybackOptions) {
        try MovementChoice.check(movement, count: score.movements.count, file: file)
        guard let written = score.performanceTimeline(movement: movement, withChords: chords) else {
            throw CommandFailure("\(file): movement \(movement ?? 0) cannot be played")
        }
        let bars = written.printedBarCount
        if let from, written.barIndex(printed: from) == nil {
            throw CommandFailure("--from \(from) is not a bar of \(file): it has bars \(written.bars.first?.number ?? 1) to \(bars)")
        }
        let timeline: Timeline
        do {
            timeline = try written.practised(try practice.plan(for: written, from: from, to: to.map { min($0, PrintedBarNumber(bars)) }, loopTimes: loopTimes))
        } catch let error as PracticeError {
            throw CommandFailure("\(file): \(error.description)")
        }
        ChannelSharing.warn(timeline, file: file)
        // A passage of its own already starts and ends where --from and --to say.
        let (from, to) = practice.cutsPassage ? (nil, nil) : (self.from, self.to)
        let options = PlaybackOptions(
            tempoFactor: tempo.flatMap(TempoRequest.init)?.factor(for: timeline) ?? 1, startBar: from, endBar: to.map { min($0, PrintedBarNumber(bars)) },
            melodyProgram: melodyProgram.flatMap(GeneralMIDI.program(named:)),
            accompanimentProgram: accompanimentProgram.flatMap(GeneralMIDI.program(named:)))
        return (timeline, options)
    }

}

/// `--max-minutes`, for the command that writes audio (`render`).
struct AudioLengthOption: ParsableArguments {
    @Option(help: "The longest audio to write, in minutes: a longer performance is refused before anything is written.")
    var maxMinutes: Double = 120

    var maximumSeconds: Double { maxMinutes * 60 }

    func validate() throws {
        if !(maxMinutes > 0 && maxMinutes <= 100_000) { throw ValidationError("--max-minutes must be a number of minutes above 0") }
    }
}

/// `--from 12`: the digits of a printed bar number.
extension PrintedBarNumber: ExpressibleByArgument {}
