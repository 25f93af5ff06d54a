import ArgumentParser
import Foundation
import JianpuAudio
import JianpuCommandLine
import JianpuCore
import JianpuFiles
import JianpuTerminal

struct Play: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Play a score through the sound device, showing it as it plays.",
        discussion: """
            On a terminal: space pauses and resumes, ←/→ jump a bar, +/- change the tempo, q stops.
            Exits with status 3 when there is no sound device (use `jianpu render` or --out then).
            """)

    @OptionGroup var input: ScoreInput
    @OptionGroup var sound: SoundOptions

    @OptionGroup var output: OutputOptions

    @Flag(help: "Do not draw the score, even on a terminal.")
    var quiet = false

    func run() throws {
        if let out = output.out { _ = try OutputFile(out, inputs: [input.file] + output.synth.soundFontInputs) }
        let score = try input.load()
        let (timeline, options) = try sound.performance(of: score, file: input.file)
        let synth = try FluidSynth(soundFont: try output.synth.soundFont(), sampleRate: 44_100, gain: output.synth.gain)
        let engine = try PlaybackEngine(timeline: timeline, synth: synth, options: options)
        let sound = try output.open(output.destination, source: engine,
                                    noDeviceFix: "write a file instead with `jianpu render … -o x.wav` (or --out x.wav)")
        sound.start()
        let screen = !quiet && TerminalSession.isInteractive
        let session = try TerminalSession(raw: screen)
        if screen {
            PlayerScreen(engine: engine, output: sound, timeline: timeline, score: score).run(in: session)
        } else {
            while !engine.isFinished && !sound.hasEnded && !session.isInterrupted { _ = session.readBytes(timeout: 0.02) }
        }
        session.restore()
        // A paced WAV ends once the engine has stopped (the notes released).
        engine.stop()
        try sound.finish()
        if let signal = session.interruption { throw Interrupted(signal: signal) }
    }
}
