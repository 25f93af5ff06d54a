import ArgumentParser
import JianpuAudio
import JianpuCommandLine
import JianpuCore

/// Options shared by `play` and `render`: what to play, how fast and on which instruments.
struct SoundOptions: ParsableArguments {
    @Option(help: "Tempo: beats per minute (e.g. 80) or a percentage of the score's (e.g. 75%).")
    var tempo: String?

    @Option(help: "Play only movement N (1-based); all movements in turn when omitted.")
    var movement: Int?

    @Option(help: "Start at bar N (1-based).")
    var from: Int?

    @Option(help: "Stop at the end of bar N.")
    var to: Int?

    @Option(help: "General MIDI program for the melody: a number 0-127 or a name such as Flute.")
    var melodyProgram: String?

    @Option(help: "General MIDI program for the accompaniment parts: a number 0-127 or a name.")
    var accompanimentProgram: String?

    @Flag(help: "Play the score's guitar chords (chords= lines) as an accompaniment voiced from the chord table.")
    var chords = false


    func validate() throws {
        if let tempo, TempoRequest(tempo) == nil { throw ValidationError("--tempo must be beats per minute (1-1000) or a percentage such as 75%") }
        if let melodyProgram { _ = try ProgramOption.program(melodyProgram, option: "--melody-program") }
        if let accompanimentProgram { _ = try ProgramOption.program(accompanimentProgram, option: "--accompaniment-program") }
        if let from, from < 1 { throw ValidationError("--from must be a bar number from 1") }
        if let from, let to, to < from { throw ValidationError("--to must not be before --from") }
    }

    /// The timeline to play and the playback options, or a failure already reported.
    func performance(of score: Score, file: String) throws -> (Timeline, PlaybackOptions) {
        guard let timeline = score.performanceTimeline(movement: movement, withChords: chords) else {
            throw CommandFailure("\(file) has \(score.movements.count) movement(s): --movement must be 1 to \(score.movements.count)")
        }
        let bars = timeline.barStarts.count
        if let from, from > bars { throw CommandFailure("--from \(from) is past the end: \(file) has \(bars) bars") }
        let options = PlaybackOptions(
            tempoFactor: tempo.flatMap(TempoRequest.init)?.factor(for: timeline) ?? 1, startBar: from, endBar: to.map { min($0, bars) },
            melodyProgram: melodyProgram.flatMap(GeneralMIDI.program(named:)),
            accompanimentProgram: accompanimentProgram.flatMap(GeneralMIDI.program(named:)))
        return (timeline, options)
    }

}
