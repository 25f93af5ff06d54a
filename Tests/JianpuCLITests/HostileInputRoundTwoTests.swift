import Foundation
import Subprocesses
import Testing

/// The adversarial classes of issue 20 against the built `jianpu`: every input protected, links and
/// streams respected, terminals and XML safe from a file's text, every stopping signal one way.
@Suite("hostile input, round two: inputs, links, streams, terminals, signals")
struct HostileInputRoundTwoTests: FolderSuite {
    let folder: URL

    init() throws {
        folder = try Self.makeFolder("jianpu-hostile2")
    }

    static let chordpad = HostileInputTests.chordpad

    @Test(
        "an output that is any file the run reads is refused before any work, and the file kept",
        arguments: [
            "$J render s.jp -o l.wav --soundfont f.sf2",
            "JIANPU_SOUNDFONT=\"$PWD/f.sf2\" $J render s.jp -o l.wav",
            "JIANPU_SOUNDFONT=\"$PWD/f.sf2\" $J render s.jp -o l.flac",
            "$J play s.jp --out f.sf2 --soundfont f.sf2 --quiet </dev/null",
            "$J quiz --plain --fast -n 1 --db q.sqlite --out q.sqlite-wal --soundfont f.sf2 </dev/null",
            "$J quiz --plain --fast -n 1 --db q.sqlite --out f.sf2 --soundfont f.sf2 </dev/null",
            "$J quiz --plain --mute -n 1 --db q.sqlite --profile q.sqlite --save-profile </dev/null",
            "$J quiz stats --db q.sqlite --plot q.sqlite-wal",
            "$J quiz stats --db q.sqlite --plot q.sqlite-journal",
            "'\(chordpad)' --tunings t.txt --tuning DMajor --out t.txt </dev/null",
            "'\(chordpad)' --chords c.txt --record c.txt </dev/null",
            "'\(chordpad)' --soundfont f.sf2 --record l.mid </dev/null",
        ])
    func everyInputProtected(command: String) throws {
        let sf2 = String(repeating: "RIFF sfbk ", count: 1_000)
        try file("s.jp", "1 2 3 4 |\n")
        try file("f.sf2", sf2)
        for link in ["l.wav", "l.flac"] {
            try FileManager.default.createSymbolicLink(atPath: folder.appendingPathComponent(link).path, withDestinationPath: "f.sf2")
        }
        try FileManager.default.createSymbolicLink(atPath: folder.appendingPathComponent("l.mid").path, withDestinationPath: "f.sf2")
        try file("t.txt", "DMajor: C#, D, E, F#, G, A, B\n")
        try file("c.txt", "Minor: 1, 4, 8\n")
        try file("q.sqlite-wal", "a log's write-ahead pages")
        try file("q.sqlite-journal", "a log's journal")
        let before = names()
        let outcome = try shell(command)
        #expect(outcome.status != 0, "\(outcome.errors)")
        #expect(outcome.errors.contains("is also the input"), "\(outcome.errors)")
        #expect(text("f.sf2") == sf2)
        #expect(text("t.txt") == "DMajor: C#, D, E, F#, G, A, B\n")
        #expect(text("c.txt") == "Minor: 1, 4, 8\n")
        #expect(text("q.sqlite-wal") == "a log's write-ahead pages")
        #expect(text("q.sqlite-journal") == "a log's journal")
        #expect(names() == before)
    }

    @Test("-o through a link writes the file it names and keeps the link", arguments: ["export s.jp -o link.mid", "typeset s.jp -o link.svg"])
    func linkWrittenThrough(command: String) throws {
        try file("s.jp", "1 2 3 4 |\n")
        let target = command.hasSuffix(".mid") ? "real.mid" : "real.svg"
        try file(target, "old")
        try FileManager.default.createSymbolicLink(
            atPath: folder.appendingPathComponent(command.hasSuffix(".mid") ? "link.mid" : "link.svg").path,
            withDestinationPath: target)
        let outcome = try shell("$J \(command)")
        #expect(outcome.status == 0, "\(outcome.errors)")
        #expect(text(target) != "old")
        #expect(names().count == 3)
        #expect((try? FileManager.default.destinationOfSymbolicLink(atPath: folder.appendingPathComponent(command.hasSuffix(".mid") ? "link.mid" : "link.svg").path)) == target)
    }

