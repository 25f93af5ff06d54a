import Foundation
import JianpuAudio
import JianpuCore
import JianpuEngraving
import JianpuFiles
import JianpuInterchange
import JianpuPerformance
import JianpuPrint

/// The files the page offers for download, and the sound it plays, made from the editor's text.
enum Download: String, Sendable, CaseIterable {
    case pdf, midi, musicxml, wav, ogg

    /// The extension of the file given.
    var fileExtension: String {
        switch self {
        case .pdf: "pdf"
        case .midi: "mid"
        case .musicxml: "musicxml"
        case .wav: "wav"
        case .ogg: "ogg"
        }
    }

    /// The answer's `Content-Type`.
    var contentType: String {
        switch self {
        case .pdf: "application/pdf"
        case .midi: "audio/midi"
        case .musicxml: "application/vnd.recordare.musicxml+xml"
        case .wav: "audio/wav"
        case .ogg: "audio/ogg"
        }
    }

    /// The bytes of the file for `text`, or why there are none (the text's first error, a render that failed).
    func make(_ text: String, name: String, transpose: Int, mute: Set<Int> = [], soundFont: String?) throws(ServeError) -> [UInt8] {
        let (parsed, diagnostics) = try ScoreText.parse(text, name: name, transpose: transpose)
        guard let score = parsed else {
            let first = diagnostics.first { $0.severity == .error }
            throw ServeError(.unprocessableContent, "the score has errors" + (first.map { ": \($0)" } ?? ""))
        }
        switch self {
        case .pdf:
            do {
                let engraving = try Engraver(options: EngravingOptions(), measure: CairoTextMeasure()).engrave(score, maximumPages: RenderService.maximumPages)
                return try PDFWriter.data(engraving)
            } catch let refusal as EngravingRefusal {
                throw ServeError(.unprocessableContent, refusal.message(for: name))
            } catch {
                throw ServeError(.internalServerError, "cannot write the PDF: \(error)")
            }
        case .midi:
            let timeline = Timeline.concatenating(Flattener.exportedTimelines(of: score, withChords: true))
            if let problem = StandardMIDIFile.problem(writing: timeline) { throw ServeError(.unprocessableContent, problem) }
            return StandardMIDIFile.data(for: timeline)
        case .musicxml:
            do { return Array(try MusicXMLWriter.document(for: score).document.utf8) } catch {
                throw ServeError(.unprocessableContent, "\(error)")
            }
        case .wav, .ogg:
            let timeline = ScoreText.timeline(of: score, muting: mute)
            guard !timeline.notes.isEmpty else { throw ServeError(.unprocessableContent, "every part is muted: nothing to play") }
            return try Self.audio(timeline, format: self == .wav ? .wav : .ogg, soundFont: soundFont)
        }
    }

    /// The timeline rendered by FluidSynth into a private temporary folder, read back and removed.
    static func audio(_ timeline: Timeline, format: AudioFileFormat, soundFont: String?) throws(ServeError) -> [UInt8] {
        let soundFontPath: String
        do { soundFontPath = try SoundFontLocator().locate(explicitPath: soundFont) } catch {
            throw ServeError(.serviceUnavailable, "no SoundFont to play with: \(error)")
        }
        var template = Array((FileManager.default.temporaryDirectory.path + "/jianpu-serve-XXXXXX").utf8CString)
        guard let folder = template.withUnsafeMutableBufferPointer({ buffer in buffer.baseAddress.flatMap { mkdtemp($0) } }).map({ String(cString: $0) }) else {
            throw ServeError(.internalServerError, "cannot make a temporary folder for the sound")
        }
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let path = folder + "/sound." + format.rawValue
        var options = RenderOptions()
        options.maximumSeconds = 30 * 60
        do {
            let renderer = OfflineRenderer(soundFontPath: soundFontPath, options: options)
            _ = try renderer.render(timeline, to: try OutputFile(path), format: format, loudness: LoudnessTarget())
            return try InputFile.read(path, maximumBytes: 1 << 30)
        } catch let error as AudioError {
            throw ServeError(.unprocessableContent, error.message)
        } catch {
            throw ServeError(.internalServerError, "cannot render the sound: \(error)")
        }
    }
}
