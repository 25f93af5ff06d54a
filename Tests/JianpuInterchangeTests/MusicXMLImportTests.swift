import Foundation
import JianpuCore
import JianpuNotation
import Subprocesses
import Testing

@testable import JianpuInterchange

/// MusicXML read into the imported model and written as jianpu text that our own parser reads cleanly.
@Suite("MusicXML import")
struct MusicXMLImportTests {
    static let fixtures = PackageFolder.root.appendingPathComponent("Tests/Fixtures/MusicXML")

    static func fixture(_ name: String) throws -> [UInt8] {
        Array(try Data(contentsOf: fixtures.appendingPathComponent(name)))
    }

    static func text(_ name: String) throws -> String {
        let results = try ScoreImporter.convert(try fixture(name), file: name)
        return try #require(results.first).text
    }

    @Test(
        "every fixture imports to text our parser reads without an error",
        arguments: ["melody.musicxml", "voices.musicxml", "voices-timewise.musicxml", "transpose.musicxml", "repeats.musicxml", "minor-changes.musicxml"])
    func importsToParsableText(name: String) throws {
        let text = try Self.text(name)
        let (score, diagnostics) = ScoreParser.parse(utf8: Array(text.utf8), file: name)
        #expect(!score.movements.isEmpty)
        #expect(diagnostics.filter { $0.severity == .error }.isEmpty, "\(diagnostics)\n\(text)")
    }

    @Test("a melody keeps its headers, key, pickup, tempo, slur, dynamic, tuplet, grace, chord, tie and lyrics")
    func melodyCarriesItsMarks() throws {
        let text = try Self.text("melody.musicxml")
        // q7 is under the slur from 1'.: a melisma, which takes no syllable and so no `_` slot (a `_` would move
        // "py" onto the note after 6, as LilyPond sings jianpu-ly's lyrics).
        for expected in [
            "title=Little Tune", "composer=Anon", "poet=Someone", "instrument=Flute", "1=G", "3/4,4", "4=96",
            "1'. ( q7 ) 6 \\mf", "#4' - ~ #4'", "3[ 5' 6' 5' ]", "g[q'2] '1'3 -", "L: Oh hap- py day",
            "chords=\ns4 g2. d1.:7\nd2:7\n\n",
        ] {
            #expect(text.contains(expected), "missing \(expected) in\n\(text)")
        }
    }

    // A value in a grace group holds for the graces after it (jianpu-ly's reading): one that differs is written.
    @Test(
        "grace groups come back with a value written only where it changes",
        arguments: [("1 g[q34] 1 - - |", "g[q34]"), ("1 g[q3s4] 1 - - |", "g[q3s4]"), ("1 g[34] 1 - - |", "g[34]"), ("1 g[3q4] 1 - - |", "g[3q4]")])
    func graceValuesRoundTrip(source: String, written: String) throws {
        let (xml, _, _) = try MusicXMLExport.export("4/4\n" + source)
        let text = try #require(try ScoreImporter.convert(Array(xml.utf8), file: "t.musicxml").first).text
        #expect(text.contains(written), "\(text)")
    }

    @Test("a voice that moves apart from its staff's first voice and the staves of a piano become parts of their own")
    func voicesBecomeParts() throws {
        let score = try MusicXMLReader.read(xml: try Self.fixture("voices.musicxml"), file: "voices.musicxml")
        #expect(score.parts.map(\.name) == ["Piano", "Piano, voice 2", "Piano"])
        #expect(score.parts.allSatisfy { $0.measures.count == 2 })
        let text = try Self.text("voices.musicxml")
        #expect(text.components(separatedBy: "NextPart").count == 3)
        #expect(text.contains("1' 7 0 0 |"))
    }

    @Test("a timewise score reads as its partwise twin")
    func timewiseEqualsPartwise() throws {
        #expect(try Self.text("voices-timewise.musicxml") == (try Self.text("voices.musicxml")))
    }

    @Test("a transposing instrument is written at concert pitch, in the concert key")
    func transposeSoundsRight() throws {
        let score = try MusicXMLReader.read(xml: try Self.fixture("transpose.musicxml"), file: "t")
        #expect(score.parts[0].measures[0].events[0].pitches[0].pitch.midiNumber == 72)
        #expect(score.parts[0].measures[0].key == ImportedKey(fifths: 0))
        #expect(try Self.text("transpose.musicxml").contains("1=C\n2/4\n1' 3' | 5' - |"))
    }

    @Test("repeats and endings become R{ } A{ | }, a repeat played three times R3{")
    func repeatsAndEndings() throws {
        let text = try Self.text("repeats.musicxml")
        // The first ending's two bars parted as jianpu-ly parts bars inside an ending, where `|` starts the next one.
        #expect(text.contains("1 - | R{ 2 3 } A{ 4 - \\bar \"|\" 3 - |\n5 - } | R3{ 6 5 } | 1 - |"), "\(text)")
    }

    @Test("a minor key is written 6=X, with key, meter and tempo changes, whole-bar rests as R*n")
    func minorKeyAndChanges() throws {
        let text = try Self.text("minor-changes.musicxml")
        // Bar 5 holds 9/8 (its G lasts longer than its dotted crotchet says): a bar of its own meter, then 6/8 again.
        #expect(text.contains("6=E\n3/4\n4=72\n6, q#5, q6, 3, | R*3 | 1=Eb 9/8 4.=60 1,. 3, - ~ q3, q4, | 6/8 5, - - |"), "\(text)")
    }

    @Test(
        "the key's own spelling and octaves relative to its 1",
        arguments: [
            (1, 66, "7"), (1, 61, "#4"), (0, 70, "b7"), (-2, 58, "1"), (0, 60, "1"), (0, 48, "1,"), (1, 55, "1"), (1, 67, "1'"),
        ])
    func spelling(fifths: Int, midi: Int, expected: String) {
        let key = JianpuKeySpelling(ImportedKey(fifths: fifths))
        #expect(key.noteText(ImportedPitch(pitch: Pitch(midiNumber: midi))) == expected)
    }

    @Test("the format is told by content, not the name")
    func detectsFormats() {
        #expect(ImportFormat.detect(Array("<?xml version=\"1.0\"?>\n<!-- x -->\n<score-partwise>".utf8), name: "a.txt") == .musicXML)
        #expect(ImportFormat.detect(Array("<score-timewise version=\"3.1\">".utf8)) == .musicXML)
        #expect(ImportFormat.detect([0x50, 0x4B, 0x03, 0x04, 0]) == .compressedMusicXML)
        #expect(ImportFormat.detect(Array("MThd\0\0\0\u{6}".utf8)) == .midi)
        #expect(ImportFormat.detect(Array("X:1\nT:Song\nK:G\nGAB|".utf8), name: "song.xml") == .abc)
        #expect(ImportFormat.detect(Array("<html></html>".utf8), name: "a.musicxml") == nil)
        #expect(ImportFormat.detect(Array("% a book of airs\n%\nX:1\nT:Air\nK:D\nA<B c>d|".utf8), name: "book.abc") == .abc)
        #expect(ImportFormat.detect(Array("%%abc\n% <b>notes</b>\nX:2\nK:G\nG2|".utf8)) == .abc)
    }
}