    @Test(
        "-o /dev/stdout and /dev/fd/N reach the stream, in its mode; a closed one is an error",
        arguments: [
            ("$J export s.jp -o /dev/stdout > out.mid", "MThd", 0),
            ("echo kept > out.mid; $J export s.jp -o /dev/stdout >> out.mid", "kept\nMThd", 0),
            ("$J export s.jp -o /dev/stdout | cat > out.mid", "MThd", 0),
            ("$J export s.jp -o /dev/fd/3 3> out.mid", "MThd", 0),
            ("$J export s.jp -o /proc/self/fd/1 > out.mid", "MThd", 0),
            ("$J export s.jp -o /dev/stdout >&-", "", 1),
        ])
    func streams(command: String, start: String, status: Int32) throws {
        try file("s.jp", "1 2 3 4 |\n")
        let outcome = try shell(command)
        #expect(outcome.status == status, "\(outcome.errors)")
        if !start.isEmpty { #expect(text("out.mid")?.hasPrefix(start) == true) }
        #expect(names().allSatisfy { !$0.hasPrefix(".") })
        #expect(FileStatusProbe.isLink("/dev/stdout"))
    }

    @Test("a byte-order mark at the start of a score is skipped")
    func byteOrderMark() throws {
        let url = folder.appendingPathComponent("bom.jp")
        try Data([0xEF, 0xBB, 0xBF] + Array("title=BOM\n1 2 3 4 |\n".utf8)).write(to: url)
        let outcome = try shell("$J check bom.jp && $J info bom.jp")
        #expect(outcome.status == 0, "\(outcome.errors)")
        #expect(outcome.errors.isEmpty)
        #expect(outcome.output.hasPrefix("title:     BOM\n"))
    }

    static let escapes = "title=\u{1B}]0;pwned\u{07}T\u{1B}[2J\ninstrument=\u{1B}]52;c;Zm9v\u{07}\n1 2 3 4 |\nL: la\u{1B}[31m la la la\n"

    @Test("info, check and a bad word show a score's control characters, never send them", arguments: ["info e.jp", "check e.jp", "check w.jp"])
    func terminalEscapes(command: String) throws {
        try file("e.jp", Self.escapes)
        try file("w.jp", "1 2 \u{1B}[2J 3 |\n")
        let outcome = try shell("$J \(command)")
        #expect(!(outcome.output + outcome.errors).unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" && $0 != "\t" }, "\(outcome.output + outcome.errors)")
        #expect((outcome.output + outcome.errors).contains("\u{241B}"))
    }

    @Test("a score's control characters give well-formed SVG and HTML, with a located warning", arguments: ["v.svg", "v.html"])
    func xmlForbiddenCharacters(output: String) throws {
        try file("v.jp", "title=soft\u{0B}break\u{0C}\n1 2 3 4 |\nL: a\u{01} b c d\n")
        let outcome = try shell("$J typeset v.jp -o \(output)")
        #expect(outcome.status == 0, "\(outcome.errors)")
        #expect(outcome.errors.contains("v.jp:1:11: warning: U+000B (a vertical tab) is a control character"))
        #expect(outcome.errors.contains("v.jp:3:5: warning: U+0001"))
        let document = try #require(text(output))
        #expect(!document.unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" && $0 != "\t" && $0 != "\r" })
        if output.hasSuffix(".svg") {
            let parsed = try shell("python3 -c \"import xml.dom.minidom,sys; xml.dom.minidom.parse('\(output)')\"")
            #expect(parsed.status == 0, "\(parsed.errors)")
        }
    }

    @Test("quiz stats reads extreme stored values without a trap", arguments: ["9223372036854775807", "-9223372036854775808"])
    func extremeResponseTimes(value: String) throws {
        let made = try shell(
            """
            J="$J" python3 -c "
            import sqlite3, subprocess, os
            subprocess.run([os.environ['J'], 'quiz', '--plain', '--mute', '-n', '1', '--db', 'q.sqlite'], stdin=subprocess.DEVNULL, capture_output=True)
            c = sqlite3.connect('q.sqlite')
            for day in ('2026-11-01', '2026-11-02', '2026-11-09'):
                c.execute('INSERT INTO sessions (started_at) VALUES (?)', (day,))
                c.execute('INSERT INTO recognize_intervals (session_id, played_at, recognized_at, first_note, second_note, playback_type, recognized_note, played_interval, recognized_interval, playback_instrument, response_ms, root_note, program) VALUES (1, ?, ?, 60, 64, \\'H\\', 64, 4, 4, \\'Piano\\', \(value), \(value), 0)', (day + ' 10:00:00', day + ' 10:00:01'))
            c.commit()"
            """)
        #expect(made.status == 0, "\(made.errors)")
        for format in ["table", "csv", "json"] {
            let outcome = try shell("$J quiz stats --db q.sqlite --format \(format) --plot p.svg")
            #expect(outcome.status == 0, "\(format): \(outcome.errors)")
        }
    }

    @Test(
        "a signal that stops a program leaves the old file and no temporary file, whichever it is",
        arguments: [SIGUSR1, SIGUSR2, SIGALRM, SIGVTALRM, SIGPROF, SIGXCPU, SIGQUIT, SIGPWR], ["render"])
    func everyStoppingSignal(signal: Int32, command: String) throws {
        try file("long.jp", "4=30\n" + String(repeating: "1 2 3 4 5 6 7 1' |\n", count: 350))
        let output = "take.wav"
        try file(output, "the old take")
        let outcome = try Subprocess.run(
            CommandLineTests.executable, [command, "long.jp", "-o", output],
            environment: ["TMPDIR": folder.path], directory: folder, timeLimit: 120, signal: (signal, 1.5))
        #expect(outcome.status == 128 + signal)
        #expect(text(output) == "the old take")
        #expect(names() == ["long.jp", output].sorted())
    }

    @Test("SIGQUIT and SIGUSR1 end a take as SIGINT does: what was played is kept", arguments: [SIGINT, SIGQUIT, SIGUSR1, SIGALRM])
    func takeKeptOnSignal(signal: Int32) throws {
        try file("long.jp", "4=30\n" + String(repeating: "1 2 3 4 5 6 7 1' |\n", count: 20))
        let outcome = try Subprocess.run(
            CommandLineTests.executable, ["play", "long.jp", "--out", "take.wav", "--quiet"],
            directory: folder, timeLimit: 60, signal: (signal, 2))
        #expect(outcome.status == 128 + signal)
        let take = try #require(FileManager.default.contents(atPath: folder.appendingPathComponent("take.wav").path))
        #expect(take.starts(with: Array("RIFF".utf8)) && take.count > 44_100)
        #expect(names() == ["long.jp", "take.wav"])
    }

    @Test("an output name at the file system's limit is written; the temporary name is shortened, not the user's", arguments: [250, 255])
    func longOutputName(length: Int) throws {
        try file("s.jp", "1 2 3 4 |\n")
        let name = String(repeating: "n", count: length - 4) + ".mid"
        let outcome = try shell("$J export s.jp -o \(name)")
        #expect(outcome.status == 0, "\(outcome.errors)")
        #expect(names() == [name, "s.jp"].sorted())
    }

    @Test(
        "a device, a pipe or a folder is refused as the quiz log before SQLite opens it (a one-letter name trapped in Foundation)",
        arguments: [
            "$J quiz --plain --mute -n 1 --db /dev/null </dev/null", "$J quiz stats --db /dev/null", "$J quiz --plain --mute -n 1 --db d </dev/null",
            "$J quiz stats --db d", "mkfifo p; timeout 20 $J quiz stats --db p",
        ])
    func logOnDevicesAndFolders(command: String) throws {
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("d"), withIntermediateDirectories: true)
        let journal = FileManager.default.fileExists(atPath: "/dev/null-journal")
        let outcome = try shell(command)
        #expect(outcome.status == 1, "\(outcome.errors)")
        #expect(outcome.errors.contains("is a folder") || outcome.errors.contains("is not a regular file"), "\(outcome.errors)")
        #expect(FileManager.default.fileExists(atPath: "/dev/null-journal") == journal)
        #expect(names().allSatisfy { $0 == "d" || $0 == "p" })
    }

