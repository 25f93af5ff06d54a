import Foundation
import JianpuCore
import Testing

@testable import JianpuInterchange

#if canImport(FoundationXML)
import FoundationXML
#endif

@Suite("MusicXML export: what each construct becomes")
struct MusicXMLExportTests {
    typealias X = MusicXMLExport

    @Test("parts keep their names, General MIDI programs and channels; a low part gets a bass clef")
    func partsAndInstruments() throws {
        let (_, document, _) = try X.export("instrument=Flute\n1 2 3 4\nNextPart\ninstrument=Cello\n1,, 5,,, 1,, 5,,,\n")
        #expect(try X.values(document, "//score-part/part-name") == ["Flute", "Cello"])
        #expect(try X.values(document, "//midi-instrument/midi-program") == ["74", "43"])
        #expect(try X.values(document, "//midi-instrument/midi-channel") == ["1", "2"])
        #expect(try X.values(document, "//part[@id='P1']//clef/sign") == ["G"])
        #expect(try X.values(document, "//part[@id='P2']//clef/sign") == ["F"])
    }

    @Test(
        "keys become fifths and mode; pitches sound as played, spelled on the key's own letters",
        arguments: [
            ("1=G\n1 #4 4 7", "1", "major", ["G3", "C#4", "C4", "F#4"]),
            ("1=F\n1 4 b7 #1", "-1", "major", ["F4", "Bb4", "Eb5", "F#4"]),
            ("6=E\n6 7 1' #5", "1", "minor", ["E4", "F#4", "G4", "D#4"]),
            ("1=Bb\n1 3 b3 5", "-2", "major", ["Bb3", "D4", "Db4", "F4"]),
            ("1=C\n1' 5, #2 b6", "0", "major", ["C5", "G3", "D#4", "Ab4"]),
        ])
    func keysAndSpelling(text: String, fifths: String, mode: String, pitches: [String]) throws {
        let (_, document, _) = try X.export(text)
        #expect(try X.values(document, "//key/fifths") == [fifths])
        #expect(try X.values(document, "//key/mode") == [mode])
        let notes = try document.nodes(forXPath: "//note/pitch").compactMap { $0 as? XMLElement }.map { pitch in
            let step = pitch.elements(forName: "step").first?.stringValue ?? ""
            let alter = Int(pitch.elements(forName: "alter").first?.stringValue ?? "0") ?? 0
            return step + (alter > 0 ? String(repeating: "#", count: alter) : String(repeating: "b", count: -alter)) + (pitch.elements(forName: "octave").first?.stringValue ?? "")
        }
        #expect(notes == pitches)
    }

    @Test("meters and their changes are written where they take effect; a pickup is measure 0")
    func metersAndPickup() throws {
        let (_, document, _) = try X.export("3/4,4\n5 | 1 2 3 | 4/4\n1 2 3 4 |\n")
        #expect(try X.values(document, "//measure/@number") == ["0", "1", "2"])
        #expect(try X.values(document, "//measure[@number='0']/@implicit") == ["yes"])
        #expect(try X.values(document, "//time/beats") == ["3", "4"])
        #expect(try X.values(document, "//measure[@number='2']//time/beat-type") == ["4"])
    }

    @Test(
        "a tempo is a metronome mark and a sound tempo in quarter notes",
        arguments: [
            ("4=96\n1 2 3 4", "quarter", 0, "96", "96"),
            ("6/8\n4.=60\n1 2 3 4 5 6", "quarter", 1, "60", "90"),
            ("2=50\n1 2 3 4", "half", 0, "50", "100"),
        ])
    func tempo(text: String, unit: String, dots: Int, perMinute: String, quarters: String) throws {
        let (_, document, _) = try X.export(text)
        #expect(try X.values(document, "//metronome/beat-unit") == [unit])
        #expect(try document.nodes(forXPath: "//metronome/beat-unit-dot").count == dots)
        #expect(try X.values(document, "//metronome/per-minute") == [perMinute])
        #expect(try X.values(document, "//sound/@tempo") == [quarters])
    }

