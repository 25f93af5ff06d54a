import Foundation
import JianpuAudio
import JianpuCommandLine
import JianpuCore
import JianpuEngraving
import JianpuFiles

/// The playing page: the engraving with the score's sound, rendered by our own pipeline and compressed.
enum HTMLTypesetting {
    /// Writes the page to `file`: the audio's base64 goes out in pieces as it is read from the
    /// compressed sound, so a long score's page never sits in memory whole.
    static func write(_ score: Score, engraving: Engraving, synth: SynthOptions, maximumSeconds: Double, to file: OutputFile) throws {
        let svg = SVGWriter.svg(engraving)
        guard let timeline = score.performanceTimeline() else {
            try file.write(Array(HTMLPage.html(engraving, svg: svg, audio: nil).utf8))
            return
        }
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("jianpu-typeset-\(getpid())-\(UUID().uuidString)")
        let wav = directory.appendingPathComponent("sound.wav").path, ogg = directory.appendingPathComponent("sound.ogg").path
        // Registered before it is made: a signal in between would leave it.
        let registrations = [directory.path, wav, ogg].compactMap(TemporaryFiles.register)
        defer {
            try? FileManager.default.removeItem(at: directory)
            registrations.forEach(TemporaryFiles.unregister)
        }
        let parent = directory.deletingLastPathComponent().path
        if let status = FileStatus(parent), status.kind != .directory {
            throw FileProblem(parent, "is not a folder: set TMPDIR to a writable folder to hold the page's sound while it is made")
        }
        do {
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: false)
        } catch {
            // A bad $TMPDIR (missing, a file, read-only, full) is said in a line, not as Foundation's dump.
            throw FileProblem(directory.deletingLastPathComponent().path, "cannot hold the page's sound while it is made (set TMPDIR to a writable folder)", failure: error)
        }
        var options = RenderOptions(sampleRate: 32_000, gain: synth.gain)
        options.maximumSeconds = maximumSeconds
        let renderer = OfflineRenderer(soundFontPath: try synth.soundFont(), options: options)
        try renderer.render(timeline, to: wav)
        try AudioEncoder.encodeOggVorbis(wavPath: wav, to: ogg)
        let (head, tail) = HTMLPage.around(engraving, svg: svg, mimeType: "audio/ogg")
        guard let sound = FileHandle(forReadingAtPath: ogg) else { throw CommandFailure("cannot read the page's sound \(ogg)") }
        defer { try? sound.close() }
        let writer = try file.open()
        try writer.write(Array(head.utf8))
        // Whole groups of three bytes, so that the pieces' base64 joins into the whole file's.
        var pending = Data()
        while let piece = try sound.read(upToCount: 3 << 16), !piece.isEmpty {
            pending.append(piece)
            let whole = pending.count - pending.count % 3
            try writer.write(Array(pending.prefix(whole).base64EncodedString().utf8))
            pending = Data(pending.dropFirst(whole))
        }
        try writer.write(Array(pending.base64EncodedString().utf8))
        try writer.write(Array(tail.utf8))
        try writer.commit()
    }
}
