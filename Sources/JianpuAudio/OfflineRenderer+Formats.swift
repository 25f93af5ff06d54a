import Foundation
import JianpuCore
import JianpuFiles
import JianpuPerformance

/// The level a render is brought to: EBU R128 integrated loudness with a true-peak ceiling.
public struct LoudnessTarget: Sendable, Hashable {
    /// Integrated loudness, LUFS.
    public var integrated: Double
    /// The highest true peak allowed, dBTP.
    public var truePeakCeiling: Double

    /// -16 LUFS (what streaming players play music at) with the true peak under -1 dBTP.
    public init(integrated: Double = -16, truePeakCeiling: Double = -1) {
        self.integrated = integrated
        self.truePeakCeiling = truePeakCeiling
    }
}

/// What a render to an audio file measured and did.
public struct LoudnessReport: Sendable, Hashable {
    /// The rendering's integrated loudness before the gain (LUFS); nil for silence.
    public var measured: Double?
    /// Its true peak before the gain (dBTP).
    public var truePeak: Double
    /// The gain applied, dB (0 when not normalising).
    public var gainDecibels: Double
}

extension OfflineRenderer {
    /// Renders `timeline` into `output` as WAV, FLAC or Ogg Vorbis (through libsndfile), brought to
    /// `loudness` when given, else at the synth's gain.
    ///
    /// The synth's output is kept as 32-bit float in a scratch file beside nothing the user owns
    /// (removed on any way out, signals included) while it is measured, then scaled and encoded
    /// into the output in one pass, so the loudness is that of the whole performance.
    /// - Parameter progress: the fraction done, rendering taking the first 90 %.
    public func render(
        _ timeline: Timeline, to output: OutputFile, format: AudioFileFormat, loudness: LoudnessTarget?, progress: (Double) -> Void = { _ in }
    ) throws -> (RenderReport, LoudnessReport) {
        let playback = options.playback
        if playback.startBar == nil && playback.endBar == nil && playback.tempoFactor > 0 {
            try checkLength(seconds: timeline.durationSeconds / playback.tempoFactor + options.tailSeconds, format: format)
        }
        let schedule = try PerformanceSchedule(timeline: timeline, sampleRate: Double(options.sampleRate), options: playback)
        try checkLength(seconds: Double(max(schedule.endFrame, schedule.events.last?.frame ?? 0)) / Double(options.sampleRate) + options.tailSeconds, format: format)
        let synth = try FluidSynth(soundFont: soundFontPath, sampleRate: Double(options.sampleRate), gain: options.gain)

        let clock = ContinuousClock()
        let started = clock.now
        let scratchPath = FileManager.default.temporaryDirectory.appendingPathComponent("jianpu-render-\(getpid())-\(UUID().uuidString).w64").path
        let registration = TemporaryFiles.register(scratchPath)
        defer {
            unlink(scratchPath)
            if let registration { TemporaryFiles.unregister(registration) }
        }
        var meter = LoudnessMeter(sampleRate: Double(options.sampleRate))
        let scratch: SoundFile
        do {
            scratch = try SoundFile(scratch: scratchPath, sampleRate: options.sampleRate)
        } catch {
            // A bad $TMPDIR (missing, a file, read-only, full) is said with what to do about it.
            let folder = FileManager.default.temporaryDirectory.path
            var space = statvfs()
            if statvfs(folder, &space) == 0, space.f_bavail == 0 || space.f_favail == 0 {
                throw AudioError(
                    .output, "cannot hold the render in \(folder) while its loudness is measured: the disk is full",
                    fix: "free some space there, or set TMPDIR to a folder on a disk with room")
            }
            throw AudioError(.output, "cannot hold the render in \(folder) while its loudness is measured", fix: "set TMPDIR to a writable folder")
        }
        let frames = try Self.play(
            schedule: schedule, synth: synth, tailSeconds: options.tailSeconds, chunkFrames: options.chunkFrames,
            progress: { progress($0 * 0.9) }
        ) { samples, count in
            meter.add(interleaved: samples, frames: count)
            try scratch.write(samples, frames: count)
        }
        try scratch.close()

        let gain = loudness.map { meter.normalisingGain(target: $0.integrated, peakCeiling: $0.truePeakCeiling) } ?? 1
        let (peak, clipped) = try Self.encode(scratchPath, frames: frames, gain: Float(gain), into: output, format: format, sampleRate: options.sampleRate) {
            progress(0.9 + 0.1 * $0)
        }
        progress(1)
        let report = RenderReport(
            frames: frames, audioSeconds: Double(frames) / Double(options.sampleRate), wallSeconds: (clock.now - started).inSeconds,
            peak: peak, clippedSamples: clipped)
        return (report, LoudnessReport(measured: meter.integratedLoudness, truePeak: meter.truePeakDecibels, gainDecibels: 20 * log10(gain)))
    }

    /// Refuses audio longer than `--max-minutes`, or than a WAV holds.
    private func checkLength(seconds: Double, format: AudioFileFormat) throws {
        if format == .wav {
            try checkLength(seconds: seconds)
        } else if seconds > options.maximumSeconds {
            throw AudioError(
                .output,
                "the audio would last \(ScoreSummary.clock(seconds)), longer than the \(Int(options.maximumSeconds / 60)) minutes allowed (--max-minutes raises the limit); nothing was written")
        }
    }

    /// Copies the scratch file into `output` in `format`, every sample times `gain`; returns the peak and the samples clipped.
    private static func encode(
        _ scratchPath: String, frames: Int, gain: Float, into output: OutputFile, format: AudioFileFormat, sampleRate: Int, progress: (Double) -> Void
    ) throws -> (Float, Int) {
        let source = try SoundFile(reading: scratchPath)
        let writer: OutputFileWriter
        do { writer = try output.open() } catch { throw AudioError(.output, "cannot write \(error)") }
        let file = try SoundFile(writing: writer, format: format, sampleRate: sampleRate)
        let chunk = 8_192
        var buffer = [Float](repeating: 0, count: chunk * 2)
        var peak: Float = 0, clipped = 0, done = 0
        try buffer.withUnsafeMutableBufferPointer { pointer in
            guard let base = pointer.baseAddress else { return }
            while true {
                let read = source.read(into: base, frames: chunk)
                if read == 0 { break }
                for index in 0..<(read * 2) {
                    let sample = base[index] * gain
                    base[index] = sample
                    let size = abs(sample)
                    peak = max(peak, size)
                    if size > 1 { clipped += 1 }
                }
                try file.write(base, frames: read)
                done += read
                progress(Double(done) / Double(max(frames, 1)))
            }
        }
        try file.close()
        do { try writer.commit() } catch { throw AudioError(.output, "cannot write \(error)") }
        return (peak, clipped)
    }
}
