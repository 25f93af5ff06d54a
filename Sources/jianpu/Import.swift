import ArgumentParser
import JianpuCommandLine
import JianpuCore
import JianpuFiles
import JianpuInterchange
import JianpuNotation

#if canImport(Glibc)
import Glibc
#endif

struct Import: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "import",
        abstract: "Turn MusicXML (.musicxml, .xml, .mxl), ABC or MIDI into jianpu text.",
        discussion: "The format is told by the content. Warnings (what jianpu text cannot say) go to standard error with their places; on an error nothing is written.").under("jianpu")

    @Argument(help: "The score to import; - reads standard input.")
    var source: String

    @Option(name: .shortAndLong, help: "The jianpu file to write (a folder with --all); standard output when omitted or -.")
    var output: String?

    @Option(help: "The ABC tune to import, by its X: number.")
    var tune: Int?

    @Flag(help: "Import every tune of an ABC book, one file each into the folder -o names.")
    var all = false

    @Option(help: "The one MIDI track to keep (1-based); every track with notes when omitted.")
    var melody: Int?

    @Option(help: "The key to write: auto (the music's own where it contradicts the key signature), or one key for the whole text (F, Bb, 1=Eb, Am, 6=A); pitches never change.")
    var key: String?

    func validate() throws {
        if all && (output == nil || output == "-") { throw ValidationError("--all writes one file per tune: give the folder with -o") }
        if all && tune != nil { throw ValidationError("--all and --tune exclude each other: choose one") }
        if let melody, melody < 1 { throw ValidationError("--melody takes a track number from 1") }
        if let key, KeyChoice(argument: key) == nil { throw ValidationError("--key \(key): expected \(KeyChoice.help)") }
    }

    func run() throws {
        // The output is checked before anything is read, so a bad -o fails at once and never names the input.
        FilesRead.remember([source])
        let target: OutputFile? = try all || output == "-" ? nil : output.map { try OutputFile($0, inputs: [source]) }
        let name = source == "-" ? "-" : source
        let bytes =
            source == "-"
            ? try Self.standardInput(maximumBytes: ScoreImporter.maximumSourceBytes)
            : try InputFile.read(source, maximumBytes: ScoreImporter.maximumSourceBytes)
        let results: [ImportResult]
        do {
            results = try ScoreImporter.convert(
                bytes, file: name,
                options: ImportOptions(
                    tune: tune, allTunes: all, melodyTrack: melody,
                    key: key.flatMap(KeyChoice.init(argument:)) ?? .asWritten))
        } catch {
            throw CommandFailure(error.description)
        }
        for result in results {
            for warning in result.warnings { StandardStreams.error("\(name): warning: \(warning)\n") }
        }
        // What is written must be a score every command reads: the same limits as check, before a byte is written.
        for (index, result) in results.enumerated() {
            try Self.checkReadable(result.text, as: all ? (result.suggestedName ?? "tune-\(index + 1)") + ".jp" : (output ?? "-"), source: name)
        }
        if all, let folder = output {
            for (index, result) in results.enumerated() {
                let file = try OutputFile("\(folder)/\(result.suggestedName ?? "tune-\(index + 1)").jp", inputs: [source])
                try file.write(Array(result.text.utf8))
            }
        } else if let target {
            try target.write(Array(results.map(\.text).joined(separator: "\nNextScore\n\n").utf8))
        } else {
            // On a terminal the imported text's control characters are shown, never sent (a MIDI track name can hold `ESC ]0;`).
            let text = results.map(\.text).joined(separator: "\nNextScore\n\n")
            try CommandOutput.write(isatty(STDOUT_FILENO) == 1 ? TerminalText.visibleLines(text) : text)
        }
    }

    /// Refuses jianpu text that `check` (and so every command) would refuse: larger than a score may
    /// be, or with an error where it is read (a group of grace notes past the limit). Nothing is written.
    static func checkReadable(_ text: String, as name: String, source: String) throws {
        let bytes = Array(text.utf8)
        guard bytes.count <= ScoreLoader.maximumBytes else {
            throw CommandFailure(
                "\(source): the imported text (\(name)) would be \(InputFile.megabytes(bytes.count)), more than the \(InputFile.megabytes(ScoreLoader.maximumBytes)) a score may have (check and every command refuse it); nothing was written: import less of it (--melody N, --tune N)"
            )
        }
        let errors = ScoreLoader.parse(bytes, path: name).diagnostics.filter { $0.severity == .error }
        guard let first = errors.first else { return }
        let more = errors.count > 1 ? " (and \(errors.count - 1) more)" : ""
        throw CommandFailure("\(source): the imported text would not be read back (\(first.description)\(more)); nothing was written (this is a limit of jianpu's import: please report the file)")
    }

    /// Standard input, read whole, refused past `maximumBytes`.
    static func standardInput(maximumBytes: Int) throws -> [UInt8] {
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65_536)
        while true {
            let got = buffer.withUnsafeMutableBytes { read(0, $0.baseAddress, $0.count) }
            if got < 0 && errno == EINTR { continue }
            guard got >= 0 else { throw CommandFailure("-: standard input cannot be read: \(String(cString: strerror(errno)))") }
            if got == 0 { break }
            bytes.append(contentsOf: buffer[0..<got])
            guard bytes.count <= maximumBytes else {
                throw CommandFailure("-: standard input is larger than \(InputFile.megabytes(maximumBytes)): expected a score of at most that")
            }
        }
        return bytes
    }
}