    @Test("a quiz log, profile or plot of a one-letter name is used, not a trap in Foundation's path functions")
    func oneLetterNames() throws {
        let outcome = try shell("printf 'P1\\n' | $J quiz --plain --mute -n 1 --db x --profile p --save-profile && $J quiz stats --db x --plot y")
        #expect(outcome.status == 0, "\(outcome.errors)")
        #expect(names() == ["p", "x", "y"])
    }

    @Test("quiz stats reads a log on read-only media (WAL, no -shm)", .enabled(if: getuid() == 0))
    func logOnReadOnlyMedia() throws {
        let made = try shell(
            """
            mkdir src ro && J=$J python3 -c "
            import sqlite3, subprocess, os
            subprocess.run([os.environ['J'], 'quiz', '--plain', '--mute', '-n', '2', '--seed', '1', '--db', 'src/q.sqlite'], input=b'P1\\nP1\\n', capture_output=True)
            c = sqlite3.connect('src/q.sqlite'); assert c.execute('pragma journal_mode').fetchone()[0] == 'wal'; c.close()
            " && ls src
            """)
        #expect(made.output == "q.sqlite\n", "\(made.errors)")
        let mounted = try shell("mount --bind src ro && mount -o remount,ro,bind ro")
        try #require(mounted.status == 0, "a read-only bind mount: \(mounted.errors)")
        defer { _ = try? shell("umount ro") }
        let outcome = try shell("$J quiz stats --db ro/q.sqlite")
        #expect(outcome.status == 0, "\(outcome.errors)")
        #expect(outcome.output.contains("2 answers"))
        let answering = try shell("$J quiz --plain --mute -n 1 --db ro/q.sqlite </dev/null")
        #expect(answering.status == 1)
        #expect(answering.errors.contains("on read-only media"), "\(answering.errors)")
    }

