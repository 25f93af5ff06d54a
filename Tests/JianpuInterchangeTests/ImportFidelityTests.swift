import Foundation
import JianpuCore
import JianpuNotation
import JianpuPerformance
import Subprocesses
import Testing

@testable import JianpuInterchange

/// Scores as notation programs write them, imported as a musician would write them: lengths from the notation,
/// bars of the source's own length, parts under their own names, the marks a performer reads.
@Suite("Import fidelity")
struct ImportFidelityTests {
    static let fixtures = PackageFolder.root.appendingPathComponent("Tests/Fixtures/Import")

    static func text(_ name: String) throws -> String {
        let bytes = Array(try Data(contentsOf: fixtures.appendingPathComponent(name)))
        return try #require(try ScoreImporter.convert(bytes, file: name).first).text
    }

    /// Everything our own `check` says of a text: nothing, for an import done right.
    static func diagnostics(_ text: String) -> [Diagnostic] {
        ScoreParser.parse(utf8: Array(text.utf8), file: "imported.jp").diagnostics
    }

    @Test("triplets stored as rounded durations (85, 85, 86 of 256) are read as the triplets the notes' types say")
    func roundedTupletDurations() throws {
        let text = try Self.text("triplets-rounded.musicxml")
        #expect(text.contains("3[ q1 q2 q3 ] 4 | 3[ s5 s6 s5 s4 s3 s2 ] 1 \\fermata |"), "\(text)")
        #expect(Self.diagnostics(text).isEmpty, "\(Self.diagnostics(text))")
    }

    @Test("a phrase-end bar of 3 beats in 4/4 is a 3/4 bar, and the padded last bar makes up for the pickup")
    func irregularBarsAndPickup() throws {
        let text = try Self.text("chorale.musicxml")
        #expect(text.contains("4/4,4\n5 | 1' 7 6 - \\fermata | 3/4 5 - 6 \\fermata | 4/4 7 1' 2' 7 |\n1' - - \\fermata |"), "\(text)")
        #expect(Self.diagnostics(text).isEmpty, "\(Self.diagnostics(text))")
    }

    @Test("slips of the source are read as its page reads: lengths from note types, one dot too many, `:|:` on the right, playback-only notes")
    func sourceSlips() throws {
        // Apart from the fixtures import-check measures: music21 times this source by its durations, not its page.
        let slips = PackageFolder.root.appendingPathComponent("Tests/Fixtures/ImportSlips/source-slips.musicxml")
        let bytes = Array(try Data(contentsOf: slips))
        let imported = try #require(try ScoreImporter.convert(bytes, file: "source-slips.musicxml").first)
        // Bar 1: divisions 17 with quavers stored as 8 still fill a 6/8 bar; bar 2 loses the dot that overfills it;
        // bar 2's right-hand forward sign starts the repeat at bar 3; bar 3's written-out trill, not printed, is left out.
        #expect(imported.text.contains("q1 2 3 4 5 6 | 1' 7 6 5 4 3 | R{ c2. 1. | q3 2 1 2 3 4 } |"), "\(imported.text)")
        #expect(Self.diagnostics(imported.text).isEmpty, "\(Self.diagnostics(imported.text))")
        let said = imported.warnings.map(\.description)
        #expect(said.contains { $0.contains("measure 2") && $0.contains("written without its dot") }, "\(said)")
        #expect(said.contains { $0.contains("9 notes the source does not print") }, "\(said)")
    }

    @Test("a tuplet inside a tuplet stays in the outer one, its notes rounded so that the outer one adds up")
    func nestedTuplets() throws {
        let file = PackageFolder.root.appendingPathComponent("Tests/Fixtures/ImportSlips/nested-tuplets.musicxml")
        let imported = try #require(try ScoreImporter.convert(Array(try Data(contentsOf: file)), file: "nested-tuplets.musicxml").first)
        #expect(imported.text.contains("3[ 1 s2. s3 s4. 5 ] 6 0 |"), "\(imported.text)")
        #expect(Self.diagnostics(imported.text).isEmpty, "\(Self.diagnostics(imported.text))")
        #expect(imported.warnings.contains { $0.message.contains("a tuplet inside a tuplet") })
    }

    @Test("parts are named as the source names them, and voices sing whatever program the file gives")
    func partNamesAndSounds() throws {
        let text = try Self.text("chorale.musicxml")
        #expect(text.contains("instrument=Soprano\n"))
        #expect(text.contains("instrument=Bass\nLP:\n\\set Staff.midiInstrument = #\"choir aahs\"\n:LP\n"), "\(text)")
        let movement = try #require(ScoreParser.parse(utf8: Array(text.utf8), file: "c.jp").score.movements.first)
        let timeline = Flattener.timeline(of: movement)
        #expect(timeline.parts.map(\.program) == [52, 52])
        #expect(movement.parts.map(\.instrument) == ["Soprano", "Bass"])
    }

    @Test("a piano's second voice that shares the first's rhythm becomes chords; its staves share the name")
    func pianoVoicesAndStaves() throws {
        let text = try Self.text("piano-voices.musicxml")
        let parts = text.components(separatedBy: "NextPart")
        #expect(parts.count == 3)
        #expect(parts[0].contains("instrument=Pianoforte") && parts[1].contains("instrument=Pianoforte"))
        #expect(parts[0].contains("'1'3 \\p \\staccato \\< 7'2 | 1' \\accent \\! - |"), "\(text)")
        #expect(Self.diagnostics(text).isEmpty, "\(Self.diagnostics(text))")
    }

