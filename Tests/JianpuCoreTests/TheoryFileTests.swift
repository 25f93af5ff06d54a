import Foundation
import Testing

@testable import JianpuCore

@Suite("Tunings and chord-formula files")
struct TheoryFileTests {
    /// A file of the package, found from this source file's place.
    static func packageFile(_ path: String) throws -> String {
        let tests = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        let root = tests.deletingLastPathComponent().deletingLastPathComponent()
        return try String(contentsOf: root.appendingPathComponent(path), encoding: .utf8)
    }

    @Test func shippedTuningsLoadAsTheStandardList() throws {
        let (tunings, diagnostics) = TuningsFile.parse(text: try Self.packageFile("Tunings/tunings.txt"), file: "tunings.txt")
        #expect(diagnostics == [])
        #expect(tunings == Tuning.standard)
        #expect(tunings.first { $0.name == "DMajor" }?.description == "DMajor: C#, D, E, F#, G, A, B")
        #expect(tunings.first { $0.name == "DMajor" }?.key.tonic == NoteName(.d))
    }

    @Test func shippedChordsLoadAsTheStandardList() throws {
        let (formulas, diagnostics) = ChordFormulasFile.parse(text: try Self.packageFile("Chords/chords.txt"), file: "chords.txt")
        #expect(diagnostics == [])
        #expect(formulas == ChordFormula.standard)
        #expect(formulas.first?.description == "Major: 1, 5, 8")
    }

    @Test("thesis property lists", arguments: ["Tunings/tunings.plist", "Tunings/tunings.xml.plist"])
    func propertyLists(path: String) throws {
        let (tunings, diagnostics) = TuningsFile.parse(text: try Self.packageFile(path), file: path)
        #expect(diagnostics == [])
        #expect(tunings.map(\.name) == ["CMajor", "GMajor", "DMajor", "FMajor", "AMinor", "EMinor", "DDorian"])
        for tuning in tunings {
            #expect(tuning.key == Key(name: tuning.name))
        }
    }

