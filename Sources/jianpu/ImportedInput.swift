import JianpuCommandLine
import JianpuCore
import JianpuFiles
import JianpuInterchange
import JianpuNotation

/// A score in another format given to a command that plays, prints or checks: imported in memory.
enum ImportedInput {
    /// The score of `path` imported and parsed, nil when the file is jianpu text (or the seed's plist), which
    /// `ScoreLoader` reads itself. The import's warnings are printed, as `jianpu import` prints them.
    /// `text` is the imported jianpu text, which `typeset` embeds in its pages.
    static func load(path: String) throws -> (score: Score?, diagnostics: [Diagnostic], text: String)? {
        let lowered = path.lowercased()
        guard !lowered.hasSuffix(".jp"), !lowered.hasSuffix(".txt"), !lowered.hasSuffix(".plist"), path != "-" else { return nil }
        // The content decides, read within an import's limit. A file that turns out to be jianpu text under another
        // name is read a second time by the caller, within the score's own limit (and refused past it in its words).
        guard let bytes = try? InputFile.read(path, maximumBytes: ScoreImporter.maximumSourceBytes),
            ImportFormat.detect(bytes, name: path) != nil
        else { return nil }
        let results: [ImportResult]
        do {
            results = try ScoreImporter.convert(bytes, file: path)
        } catch {
            throw CommandFailure(error.description)
        }
        guard let first = results.first else { return nil }
        for warning in first.warnings { StandardStreams.error("\(path): warning: \(warning)\n") }
        let parsed = ScoreLoader.parse(Array(first.text.utf8), path: "\(path) (imported)")
        return (parsed.score, parsed.diagnostics, first.text)
    }
}
