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
            On a terminal: space pauses and resumes, ←/→ jump a bar, +/- change the tempo, [ and ] set the loop's first and last bar to the bar playing (c clears it), 1-9 choose a part, m mutes it, s solos it, q stops.
            Exits with status 3 when there is no sound device (use `jianpu render` or --out then).
            """)

    @OptionGroup var input: ScoreInput
    @OptionGroup var sound: SoundOptions

    @OptionGroup var output: OutputOptions

    @Flag(help: "Do not draw the score, even on a terminal.")
    var quiet = false

    func run() throws {
        FilesRead.remember([input.file] + output.synth.soundFontInputs)
        if let out = output.out { _ = try OutputFile(out, inputs: [input.file] + output.synth.soundFontInputs) }
        let score = try input.load()
        let (timeline, options) = try sound.performance(of: score, file: input.file, loopTimes: 100)
        let synth = try FluidSynth(soundFont: try output.synth.soundFont(), sampleRate: 44_100, gain: output.synth.level)
        let engine = try PlaybackEngine(timeline: timeline, synth: synth, options: options)
        let sound = try output.open(output.destination, source: engine,
                                    noDeviceFix: "write a file instead with `jianpu render … -o x.wav` (or --out x.wav)")
        sound.start()
        let screen = !quiet && TerminalSession.isInteractive
        let session = try TerminalSession(raw: screen)
        if screen {
            let schedule = engine.schedule
            // The screen prints the key and chord symbols the music sounds in.
            let shown = score.transposed(by: self.sound.practice.transposition.semitones(from: score.writtenKey))
            var program = PlayerProgram(
                timeline: timeline, score: shown, bars: schedule.firstBarIndex...schedule.lastBarIndex,
                startPosition: schedule.startPosition.doubleValue, endPosition: schedule.endPosition.doubleValue,
                isPaused: engine.isPaused,
                observe: { .init(position: engine.currentPosition, tempoFactor: engine.tempoFactor, isFinished: engine.isFinished) })
            ProgramLoop(session: session, idleInterval: PlayerProgram.frameInterval).run(&program, until: { sound.hasEnded }) { effect, _ in
                switch effect {
                case .pause: engine.pause()
                case .resume: engine.resume()
                case .seek(let bar): engine.seek(toBar: bar)
                case .tempo(let factor): try? engine.setTempoFactor(factor)
                case .loop(let bars): engine.setLoop(bars)
                case .muteChannels(let mask): engine.setMutedChannels(mask)
                }
            }
            // Every way out releases all notes.
            engine.stop()
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
