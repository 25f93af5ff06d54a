import Foundation
import Subprocesses
import Testing

/// Runs the built `jianpu` executable and compares what it prints with golden files.
@Suite("jianpu command line")
struct CommandLineTests {
    static let packageRoot = PackageFolder.root
    static let golden = packageRoot.appendingPathComponent("Tests/JianpuCLITests/Golden")
    /// The `jianpu` under test (`PackageFolder.program`: the test target depends on the executable, so
    /// `swift test` builds it first).
    static let executable = PackageFolder.program("jianpu")

    typealias Outcome = Subprocess

    /// Runs `executable` (the debug jianpu unless given) in `folder`, with `input` on standard input and `environment` added.
    static func run(
        _ arguments: [String], executable: String = executable, in folder: URL = packageRoot, input: String = "",
        environment: [String: String] = [:]
    ) throws -> Outcome {
        try #require(FileManager.default.isExecutableFile(atPath: executable), "\(executable) is missing: build it with `swift build --product jianpu`")
        return try Subprocess.run(executable, arguments, input: input, environment: environment, directory: folder)
    }

    /// The golden file's text (`JIANPU_UPDATE_GOLDEN=1`: `actual`, written into it first).
    static func goldenText(_ name: String, actual: String) throws -> String {
        try Golden.expected(actual, in: golden.appendingPathComponent(name))
    }

    @Test("every command's --help matches its golden file", arguments: ["", "play", "render", "export", "typeset", "check", "info", "import", "scan", "serve"])
    func helpMatchesGolden(command: String) throws {
        let outcome = try Self.run((command.isEmpty ? [] : [command]) + ["--help"])
        #expect(outcome.status == 0)
        #expect(outcome.output == (try Self.goldenText("help-\(command.isEmpty ? "jianpu" : command).txt", actual: outcome.output)))
    }

    @Test("check reports every problem of a bad score with file:line:column, then exits 1")
    func checkReportsAllDiagnostics() throws {
        let outcome = try Self.run(["check", "Tests/JianpuCLITests/Golden/bad.jp"])
        #expect(outcome.status == 1)
        #expect(outcome.errors == (try Self.goldenText("bad.check.txt", actual: outcome.errors)))
    }

