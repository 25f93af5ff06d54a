import Foundation
import Subprocesses
import Testing

/// The adversarial classes of issue 11 against the built `jianpu`: nothing crashes, hangs or
/// destroys a file, whatever the input or the state of the streams and the disk.
@Suite("hostile input, full disks and closed streams")
struct HostileInputTests: FolderSuite {
    let folder: URL

    init() throws {
        folder = try Self.makeFolder("jianpu-hostile")
    }

    /// Runs `jianpu` through `sh -c` so the test can close or redirect its streams and limit it.
    /// `$J` is the executable; the status of a process killed by a signal is 128 + the signal.
    static func shell(_ script: String, in folder: URL) throws -> CommandLineTests.Outcome {
        try CommandLineTests.run(["-c", "J='\(CommandLineTests.executable)'; " + script], executable: "/bin/sh", in: folder)
    }

    static let warned = "4/4\n1 2 3 4 | 5 6 7 |\n"

    // check's report is its output: it fails when that cannot be written (HostileInputRoundTwoTests).
    @Test(
        "a full or closed stderr never kills a command; export still writes its MIDI",
        arguments: [
            "$J info w.jp 2>/dev/full", "$J info w.jp 2>&-", "$J export w.jp -o w.mid 2>/dev/full",
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

    @Test(
        "a failed write of the main output is exit 1",
        arguments: [
            "$J info w.jp >/dev/full", "$J info w.jp >&-", "$J --help >/dev/full", "$J export --help >&-", "$J help quiz stats >/dev/full",
            "$J --version >/dev/full",
        ])
    func unwritableStdout(command: String) throws {
        _ = try file("w.jp", Self.warned)
        let outcome = try Self.shell(command + "; echo status=$? >&2", in: folder)
        #expect(outcome.errors.contains("status=1"), "\(outcome.errors)")
        #expect(outcome.errors.contains("cannot write to standard output"))
    }

    @Test(
        "an output that is the input is refused and the score kept",
        arguments: [
            ("s.jp", "export s.jp -o s.jp"), ("s.wav", "render s.wav -o s.wav"), ("s.jp", "export s.jp -o ./s.jp"),
        ])
    func outputThatIsTheInput(name: String, command: String) throws {
        // render refuses a name that is not audio first: its score is named as audio here to reach the input check.
        let score = try file(name, "1 2 3 4 |\n")
        let outcome = try Self.shell("$J \(command)", in: folder)
        #expect(outcome.status == 1)
        #expect(outcome.errors.contains("is also the input"))
        #expect(try String(contentsOfFile: score, encoding: .utf8) == "1 2 3 4 |\n")
    }

    @Test(
        "an output that is a pipe nobody reads is an error, not a wait forever",
        arguments: [
            "$J export s.jp -o p.mid", "$J render s.jp -o p.wav", "$J typeset s.jp -o p.svg",
        ])
    func pipeWithoutReader(command: String) throws {
        _ = try file("s.jp", "1 2 3 4 |\n")
        // `timeout` ends the run if the open blocks: status 124 instead of the error.
        let outcome = try Self.shell("mkfifo p.mid p.wav p.svg; timeout 10 \(command)", in: folder)
        #expect(outcome.status == 1, "\(outcome.errors)")
        #expect(outcome.errors.contains("is a pipe with nothing reading it"))
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

    /// A score past 20,000 notes in two parts: its MusicXML is written in runs on every core at once.
    static let runsScore = "4/4\n" + String(repeating: "1 2 3 4 | 5 6 7 1' |\n", count: 3_000) + "NextPart\n"
        + String(repeating: "1, 5,, 1, 5,, | 1, - 5,, - |\n", count: 3_000)

    @Test("on a full disk a large MusicXML export, written in runs side by side, stops, keeps the old file and leaves no partial one")
    func fullDiskStopsTheRuns() throws {
        _ = try file("big.jp", Self.runsScore)
        let old = try file("big.musicxml", "the good old take")
        let outcome = try Self.shell("ulimit -f 2000; exec $J export big.jp -o big.musicxml", in: folder)
        #expect(outcome.status == 1)
        #expect(outcome.errors.contains("the file-size limit is reached (ulimit -f"), "\(outcome.errors)")
        #expect(try String(contentsOfFile: old, encoding: .utf8) == "the good old take")
        #expect(names() == ["big.jp", "big.musicxml"])
    }

    @Test("under a memory limit (ulimit -v) a large MusicXML export writes the document it writes without one")
    func memoryLimitSameDocument() throws {
        _ = try file("big.jp", Self.runsScore)
        let free = try Self.shell("exec $J export big.jp -o free.musicxml", in: folder)
        #expect(free.status == 0, "\(free.errors)")
        // Two malloc arenas then, shared by the threads, instead of one for each: the same bytes.
        let limited = try Self.shell("ulimit -v 1500000; exec $J export big.jp -o limited.musicxml", in: folder)
        #expect(limited.status == 0, "\(limited.errors)")
        let (a, b) = (FileManager.default.contents(atPath: folder.appendingPathComponent("free.musicxml").path), FileManager.default.contents(atPath: folder.appendingPathComponent("limited.musicxml").path))
        #expect(a != nil && a == b)
        #expect((a?.count ?? 0) > 5_000_000)
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

    @Test("30,000 nested groups are one located error in every command, never a crash", arguments: ["info", "check", "export -o d.mid", "render -o d.wav", "play --out d.wav"])
    func deepNesting(command: String) throws {
        _ = try file("deep.jp", String(repeating: "3[ ", count: 30_000) + "1" + String(repeating: " ]", count: 30_000) + "\n")
        let words = command.split(separator: " ").map(String.init)
        let outcome = try Self.shell("$J \(words[0]) deep.jp \(words.dropFirst().joined(separator: " "))", in: folder)
        #expect(outcome.status == 1)
        #expect(outcome.errors.hasPrefix("deep.jp:1:301: groups nested more than 100 deep"))
        #expect(names() == ["deep.jp"])
    }

    @Test("nested repeats with a thousand endings are refused at once, naming the limit and the place")
    func expansionBounded() throws {
        let endings = (0..<1_000).map { _ in "1" }.joined(separator: " | ")
        _ = try file("e.jp", "4/4\nR{ R{ 1 2 } A{ \(endings) } } A{ \(endings) }\n")
        let outcome = try Self.shell("$J info e.jp", in: folder)
        #expect(outcome.status == 1)
        #expect(outcome.errors.hasPrefix("e.jp:2:1: "))
        #expect(outcome.errors.contains("adds more than 1000000 notes, rests and marks"))
    }

    /// Scores just under the size limit that cost the most memory per byte of text: chords of
    /// seven notes, a note every two bytes on one line, notes, lengths and bar lines on many
    /// lines, and repeats that add nearly all the items they may.
    static func heaviest(_ kind: String) -> String {
        let limit = 1 << 20
        switch kind {
        case "chords": return String(repeating: "1234567 ", count: limit / 8 - 1) + "\n"
        case "one line": return String(repeating: "1 ", count: limit / 2 - 1) + "\n"
        case "many lines": return String(repeating: "1 2 3 4 | 5 6 7 1' | q1 q2 3 - | 5. s6 s7 1 0 |\n", count: limit / 48 - 1)
        default: return "R10{ R10{ R10{ R10{ " + String(repeating: "s1 s2 s3 s4 s5 s6 s7 s1' ", count: 12) + "} } } }\n"
        }
    }

    @Test(
        "peak memory stays under ten times the score plus a constant for the heaviest scores read", arguments: ["chords", "one line", "many lines", "repeats"],
        ["check", "info", "export -o m.mid", "typeset -o m.pdf"])
    func peakMemoryBounded(kind: String, command: String) throws {
        let time = try #require(FileManager.default.isExecutableFile(atPath: "/usr/bin/time") ? "/usr/bin/time" : nil, "GNU time (Debian package time) measures peak memory")
        let text = Self.heaviest(kind)
        _ = try file("s.jp", text)
        let words = command.split(separator: " ").map(String.init)
        let outcome = try Self.shell("\(time) -f %M -o peak.txt $J \(words[0]) s.jp \(words.dropFirst().joined(separator: " ")) 2>errors.txt", in: folder)
        // Typeset refuses a score of more pages than --max-pages (100) before laying it out.
        let refused = try String(contentsOf: folder.appendingPathComponent("errors.txt"), encoding: .utf8).contains("needs more than 100 pages")
        #expect(outcome.status == 0 || (command.hasPrefix("typeset") && kind != "repeats" && refused))
        let kilobytes = try #require(Int(String(contentsOf: folder.appendingPathComponent("peak.txt"), encoding: .utf8).split(separator: "\n").last ?? ""))
        // The constant: the runtime, FluidSynth's and Cairo's libraries, and the tables every run makes.
        #expect(kilobytes * 1024 < 10 * text.utf8.count + (160 << 20), "\(kilobytes) kB for \(text.utf8.count) bytes")
    }

    /// A bar of `notes` demisemiquavers in each of `parts` parts: every note in one bar, the widest layout per byte.
    static func wideBars(notes: Int, parts: Int) -> String {
        let bar = "KeepLength\n10000/1 d1 " + String(repeating: "1 ", count: notes - 1) + "|"
        return Array(repeating: bar, count: parts).joined(separator: "\nNextPart\n") + "\n"
    }

    @Test(
        "typesetting wide bars, in one part or many, keeps peak memory under ten times the score plus a constant",
        arguments: [("svg", 1, 280_000), ("pdf", 3, 40_000), ("html", 12, 10_000)])
    func wideBarsMemoryBounded(format: String, parts: Int, notes: Int) throws {
        let time = try #require(FileManager.default.isExecutableFile(atPath: "/usr/bin/time") ? "/usr/bin/time" : nil, "GNU time (Debian package time) measures peak memory")
        let text = Self.wideBars(notes: notes, parts: parts)
        _ = try file("w.jp", text)
        let outcome = try Self.shell("\(time) -f %M -o peak.txt $J typeset w.jp -o w.\(format) --max-pages 100000 2>/dev/null", in: folder)
        #expect(outcome.status == 0)
        let kilobytes = try #require(Int(String(contentsOf: folder.appendingPathComponent("peak.txt"), encoding: .utf8).split(separator: "\n").last ?? ""))
        #expect(kilobytes * 1024 < 10 * text.utf8.count + (160 << 20), "\(kilobytes) kB for \(text.utf8.count) bytes")
    }

    @Test("typesetting a score sung from end to end keeps peak memory under ten times the score plus a constant")
    func sungScoreMemoryBounded() throws {
        let time = try #require(FileManager.default.isExecutableFile(atPath: "/usr/bin/time") ? "/usr/bin/time" : nil, "GNU time (Debian package time) measures peak memory")
        // 150,000 notes, each with its syllable: signs drawn system by system, none held to the end.
        let text = String(repeating: "1 ", count: 150_000) + "\nL: " + String(repeating: "la ", count: 150_000) + "\n"
        _ = try file("sung.jp", text)
        let outcome = try Self.shell("\(time) -f %M -o peak.txt $J typeset sung.jp -o sung.pdf --max-pages 100000 2>/dev/null", in: folder)
        #expect(outcome.status == 0)
        let kilobytes = try #require(Int(String(contentsOf: folder.appendingPathComponent("peak.txt"), encoding: .utf8).split(separator: "\n").last ?? ""))
        #expect(kilobytes * 1024 < 10 * text.utf8.count + (160 << 20), "\(kilobytes) kB for \(text.utf8.count) bytes")
    }

    @Test("a score over the size limit is refused before a byte is read")
    func sizeLimit() throws {
        let path = try file("big.jp", "")
        #expect(truncate(path, (1 << 20) + 1) == 0)
        let outcome = try Self.shell("$J info big.jp", in: folder)
        #expect(outcome.status == 1)
        #expect(outcome.errors == "big.jp: is 1.1 MB: expected a file of at most 1 MB\n")
    }

    @Test("a typeset score of more pages than --max-pages is refused before a byte is written; --max-pages raises the limit")
    func typesetPages() throws {
        _ = try file("long.jp", String(repeating: "1 2 3 4 | 5 6 7 1' |\n", count: 400))
        let outcome = try Self.shell("$J typeset long.jp -o long.pdf --max-pages 2", in: folder)
        #expect(outcome.status == 1)
        #expect(outcome.errors == "jianpu: long.jp needs more than 2 pages (--max-pages raises the limit); nothing was written\n")
        #expect(names() == ["long.jp"])
        let raised = try Self.shell("$J typeset long.jp -o long.pdf --max-pages 50 && pdfinfo long.pdf", in: folder)
        let pages = raised.output.split(separator: "\n").first { $0.hasPrefix("Pages:") }.flatMap { Int($0.split(separator: " ").last ?? "") }
        #expect(raised.status == 0)
        #expect((pages ?? 0) > 2)
    }

    @Test("a system taller than a page is refused, not drawn past the page's edge; a smaller --size fits it")
    func systemTallerThanPage() throws {
        _ = try file("parts.jp", Array(repeating: "1 2 3 4 | 5 6 7 1' |", count: 26).joined(separator: "\nNextPart\n") + "\n")
        let outcome = try Self.shell("$J typeset parts.jp -o parts.pdf", in: folder)
        #expect(outcome.status == 1)
        #expect(outcome.errors.hasPrefix("jianpu: parts.jp: a system of movement 1 (26 parts) needs at least "))
        #expect(outcome.errors.hasSuffix("pt a page has room for (a smaller --size fits more); nothing was written\n"))
        #expect(names() == ["parts.jp"])
        let smaller = try Self.shell("$J typeset parts.jp -o parts.pdf --size 10 && pdfinfo parts.pdf", in: folder)
        #expect(smaller.status == 0)
        #expect(smaller.output.contains("Pages:           1"))
    }

    @Test(
        "a signal during a render leaves the old file as it was and no temporary file or folder",
        arguments: [SIGINT, SIGTERM, SIGHUP], ["render"])
    func signalDuringRender(signal: Int32, command: String) throws {
        // An hour and a half of music on a few pages: long enough to be rendering when the signal comes.
        _ = try file("long.jp", "4=30\n" + String(repeating: "1 2 3 4 5 6 7 1' |\n", count: 350))
        let output = command == "render" ? "take.wav" : "take.html"
        _ = try file(output, "the old take")
        // The render's scratch audio is kept under TMPDIR: here, where it can be seen.
        let outcome = try Subprocess.run(
            CommandLineTests.executable, [command, "long.jp", "-o", output],
            environment: ["TMPDIR": folder.path], directory: folder, timeLimit: 120, signal: (signal, 1.5))
        #expect(outcome.status == 128 + signal)
        #expect(try String(contentsOf: folder.appendingPathComponent(output), encoding: .utf8) == "the old take")
        #expect(names() == ["long.jp", output].sorted())
    }

    @Test("twenty thousand verses are refused by typeset at once and in little memory, not laid out a note times a verse at a time")
    func thousandsOfVerses() throws {
        let time = try #require(FileManager.default.isExecutableFile(atPath: "/usr/bin/time") ? "/usr/bin/time" : nil, "GNU time (Debian package time) measures peak memory")
        let text = String(repeating: "1 2 3 4 | ", count: 2_000) + "\n" + String(repeating: "L: a- b- c- d-\n", count: 20_000) + "L: " + String(repeating: "la ", count: 8_000) + "\n"
        _ = try file("verses.jp", text)
        let outcome = try Self.shell("\(time) -f %M -o peak.txt $J typeset verses.jp -o verses.svg", in: folder)
        #expect(outcome.status == 1)
        #expect(outcome.errors.contains("(one part, 20001 verses of lyrics) needs at least "))
        let kilobytes = try #require(Int(String(contentsOf: folder.appendingPathComponent("peak.txt"), encoding: .utf8).split(separator: "\n").last ?? ""))
        #expect(kilobytes * 1024 < 10 * text.utf8.count + (160 << 20), "\(kilobytes) kB for \(text.utf8.count) bytes")
        #expect(names() == ["peak.txt", "verses.jp"])
    }

    @Test("a render longer than --max-minutes is refused before a byte is written; --max-minutes raises the limit")
    func renderLength() throws {
        _ = try file("long.jp", "4=1\nR*10000\n")
        let outcome = try Self.shell("$J render long.jp -o long.wav", in: folder)
        #expect(outcome.status == 1)
        #expect(outcome.errors.contains("--max-minutes"))
        let raised = try Self.shell("$J render long.jp -o long.wav --max-minutes 100000", in: folder)
        #expect(raised.status == 1)
        #expect(raised.errors.contains("a WAV file holds at most"))
        #expect(names() == ["long.jp"])
    }

    @Test("a score of more parts than a MIDI file can name is refused, not written with a wrapped count")
    func tooManyParts() throws {
        _ = try file("p.jp", (0..<66_000).map { _ in "1 |" }.joined(separator: "\nNextPart\n") + "\n")
        let outcome = try Self.shell("$J export p.jp -o p.mid", in: folder)
        #expect(outcome.status == 1)
        #expect(outcome.errors.contains("a Standard MIDI File holds at most 65534 parts"))
        #expect(names() == ["p.jp"])
    }

    static let chordpad = PackageFolder.program("chordpad")

    @Test(
        "chordpad checks --out and --record before anything: an existing take is never truncated",
        arguments: [
            "--out take.wav", "--record take.mid", "--record ro/x.mid", "--record sub", "--record none/x.mid", "--out t.wav --record t.wav",
        ])
    func chordpadOutputsCheckedFirst(options: String) throws {
        let take = String(repeating: "a good take ", count: 100_000)
        _ = try file("take.wav", take)
        _ = try file("take.mid", take)
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("sub"), withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("ro"), withIntermediateDirectories: true)
        _ = try file("ro/x.mid", "read-only take")
        try FileManager.default.setAttributes([.posixPermissions: 0o444], ofItemAtPath: folder.appendingPathComponent("ro/x.mid").path)
        let before = names()
        let outcome = try Self.shell("'\(Self.chordpad)' \(options) </dev/null", in: folder)
        #expect(outcome.status == 1)
        #expect(outcome.errors.hasPrefix("chordpad: "))
        #expect(outcome.errors.split(separator: "\n").count == 1)
        #expect(names() == before)
        #expect(try String(contentsOfFile: folder.appendingPathComponent("take.wav").path, encoding: .utf8) == take)
        #expect(try String(contentsOfFile: folder.appendingPathComponent("take.mid").path, encoding: .utf8) == take)
    }

    @Test("quiz stats on a mistyped log says there is none and creates nothing")
    func statsOnMissingLog() throws {
        let outcome = try Self.shell("$J quiz stats --db typo.sqlite", in: folder)
        #expect(outcome.status == 1)
        #expect(outcome.errors.contains("no quiz log there"))
        #expect(names().isEmpty)
    }

    @Test("another program's SQLite file is refused as the quiz log and left as it was")
    func foreignDatabase() throws {
        let made = try Self.shell("python3 -c \"import sqlite3; c = sqlite3.connect('other.sqlite'); c.execute('CREATE TABLE photos (id INTEGER)'); c.commit()\"", in: folder)
        #expect(made.status == 0)
        let before = FileManager.default.contents(atPath: folder.appendingPathComponent("other.sqlite").path)
        for command in ["$J quiz --plain --mute -n 1 --db other.sqlite </dev/null", "$J quiz stats --db other.sqlite"] {
            let outcome = try Self.shell(command, in: folder)
            #expect(outcome.status == 1, "\(command)")
            #expect(outcome.errors.contains("another program's database (tables photos)"), "\(command): \(outcome.errors)")
        }
        #expect(FileManager.default.contents(atPath: folder.appendingPathComponent("other.sqlite").path) == before)
        #expect(names() == ["other.sqlite"])
    }

    @Test("quiz --out naming the log is refused before the log is touched")
    func quizOutIsTheLog() throws {
        let outcome = try Self.shell("$J quiz --plain --fast -n 1 --db q.sqlite --out q.sqlite </dev/null", in: folder)
        #expect(outcome.status == 1)
        #expect(outcome.errors.contains("is also the input"))
        #expect(names().isEmpty)
    }
}
