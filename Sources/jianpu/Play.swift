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
        if let out = output.out { _ = try Diagnostics.outputFile(out, inputs: [input.file]) }
        let score = try input.load()
        let (timeline, options) = try sound.performance(of: score, file: input.file)
        let engine: PlaybackEngine
        var live: LiveOutput?
        var sink: PacedWAVSink?
        do {
            let synth = try FluidSynth(soundFont: try output.synth.soundFont(), sampleRate: 44_100, gain: output.synth.gain)
            engine = try PlaybackEngine(timeline: timeline, synth: synth, options: options)
            if let out = output.out {
                sink = try PacedWAVSink(engine: engine, path: out)
                sink?.start()
            } else {
                live = try LiveOutput(engine: engine, driver: output.driver, device: output.device)
            }
        } catch let error as AudioError {
            StandardStreams.error("jianpu: \(error.message)\n")
            throw ExitCode(error.kind == .noSoundDevice ? OutputOptions.noSoundDeviceExitCode : 1)
        }
        if !quiet, isatty(STDIN_FILENO) == 1, isatty(STDOUT_FILENO) == 1 {
            try PlayerScreen(engine: engine, timeline: timeline, score: score).run()
        } else {
            StopSignal.onInterrupt { engine.stop() }
            while !engine.isFinished { usleep(20_000) }
        }
        live?.close()
        if let sink {
            engine.stop()
            _ = try? sink.wait()
        }
    }
}

/// Stops playback on Ctrl-C or SIGTERM instead of dying with notes hanging.
enum StopSignal {
    nonisolated(unsafe) private static var sources: [DispatchSourceSignal] = []

    static func onInterrupt(_ action: @escaping @Sendable () -> Void) {
        for number in [SIGINT, SIGTERM] {
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
            source.setEventHandler(handler: action)
            source.resume()
            sources.append(source)
        }
    }
}