    @Test(
        "lengths become note types and dots; dashes lengthen the note they follow",
        arguments: [
            ("q1 q2 s3 s4 s5 s6 1. q2", ["eighth", "eighth", "16th", "16th", "16th", "16th", "quarter", "eighth"], [0, 0, 0, 0, 0, 0, 1, 0]),
            ("1 - 2 -", ["half", "half"], [0, 0]),
            ("1 - - 2", ["half", "quarter"], [1, 0]),
            ("1 - - -", ["whole"], [0]),
            ("d1 d1 d1 d1 d1 d1 d1 d1 2 3 4", ["32nd", "32nd", "32nd", "32nd", "32nd", "32nd", "32nd", "32nd", "quarter", "quarter", "quarter"], [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0]),
        ])
    func typesAndDots(text: String, types: [String], dots: [Int]) throws {
        let (_, document, _) = try X.export(text)
        let notes = try document.nodes(forXPath: "//note").compactMap { $0 as? XMLElement }
        #expect(notes.map { $0.elements(forName: "type").first?.stringValue ?? "" } == types)
        #expect(notes.map { $0.elements(forName: "dot").count } == dots)
    }

    @Test("a tie joins two notes; a note across a bar line is split there and tied")
    func ties() throws {
        let (_, written, _) = try X.export("1 ~ 1 2 3")
        #expect(try X.values(written, "//note[1]/tie/@type") == ["start"])
        #expect(try X.values(written, "(//note)[2]/tie/@type") == ["stop"])
        #expect(try X.values(written, "(//note)[2]/notations/tied/@type") == ["stop"])
        let (_, split, _) = try X.export("2/4\n1 2 - 3")
        let measures = try split.nodes(forXPath: "//measure").compactMap { $0 as? XMLElement }
        #expect(measures.count == 2)
        #expect(try X.values(split, "//measure[1]/note[2]/tie/@type") == ["start"])
        #expect(try X.values(split, "//measure[2]/note[1]/tie/@type") == ["stop"])
        #expect(try X.values(split, "//measure/note/type") == ["quarter", "quarter", "quarter", "quarter"])
    }

    @Test("a triplet is a time modification on each note and a bracket from the first to the last")
    func tuplets() throws {
        let (_, document, _) = try X.export("3[ q1 q2 q3 ] 3[ 1 q2 ] 2 -")
        #expect(try X.values(document, "//note/time-modification/actual-notes") == ["3", "3", "3", "3", "3"])
        #expect(try X.values(document, "//note/time-modification/normal-notes") == ["2", "2", "2", "2", "2"])
        #expect(try X.values(document, "//note/notations/tuplet/@type") == ["start", "stop", "start", "stop"])
        #expect(try X.values(document, "//note/type") == ["eighth", "eighth", "eighth", "quarter", "eighth", "half"])
        // Three quavers of a triplet take a crotchet: 2 divisions each at 6 a quarter... whatever the divisions, they add up.
        let divisions = try X.values(document, "//divisions").first.flatMap { Int($0) } ?? 0
        let durations = try X.values(document, "//note/duration").compactMap { Int($0) }
        #expect(durations.prefix(3).reduce(0, +) == divisions)
    }

    @Test("nested tuplets multiply their time modifications; a tuplet may start with a rest")
    func nestedTuplets() throws {
        let (_, document, _) = try X.export("3[ 3[ q1 q2 q3 ] 2 3 ] 3[ q0 q4 q5 ] 6 |")
        #expect(try X.values(document, "//note/time-modification/actual-notes") == ["9", "9", "9", "3", "3", "3", "3", "3"])
        #expect(try X.values(document, "//note/time-modification/normal-notes") == ["4", "4", "4", "2", "2", "2", "2", "2"])
        #expect(try X.values(document, "//note[rest]/notations/tuplet/@type") == ["start"])
        #expect(try X.values(document, "(//note)[1]/notations/tuplet/@number") == ["1", "2"])
    }

    @Test("grace notes have no duration and come before their note")
    func graceNotes() throws {
        let (_, document, _) = try X.export("1 g[2] 3 g[q4] 6 7")
        let notes = try document.nodes(forXPath: "//note").compactMap { $0 as? XMLElement }
        #expect(notes.map { $0.elements(forName: "grace").isEmpty ? "n" : "g" } == ["n", "g", "n", "g", "n", "n"])
        #expect(notes.filter { !$0.elements(forName: "grace").isEmpty }.map { $0.elements(forName: "type").first?.stringValue ?? "" } == ["16th", "eighth"])
    }

