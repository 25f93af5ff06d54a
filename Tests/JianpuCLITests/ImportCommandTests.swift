import Foundation
import Subprocesses
import Testing

/// `jianpu import`: standard input and output, -o through the output rules, errors that write nothing,
/// and the round trip checked by music21 against the source.
@Suite("jianpu import")
struct ImportCommandTests {
    static let fixtures = "Tests/Fixtures/MusicXML"

    @Test("import writes jianpu text to standard output, warnings to standard error")
    func importToStandardOutput() throws {
        let outcome = try CommandLineTests.run(["import", "\(Self.fixtures)/melody.musicxml"])
        #expect(outcome.status == 0)
        #expect(outcome.output.hasPrefix("title=Little Tune\n"))
    }

    @Test("- reads standard input")
    func importFromStandardInput() throws {
        let xml = try String(contentsOfFile: CommandLineTests.packageRoot.appendingPathComponent("\(Self.fixtures)/transpose.musicxml").path, encoding: .utf8)
        let outcome = try CommandLineTests.run(["import", "-"], input: xml)
        #expect(outcome.status == 0)
        #expect(outcome.output.contains("1' 3' | 5' - |"))
    }

    @Test("-o - writes to standard output, as no -o does, and no file named -")
    func dashOutputIsStandardOutput() throws {
        let folder = URL(fileURLWithPath: ScratchFolder.make())
        let outcome = try CommandLineTests.run(
            ["import", CommandLineTests.packageRoot.appendingPathComponent("\(Self.fixtures)/melody.musicxml").path, "-o", "-"], in: folder)
        #expect(outcome.status == 0)
        #expect(outcome.output.hasPrefix("title=Little Tune\n"))
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("-").path))
    }

    @Test("-o writes the file, which jianpu check then reads")
    func importToFile() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("import-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let target = folder.appendingPathComponent("song.jp").path
        let outcome = try CommandLineTests.run(["import", "\(Self.fixtures)/repeats.musicxml", "-o", target])
        #expect(outcome.status == 0)
        #expect(outcome.output.isEmpty)
        let check = try CommandLineTests.run(["check", target])
        #expect(check.status == 0)
    }

    @Test("broken XML exits 1 with its line and column, and writes nothing")
    func brokenInputWritesNothing() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("import-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let source = folder.appendingPathComponent("bad.musicxml").path
        try "<?xml version=\"1.0\"?>\n<score-partwise>\n<part-list>".write(toFile: source, atomically: true, encoding: .utf8)
        let target = folder.appendingPathComponent("out.jp").path
        let outcome = try CommandLineTests.run(["import", source, "-o", target])
        #expect(outcome.status == 1)
        #expect(outcome.errors.contains("bad.musicxml:3:"))
        #expect(!FileManager.default.fileExists(atPath: target))
    }

    static let book = "Tests/Fixtures/ABCBook/book.abc"

    @Test("an ABC book: the first tune, with a warning naming the others; --tune N picks one; a missing one is an error")
    func abcBookTunes() throws {
        let first = try CommandLineTests.run(["import", Self.book])
        #expect(first.status == 0)
        #expect(first.output.hasPrefix("title=First Tune\n"))
        #expect(first.output.contains("R{ 1 3 5 | 1' - q7 q6 | 5 3 1 } A{ 2 - - |\n2 - 1 }"))
        #expect(first.errors.contains("the file holds 2 tunes"))
        let second = try CommandLineTests.run(["import", Self.book, "--tune", "2"])
        #expect(second.status == 0)
        #expect(second.output.contains("title=Second Tune\n") && second.output.contains("6=A\n"))
        #expect(second.output.contains("3[ q1' q2' q3' ]"))
        let missing = try CommandLineTests.run(["import", Self.book, "--tune", "9"])
        #expect(missing.status == 1)
        #expect(missing.errors.contains("no tune X:9 in this file: expected one of X: 1, 2"))
    }

    @Test("--all -o DIR writes one file per tune, named by its X: number and title, each of which check reads")
    func abcBookAll() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("import-all-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let outcome = try CommandLineTests.run(["import", "--all", "-o", folder.path, Self.book])
        #expect(outcome.status == 0, "\(outcome.errors)")
        let files = try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
        #expect(files == ["001-first-tune.jp", "002-second-tune.jp"])
        for file in files { #expect(try CommandLineTests.run(["check", folder.appendingPathComponent(file).path]).status == 0) }
    }

    @Test("a MIDI file that jianpu wrote comes back as the same notes: export, import, export again")
    func midiRoundTrip() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("import-midi-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let first = folder.appendingPathComponent("first.mid").path, text = folder.appendingPathComponent("back.jp").path
        let second = folder.appendingPathComponent("second.mid").path
        #expect(try CommandLineTests.run(["export", "Scores/twinkle-twinkle.jp", "--no-chords", "-o", first]).status == 0)
        let imported = try CommandLineTests.run(["import", first, "-o", text])
        #expect(imported.status == 0, "\(imported.errors)")
        #expect(try CommandLineTests.run(["export", text, "-o", second]).status == 0)
        let compared = try Self.sameNotes(first, second)
        #expect(compared.status == 0, "\(compared.output)\(compared.errors)")
    }

    /// mido reads both MIDI files: the same (onset, pitch, length) in quarter notes, part by part, or status 1.
    static func sameNotes(_ first: String, _ second: String) throws -> (status: Int32, output: String, errors: String) {
        let script = """
            import mido, sys
            def notes(path):
                f = mido.MidiFile(path); out = []
                for track in f.tracks:
                    t, on, got = 0, {}, []
                    for m in track:
                        t += m.time
                        key = (getattr(m, 'channel', 0), getattr(m, 'note', 0))
                        if m.type == 'note_on' and m.velocity > 0: on[key] = t
                        elif m.type in ('note_off', 'note_on') and key in on:
                            s = on.pop(key); got.append((round(s / f.ticks_per_beat, 3), m.note, round((t - s) / f.ticks_per_beat, 3)))
                    if got: out.append(sorted(got))
                return out
            a, b = notes(sys.argv[1]), notes(sys.argv[2])
            print(sum(map(len, a)), "notes")
            for i, (x, y) in enumerate(zip(a, b)):
                if x != y: print("part", i, [(p, q) for p, q in zip(x, y) if p != q][:3])
            sys.exit(0 if a == b else 1)
            """
        let outcome = try Subprocess.run("/usr/bin/env", ["python3", "-c", script, first, second])
        return (outcome.status, outcome.output, outcome.errors)
    }

    static let roundTripScores =
        (try? FileManager.default.contentsOfDirectory(atPath: CommandLineTests.packageRoot.appendingPathComponent("Scores").path))
        .map { $0.filter { $0.hasSuffix(".jp") }.sorted().map { "Scores/\($0)" } } ?? []
        + ((try? FileManager.default.contentsOfDirectory(atPath: CommandLineTests.packageRoot.appendingPathComponent("Tests/Conformance").path))
            .map { $0.filter { $0.hasSuffix(".jp") }.sorted().map { "Tests/Conformance/\($0)" } } ?? [])

    @Test("jianpu to MusicXML and back plays the same notes: every shipped score and conformance case", arguments: roundTripScores)
    func musicXMLRoundTrip(score: String) throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("roundtrip-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let (original, xml) = (folder.appendingPathComponent("a.mid").path, folder.appendingPathComponent("a.musicxml").path)
        let (text, again) = (folder.appendingPathComponent("b.jp").path, folder.appendingPathComponent("b.mid").path)
        #expect(try CommandLineTests.run(["export", score, "--no-chords", "-o", original]).status == 0)
        #expect(try CommandLineTests.run(["export", score, "-o", xml]).status == 0)
        let imported = try CommandLineTests.run(["import", xml, "-o", text])
        #expect(imported.status == 0, "\(imported.errors)")
        #expect(try CommandLineTests.run(["export", text, "--no-chords", "-o", again]).status == 0)
        let compared = try Self.sameNotes(original, again)
        #expect(compared.status == 0, "\(score): \(compared.output)\(compared.errors)")
    }

    @Test("every ABC fixture plays note for note as music21 reads it (scripts/import-check)")
    func abcRoundTripAgreesWithMusic21() throws {
        let outcome = try Subprocess.run(
            "/usr/bin/env", ["python3", "scripts/import-check", "Tests/Fixtures/ABC", "--jianpu", CommandLineTests.executable],
            directory: CommandLineTests.packageRoot)
        #expect(outcome.status == 0, "\(outcome.output)\(outcome.errors)")
        #expect(outcome.output.contains("1 of 1 agree"))
    }

    @Test("every fixture plays note for note as music21 reads the source (scripts/import-check)")
    func roundTripAgreesWithMusic21() throws {
        let outcome = try Subprocess.run(
            "/usr/bin/env", ["python3", "scripts/import-check", Self.fixtures, "--jianpu", CommandLineTests.executable],
            directory: CommandLineTests.packageRoot)
        #expect(outcome.status == 0, "\(outcome.output)\(outcome.errors)")
        #expect(outcome.output.contains("agree"))
    }

    @Test("the fidelity fixtures agree note for note and are faithful: check silent, bars, names, jianpu-ly (scripts/import-check)")
    func fidelityFixturesAreFaithful() throws {
        let outcome = try Subprocess.run(
            "/usr/bin/env",
            [
                "python3", "scripts/import-check", "Tests/Fixtures/Import", "--jianpu", CommandLineTests.executable,
                "--min-percent", "100",
            ], directory: CommandLineTests.packageRoot)
        #expect(outcome.status == 0, "\(outcome.output)\(outcome.errors)")
        #expect(outcome.output.contains("notes 4/4 (100%), faithful 4/4 (100%)"), "\(outcome.output)")
    }

    @Test(
        "info, check, export, typeset and render read MusicXML, ABC and MIDI directly, as imported",
        arguments: ["Tests/Fixtures/Import/chorale.musicxml", "Tests/Fixtures/Import/irregular.abc", "midi"])
    func everyCommandReadsEveryFormat(source: String) throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("formats-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        var input = CommandLineTests.packageRoot.appendingPathComponent(source).path
        if source == "midi" {
            input = folder.appendingPathComponent("take.mid").path
            #expect(try CommandLineTests.run(["export", "Scores/bjehp.jp", "--no-chords", "-o", input]).status == 0)
        }
        let info = try CommandLineTests.run(["info", input])
        #expect(info.status == 0, "\(info.errors)")
        #expect(info.output.contains("bars:"))
        let check = try CommandLineTests.run(["check", input])
        #expect(check.status == 0, "\(check.errors)")
        #expect(!check.errors.contains("unrecognised word"), "\(check.errors)")
        for output in ["a.mid", "a.svg", "a.wav"] {
            let target = folder.appendingPathComponent(output).path
            let command = output.hasSuffix(".mid") ? "export" : output.hasSuffix(".svg") ? "typeset" : "render"
            let run = try CommandLineTests.run([command, input, "-o", target])
            #expect(run.status == 0, "\(command) \(source): \(run.errors)")
            #expect(FileManager.default.fileExists(atPath: target))
        }
        if source.hasSuffix(".musicxml") {
            // The page names the parts as the source does.
            let svg = try String(contentsOfFile: folder.appendingPathComponent("a.svg").path, encoding: .utf8)
            #expect(svg.contains(">Soprano<") && svg.contains(">Bass<"))
        }
    }
}
