import Foundation
import JianpuCore
import Testing

@testable import JianpuChordPad

/// The tunings and chord-formula files chordpad reads: bad lines are reported where they are.
@Suite("chordpad's tunings and chord files")
struct TableFileTests {
    static func file(_ name: String, _ bytes: [UInt8]) throws -> String {
        let path = NSTemporaryDirectory() + "chordpad-\(UUID().uuidString.prefix(8))-\(name)"
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        return path
    }

    @Test("a bad note and a duplicate tuning are warnings at file:line:column; the good lines are used")
    func badTuningLines() throws {
        let path = try Self.file("tunings.txt", Array("DMajor: C#, D, E, F#, G, A, B\nHMajor: H#, D, E, F#, G, A, B\nDMajor: C#, D, E, F#, G, A, B\n".utf8))
        let (tunings, warnings) = try ChordPadSession.loadTunings(file: path)
        #expect(tunings.map(\.name) == ["DMajor"])
        #expect(warnings.count >= 2)
        #expect(warnings.allSatisfy { $0.severity == .warning && $0.message.hasSuffix("; the line is left out") })
        #expect(warnings.contains { $0.location.line == 2 && $0.location.file == path })
        #expect(warnings.contains { $0.location.line == 3 && $0.message.contains("duplicate tuning 'DMajor'") })
    }

    @Test("no usable chord formula is located in the file")
    func noUsableFormula() throws {
        let path = try Self.file("chords.txt", Array("Minor: 4, 8\n".utf8))
        do {
            _ = try ChordPadSession.loadFormulas(file: path)
            Issue.record("a file with no usable formula must be refused")
        } catch let diagnostics as Diagnostics {
            #expect(diagnostics.all.contains { $0.location.file == path && $0.message.hasPrefix("no usable chord formula") })
            #expect(diagnostics.all.contains { $0.location.line == 1 && $0.location.column > 1 })
        }
    }

    @Test("a pipe or a device as a tunings or chords file is refused as such, never read", arguments: ["fifo", "/dev/zero"])
    func notARegularFile(kind: String) throws {
        var path = kind
        if kind == "fifo" {
            path = NSTemporaryDirectory() + "chordpad-\(UUID().uuidString.prefix(8))-tunings.fifo"
            #expect(mkfifo(path, 0o600) == 0)
        }
        for load in [{ _ = try ChordPadSession.loadTunings(file: path) }, { _ = try ChordPadSession.loadFormulas(file: path) }] {
            do {
                try load()
                Issue.record("\(path) must be refused")
            } catch let diagnostics as Diagnostics {
                #expect(diagnostics.all.map(\.message) == ["is not a regular file (a pipe or a device): expected a text file"])
            }
        }
    }

    @Test("a file that is not UTF-8 says so, not 'check the path'", arguments: ["tunings", "chords"])
    func notUTF8(kind: String) throws {
        let path = try Self.file("\(kind).txt", Array("Minor: 1, 4, 8\n".utf8) + [0xC3, 0x28, 0x0A])
        do {
            if kind == "tunings" { _ = try ChordPadSession.loadTunings(file: path) } else { _ = try ChordPadSession.loadFormulas(file: path) }
            Issue.record("bad UTF-8 must be refused")
        } catch let diagnostics as Diagnostics {
            #expect(diagnostics.all.map(\.description) == ["\(path):2:1: the file is not UTF-8 text: save it as UTF-8"])
        }
    }
}