    @Test("check --strict refuses a bar of the wrong length that plain check only warns about")
    func strictRefusesWrongBars() throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("short-bar-\(UUID().uuidString).jp")
        try "4/4\n1 2 3 4 | 5. 6 7 1 | 2 3 4 |\n".write(to: file, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: file) }
        let lenient = try Self.run(["check", file.path])
        #expect(lenient.status == 0)
        #expect(lenient.errors.contains("\(file.path):2:18: warning: bar 2 is too long: this note crosses the bar line by 0.5 beats; expected bars of 4 beats"))
        // Bar 3 is counted from its bar line, where it really starts: it is short, not shifted by bar 2's half beat.
        #expect(lenient.errors.contains("\(file.path):2:28: warning: bar 3 has 3 beats, 4/4 needs 4"))
        #expect(!lenient.errors.contains("note: bar line"))
        let strict = try Self.run(["check", "--strict", file.path])
        #expect(strict.status == 1)
        #expect(strict.errors.contains("\(file.path):2:18: bar 2 is too long"))
    }

    @Test("export writes a type-1 MIDI file with a conductor track and one track per part")
    func exportWritesTypeOneFile() throws {
        let output = FileManager.default.temporaryDirectory.appendingPathComponent("bjehp-\(UUID().uuidString).mid")
        defer { try? FileManager.default.removeItem(at: output) }
        let outcome = try Self.run(["export", "Scores/bjehp.jp", "-o", output.path])
        #expect(outcome.status == 0)
        let bytes = [UInt8](try Data(contentsOf: output))
        #expect(Array(bytes.prefix(4)) == Array("MThd".utf8))
        #expect(bytes[9] == 1)  // format 1
        #expect(bytes[11] == 3)  // conductor + melody + accompaniment
    }

    @Test("export --movement out of range names the range", arguments: ["0", "9"])
    func exportMovementOutOfRange(movement: String) throws {
        let outcome = try Self.run(["export", "Scores/bjehp.jp", "-o", "/tmp/never.mid", "--movement", movement])
        #expect(outcome.status == 1)
        #expect(outcome.errors == "jianpu: Scores/bjehp.jp has 1 movement(s): --movement must be 1 to 1\n")
    }

    @Test("info summarises the demo score")
    func infoSummarisesScore() throws {
        let outcome = try Self.run(["info", "Scores/bjehp.jp"])
        #expect(outcome.status == 0)
        #expect(outcome.output.contains("title:     贝加尔湖畔"))
        #expect(outcome.output.contains("key:       1=C"))
        #expect(outcome.output.contains("meter:     4/4"))
        #expect(outcome.output.contains("tempo:     ♩=105"))
        #expect(outcome.output.contains("bars:      24"))
    }

    @Test("info counts the bars as printed and shows the tempo as written")
    func infoPrintedBarsAndWrittenTempo() throws {
        let ode = try Self.run(["info", "Scores/ode-to-joy.jp"])
        #expect(ode.status == 0)
        #expect(ode.output.contains("bars:      13 (16 as played)"))
        let path = NSTemporaryDirectory() + "jianpu-dotted-tempo-\(getpid()).jp"
        try "6/8\n4.=56\n1. 2. | 3. 4. |\n".write(toFile: path, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(atPath: path) }
        let dotted = try Self.run(["info", path])
        #expect(dotted.output.contains("tempo:     ♩.=56"))
        #expect(dotted.output.contains("bars:      2\n"))
    }

    @Test("--from names a printed bar: one the score does not print is an error naming the range")
    func fromOutsideThePrintedBars() throws {
        let outcome = try Self.run(["render", "Scores/ode-to-joy.jp", "--from", "14", "-o", "/tmp/never.wav"])
        #expect(outcome.status == 1)
        #expect(outcome.errors.contains("--from 14 is not a bar of Scores/ode-to-joy.jp: it has bars 1 to 13"))
    }

    @Test(
        "a missing file, a folder and binary data are one-line errors",
        arguments: [
            ("/no/such/score.jp", "/no/such/score.jp: no such file\n"),
            ("/tmp", "/tmp: is a folder: expected a file\n"),
        ])
    func unreadableInputIsOneLine(path: String, expected: String) throws {
        let outcome = try Self.run(["check", path])
        #expect(outcome.status == 1)
        #expect(outcome.errors == expected)
    }

    @Test("the seed app's plist plays through the same pipeline")
    func seedPlistIsAScore() throws {
        let seed = Self.packageRoot.appendingPathComponent("Tests/Fixtures/twinkle-seed.plist").path
        let outcome = try Self.run(["info", seed])
        #expect(outcome.status == 0)
        #expect(outcome.output.contains("tempo:     ♩=80"))
        #expect(outcome.output.contains("bars:      4"))
        #expect(outcome.output.contains("part 2:    accompaniment"))
    }

    @Test("typeset writes SVG and PDF by the output's extension, and nothing else under the target's name", arguments: ["svg", "pdf"])
    func typesetWritesByExtension(ext: String) throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("typeset-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let output = directory.appendingPathComponent("song.\(ext)")
        let outcome = try Self.run(["typeset", "Scores/ode-to-joy.jp", "-o", output.path])
        #expect(outcome.status == 0, "\(outcome.errors)")
        let bytes = [UInt8](try Data(contentsOf: output))
        #expect(Array(bytes.prefix(5)) == Array((ext == "pdf" ? "%PDF-" : "<?xml").utf8))
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path) == ["song.\(ext)"])
    }

    @Test("typeset refuses to write over the score it reads, and leaves it whole")
    func typesetRefusesOutputThatIsTheInput() throws {
        let score = FileManager.default.temporaryDirectory.appendingPathComponent("score-\(UUID().uuidString).svg")
        try "1 2 3 4 |\n".write(to: score, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: score) }
        let outcome = try Self.run(["typeset", score.path, "-o", score.path])
        #expect(outcome.status == 1)
        #expect(outcome.errors == "jianpu: \(score.path): is also the input \(score.path): writing it would destroy the input; choose another output name\n")
        #expect(try String(contentsOf: score, encoding: .utf8) == "1 2 3 4 |\n")
    }

    @Test("typeset names what is wrong with an output it cannot write or whose format it cannot tell")
    func typesetExplainsBadOutputs() throws {
        let folder = try Self.run(["typeset", "Scores/bjehp.jp", "-o", "/nonexistent-folder/x.svg"])
        #expect(folder.status == 1)
        #expect(folder.errors == "jianpu: /nonexistent-folder/x.svg: the folder /nonexistent-folder does not exist\n")
        let format = try Self.run(["typeset", "Scores/bjehp.jp", "-o", "x.txt"])
        #expect(format.status == 64)
        #expect(format.errors.hasPrefix("Error: cannot tell the format of 'x.txt': give a name ending in .svg, .pdf or .html\n"))
    }
}