    @Test("check exits 1 when its report cannot be written", arguments: ["2>&-", "2>/dev/full"])
    func checkReportUnwritable(redirection: String) throws {
        try file("w.jp", HostileInputTests.warned)
        let outcome = try shell("$J check w.jp \(redirection); echo status=$?")
        #expect(outcome.output.contains("status=1"), "\(outcome.output)")
        let clean = try file("c.jp", "1 2 3 4 |\n")
        _ = clean
        #expect(try shell("$J check c.jp \(redirection); echo status=$?").output.contains("status=0"))
    }

    @Test("the plain quiz ends after its last question though its input stays open")
    func plainQuizEnds() throws {
        let outcome = try shell("(printf 'P1\\nP1\\nP1\\n'; sleep 60) | timeout 30 $J quiz --plain --mute -n 1 --db q.sqlite --seed 2")
        #expect(outcome.status != 124, "it waited for the end of its input")
        #expect(outcome.status == 0, "\(outcome.errors)")
        #expect(outcome.output.contains("drill next") || outcome.output.contains("score"), "\(outcome.output)")
    }

    @Test("more than fifteen parts of different instruments: the parts that must share a channel are named")
    func channelsShared() throws {
        let instruments = [
            "Flute", "Violin", "Cello", "Oboe", "Clarinet", "Trumpet", "Horn", "Tuba", "Harp", "Viola", "Bassoon", "Piccolo",
            "Trombone", "Guitar", "Organ", "Banjo", "Sitar",
        ]
        try file("p.jp", instruments.map { "instrument=\($0)\n1 2 3 4 |" }.joined(separator: "\nNextPart\n") + "\n")
        let outcome = try shell("$J export p.jp -o p.mid")
        #expect(outcome.status == 0)
        #expect(outcome.errors.contains("2 parts must share a MIDI channel"), "\(outcome.errors)")
        #expect(outcome.errors.contains("part 16 (Banjo) sounds as part 15 (Organ)"))
        try file("same.jp", (0..<20).map { _ in "instrument=Violin\n1 2 3 4 |" }.joined(separator: "\nNextPart\n") + "\n")
        #expect(try shell("$J export same.jp -o same.mid").errors.isEmpty, "parts of one instrument share without loss")
    }

    @Test(
        "messages say what happened in a line",
        arguments: [
            ("TMPDIR=\"$PWD/s.jp\" $J render s.jp -o s.wav", "set TMPDIR to a writable folder"),
            ("printf '{\"programs\": [300]}' > p.json; $J quiz --plain --mute -n 1 --db q.sqlite --profile p.json </dev/null", "program 300 is not a General MIDI program"),
            ("(ulimit -f 200; $J quiz --plain --fast -n 3 --db q.sqlite --out take.wav --seed 1 </dev/null)", "the file-size limit is reached (ulimit -f"),
        ])
    func messages(command: String, expected: String) throws {
        try file("s.jp", "1 2 3 4 |\n")
        let outcome = try shell(command)
        #expect(outcome.status == 1, "\(outcome.errors)")
        #expect(outcome.errors.contains(expected), "\(outcome.errors)")
        #expect(!outcome.errors.contains("NSCocoaErrorDomain") && !outcome.errors.contains("already closed") && !outcome.errors.contains("not valid JSON"))
    }

    @Test("info gives the length of a chords= track that outlasts the notes")
    func chordsDuration() throws {
        try file("c.jp", "chords=" + String(repeating: "c1 ", count: 50) + "\n1 2 3 4 |\n")
        let outcome = try shell("$J info c.jp")
        #expect(outcome.status == 0, "\(outcome.errors)")
        #expect(outcome.output.contains("with the chords= track"), "\(outcome.output)")
    }