    @Test func tuningDiagnostics() {
        let text = """
            # tunings with problems
            DMajor: C#, D, E, F#, G, A, B
            EMajor C#, D#, E, F#, G#, A, B
            DMajor: C#, D, E, F#, G, A, B
            AMinor: A, B, C, D, E, F, H
            GMajor: G, A, B, C, D, E
            FMajor: F, G, A, Bb, C, D, E, 
            HMajor: C, D, E, F, G, A, B
            CMajor: C, D, E, F#, G, A, B
            BbMajor: C, D, Eb, F, G, A, A#
            CBlues: C, D, Eb, F, G, A, Bb
            EMinor: E, F#, G, A, B, C, Gb
            : C, D
            GMajor:
            """
        let (tunings, diagnostics) = TuningsFile.parse(text: text, file: "t.txt")
        #expect(tunings.map(\.name) == ["DMajor", "BbMajor", "CBlues"])
        #expect(tunings.last?.key.mode == .dorian)
        let modes = Scale.Kind.heptatonic.map(\.tuningName).joined(separator: ", ")
        #expect(
            diagnostics.map(\.description) == [
                "t.txt:3:7: expected ':' after 'EMajor'",
                "t.txt:4:1: duplicate tuning 'DMajor' (first at line 2)",
                "t.txt:5:27: unknown note name 'H'",
                "t.txt:6:1: 'GMajor' lists 6 notes; a tuning needs 7",
                "t.txt:7:30: empty entry (two commas, or a comma at the end)",
                "t.txt:8:1: tuning name 'HMajor' does not start with its tonic (e.g. DMajor)",
                "t.txt:9:18: 'F#' is not a note of C major (C D E F G A B)",
                "t.txt:10:29: warning: 'A#' is spelled Bb in Bb major",
                "t.txt:11:1: warning: unknown mode 'Blues' in 'CBlues' (known: \(modes)); its notes are used as listed",
                "t.txt:12:28: 'Gb' sounds the same as 'F#'; a tuning needs 7 different notes",
                "t.txt:13:1: missing name before ':'",
                "t.txt:14:8: no entries after 'GMajor:'",
            ])
    }

    @Test func tonicMustBeListed() {
        let (tunings, diagnostics) = TuningsFile.parse(text: "DMajor: C#, E, F#, G, A, B, C\n", file: "t.txt")
        #expect(tunings.isEmpty)
        #expect(
            diagnostics.map(\.description) == [
                "t.txt:1:1: the tonic D of 'DMajor' is not among its notes",
                "t.txt:1:29: 'C' is not a note of D major (D E F# G A B C#)",
            ])
    }

    @Test func propertyListDiagnostics() {
        let text = """
            {
                DMajor = ("C#", D, E, "F#", G, A);
                Odd = (C, D, E, F, G, A, B);
                "EMajor" = "E";
                GMajor = (C, D, E, "Fx#", G, A, B);
                AMinor = (A, B, C, D, E, F, "G#");
            }
            """
        let (tunings, diagnostics) = TuningsFile.parse(text: text, file: "p.plist")
        #expect(tunings.isEmpty)
        #expect(
            diagnostics.map(\.description) == [
                "p.plist:2:5: 'DMajor' lists 6 notes; a tuning needs 7",
                "p.plist:3:5: tuning name 'Odd' does not start with its tonic (e.g. DMajor)",
                "p.plist:4:6: 'EMajor' must be an array of note names",
                "p.plist:5:25: unknown note name 'Fx#'",
                "p.plist:6:34: 'G#' is not a note of A natural minor (A B C D E F G)",
            ])
        let (_, broken) = TuningsFile.parse(text: "{ DMajor = (C#, ", file: "b.plist")
        #expect(broken.count == 1)
        // Located where the reading stopped: the bare `#` of C# (a note with # must be quoted).
        #expect(broken.first?.location == SourceLocation(file: "b.plist", line: 1, column: 14))
        #expect(broken.first?.message.hasPrefix("not a readable property list: ") == true)
    }

    @Test func chordDiagnostics() {
        let text = """
            # chords with problems
            Minor: 1, 4, 8
            Major 1, 5, 8
            Minor: 1, 4, 8
            Seventh: 1, 5, x, 11
            Wide: 1, 5, 30
            Rootless: 5, 8, 12
            Falling: 1, 8, 5
            Single: 1
            Two Words: 1, 5
            Minor2: 1, 4, 8
            """
        let (formulas, diagnostics) = ChordFormulasFile.parse(text: text, file: "c.txt")
        #expect(formulas.map(\.name) == ["Minor", "Minor2"])
        #expect(formulas.last?.symbolSuffix == "Minor2")
        #expect(
            diagnostics.map(\.description) == [
                "c.txt:3:6: expected ':' after 'Major'",
                "c.txt:4:1: duplicate chord type 'Minor' (first at line 2)",
                "c.txt:5:16: 'x' is not a number",
                "c.txt:6:13: 30 is out of range 1…25 (1 is the root)",
                "c.txt:7:11: a chord formula starts with 1 (the root), not 5",
                "c.txt:8:16: 5 does not rise above 8; the numbers must rise",
                "c.txt:9:1: 'Single' has 1 note; a chord needs at least 2",
                "c.txt:10:1: chord type name 'Two Words' must be one word of letters and digits, starting with a letter",
                "c.txt:11:1: warning: 'Minor2' has the same notes as 'Minor'",
            ])
    }

    @Test func windowsLineEndingsAndUnicode() {
        let (tunings, diagnostics) = TuningsFile.parse(text: "\u{FEFF}DMajor: C♯, D, E, F♯, G, A, B\r\nGMajor: C, D, E, F#, G, A, B\r\n", file: "w.txt")
        #expect(diagnostics == [])
        #expect(tunings.map(\.name) == ["DMajor", "GMajor"])
    }
}
