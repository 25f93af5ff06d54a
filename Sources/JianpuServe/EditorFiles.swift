import Foundation
import JianpuCore
import JianpuInterchange

/// A file of the served folder as the editor opens it: jianpu text as it is, another format imported into
/// a new `.jp` beside it.
struct OpenedFile: Sendable, Codable {
    /// The path to save to, relative to the folder (for an import, a `.jp` that does not exist yet).
    var path: String
    /// The text to edit.
    var text: String
    /// The fingerprint of the file on disk when it was read (`ServedFolder.version`); nil for an import.
    var version: String?
    /// The file it was imported from, and what the import could not carry over.
    var importedFrom: String?
    var warnings: [String]

    /// Opens `relative`, importing it when it is MusicXML, ABC or MIDI.
    static func open(_ relative: String, in folder: ServedFolder) throws(ServeError) -> OpenedFile {
        let version = try folder.version(relative)
        let bytes = try folder.read(relative, maximumBytes: ScoreImporter.maximumSourceBytes)
        let lowered = relative.lowercased()
        let isText = lowered.hasSuffix(".jp") || lowered.hasSuffix(".txt")
        if !isText, ImportFormat.detect(bytes, name: relative) != nil {
            let results: [ImportResult]
            do { results = try ScoreImporter.convert(bytes, file: relative) } catch {
                throw ServeError(.unprocessableContent, error.description)
            }
            guard let first = results.first else { throw ServeError(.unprocessableContent, "\(relative): no music to import") }
            return OpenedFile(
                path: newName(for: relative, in: folder), text: first.text, version: nil, importedFrom: relative,
                warnings: first.warnings.map { "\($0)" })
        }
        guard bytes.count <= ScoreText.maximumBytes else { throw ServeError(.contentTooLarge, "\(relative) is larger than 1 MB") }
        guard let text = String(validating: bytes, as: UTF8.self) else { throw ServeError(.unprocessableContent, "\(relative) is not UTF-8 text") }
        return OpenedFile(path: relative, text: text, version: version, importedFrom: nil, warnings: [])
    }

    /// `song.musicxml` → `song.jp`, or `song-2.jp` … when taken.
    static func newName(for relative: String, in folder: ServedFolder) -> String {
        let stem = (relative as NSString).deletingPathExtension
        for number in 1...100 {
            let name = stem + (number == 1 ? "" : "-\(number)") + ".jp"
            if (try? folder.version(name)) == .some(nil) { return name }
        }
        return stem + "-imported.jp"
    }
}
