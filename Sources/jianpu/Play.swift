import ArgumentParser
import Foundation
import JianpuAudio
import JianpuCommandLine
import JianpuCore
import JianpuFiles
import JianpuPlay

struct Play: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "play",
        abstract: "Play a score through the sound device, showing it as it plays.",
        discussion: """
            On a terminal: space pauses and resumes, ←/→ jump a bar, +/- change the tempo, [ and ] set the loop's first and last bar to the bar playing (c clears it), 1-9 choose a part, m mutes it, s solos it, q stops.
            Exits with status 3 when there is no sound device (use `jianpu render` or --out then).
            """).under("jianpu")

    @OptionGroup var input: ScoreInput
    @OptionGroup var sound: SoundOptions

    @OptionGroup var output: OutputOptions

    @Flag(help: "Do not draw the score, even on a terminal.")
    var quiet = false

    func run() throws {
        FilesRead.remember([input.file] + output.synth.soundFontInputs)
        if let out = output.out { _ = try OutputFile(out, inputs: [input.file] + output.synth.soundFontInputs) }
        let score = try input.load()
        // A loop plays until it is stopped, unless --loop-times (or a tempo trainer) says how often.
        let practice = sound.practice
        let untilStopped = practice.loop != nil && practice.loopTimes == nil && practice.tempoSteps == nil
        let (timeline, playback) = try sound.performance(of: score, file: input.file, loopTimes: untilStopped ? PlaySession.passesForLoop : 100)
        var options = PlaySession.Options(
            score: score, timeline: timeline, playback: playback,
            soundFont: try output.synth.soundFont(), destination: output.destination)
        options.gain = output.synth.level
        options.transposition = practice.transposition.semitones(from: score.writtenKey)
        options.quiet = quiet
        options.loopsUntilStopped = untilStopped
        options.countInBars = practice.countIn
        if let signal = try PlaySession(options: options).run() { throw Interrupted(signal: signal) }
    }
}
