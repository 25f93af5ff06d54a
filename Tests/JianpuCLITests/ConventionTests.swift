import Foundation
import Subprocesses
import Testing

/// What every program does the same way: --version, did-you-mean, plurals, completions, man pages, installing.
@Suite("command-line conventions")
struct ConventionTests {
    static let root = CommandLineTests.packageRoot
    static func binary(_ name: String) -> String { PackageFolder.program(name) }
    /// `scripts/install` (with SKIP_BUILD) installs the release build.
    static var releaseBuilt: Bool {
        ["jianpu", "chordpad"].allSatisfy { FileManager.default.isExecutableFile(atPath: root.appendingPathComponent(".build/release/\($0)").path) }
    }

    static func run(_ executable: String, _ arguments: [String], input: String = "", environment: [String: String] = [:]) throws -> CommandLineTests.Outcome {
        try CommandLineTests.run(arguments, executable: executable, input: input, environment: environment)
    }

    @Test("both programs answer --version", arguments: ["jianpu", "chordpad"])
    func version(program: String) throws {
        let outcome = try Self.run(Self.binary(program), ["--version"])
        #expect(outcome.status == 0)
        #expect(outcome.output.range(of: #"^\d+\.\d+\.\d+\n$"#, options: .regularExpression) != nil, "\(outcome.output)")
    }

    @Test(
        "a mistyped subcommand suggests the closest one and exits 64",
        arguments: [
            (["pley", "song.jp"], "'pley' is not a jianpu command (did you mean play?)"),
            (["rendr"], "'rendr' is not a jianpu command (did you mean render?)"),
            (["quiz", "stat"], "'stat' is not a jianpu quiz command (did you mean stats?)"),
            (["xyzzy"], "'xyzzy' is not a jianpu command\n"),
            (["song.jp"], "'song.jp' is not a jianpu command (to play a score: jianpu play song.jp)"),
        ])
    func didYouMean(arguments: [String], message: String) throws {
        let outcome = try Self.run(Self.binary("jianpu"), arguments)
        #expect(outcome.status == 64)
        #expect(outcome.errors.contains(message), "\(outcome.errors)")
        #expect(outcome.errors.contains("play, render, export, typeset, check, info, import, scan, serve, quiz") || arguments.first == "quiz")
    }

    @Test(
        "a name an option does not know is a usage error (64) with the closest names",
        arguments: [
            ("jianpu", ["quiz", "--mute", "--intervals", "m33"], "jianpu: --intervals: 'm33' is not understood (did you mean m3, m13 or M3?)"),
            ("jianpu", ["quiz", "--mute", "--kinds", "HX"], "jianpu: --kinds: 'HX' is not understood (did you mean H?)"),
            ("jianpu", ["quiz", "--mute", "--instruments", "vilin"], "jianpu: --instruments: 'vilin' is not understood (did you mean "),
            ("jianpu", ["quiz", "--mute", "--octaves", "9"], "jianpu: octave 9 is out of range"),
            ("jianpu", ["quiz", "--driver", "pulse"], "jianpu: unknown audio driver 'pulse': this FluidSynth has "),
            ("chordpad", ["--tuning", "DMinr"], "chordpad: unknown tuning 'DMinr' (did you mean DMinor?)"),
            ("chordpad", ["--tuning", "DMajor", "--chord", "CMinr"], "chordpad: unknown chord 'CMinr' (did you mean CMinor?)"),
        ])
    func unknownNames(program: String, arguments: [String], message: String) throws {
        let folder = ScratchFolder.make()
        let outcome = try Self.run(
            Self.binary(program), arguments + (program == "jianpu" ? ["--db", folder + "/q.sqlite"] : []),
            environment: ["HOME": folder, "XDG_CONFIG_HOME": folder + "/cfg"])
        #expect(outcome.status == 64, "\(outcome.errors)")
        #expect(outcome.errors.hasPrefix(message), "\(outcome.errors)")
        #expect(!FileManager.default.fileExists(atPath: folder + "/q.sqlite"), "nothing is logged for a bad command line")
    }

