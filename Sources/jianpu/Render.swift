import ArgumentParser
import Foundation
import JianpuAudio
import JianpuCommandLine
import JianpuCore
import JianpuFiles

struct Render: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Render a score to a WAV file, faster than real time.")

    @OptionGroup var input: ScoreInput
    @OptionGroup var sound: SoundOptions

    @Option(name: .shortAndLong, help: "The WAV file to write.")
    var output: String

    @Option(help: "Samples per second.")
    var sampleRate: Int = 44_100

    @OptionGroup var length: AudioLengthOption

    @OptionGroup var synth: SynthOptions

    func validate() throws {
        // FluidSynth's range.
        if !(8_000...96_000).contains(sampleRate) { throw ValidationError("--sample-rate must be between 8000 and 96000") }
    }

    func run() throws {
        let file = try OutputFile(output, inputs: [input.file] + synth.soundFontInputs)
        let score = try input.load()
        let (timeline, playback) = try sound.performance(of: score, file: input.file)
        let soundFont = try synth.soundFont()
        var options = RenderOptions(sampleRate: sampleRate, gain: synth.gain, playback: playback)
        options.maximumSeconds = length.maximumSeconds
        let renderer = OfflineRenderer(soundFontPath: soundFont, options: options)
        let bar = ProgressBar(enabled: isatty(STDERR_FILENO) == 1)
        defer { bar.finish() }
        let report = try renderer.render(timeline, to: file) { bar.update($0) }
        bar.finish()
        let speed = report.speed.isFinite ? String(format: "%.0f", report.speed) : "∞"
        StandardStreams.error(
            "rendered \(output): \(ScoreSummary.clock(report.audioSeconds)) of audio in \(String(format: "%.2f", report.wallSeconds)) s (\(speed)× real time)\n")
    }
}

/// A one-line progress bar on stderr, redrawn at most a hundred times.
final class ProgressBar {
    private let enabled: Bool
    private var shown = -1

    init(enabled: Bool) { self.enabled = enabled }

    func update(_ fraction: Double) {
        guard enabled else { return }
        let percent = Int(saturating: (max(0, min(fraction, 1)) * 100).rounded(.down))
        guard percent != shown else { return }
        shown = percent
        let filled = percent * 30 / 100
        let line = "\r[" + String(repeating: "#", count: filled) + String(repeating: " ", count: 30 - filled) + "] \(percent)%"
        StandardStreams.error(line)
    }

    func finish() {
        if enabled && shown >= 0 { StandardStreams.error("\r\u{1B}[K") }
        shown = -1
    }
}