    @Test("a name that implies no instrument keeps the source's program as LilyPond's midiInstrument, which we play")
    func soundApartFromName() throws {
        let text = try Self.text("piano-voices.musicxml")
        #expect(text.contains("instrument=Melodica\nLP:\n\\set Staff.midiInstrument = #\"flute\"\n:LP\n"), "\(text)")
        let movement = try #require(ScoreParser.parse(utf8: Array(text.utf8), file: "p.jp").score.movements.first)
        #expect(movement.parts.last?.sound == "flute")
        #expect(Flattener.timeline(of: movement).parts.last?.program == 73)
    }

    @Test("an ABC tune's short bar is a bar of its own meter, and its decorations are carried over")
    func abcIrregularBar() throws {
        let text = try Self.text("irregular.abc")
        #expect(text.contains("q1 2 3 4 | 3/8 5 6 7 | 2/4 c1' 1' | 1 - \\fermata |"), "\(text)")
        #expect(Self.diagnostics(text).isEmpty, "\(Self.diagnostics(text))")
    }

    @Test(
        "part names say the instrument in the languages scores are written in",
        arguments: [
            ("Violino I", 40), ("Violin 2", 40), ("Viola", 41), ("Violoncello", 42), ("Sopran", 52), ("Alto", 52), ("Tenor", 52),
            ("Gesang", 53), ("Singstimme", 53), ("Pianoforte", 0), ("Klavier", 0), ("Flauto", 73), ("Fagotto", 70), ("Corno in F", 60),
        ])
    func partNameImpliesProgram(name: String, program: Int) {
        #expect(GeneralMIDI.program(forPartName: name) == program)
    }

    @Test("placeholder names are not printed", arguments: ["MusicXML Part", "P1", "Part 2", "Track 3", "", "1"])
    func placeholderNames(name: String) {
        #expect(!JianpuTextWriter.isPrintableName(name))
    }

    @Test("the source's systems are the text's lines, and chords= breaks where they do")
    func systemsAreLines() throws {
        let measure = { (number: Int, system: Bool) -> String in
            (system ? "<print new-system=\"yes\"/>" : "") + "<harmony><root><root-step>C</root-step></root></harmony>"
                + "<note><pitch><step>C</step><octave>4</octave></pitch><duration>4</duration><voice>1</voice><type>whole</type></note>"
        }
        var measures = ""
        for number in 1...6 {
            let attributes = number == 1 ? "<attributes><divisions>1</divisions><time><beats>4</beats><beat-type>4</beat-type></time></attributes>" : ""
            measures += "<measure number=\"\(number)\">\(attributes)\(measure(number, number == 4))</measure>"
        }
        let xml =
            "<?xml version=\"1.0\"?><score-partwise><part-list><score-part id=\"P1\"><part-name>Flute</part-name></score-part></part-list>"
            + "<part id=\"P1\">\(measures)</part></score-partwise>"
        let text = try #require(try ScoreImporter.convert(Array(xml.utf8), file: "s.musicxml").first).text
        #expect(text.contains("chords=\nc1 c1 c1\nc1 c1 c1\n\n"), "\(text)")
        #expect(text.contains("1 - - - | 1 - - - | 1 - - - |\n1 - - - | 1 - - - | 1 - - - |"), "\(text)")
        #expect(Self.diagnostics(text).isEmpty, "\(Self.diagnostics(text))")
    }

    static func single(_ measures: String, divisions: Int) throws -> String {
        let xml =
            "<?xml version=\"1.0\"?><score-partwise><part-list><score-part id=\"P1\"><part-name>Violino I</part-name></score-part></part-list>"
            + "<part id=\"P1\"><measure number=\"1\"><attributes><divisions>\(divisions)</divisions><time><beats>4</beats><beat-type>4</beat-type></time></attributes>"
            + measures + "</measure></part></score-partwise>"
        return try #require(try ScoreImporter.convert(Array(xml.utf8), file: "v.musicxml").first).text
    }

    @Test("a note without a type, stretched by a performance (2966 of 3072), is held to the nearest 64th and the bar adds up")
    func stretchedTypelessNote() throws {
        let text = try Self.single(
            "<note><pitch><step>F</step><octave>5</octave></pitch><duration>2966</duration><voice>1</voice></note>"
                + "<note><pitch><step>F</step><octave>4</octave></pitch><duration>96</duration><voice>1</voice><type>32nd</type></note>"
                + "<note><rest/><duration>3</duration><voice>1</voice><type>1024th</type></note>", divisions: 768)
        #expect(Self.diagnostics(text).isEmpty, "\(Self.diagnostics(text))\n\(text)")
        #expect(text.contains("d4 |"), "\(text)")
    }

    @Test("a chord note without a voice of its own joins its note's voice, not voice 1")
    func chordNoteKeepsItsVoice() throws {
        let text = try Self.single(
            "<note><pitch><step>C</step><octave>5</octave></pitch><duration>4</duration><voice>1</voice><type>whole</type><staff>1</staff></note>"
                + "<backup><duration>4</duration></backup>"
                + "<note><pitch><step>C</step><octave>3</octave></pitch><duration>4</duration><voice>3</voice><type>whole</type><staff>2</staff></note>"
                + "<note><chord/><pitch><step>G</step><octave>3</octave></pitch><duration>4</duration><type>whole</type><staff>2</staff></note>", divisions: 1)
        let parts = text.components(separatedBy: "NextPart")
        #expect(parts.count == 2)
        #expect(parts[0].contains("1' - - - |"), "\(text)")
        #expect(parts[1].contains("1,5, - - - |") || parts[1].contains(",1,5 - - - |"), "\(text)")
    }
}