    /// A private fontconfig whose fonts are copies, so that a failure destroys nothing of the system's.
    func privateFonts() throws -> (environment: String, latin: String, cjk: String) {
        let fonts = folder.appendingPathComponent("fonts")
        try FileManager.default.createDirectory(at: fonts, withIntermediateDirectories: true)
        let latin = fonts.appendingPathComponent("DejaVuSans.ttf").path
        let cjk = fonts.appendingPathComponent("DroidSansFallback.ttf").path
        try FileManager.default.copyItem(atPath: "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf", toPath: latin)
        let system = try shell("fc-match -f '%{file}' 'Droid Sans Fallback'").output
        try FileManager.default.copyItem(atPath: system, toPath: cjk)
        try file(
            "fonts.conf",
            "<?xml version=\"1.0\"?><!DOCTYPE fontconfig SYSTEM \"fonts.dtd\"><fontconfig><dir>\(fonts.path)</dir>"
                + "<cachedir>\(folder.appendingPathComponent("cache").path)</cachedir></fontconfig>\n")
        return ("FONTCONFIG_FILE='\(folder.appendingPathComponent("fonts.conf").path)'", latin, cjk)
    }

    @Test(
        "typeset -o onto a font the page is drawn with is refused before any work, the font kept",
        arguments: ["latin.svg", "latin.pdf", "cjk.html", "cjk.pdf"])
    func fontsProtected(name: String) throws {
        let (environment, latin, cjk) = try privateFonts()
        let font = name.hasPrefix("cjk") ? cjk : latin
        let before = FileManager.default.contents(atPath: font)
        try file("s.jp", "title=茉莉花 Jasmine\n1=C\n4/4\n1 2 3 4 |\n")
        if name.hasSuffix(".pdf") {
            #expect(link(font, folder.appendingPathComponent(name).path) == 0)
        } else {
            try FileManager.default.createSymbolicLink(atPath: folder.appendingPathComponent(name).path, withDestinationPath: font)
        }
        let outcome = try shell("\(environment) $J typeset s.jp -o \(name)")
        #expect(outcome.status != 0, "\(outcome.errors)")
        #expect(outcome.errors.contains("input") || outcome.errors.contains("reads"), "\(outcome.errors)")
        #expect(FileManager.default.contents(atPath: font) == before)
    }

    @Test(
        "learn --out onto the log's -journal or -wal, or the SoundFont, is refused before any work",
        arguments: ["q.sqlite-journal", "q.sqlite-wal", "f.sf2"])
    func learnInputsProtected(name: String) throws {
        try file("q.sqlite-journal", "a journal")
        try file("q.sqlite-wal", "write-ahead pages")
        try file("f.sf2", "RIFF sfbk")
        let outcome = try shell("$J learn D --plain --db q.sqlite --soundfont f.sf2 --out \(name) </dev/null")
        #expect(outcome.status != 0)
        #expect(outcome.errors.contains("is also the input"), "\(outcome.errors)")
        #expect(text("q.sqlite-journal") == "a journal" && text("q.sqlite-wal") == "write-ahead pages" && text("f.sf2") == "RIFF sfbk")
    }

    @Test(
        "a UTF-16 or UTF-32 score, ABC file or tunings file is named as such, with the fix",
        arguments: [
            ("b.jp", "$J check b.jp"), ("b.abc", "$J import b.abc -o b-out.jp"), ("b.txt", "'\(chordpad)' --tunings b.txt --list-tunings"),
        ])
    func utf16Named(name: String, command: String) throws {
        for mark in [[0xFF, 0xFE] as [UInt8], [0xFE, 0xFF], [0xFF, 0xFE, 0, 0]] {
            FileManager.default.createFile(atPath: folder.appendingPathComponent(name).path, contents: Data(mark + Array("X\0:\0".utf8)))
            let outcome = try shell(command)
            #expect(outcome.status == 1, "\(outcome.errors)")
            #expect(outcome.errors.contains(mark.count == 4 ? "UTF-32" : "UTF-16") && outcome.errors.contains("save it as UTF-8"), "\(outcome.errors)")
            #expect(text("b-out.jp") == nil)
        }
    }

    @Test("a profile's number out of range is said as such, not called invalid JSON", arguments: ["{\"questions\":1e400}", "{\"octaves\":[1e999]}"])
    func profileNumberOutOfRange(json: String) throws {
        try file("p.json", json + "\n")
        let outcome = try shell("$J quiz --plain --mute -n 1 --db q.sqlite --profile p.json </dev/null")
        #expect(outcome.status != 0)
        #expect(!outcome.errors.contains("not valid JSON"), "\(outcome.errors)")
        #expect(outcome.errors.contains("p.json") && outcome.errors.contains("out of range"), "\(outcome.errors)")
    }

    @Test("import - -o the file standard input reads is refused, the source kept")
    func importStandardInputProtected() throws {
        let abc = "X:1\nT:t\nM:4/4\nK:C\nCDEF|\n"
        try file("a.abc", abc)
        let outcome = try shell("$J import - -o a.abc < a.abc")
        #expect(outcome.status != 0)
        #expect(outcome.errors.contains("a file this run reads"), "\(outcome.errors)")
        #expect(text("a.abc") == abc)
    }

