import ArgumentParser
import Foundation
import JianpuCommandLine
import JianpuCore
import JianpuFiles
import JianpuInterchange
import JianpuNotation
import JianpuPerformance

/// The score file a command reads, loaded and checked.
struct ScoreInput: ParsableArguments {
    @Argument(help: "A score: jianpu text (.jp), the seed app's .plist, or MusicXML (.musicxml, .mxl), ABC or MIDI, imported as `jianpu import` does.")
    var file: String

    /// Reads and parses the file; prints warnings; throws `InputProblems` (every diagnostic) when there are errors.
    /// With `reporting` (`check`, whose report is its output) warnings that cannot be written fail the run.
    ///
    /// MusicXML, ABC and MIDI, told by their content, are imported in memory first, with the import's warnings;
    /// what is then said of the imported text names the file as `song.musicxml (imported)`.
    func load(strict: Bool = false, reporting: Bool = false) throws -> Score {
        try load(strict: strict, reporting: reporting, keepingSource: false).score
    }

    /// `load`, with the score's text: the file's own (jianpu text or the seed's plist) or the imported jianpu text.
    func loadWithSource(strict: Bool = false, reporting: Bool = false) throws -> (score: Score, source: String) {
        try load(strict: strict, reporting: reporting, keepingSource: true)
    }

    /// `load`; the source is made into a string only when it is kept (for a large score, a copy of it checked anew).
    private func load(strict: Bool, reporting: Bool, keepingSource: Bool) throws -> (score: Score, source: String) {
        let outcome: (score: Score?, diagnostics: [Diagnostic], text: String)
        if let imported = try ImportedInput.load(path: file) {
            outcome = imported
        } else {
            do {
                let bytes = try InputFile.read(file, maximumBytes: ScoreLoader.maximumBytes)
                let parsed = ScoreLoader.parse(bytes, path: file)
                outcome = (parsed.score, parsed.diagnostics, keepingSource ? String(decoding: bytes, as: UTF8.self) : "")
            } catch {
                outcome = (nil, [.error(at: SourceLocation(file: file, line: 0, column: 0), error.message)], "")
            }
        }
        let failed = outcome.diagnostics.contains { $0.severity == .error || (strict && $0.severity == .warning) }
        guard let score = outcome.score, !failed else { throw InputProblems(outcome.diagnostics, strict: strict) }
        if !DiagnosticPrinter.print(outcome.diagnostics, strict: strict), reporting {
            throw CommandFailure("cannot write the report to standard error: \(String(cString: strerror(errno)))")
        }
        return (score, outcome.text)
    }
}

/// The main output of a command (standard output), checked; a failed write is exit 1.
enum CommandOutput {
    /// Writes the main output to stdout; a failed write (a full disk, a closed pipe) is a `CommandFailure`.
    static func write(_ text: String) throws {
        guard StandardStreams.output(text) else { throw CommandFailure("cannot write to standard output: \(String(cString: strerror(errno)))") }
    }
}

/// The warning for parts that must share a MIDI channel with another instrument (more than fifteen
/// parts of more than fifteen instruments): said once, never silently.
enum ChannelSharing {
    static func warn(_ timeline: Timeline, file: String) {
        let shared = TimelinePart.sharedChannels(timeline.parts)
        guard !shared.isEmpty else { return }
        func name(_ index: Int) -> String {
            "part \(index + 1)" + (timeline.parts[index].name.map { " (\(TerminalText.visible($0)))" } ?? "")
        }
        let listed = shared.prefix(5).map { "\(name($0.part)) sounds as \(name($0.soundsAs))" }.joined(separator: ", ")
        StandardStreams.error(
            "jianpu: warning: \(file): \(Wording.counted(shared.count, "part")) must share a MIDI channel with another instrument "
                + "(16 channels, one instrument each, the 10th for drums): \(listed)\(shared.count > 5 ? ", …" : "")\n")
    }
}
