import ArgumentParser
import Foundation
import JianpuCommandLine
import JianpuCore

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
