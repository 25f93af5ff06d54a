import Foundation
import Subprocesses
import Testing

/// `jianpu export` picks its format by the output's extension: MIDI as before, MusicXML and .mxl new.
@Suite("jianpu export to MusicXML")
struct MusicXMLExportCommandTests {
    typealias C = CommandLineTests

    static func folder() throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("musicxml-export-cli-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder
    }

    @Test(
        "the extension picks the format: MusicXML text, a ZIP for .mxl, MIDI for .mid",
        arguments: [
            ("song.musicxml", "<?xml"), ("song.XML", "<?xml"), ("song.mxl", "PK\u{03}\u{04}"), ("song.midi", "MThd"),
        ])
    func formatByExtension(name: String, magic: String) throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let output = folder.appendingPathComponent(name)
        let outcome = try C.run(["export", "Scores/ode-to-joy.jp", "-o", output.path])
        #expect(outcome.status == 0, "\(outcome.errors)")
        let bytes = try Data(contentsOf: output)
        #expect(bytes.starts(with: Array(magic.utf8)))
        #expect((try FileManager.default.contentsOfDirectory(atPath: folder.path)) == [name])
    }

    @Test("an unknown extension is an error before anything is read or written")
    func unknownExtension() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        // The score does not even exist: the output name is refused first.
        let outcome = try C.run(["export", "missing.jp", "-o", folder.appendingPathComponent("song.pdf").path])
        #expect(outcome.status == 1)
        #expect(outcome.errors.contains("song.pdf: export writes .mid (or .midi), .musicxml (or .xml) and .mxl; name the output with one of these"))
        #expect((try FileManager.default.contentsOfDirectory(atPath: folder.path)).isEmpty)
    }

    @Test("MusicXML export never overwrites its input and reports warnings with their place")
    func outputRules() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let score = folder.appendingPathComponent("round.xml")
        try "R{ 1 2 3 4 }\nNextPart\n1 1 1 1 | 2 2 2 2 |\n".write(to: score, atomically: true, encoding: .utf8)
        let refused = try C.run(["export", score.path, "-o", score.path])
        #expect(refused.status == 1)
        #expect(try String(contentsOf: score, encoding: .utf8).hasPrefix("R{"))
        let output = folder.appendingPathComponent("round.musicxml")
        let written = try C.run(["export", score.path, "-o", output.path])
        #expect(written.status == 0)
        #expect(written.errors.contains("\(score.path):1:1: warning: the parts repeat differently"))
    }

    @Test("--movement picks one movement of the MusicXML too, and out of range names the range")
    func movement() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let score = folder.appendingPathComponent("two.jp")
        try "title=One\n1 2 3 4\nNextScore\ntitle=Two\n5 6 7 1'\n".write(to: score, atomically: true, encoding: .utf8)
        let output = folder.appendingPathComponent("two.musicxml")
        #expect(try C.run(["export", score.path, "-o", output.path, "--movement", "2"]).status == 0)
        let text = try String(contentsOf: output, encoding: .utf8)
        #expect(text.components(separatedBy: "<measure ").count == 2)
        let outcome = try C.run(["export", score.path, "-o", output.path, "--movement", "3"])
        #expect(outcome.status == 1)
        #expect(outcome.errors == "jianpu: \(score.path) has 2 movement(s): --movement must be 1 to 2\n")
    }
}
