import ArgumentParser
import CLibraryLoader
import CMalloc
import Foundation
import JianpuAudio
import JianpuCore
import JianpuFiles

/// The exit statuses of `jianpu` and `chordpad` (the README's table).
public enum ExitStatus: Int32, Sendable {
    /// Done.
    case success = 0
    /// An error: a bad score, a file that cannot be read or written, a failed output.
    case failure = 1
    /// `jianpu quiz --test` was not passed.
    case testFailed = 2
    /// No sound device could be opened (write a WAV with --out instead).
    case noSoundDevice = 3
    /// A bad command line (as swift-argument-parser exits on one).
    case usage = 64
    /// Interrupted by Ctrl-C (SIGINT); other signals give 128 + their number (SIGTERM 143, SIGHUP 129).
    case interrupted = 130
}

extension ExitStatus: CaseIterable {
    /// What the status means, in the README table's words.
    public var meaning: String {
        switch self {
        case .success: "done"
        case .failure: "an error: a bad score or file, a file that cannot be written, a failed output"
        case .testFailed: "jianpu quiz --test was not passed"
        case .noSoundDevice: "no sound device (write a WAV with --out x.wav, or jianpu render)"
        case .usage: "a bad command line, as swift-argument-parser reports it (also an unknown --driver)"
        case .interrupted: "interrupted by Ctrl-C; other signals give 128 + their number (SIGHUP 129, SIGTERM 143)"
        }
    }

    /// The table for `--help`, the same in every program: `Exit status: 0 done; 1 an error: …`.
    public static var helpText: String {
        "Exit status: " + allCases.map { "\($0.rawValue) \($0.meaning)" }.joined(separator: "; ") + "."
    }
}

/// A signal ended the run: the program exits with 128 + the signal's number, saying nothing more.
public struct Interrupted: Error, Sendable {
    public var signal: Int32
    public init(signal: Int32) { self.signal = signal }
}

/// A failure of the program's own: one line, with the status to exit with.
public struct CommandFailure: DescribedError {
    public var description: String
    public var status: ExitStatus
    public init(_ description: String, status: ExitStatus = .failure) {
        self.description = description
        self.status = status
    }
}

/// The problems found in an input file: printed as `file:line:column: message`, then exit 1.
public struct InputProblems: Error, Sendable {
    public var diagnostics: [Diagnostic]
    /// Warnings count as errors (`--strict`).
    public var strict: Bool
    public init(_ diagnostics: [Diagnostic], strict: Bool = false) {
        self.diagnostics = diagnostics
        self.strict = strict
    }
}

/// Where a program's errors become text: each is printed once, after the program's name, and the
/// program exits with its status from `ExitStatus`.
public enum ProgramEdge {
    /// Parses the command line, runs the command and turns any error into a message and an exit status.
    /// Closed or full standard streams never kill the run (`StandardStreams.prepare()`); a mistyped
    /// subcommand is answered with the nearest names.
    public static func main<Command: ParsableCommand>(_ command: Command.Type, name: String) -> Never {
        // Blocks past 256 KB (a big score's arrays) are mapped on their own and given back when freed.
        // glibc otherwise raises this threshold each time such a block is freed, after which arrays grown
        // by doubling come from the heap and leave holes the process keeps: 12–24 MB of a big score's peak.
        mallopt(cmalloc_mmap_threshold, 256 * 1024)
        mallopt(cmalloc_arena_max, Int32(StartupLimits.mallocArenas()))
        // A C library opened on first use that cannot be opened ends the program: its temporary files go first.
        clibraryloader_set_exit_hook { TemporaryFiles.removeAll() }
        if let problem = StartupLimits.problem(program: name) {
            StandardStreams.error("\(name): \(problem)\n")
            exit(ExitStatus.failure.rawValue)
        }
        StandardStreams.prepare()
        // A parent may have left the stopping signals blocked (some launchers do): Ctrl-C, kill and a
        // closed terminal would then do nothing. Unblocked before any thread starts, so all inherit it.
        var stopping = sigset_t()
        sigemptyset(&stopping)
        for number in TemporaryFiles.signals { sigaddset(&stopping, number) }
        pthread_sigmask(SIG_UNBLOCK, &stopping, nil)
        // Ctrl-\ (SIGQUIT) quits, as it should: the Swift runtime's crash reporter would print a
        // crash report for it and leave a render running.
        signal(SIGQUIT, SIG_DFL)
        // A mistyped subcommand gets a did-you-mean, with the status of the parser's usage errors.
        // The arguments byte for byte: a file name that is not UTF-8 names that file, not one with U+FFFD in it.
        let arguments = Array(SystemPath.arguments().dropFirst())
        if let message = CommandConventions.pathProblem(arguments) {
            StandardStreams.error("\(name): \(message)\n")
            exit(ExitStatus.usage.rawValue)
        }
        if let message = CommandConventions.unknownSubcommand(arguments, root: Command.self) {
            StandardStreams.error(message)
            exit(ExitStatus.usage.rawValue)
        }
        let parsed: ParsableCommand
        do {
            parsed = try leafCommand(arguments, root: Command.self) ?? Command.parseAsRoot(arguments)
        } catch {
            exitReporting(Command.self, error, name: name)
        }
        do {
            var running = parsed
            try running.run()
            // What went through `print` (the parser's `help` command) is buffered: a failed flush is a failed run.
            guard StandardStreams.flushPrinted() else {
                StandardStreams.error("\(name): cannot write to standard output: \(String(cString: strerror(errno)))\n")
                exit(ExitStatus.failure.rawValue)
            }
            exit(ExitStatus.success.rawValue)
        } catch {
            if let (text, status) = report(error) {
                // An error may quote a file (a word of the score, a log's message): its controls are shown, never obeyed.
                if let text { StandardStreams.error("\(name): \(TerminalText.visibleLines(text))\n") }
                exit(status)
            }
            exitReporting(Command.self, error, name: name)
        }
    }