    @Test(
        "an output with another name (a hard link) is written in place: both names see it, still one file",
        arguments: ["export s.jp -o a.mid", "typeset s.jp -o a.svg", "export s.jp -o a.musicxml"])
    func hardLinkedOutput(command: String) throws {
        let name = String(command.split(separator: " ").last!)
        try file("s.jp", "1 2 3 4 |\n")
        try file(name, "old content, longer than nothing")
        #expect(link(folder.appendingPathComponent(name).path, folder.appendingPathComponent("other").path) == 0)
        let outcome = try shell("$J \(command)")
        #expect(outcome.status == 0, "\(outcome.errors)")
        #expect(text(name) != "old content, longer than nothing")
        #expect(text("other") == text(name))
        let attributes = try FileManager.default.attributesOfItem(atPath: folder.appendingPathComponent("other").path)
        #expect(attributes[.referenceCount] as? Int == 2)
        #expect(names() == ["other", name, "s.jp"].sorted())
    }

    @Test("a quiz log whose name leaves no room for SQLite's -journal beside it is named as too long, not as a bad path")
    func logNameTooLong() throws {
        let name = String(repeating: "n", count: 252) + ".db"
        let outcome = try shell("$J quiz --plain --mute -n 1 --db \(name) </dev/null")
        #expect(outcome.status != 0)
        #expect(outcome.errors.contains("too long") && outcome.errors.contains("at most 247 bytes"), "\(outcome.errors)")
        #expect(!outcome.errors.contains("permissions"), "\(outcome.errors)")
        #expect(names().isEmpty)
    }

    @Test(
        "render into a file that cannot grow (ulimit -f) says the file-size limit in words, not libsndfile's 'System error' nor a full disk",
        .enabled(if: Prerequisite.met(ExitStatusTests.hasSoundFont), "needs a SoundFont"))
    func renderFullSaidInWords() throws {
        try file("s.jp", "1 2 3 4 | 5 6 7 1 |\n")
        let outcome = try shell("ulimit -f 200; TMPDIR=\"$PWD\" $J render s.jp -o o.wav")
        #expect(outcome.status == 1)
        #expect(outcome.errors.contains("the file-size limit is reached (ulimit -f"), "\(outcome.errors)")
        #expect(!outcome.errors.contains("the disk is full"), "\(outcome.errors)")
        #expect(!outcome.errors.contains("System error"), "\(outcome.errors)")
        #expect(names() == ["s.jp"])
    }
}

/// What a test asks of the system's files.
enum FileStatusProbe {
    static func isLink(_ path: String) -> Bool { (try? FileManager.default.destinationOfSymbolicLink(atPath: path)) != nil }

}

/// The third campaign's finds (issue 20's closing campaign): the log's dates, its text, imports.
extension HostileInputRoundTwoTests {
    @Test(
        "quiz stats refuses a stored time that has no day, naming the column, never a trap",
        arguments: ["1e308", "9223372036854775807", "-9223372036854775808", "'9999-99-99'"])
    func storedTimeWithoutDay(value: String) throws {
        let made = try shell(
            """
            printf 'P5\\nm3\\n' | $J quiz --plain --mute -n 2 --db q.sqlite >/dev/null 2>&1
            python3 -c "import sqlite3; c = sqlite3.connect('q.sqlite'); c.execute(\\"UPDATE recognize_intervals SET played_at = \(value)\\"); c.commit()"
            """)
        #expect(made.status == 0, "\(made.errors)")
        for format in ["table", "csv", "json"] {
            let outcome = try shell("$J quiz stats --db q.sqlite --format \(format)")
            #expect(outcome.status == 1, "\(format): \(outcome.status) \(outcome.errors)")
            #expect(outcome.errors.contains("played_at"), "\(outcome.errors)")
        }
    }

    @Test("learn stats shows the log's text with its control characters made visible", arguments: ["table", "csv"])
    func learnStatsEscapes(format: String) throws {
        let made = try shell(
            """
            printf 'q\\n' | $J learn D --plain --mute --db q.sqlite >/dev/null 2>&1
            python3 -c "import sqlite3; c = sqlite3.connect('q.sqlite'); c.execute('INSERT INTO learn_answers (session_id, answered_at, scale, exercise, prompt, degree, expected, answered, correct, response_ms) VALUES (1, ?, ?, ?, 1, 1, 2, 3, 1, 500)', ('2026-11-26 04:00:00', 'D\\x1b]0;PWNED\\x07', 'x\\x1b[2J')); c.commit()"
            """)
        #expect(made.status == 0, "\(made.errors)")
        let outcome = try shell("$J learn stats --db q.sqlite --format \(format)")
        #expect(outcome.status == 0, "\(outcome.errors)")
        #expect(outcome.output.contains("PWNED") && !outcome.output.contains("\u{1B}"), "\(outcome.output)")
    }

