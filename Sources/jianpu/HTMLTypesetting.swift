import Foundation
import JianpuAudio
import JianpuCommandLine
import JianpuCore
import JianpuEngraving
import JianpuFiles

/// The playing page: the engraving with the score's sound, rendered by our own pipeline and compressed.
enum HTMLTypesetting {
    static func page(for score: Score, engraving: Engraving, synth: SynthOptions, maximumSeconds: Double) throws -> String {
        guard let timeline = score.performanceTimeline() else { return HTMLPage.html(engraving, svg: SVGWriter.svg(engraving), audio: nil) }
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("jianpu-typeset-\(getpid())-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let wav = directory.appendingPathComponent("sound.wav").path, ogg = directory.appendingPathComponent("sound.ogg").path
        // Ctrl-C or kill meanwhile removes them too.
        let registrations = [directory.path, wav, ogg].compactMap(TemporaryFiles.register)
        defer {
            try? FileManager.default.removeItem(at: directory)
            registrations.forEach(TemporaryFiles.unregister)
        }
        var options = RenderOptions(sampleRate: 32_000, gain: synth.gain)
        options.maximumSeconds = maximumSeconds
        let renderer = OfflineRenderer(soundFontPath: try synth.soundFont(), options: options)
        try renderer.render(timeline, to: wav)
        try AudioEncoder.encodeOggVorbis(wavPath: wav, to: ogg)
        let audio = HTMLPage.Audio(mimeType: "audio/ogg", base64: try Data(contentsOf: URL(fileURLWithPath: ogg)).base64EncodedString())
        return HTMLPage.html(engraving, svg: SVGWriter.svg(engraving), audio: audio)
    }
}
