import ArgumentParser
import Foundation
import JianpuAudio
import JianpuCommandLine
import JianpuCore
import JianpuFiles
import JianpuPerformance

struct Render: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "render",
        abstract: "Render a score to a WAV, FLAC or Ogg Vorbis file, faster than real time.",
        discussion: "The format follows the output's extension: .wav, .flac or .ogg. The audio is brought to --loudness (EBU R128 integrated loudness, true peak under -1 dBTP) unless --gain is given."
    ).under("jianpu")

    @OptionGroup var input: ScoreInput
    @OptionGroup var sound: SoundOptions

    @Option(name: .shortAndLong, help: "The file to write: song.wav, song.flac or song.ogg.")
    var output: String

    @Option(parsing: .unconditional, help: ArgumentHelp("The integrated loudness to bring the audio to, in LUFS (-40 to -5), with its true peak under -1 dBTP.", valueName: "lufs"))
    var loudness: Double = -16

    @Option(help: "Samples per second.")
    var sampleRate: Int = 44_100

    @OptionGroup var length: AudioLengthOption

    @OptionGroup var synth: SynthOptions

    func validate() throws {
        // FluidSynth's range.
        if !(8_000...96_000).contains(sampleRate) { throw ValidationError("--sample-rate must be between 8000 and 96000") }
        if AudioFileFormat(path: output) == nil {
            throw ValidationError("cannot tell the format of '\(output)': give a name ending in .wav, .flac or .ogg")
        }
        if !(-40 ... -5).contains(loudness) { throw ValidationError("--loudness must be between -40 and -5 LUFS") }
        if synth.gain != nil, loudness != -16 { throw ValidationError("--gain sets the level itself: leave out --loudness") }
    }

    func run() throws {
        FilesRead.remember([input.file] + synth.soundFontInputs)
        let file = try OutputFile(output, inputs: [input.file] + synth.soundFontInputs)
        let score = try input.load()
        let (timeline, playback) = try sound.performance(of: score, file: input.file)
        let soundFont = try synth.soundFont()
        var options = RenderOptions(sampleRate: sampleRate, gain: synth.level, playback: playback)
        options.maximumSeconds = length.maximumSeconds
        let renderer = OfflineRenderer(soundFontPath: soundFont, options: options)
        let bar = ProgressBar(enabled: isatty(STDERR_FILENO) == 1)
        defer { bar.finish() }
        let target = synth.gain == nil ? LoudnessTarget(integrated: loudness) : nil
        let (report, level) = try renderer.render(timeline, to: file, format: AudioFileFormat(path: output) ?? .wav, loudness: target) { bar.update($0) }
        bar.finish()
        let speed = report.speed.isFinite ? String(format: "%.0f", report.speed) : "∞"
        let levelNote = target == nil ? "" : String(format: ", %+.1f dB to %.0f LUFS", level.gainDecibels, loudness)
        StandardStreams.error(
            "rendered \(TerminalText.visible(output)): \(ScoreSummary.clock(report.audioSeconds)) of audio in \(String(format: "%.2f", report.wallSeconds)) s (\(speed)× real time\(levelNote))\n")
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
