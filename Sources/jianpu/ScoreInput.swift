import ArgumentParser
import Foundation
import JianpuCommandLine
import JianpuCore
import JianpuFiles

/// The score file a command reads, loaded and checked.
struct ScoreInput: ParsableArguments {
    @Argument(help: "A jianpu score (.jp text, or the seed app's .plist).")
    var file: String

    /// Reads and parses the file; prints warnings; throws `InputProblems` (every diagnostic) when there are errors.
    func load(strict: Bool = false) throws -> Score {
        let outcome = ScoreLoader.load(path: file)
        let failed = outcome.diagnostics.contains { $0.severity == .error || (strict && $0.severity == .warning) }
        guard let score = outcome.score, !failed else { throw InputProblems(outcome.diagnostics, strict: strict) }
        DiagnosticPrinter.print(outcome.diagnostics, strict: strict)
        return score
    }
}

/// The main output of a command (standard output), checked; a failed write is exit 1.
enum CommandOutput {
    /// Writes the main output to stdout; a failed write (a full disk, a closed pipe) is a `CommandFailure`.
    static func write(_ text: String) throws {
        guard StandardStreams.output(text) else { throw CommandFailure("cannot write to standard output: \(String(cString: strerror(errno)))") }
    }
}
