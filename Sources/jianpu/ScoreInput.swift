import ArgumentParser
import Foundation
import JianpuCore
import JianpuFiles

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
        StandardStreams.error(text)
    }

    static func fail(_ message: String) -> ExitCode {
        StandardStreams.error("jianpu: \(message)\n")
        return ExitCode.failure
    }

    /// Writes the main output to stdout; a failed write (a full disk, a closed pipe) is exit 1.
    static func output(_ text: String) throws {
        guard StandardStreams.output(text) else { throw fail("cannot write to standard output: \(String(cString: strerror(errno)))") }
    }

    /// Checks an output file before any work; a problem (the input itself, a missing folder…) is exit 1.
    static func outputFile(_ path: String, inputs: [String]) throws -> OutputFile {
        do { return try OutputFile(path, inputs: inputs) } catch { throw fail(error.description) }
    }
}