    @Test("a chord is notes at one time, the second and later marked <chord/>")
    func chords() throws {
        let (_, document, _) = try X.export("135 2 ,5'1 4")
        let notes = try document.nodes(forXPath: "//note").compactMap { $0 as? XMLElement }
        #expect(notes.map { $0.elements(forName: "chord").count } == [0, 1, 1, 0, 0, 1, 0])
        #expect(try X.values(document, "//note/pitch/step") == ["C", "E", "G", "D", "G", "C", "F"])
    }

    @Test("lyrics: syllables joined by hyphens are begin/middle/end, `_` holds a syllable over the next note")
    func lyrics() throws {
        let (_, document, _) = try X.export("1 2 3 4 | 5 6 5 - |\nL: Hal- le- lu- jah a _\nL: one two three four five six")
        #expect(try X.values(document, "//lyric[@number='1']/text") == ["Hal", "le", "lu", "jah", "a"])
        #expect(try X.values(document, "//lyric[@number='1']/syllabic") == ["begin", "middle", "middle", "end", "single"])
        #expect(try X.values(document, "//lyric[@number='1'][extend]/text") == ["a"])
        #expect(try X.values(document, "//lyric[@number='2']/text") == ["one", "two", "three", "four", "five", "six"])
    }

    @Test("a slur is a melisma, as on the page: its later notes sing no syllable and the one before is extended")
    func slurMelisma() throws {
        let (_, document, _) = try X.export("1 2 ( 3 4 ) | 5 6 5 - |\nL: one two three four five")
        #expect(try X.values(document, "//lyric/text") == ["one", "two", "three", "four", "five"])
        #expect(try X.values(document, "//lyric[extend]/text") == ["two"])
        #expect(try document.nodes(forXPath: "(//note)[3]/lyric").isEmpty && document.nodes(forXPath: "(//note)[4]/lyric").isEmpty)
    }

    @Test("Chinese lyrics are a syllable per character, and a tied note sings none")
    func chineseLyrics() throws {
        let (_, document, _) = try X.export("1 2 ~ 2 3\nH: 你好吗")
        #expect(try X.values(document, "//lyric/text") == ["你", "好", "吗"])
        #expect(try document.nodes(forXPath: "(//note)[3]/lyric").isEmpty)
    }

    @Test("chords= becomes harmony: root, kind, bass, placed at the note it sounds with")
    func harmony() throws {
        let (_, document, _) = try X.export("chords=c2 g:7 a1:m/c\n1 2 3 4 | 6 - - - |")
        #expect(try X.values(document, "//harmony/root/root-step") == ["C", "G", "A"])
        #expect(try X.values(document, "//harmony/kind") == ["major", "dominant", "minor"])
        #expect(try X.values(document, "//harmony/bass/bass-step") == ["C"])
        #expect(try X.values(document, "//measure[1]/harmony[2]/following-sibling::note[1]/pitch/step") == ["E"])
    }

    @Test("a repeat with two endings: forward and backward repeats, ending 1 stopped, ending 2 discontinued")
    func repeatsAndEndings() throws {
        let (_, document, _) = try X.export("R{ 1 2 3 4 } A{ 5 6 7 1' | 7 6 5 - }\n1 - - - |")
        #expect(try X.values(document, "//barline/repeat/@direction") == ["forward", "backward"])
        #expect(try X.values(document, "//barline/ending/@number") == ["1", "1", "2", "2"])
        #expect(try X.values(document, "//barline/ending/@type") == ["start", "stop", "start", "discontinue"])
        #expect(try X.values(document, "//measure[barline/repeat/@direction='backward']/@number") == ["2"])
    }

    @Test("a passage played four times says so; three passes with two endings number the first ending 1, 2")
    func repeatTimes() throws {
        let (_, four, _) = try X.export("R4{ 1 2 3 4 }")
        #expect(try X.values(four, "//repeat[@direction='backward']/@times") == ["4"])
        let (_, three, _) = try X.export("R3{ 1 2 3 4 } A{ 5 5 5 5 | 6 6 6 6 }")
        #expect(try X.values(three, "//ending[@type='start']/@number") == ["1, 2", "3"])
    }