    @Test("import onto a terminal shows the imported text's control characters, never sends them")
    func importOntoTerminal() throws {
        try file("e.abc", "X:1\nT:\u{1B}]0;PWNED\u{07}\u{1B}[2J\nM:4/4\nK:C\nCDEF|\n")
        let outcome = try shell("script -qec \"$J import e.abc\" /dev/null")
        #expect(outcome.output.contains("PWNED") && !outcome.output.contains("\u{1B}"), "\(outcome.output)")
        // Written to a file, the title loses its control characters, which no title means, and the import says so.
        let file = try shell("$J import e.abc > e.jp")
        #expect(file.status == 0 && text("e.jp")?.contains("PWNED") == true && text("e.jp")?.contains("\u{1B}") == false)
        #expect(file.errors.contains("control characters"), "\(file.errors)")
    }

    @Test("import --all of two tunes of one number and title writes both; a title of combining marks gets a name that fits")
    func importAllNames() throws {
        let marks = "a" + String(repeating: "\u{301}", count: 200)
        try file("b.abc", "X:1\nT:Same\nK:C\nCDEF|\n\nX:1\nT:Same\nK:C\nGABc|\n\nX:2\nT:\(marks)\nK:C\nC|\n")
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("out"), withIntermediateDirectories: true)
        let outcome = try shell("$J import b.abc --all -o out")
        #expect(outcome.status == 0, "\(outcome.errors)")
        let written = (try? FileManager.default.contentsOfDirectory(atPath: folder.appendingPathComponent("out").path).sorted()) ?? []
        #expect(written.count == 3, "\(written)")
        #expect(written.contains("001-same.jp") && written.contains("001-same-2.jp"), "\(written)")
        #expect(written.allSatisfy { $0.utf8.count <= 255 })
    }

    @Test("a MusicXML element with thousands of attributes is refused at its place, at once")
    func crowdedXMLElement() throws {
        let attributes = (0..<5_000).map { "a\($0)=\"x\"" }.joined(separator: " ")
        try file("w.musicxml", "<?xml version=\"1.0\"?>\n<score-partwise \(attributes)/>\n")
        let outcome = try shell("$J import w.musicxml -o w.jp")
        #expect(outcome.status == 1)
        #expect(outcome.errors.contains("w.musicxml:2:1") && outcome.errors.contains("attributes"), "\(outcome.errors)")
    }

    @Test("a UTF-8 mark on an ABC file is skipped; a UTF-16 MusicXML file is read", arguments: ["abc", "musicxml"])
    func importByteOrderMarks(format: String) throws {
        let path = folder.appendingPathComponent("b.\(format)").path
        if format == "abc" {
            FileManager.default.createFile(atPath: path, contents: Data([0xEF, 0xBB, 0xBF] + Array("X:1\nT:t\nM:4/4\nK:C\nCDEF|\n".utf8)))
        } else {
            let xml = """
                <?xml version="1.0" encoding="UTF-16"?>
                <score-partwise version="4.0"><part-list><score-part id="P1"><part-name>P</part-name></score-part></part-list>
                <part id="P1"><measure number="1"><attributes><divisions>1</divisions></attributes>
                <note><pitch><step>C</step><octave>4</octave></pitch><duration>4</duration><type>whole</type></note></measure></part></score-partwise>
                """
            FileManager.default.createFile(atPath: path, contents: xml.data(using: .utf16))
        }
        let outcome = try shell("$J import b.\(format) -o b.jp")
        #expect(outcome.status == 0, "\(outcome.errors)")
        #expect(text("b.jp")?.contains("1") == true)
    }

    @Test("a log that is no database leaves no -wal or -shm beside it")
    func foreignLogLeavesNothing() throws {
        #expect(try shell("$J quiz --plain --mute -n 1 --db good.sqlite </dev/null; head -c 100 good.sqlite > bad.sqlite").status == 0)
        let outcome = try shell("$J quiz --plain --mute -n 1 --db bad.sqlite </dev/null")
        #expect(outcome.status == 1)
        #expect(outcome.errors.contains("not a database"), "\(outcome.errors)")
        #expect(!names().contains("bad.sqlite-wal") && !names().contains("bad.sqlite-shm"), "\(names())")
    }

    @Test("-o a socket is said to be a socket, not a pipe nobody reads")
    func socketOutput() throws {
        let made = try shell("python3 -c \"import socket; socket.socket(socket.AF_UNIX).bind('so.mid')\"")
        #expect(made.status == 0, "\(made.errors)")
        try file("s.jp", "1 2 3 4 |\n")
        let outcome = try shell("$J export s.jp -o so.mid")
        #expect(outcome.status == 1)
        #expect(outcome.errors.contains("socket") && !outcome.errors.contains("pipe"), "\(outcome.errors)")
    }

    @Test("a byte-order mark inside a score is shown in the message, not left invisible")
    func byteOrderMarkInside() throws {
        FileManager.default.createFile(
            atPath: folder.appendingPathComponent("m.jp").path,
            contents: Data([0xEF, 0xBB, 0xBF, 0xEF, 0xBB, 0xBF] + Array("title=t\n1 2 3 4 |\n".utf8)))
        let outcome = try shell("$J check m.jp")
        #expect(outcome.status == 1)
        #expect(outcome.errors.contains("'\u{FFFD}title=t'"), "\(outcome.errors)")
    }
}

