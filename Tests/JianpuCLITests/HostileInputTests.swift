import Foundation
import Testing

/// The adversarial classes of issue 11 against the built `jianpu`: nothing crashes, hangs or
/// destroys a file, whatever the input or the state of the streams and the disk.
@Suite("hostile input, full disks and closed streams")
struct HostileInputTests {
    let folder: URL

    init() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("jianpu-hostile-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    /// Writes `text` as `name` in the test's folder and returns its path.
    func file(_ name: String, _ text: String) throws -> String {
        let url = folder.appendingPathComponent(name)
        try text.write(to: url, atomically: true, encoding: .utf8)
        return url.path
    }

    func names() -> [String] { (try? FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()) ?? [] }

    /// Runs `jianpu` through `sh -c` so the test can close or redirect its streams and limit it.
    /// `$J` is the executable; the status of a process killed by a signal is 128 + the signal.
    static func shell(_ script: String, in folder: URL) throws -> CommandLineTests.Outcome {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", "J='\(CommandLineTests.executable)'; " + script]
        process.currentDirectoryURL = folder
        let output = Pipe(), errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        let out = output.fileHandleForReading.readDataToEndOfFile()
        let err = errors.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return .init(status: process.terminationStatus, output: String(decoding: out, as: UTF8.self), errors: String(decoding: err, as: UTF8.self))
    }

    static let warned = "4/4\n1 2 3 4 | 5 6 7 |\n"

    @Test("a full or closed stderr never kills a command; export still writes its MIDI", arguments: [
        "$J info w.jp 2>/dev/full", "$J check w.jp 2>&-", "$J check w.jp 2>/dev/full", "$J export w.jp -o w.mid 2>/dev/full",
        "$J export w.jp -o w.mid 2>&-",
    ])
    func unwritableStderr(command: String) throws {
        _ = try file("w.jp", Self.warned)
        let outcome = try Self.shell(command + "; echo status=$?", in: folder)
        #expect(outcome.output.contains("status=0"), "\(outcome.output)")
        if command.contains("export") {
            #expect(FileManager.default.contents(atPath: folder.appendingPathComponent("w.mid").path)?.starts(with: Array("MThd".utf8)) == true)
        }
    }

    @Test("a failed write of the main output is exit 1", arguments: ["$J info w.jp >/dev/full", "$J info w.jp >&-"])
    func unwritableStdout(command: String) throws {
        _ = try file("w.jp", Self.warned)
        let outcome = try Self.shell(command + "; echo status=$? >&2", in: folder)
        #expect(outcome.errors.contains("status=1"), "\(outcome.errors)")
        #expect(outcome.errors.contains("cannot write to standard output"))
    }

    @Test("an output that is the input is refused and the score kept", arguments: ["export s.jp -o s.jp", "render s.jp -o s.jp", "export s.jp -o ./s.jp"])
    func outputThatIsTheInput(command: String) throws {
        let score = try file("s.jp", "1 2 3 4 |\n")
        let outcome = try Self.shell("$J \(command)", in: folder)
        #expect(outcome.status == 1)
        #expect(outcome.errors.contains("is also the input"))
        #expect(try String(contentsOfFile: score, encoding: .utf8) == "1 2 3 4 |\n")
    }

    @Test("export refuses a .wav name: it writes MIDI")
    func exportRefusesWAV() throws {
        _ = try file("s.jp", "1 2 3 4 |\n")
        let outcome = try Self.shell("$J export s.jp -o s.wav", in: folder)
        #expect(outcome.status == 1)
        #expect(outcome.errors.contains("jianpu render"))
        #expect(names() == ["s.jp"])
    }

    @Test("on a full disk export keeps the old MIDI file and leaves no partial file")
    func fullDiskKeepsOldFile() throws {
        _ = try file("big.jp", "4/4\n" + String(repeating: "1 2 3 4 | 5 6 7 1' |\n", count: 2_000))
        let old = try file("big.mid", "the good old take")
        // ulimit -f (in 512-byte blocks) stands in for a disk that fills during the write.
        let outcome = try Self.shell("ulimit -f 4; exec $J export big.jp -o big.mid", in: folder)
        #expect(outcome.status == 1)
        #expect(outcome.errors.contains("big.mid"))
        #expect(try String(contentsOfFile: old, encoding: .utf8) == "the good old take")
        #expect(names() == ["big.jp", "big.mid"])
    }

    @Test("a missing file is named alone, without a line and column")
    func missingFile() throws {
        let outcome = try Self.shell("$J info song.jp", in: folder)
        #expect(outcome.status == 1)
        #expect(outcome.errors == "song.jp: no such file\n")
    }

    @Test("a SoundFont that is a FIFO is refused at once instead of hanging")
    func soundFontFIFO() throws {
        _ = try file("s.jp", "1 2 3 4 |\n")
        let outcome = try Self.shell("mkfifo f.sf2; timeout 20 $J render s.jp -o s.wav --soundfont f.sf2", in: folder)
        #expect(outcome.status == 1)
        #expect(outcome.errors.contains("not a readable regular file"))
        #expect(!names().contains("s.wav"))
    }
}