    @Test("jumps are words readers recognise with their sound: D.C. al Fine, Segno, D.S. al Coda, To Coda and the coda")
    func jumps() throws {
        let (_, dc, _) = try X.export("1 2 3 4 | 5 6 7 1' Fine | 2 2 2 2 | 3 3 3 3 DC")
        #expect(try X.values(dc, "//direction/direction-type/words") == ["Fine", "D.C. al Fine"])
        #expect(try X.values(dc, "//sound/@fine") == ["yes"])
        #expect(try X.values(dc, "//sound/@dacapo") == ["yes"])
        let (_, ds, _) = try X.export("1 1 1 1 | Segno 2 2 2 2 | 3 3 3 3 ToCoda | 4 4 4 4 DS | 5 5 5 5 |")
        #expect(try ds.nodes(forXPath: "//direction-type/segno").count == 1)
        #expect(try X.values(ds, "//direction-type/words") == ["To Coda", "D.S. al Coda"])
        #expect(try X.values(ds, "//sound/@dalsegno") == ["segno"])
        #expect(try X.values(ds, "//measure[direction-type/coda or direction/direction-type/coda]/@number") == ["5"])
    }

    @Test("a dynamic marks the note it is written after, with its loudness")
    func dynamics() throws {
        let (_, document, _) = try X.export("1 \\p 2 3 \\ff 4")
        #expect(try document.nodes(forXPath: "//dynamics/p").count == 1)
        #expect(try document.nodes(forXPath: "//dynamics/ff").count == 1)
        #expect(try X.values(document, "//direction[direction-type/dynamics/ff]/following-sibling::note[1]/pitch/step") == ["E"])
    }

    @Test("bars of rest are whole-measure rests, the first saying how many")
    func multibarRests() throws {
        let (_, document, _) = try X.export("4/4\nR*3 | 1 2 3 4 |")
        #expect(try document.nodes(forXPath: "//rest[@measure='yes']").count == 3)
        #expect(try X.values(document, "//multiple-rest") == ["3"])
        #expect(try X.values(document, "//measure/@number") == ["1", "2", "3", "4"])
    }

    @Test("titles and text are escaped; characters XML forbids are left out with a warning")
    func escaping() throws {
        let (xml, document, warnings) = try X.export("title=Tom & \"Jerry\" <1>\u{01}\ncomposer=A'B\n1 2 3 4")
        #expect(try X.values(document, "//work-title") == ["Tom & \"Jerry\" <1>"])
        #expect(try X.values(document, "//creator[@type='composer']") == ["A'B"])
        #expect(xml.contains("Tom &amp; &quot;Jerry&quot; &lt;1&gt;"))
        #expect(warnings.count == 1)
        #expect(warnings.first?.message.contains("control character") == true)
    }

    @Test("movements follow one another as sections; one can be exported alone")
    func movements() throws {
        let text = "title=One\n3/4\n1 2 3 | 4 5 6 |\nNextScore\ntitle=Two\n1=D\n1 2 3 4 |"
        let (_, all, _) = try X.export(text)
        #expect(try X.values(all, "//measure/@number") == ["1", "2", "3"])
        #expect(try X.values(all, "//time/beats") == ["3", "4"])
        #expect(try X.values(all, "//key/fifths") == ["0", "2"])
        #expect(try X.values(all, "//direction-type/words") == ["Two"])
        let (_, second, _) = try X.export(text, movement: 2)
        #expect(try X.values(second, "//measure/@number") == ["1"])
        #expect(try X.values(second, "//key/fifths") == ["2"])
        #expect(throws: MusicXMLExportError.noSuchMovement(file: "t.jp", count: 2)) { try MusicXMLWriter.document(for: X.score(text), movement: 3) }
    }

    @Test("parts that repeat differently are written out as played, with a warning")
    func differentRepeats() throws {
        let (_, document, warnings) = try X.export("R{ 1 2 3 4 }\nNextPart\n1 1 1 1 | 2 2 2 2 |")
        #expect(try document.nodes(forXPath: "//repeat").isEmpty)
        #expect(try document.nodes(forXPath: "//part[@id='P1']/measure").count == 2)
        #expect(warnings.map(\.message) == ["the parts repeat differently, which MusicXML cannot write: repeats are written out as played"])
    }