extension HostileInputRoundTwoTests {
    @Test(
        "render of a WAV into a pipe says a WAV cannot go to a pipe and what can, in words",
        .enabled(if: Prerequisite.met(ExitStatusTests.hasSoundFont), "needs a SoundFont"))
    func wavIntoPipe() throws {
        try file("s.jp", "1 2 3 4 |\n")
        let outcome = try shell("mkfifo p.wav; (cat p.wav > /dev/null &); sleep 0.2; $J render s.jp -o p.wav")
        #expect(outcome.status == 1)
        #expect(outcome.errors.contains("pipe") && outcome.errors.contains("FLAC"), "\(outcome.errors)")
        #expect(!outcome.errors.contains("Error :"), "\(outcome.errors)")
    }
}

extension HostileInputRoundTwoTests {
    @Test(
        "MusicXML numbers at their limits in a transposition, a meter's sum and a chord symbol's alteration import without a trap",
        arguments: [
            "<attributes><divisions>1</divisions><transpose><chromatic>1</chromatic><octave-change>9223372036854775807</octave-change></transpose></attributes>",
            "<attributes><divisions>1</divisions><time><beats>9223372036854775807+9223372036854775807</beats><beat-type>4</beat-type></time></attributes>",
            "<attributes><divisions>1</divisions></attributes><harmony><root><root-step>C</root-step><root-alter>1e308</root-alter></root><kind>major</kind></harmony>",
            "<attributes><divisions>1</divisions></attributes><harmony><root><root-step>C</root-step></root><kind>major</kind><bass><bass-step>E</bass-step><bass-alter>nan</bass-alter></bass></harmony>",
        ])
    func musicXMLNumbersAtLimits(measureStart: String) throws {
        try file(
            "x.musicxml",
            """
            <?xml version="1.0"?>
            <score-partwise version="4.0"><part-list><score-part id="P1"><part-name>P</part-name></score-part></part-list>
            <part id="P1"><measure number="1">\(measureStart)
            <note><pitch><step>C</step><octave>4</octave></pitch><duration>4</duration><type>whole</type></note></measure></part></score-partwise>
            """)
        let outcome = try shell("$J import x.musicxml -o x.jp")
        #expect(outcome.status == 0, "\(outcome.status) \(outcome.errors)")
        #expect(text("x.jp")?.contains("1") == true)
    }
}

extension HostileInputRoundTwoTests {
    @Test("a title with U+FFFE gives a PDF (its metadata title replaced as SVG's is), not 'input string not valid UTF-8'")
    func pdfTitleNoncharacter() throws {
        try file("t.jp", "title=a\u{FFFE}b\n1 2 3 4 |\n")
        let outcome = try shell("$J typeset t.jp -o t.pdf")
        #expect(outcome.status == 0, "\(outcome.errors)")
        #expect(!outcome.errors.contains("not valid UTF-8"), "\(outcome.errors)")
        #expect(FileManager.default.contents(atPath: folder.appendingPathComponent("t.pdf").path)?.starts(with: Array("%PDF".utf8)) == true)
    }

    @Test("an output name longer than the file system allows is refused before any work (chordpad's record before the session)")
    func tooLongNameRefusedFirst() throws {
        let name = String(repeating: "n", count: 256) + ".mid"
        let outcome = try shell("'\(Self.chordpad)' --record \(name) </dev/null")
        #expect(outcome.status == 1)
        #expect(outcome.errors.contains("too long") && !outcome.errors.contains("terminal"), "\(outcome.errors)")
    }
}
