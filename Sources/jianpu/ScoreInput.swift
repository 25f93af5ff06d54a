import ArgumentParser
import Foundation
import JianpuCore

/// The score file a command reads, loaded and checked, with diagnostics printed to stderr.
struct ScoreInput: ParsableArguments {
    @Argument(help: "A jianpu score (.jp text, or the seed app's .plist).")
    var file: String

    /// Reads and parses the file; prints every diagnostic; throws (exit 1) when there are errors.
    func load(strict: Bool = false) throws -> Score {
        let outcome = ScoreLoader.load(path: file)
        let failed = outcome.diagnostics.contains { $0.severity == .error || (strict && $0.severity == .warning) }
        Diagnostics.print(outcome.diagnostics, strict: strict)
        guard let score = outcome.score, !failed else { throw ExitCode.failure }
        return score
    }
}

enum Diagnostics {
    /// Prints diagnostics to stderr in source order, at most 200 of them; when there are more,
    /// errors are kept before warnings and notes so that no error goes unseen.
    static func print(_ diagnostics: [Diagnostic], strict: Bool = false) {
        var shown = diagnostics
        if diagnostics.count > 200 {
            let failing = { (d: Diagnostic) in d.severity == .error || (strict && d.severity == .warning) }
            let kept = Set((diagnostics.indices.filter { failing(diagnostics[$0]) } + diagnostics.indices.filter { !failing(diagnostics[$0]) }).prefix(200))
            shown = diagnostics.indices.filter(kept.contains).map { diagnostics[$0] }
        }
        var text = ""
        for diagnostic in shown {
            // Under --strict a warning is an error, printed as one.
            text += (strict && diagnostic.severity == .warning ? "\(diagnostic.location): \(diagnostic.message)" : diagnostic.description) + "\n"
        }
        if diagnostics.count > 200 { text += "… and \(diagnostics.count - 200) more problems\n" }
        FileHandle.standardError.write(Data(text.utf8))
    }

    static func fail(_ message: String) -> ExitCode {
        FileHandle.standardError.write(Data("jianpu: \(message)\n".utf8))
        return ExitCode.failure
    }
}