    /// The command a leaf subcommand's words make, parsed on their own; nil where the root must parse them.
    ///
    /// Parsed from the root, every run also parses the root and tries two parsers for `--generate-completion-script`
    /// (skipped for a leaf configured `under` the program), each first use of an option type costing a search of
    /// the static program's protocol conformances: 0.4 ms of a 6 ms start. What the leaf alone accepts it accepts
    /// under the root too, and means the same; a command line it refuses, or one asking for help or the version,
    /// goes to the root, which says it as it always did.
    static func leafCommand(_ arguments: [String], root: any ParsableCommand.Type) -> (any ParsableCommand)? {
        guard let word = arguments.first,
            !arguments.contains(where: { $0.hasPrefix("--generate-completion-script") }),
            let leaf = root.configuration.subcommands.first(where: { $0._commandName == word }),
            leaf.configuration.subcommands.isEmpty,
            let parsed = try? leaf.parseAsRoot(Array(arguments.dropFirst())),
            type(of: parsed) == leaf
        else { return nil }
        return parsed
    }

    /// Exits as swift-argument-parser would for its own errors, except that help and `--version` (the
    /// main output then) are written here: a full or closed standard output is exit 1, not 0.
    private static func exitReporting<Command: ParsableCommand>(_ command: Command.Type, _ error: any Error, name: String) -> Never {
        guard Command.exitCode(for: error) == .success else { Command.exit(withError: error) }
        let text = Command.fullMessage(for: error)
        guard StandardStreams.output(text + "\n") else {  // as the parser prints it
            StandardStreams.error("\(name): cannot write to standard output: \(String(cString: strerror(errno)))\n")
            exit(ExitStatus.failure.rawValue)
        }
        exit(ExitStatus.success.rawValue)
    }

    /// The line to print (nil: nothing more to say) and the status for one of our errors; nil for errors
    /// swift-argument-parser reports itself (help, validation, `ExitCode`).
    public static func report(_ error: any Error) -> (String?, Int32)? {
        switch error {
        case let interrupted as Interrupted:
            return (nil, 128 + interrupted.signal)
        case let problems as InputProblems:
            DiagnosticPrinter.print(problems.diagnostics, strict: problems.strict)
            return (nil, ExitStatus.failure.rawValue)
        case let diagnostics as Diagnostics:
            DiagnosticPrinter.print(diagnostics.all)
            return (nil, ExitStatus.failure.rawValue)
        case let failure as CommandFailure:
            return (failure.description, failure.status.rawValue)
        case let file as FileProblem:
            return (file.description, ExitStatus.failure.rawValue)
        case let audio as AudioError:
            return (audio.description, status(for: audio.kind).rawValue)
        case let described as any DescribedError:
            return (described.description, ExitStatus.failure.rawValue)
        default:
            return nil
        }
    }

    /// The exit status for a sound-layer failure.
    public static func status(for kind: AudioError.Kind) -> ExitStatus {
        switch kind {
        case .noSoundDevice: .noSoundDevice
        case .unknownDriver: .usage
        default: .failure
        }
    }
}

/// Prints diagnostics to stderr in source order, at most 200 of them; when there are more,
/// errors are kept before warnings and notes so that no error goes unseen.
public enum DiagnosticPrinter {
    /// Prints them; false when the report could not be written (standard error closed or full).
    @discardableResult
    public static func print(_ diagnostics: [Diagnostic], strict: Bool = false) -> Bool {
        guard !diagnostics.isEmpty else { return true }
        var shown = diagnostics
        if diagnostics.count > 200 {
            let failing = { (d: Diagnostic) in d.severity == .error || (strict && d.severity == .warning) }
            let kept = Set((diagnostics.indices.filter { failing(diagnostics[$0]) } + diagnostics.indices.filter { !failing(diagnostics[$0]) }).prefix(200))
            shown = diagnostics.indices.filter(kept.contains).map { diagnostics[$0] }
        }
        var text = ""
        for diagnostic in shown {
            // Under --strict a warning is an error, printed as one.
            // A diagnostic quotes the file: its control characters are shown, never sent to the terminal raw.
            text += TerminalText.visible(strict && diagnostic.severity == .warning ? "\(diagnostic.location): \(diagnostic.message)" : diagnostic.description) + "\n"
        }
        if diagnostics.count > 200 { text += "… and \(diagnostics.count - 200) more problems\n" }
        return StandardStreams.error(text)
    }
}

extension CommandConfiguration {
    /// The configuration of a subcommand of `program`, so that parsed on its own it still names itself `program
    /// name` and leaves `--generate-completion-script` to the program (see `ProgramEdge.leafCommand`).
    public func under(_ program: String) -> CommandConfiguration {
        var configuration = self
        configuration._superCommandName = program
        return configuration
    }
}