    @Test("a jump back over repeats is written out as played, since readers do not repeat again after a jump")
    func jumpOverRepeats() throws {
        let (_, document, warnings) = try X.export("R{ 1 2 3 4 } 5 5 5 5 | 6 6 6 6 DC")
        #expect(try document.nodes(forXPath: "//repeat").isEmpty)
        #expect(try document.nodes(forXPath: "//measure").count == 8)  // 1 1 2 3, then all four again
        #expect(warnings.map(\.description) == ["t.jp:1:32: warning: this jump goes back over repeats, which readers of MusicXML do not take again after a jump: the music is written out as played"])
    }

    @Test("a tuplet cut by a bar line is split there into tied tuplet values")
    func tupletAcrossBarLine() throws {
        let (_, document, _) = try X.export("4/4\n1 2 3 3[ 4 5 6 ] 7 - |")
        #expect(try X.values(document, "//measure[1]/note/type") == ["quarter", "quarter", "quarter", "quarter", "eighth"])
        #expect(try X.values(document, "//measure[2]/note/type") == ["eighth", "quarter", "half"])
        #expect(try X.values(document, "//measure[1]/note[5]/tie/@type") == ["start"])
        #expect(try document.nodes(forXPath: "//note[time-modification]").count == 4)
    }

    @Test("a shorter part is filled with rests to the end of the longest")
    func shorterPart() throws {
        let (_, document, _) = try X.export("1 2 3 4 | 5 6 7 1' |\nNextPart\n1 2 |")
        #expect(try document.nodes(forXPath: "//part[@id='P2']/measure").count == 2)
        #expect(try document.nodes(forXPath: "//part[@id='P2']/measure[2]/note/rest[@measure='yes']").count == 1)
    }

    @Test("tuplets nested past what MusicXML divisions can count are refused with the file named, not a crash")
    func tooFine() throws {
        let nested = [3, 5, 7, 11, 13, 17, 19, 23].map { "\($0)[ " }.joined() + "1 2 3" + String(repeating: " ]", count: 8)
        #expect { try MusicXMLWriter.document(for: X.score(nested + " 1")) } throws: { error in
            (error as? MusicXMLExportError)?.description.hasPrefix("t.jp: the score's lengths are too fine") == true
        }
    }

    @Test("XML text: markup characters escaped in text and attributes, forbidden controls dropped, tab and newline kept")
    func xmlText() {
        var xml = XMLBuilder()
        xml.element("words", "a<b>&\"c'\u{0}\u{1B}\td\ne\u{FFFE}", [("x", "1&2")], from: SourceLocation(file: "s.jp", line: 3, column: 4))
        #expect(xml.text.hasSuffix("<words x=\"1&amp;2\">a&lt;b&gt;&amp;&quot;c&apos;\td\ne</words>\n"))
        #expect(xml.warnings.map(\.description) == ["s.jp:3:4: warning: 3 control characters left out of the MusicXML: XML 1.0 cannot hold them"])
    }

    @Test(
        "lengths are split into values that can be written",
        arguments: [
            (WholeNotes(5, 4), WholeNotes.whole, ["whole", "quarter"]),
            (WholeNotes(3, 8), WholeNotes.whole, ["quarter"]),
            (WholeNotes(7, 16), WholeNotes.whole, ["quarter"]),
            (WholeNotes(1, 12), WholeNotes(2, 3), ["eighth"]),
            (WholeNotes(5, 24), WholeNotes(2, 3), ["quarter", "16th"]),
        ])
    func noteValues(length: WholeNotes, ratio: WholeNotes, types: [String]) {
        let values = NoteValue.values(for: length, ratio: ratio, tuplet: nil)
        #expect(values.map(\.type) == types)
        #expect(values.reduce(WholeNotes.zero) { $0 + $1.sounding } == length)
    }

    @Test("the compressed form is a ZIP with mimetype first and stored, and a container naming the score")
    func compressed() throws {
        let document = try MusicXMLWriter.document(for: X.score("1 2 3 4")).document
        let bytes = [UInt8](try MusicXMLArchive.data(for: document))
        #expect(Array(bytes.prefix(4)) == [0x50, 0x4B, 0x03, 0x04])
        #expect(bytes[8] == 0 && bytes[9] == 0)  // stored
        #expect(String(decoding: bytes[30..<38], as: UTF8.self) == "mimetype")
        #expect(String(decoding: bytes[38..<72], as: UTF8.self) == "application/vnd.recordare.musicxml")
    }
}