    @Test(
        "the README's exit-status table is the one every program's --help shows",
        arguments: [
            ("jianpu", ["--help"]), ("jianpu", ["quiz", "--help"]), ("chordpad", ["--help"]),
        ])
    func exitStatusTable(program: String, arguments: [String]) throws {
        let readme = try String(contentsOf: Self.root.appendingPathComponent("README.md"), encoding: .utf8)
        let section = readme.components(separatedBy: "## Exit status").dropFirst().first ?? ""
        let rows = section.split(separator: "\n").filter { $0.hasPrefix("| ") && $0.dropFirst(2).first?.isNumber == true }.map { row in
            row.split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces).replacingOccurrences(of: "`", with: "") }
        }
        #expect(rows.map { $0[0] } == ["0", "1", "2", "3", "64", "130"])
        let help = try Self.run(Self.binary(program), arguments)
        let words = help.output.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        #expect(words.contains("Exit status:"))
        for row in rows {
            #expect(words.contains("\(row[0]) \(row[1])"), "\(program) \(arguments): \(row[0]) \(row[1])")
        }
    }

    @Test("counts read in the singular for one")
    func plurals() throws {
        let folder = ScratchFolder.make()
        let score = folder + "/one.jp"
        try "1=C 4/4\n1\n".write(toFile: score, atomically: true, encoding: .utf8)
        let info = try Self.run(Self.binary("jianpu"), ["info", score])
        #expect(info.output.contains(", 1 note\n"), "\(info.output)")
        let quiz = try Self.run(
            Self.binary("jianpu"), ["quiz", "--mute", "-n", "1", "--intervals", "P5", "--db", folder + "/q.sqlite"],
            input: "P5\n", environment: ["HOME": folder, "XDG_CONFIG_HOME": folder + "/cfg"])
        #expect(quiz.output.hasPrefix("jianpu quiz: 1 question. Answer with P5 (or a degree 5)."), "\(quiz.output)")
    }

    @Test("shell completions come from the programs", arguments: ["bash", "zsh", "fish"])
    func completions(shell: String) throws {
        let jianpu = try Self.run(Self.binary("jianpu"), ["--generate-completion-script", shell])
        #expect(jianpu.status == 0)
        for word in ["play", "render", "quiz", "stats", "tempo"] { #expect(jianpu.output.contains(word), "\(shell): \(word)") }
        let chordpad = try Self.run(Self.binary("chordpad"), ["--generate-completion-script", shell])
        #expect(chordpad.output.contains("tuning"))
        #expect(chordpad.output.contains("EDorian"), "tuning names complete")
    }

    @Test(
        "a subcommand's words mean what they mean under the program (each subcommand is parsed on its own first)",
        arguments: [
            (["export", "--version"], 0, #"^\d+\.\d+\.\d+\n$"#),
            (["export", "--generate-completion-script", "bash"], 0, "_jianpu_export()"),
            (["export", "--help"], 0, "USAGE: jianpu export [<options>] <file>"),
            (["help", "typeset"], 0, "USAGE: jianpu typeset <file>"),
            (["check"], 64, "Usage: jianpu check <file>"),
            (["export", "--tempo-steps"], 64, "Usage: jianpu export [<options>] <file>"),
        ])
    func subcommandAlone(arguments: [String], status: Int32, shown: String) throws {
        let outcome = try Self.run(Self.binary("jianpu"), arguments)
        #expect(outcome.status == status, "\(outcome.errors)")
        let text = outcome.output + outcome.errors
        #expect(text.range(of: shown, options: .regularExpression) != nil || text.contains(shown), "\(text)")
    }

    @Test("the man page is made from the commands' help")
    func manPage() throws {
        let page = try Self.run("/bin/bash", [Self.root.appendingPathComponent("scripts/man-page").path, Self.binary("jianpu")])
        #expect(page.status == 0)
        #expect(page.output.hasPrefix(".TH JIANPU 1 "))
        #expect(page.output.contains(".SH \"JIANPU QUIZ\""))
        #expect(page.output.contains("--pass-mark"))
    }

    @Test(
        "scripts/install puts both programs, their man pages and completions under PREFIX",
        .enabled(if: Prerequisite.met(releaseBuilt), "needs swift build -c release"))
    func install() throws {
        let prefix = ScratchFolder.make()
        let outcome = try Self.run(
            "/bin/bash", [Self.root.appendingPathComponent("scripts/install").path],
            environment: ["PREFIX": prefix, "SKIP_BUILD": "1", "PATH": "/usr/bin:/bin"])
        #expect(outcome.status == 0, "\(outcome.errors)")
        let files = [
            "bin/jianpu", "bin/chordpad", "share/man/man1/jianpu.1", "share/man/man1/chordpad.1",
            "share/bash-completion/completions/jianpu", "share/zsh/site-functions/_chordpad",
            "share/fish/vendor_completions.d/jianpu.fish",
        ]
        for file in files { #expect(FileManager.default.fileExists(atPath: prefix + "/" + file), "\(file)") }
        #expect(outcome.output.contains("\(prefix)/bin is not on your PATH: add   export PATH=\"\(prefix)/bin:$PATH\""))
        let version = try Self.run(prefix + "/bin/jianpu", ["--version"])
        #expect(version.status == 0)
        // Installed without the build's debug information.
        let size = { (path: String) in (try? FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? 0 }
        #expect(size(prefix + "/bin/jianpu") < size(Self.root.appendingPathComponent(".build/release/jianpu").path) * 3 / 4)
        let man = try String(contentsOfFile: prefix + "/share/man/man1/jianpu.1", encoding: .utf8)
        #expect(man.contains("quiz") && man.contains("tempo"))
    }
}
