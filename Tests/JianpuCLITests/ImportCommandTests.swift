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

    @Test("ABC and MIDI say clearly that this build does not read them")
    func otherFormatsNotYet() throws {
        let outcome = try CommandLineTests.run(["import", "-"], input: "X:1\nT:Tune\nK:G\nGABc|\n")
        #expect(outcome.status == 1)
        #expect(outcome.errors.contains("ABC import is not supported in this build"))
    }

    @Test("every fixture plays note for note as music21 reads the source (scripts/import-check)")
    func roundTripAgreesWithMusic21() throws {
        let outcome = try Subprocess.run("/usr/bin/env", ["python3", "scripts/import-check", Self.fixtures, "--jianpu", CommandLineTests.executable],
                                         directory: CommandLineTests.packageRoot)
        #expect(outcome.status == 0, "\(outcome.output)\(outcome.errors)")
        #expect(outcome.output.contains("agree"))
    }
}
