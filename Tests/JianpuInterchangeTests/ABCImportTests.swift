import JianpuCore
import JianpuInterchange
import JianpuNotation
import Testing

/// The ABC reader: each construct of ABC 2.1 as folk collections write it, read into the import model.
@Suite("ABC import")
struct ABCImportTests {
    /// The score of one tune: `body` under a header of 4/4, eighths and C major unless `header` says otherwise.
    static func score(_ body: String, header: String = "M:4/4\nL:1/8\nK:C", version: String = "%abc-2.1\n") throws -> ImportedScore {
        let tunes = try ABCImport.tunes(in: "\(version)X:1\nT:Test\n\(header)\n\(body)\n", file: "t.abc")
        return try #require(tunes.first).score
    }

    /// The events of the first part that take time, as `60.64:1/8` (pitches, or `z`, and length in whole notes).
    static func played(_ body: String, header: String = "M:4/4\nL:1/8\nK:C", version: String = "%abc-2.1\n") throws -> [String] {
        try score(body, header: header, version: version).parts[0].measures.flatMap(\.events).filter { !$0.isGrace }.map(describe)
    }

    static func describe(_ event: ImportedEvent) -> String {
        let pitches = event.isRest ? "z" : event.pitches.map { "\($0.pitch.midiNumber)" }.joined(separator: ".")
        return "\(pitches):\(event.length)"
    }

    @Test(
        "notes, octaves, accidentals, lengths, rests and broken rhythm are read to pitch and length",
        arguments: [
            ("C D E F G A B c", ["60:1/8", "62:1/8", "64:1/8", "65:1/8", "67:1/8", "69:1/8", "71:1/8", "72:1/8"]),
            ("C, C,, c' c''", ["48:1/8", "36:1/8", "84:1/8", "96:1/8"]),
            ("^F _B =F ^^C __E", ["66:1/8", "70:1/8", "65:1/8", "62:1/8", "62:1/8"]),
            ("C2 C/2 C/ C// C3/2 C3", ["60:1/4", "60:1/16", "60:1/16", "60:1/32", "60:3/16", "60:3/8"]),
            ("C>D E<F G>>A", ["60:3/16", "62:1/16", "64:1/16", "65:3/16", "67:7/32", "69:1/32"]),
            ("z2 x z/", ["z:1/4", "z:1/8", "z:1/16"]),
            ("[CEG]2 [C2E2] [c'-e]", ["60.64.67:1/4", "60.64:1/4", "84.76:1/8"]),
            ("(3CDE (3:2:2CD E", ["60:1/12", "62:1/12", "64:1/12", "60:1/12", "62:1/12", "64:1/8"]),
            ("(5CDEFG", ["60:1/20", "62:1/20", "64:1/20", "65:1/20", "67:1/20"]),
            ("{g}A {/ag}B", ["69:1/8", "71:1/8"]),
            ("\"Am\"A !p!B !segno!c !trill!d .e ~f Tg", ["69:1/8", "71:1/8", "72:1/8", "74:1/8", "76:1/8", "77:1/8", "79:1/8"]),
        ])
    func notes(body: String, expected: [String]) throws {
        #expect(try Self.played(body) == expected)
    }

    @Test(
        "music longer than a bar between two bar lines (a line end without one) is a bar and then one bar of the rest",
        arguments: [
            // An Essen phrase: a bar closed at the line end, then five crotchets in 2/4 across the next line end.
            ("e2d2e2d2c2e2d2c2 | c2d4c2e8\ne3cA2c2d2d4e2A8\ne3de2d2c2e2d2c2 | c2A4G2A8", "M:2/4\nL:1/32\nK:C", ["1/2", "1/2", "5/4", "1/2"]),
            // Two full bars between bar lines stay two.
            ("G,2 | C2C2E2EE | C4D4E4z2\nC2 | D2D2E2EE |", "M:2/2\nL:1/8\nK:C", ["1/4", "1", "1", "1", "1"]),
        ])
    func unmarkedBars(body: String, header: String, lengths: [String]) throws {
        let measures = try #require(try Self.score(body, header: header).parts.first).measures
        #expect(measures.map(\.length.description) == lengths)
    }

    @Test("in ABC 2 an accidental holds to the bar line, in every octave; the key's sharps apply after it")
    func accidentalsCarryThroughTheBar() throws {
        #expect(try Self.played("^F F f F | F") == ["66:1/8", "66:1/8", "78:1/8", "66:1/8", "65:1/8"])
        #expect(try Self.played("F =F F | F", header: "L:1/8\nK:G") == ["66:1/8", "65:1/8", "65:1/8", "66:1/8"])
    }

    @Test("a note tied over the bar line keeps its accidental", arguments: ["%abc-2.1\n", ""])
    func tiedAccidental(version: String) throws {
        #expect(try Self.played("z6 ^F2- | F2 F2 [^c2-e] | [c4e4]", version: version) == ["z:3/4", "66:1/4", "66:1/4", "65:1/4", "73.76:1/4", "73.76:1/2"])
    }

    @Test(
        "a file without %abc-2 is ABC 1: an accidental is its note's own; %%propagate-accidentals chooses",
        arguments: [
            ("", "^F F f", ["66:1/8", "65:1/8", "77:1/8"]),
            ("%%propagate-accidentals octave\n", "^F F f", ["66:1/8", "66:1/8", "77:1/8"]),
            ("%%propagate-accidentals pitch\n", "^F F f", ["66:1/8", "66:1/8", "78:1/8"]),
            ("%abc-2.1\n%%propagate-accidentals not\n", "^F F f", ["66:1/8", "65:1/8", "77:1/8"]),
        ])
    func accidentalScope(version: String, body: String, expected: [String]) throws {
        #expect(try Self.played(body, version: version) == expected)
    }

    @Test(
        "key fields give the signature's fifths, the mode and the accidentals the notes get",
        arguments: [
            ("K:G", 1, false, "F", 66), ("K:Am", 0, true, "G", 67), ("K:D dor", 0, false, "F", 65),
            ("K:Bb mix", -3, false, "E", 63), ("K:F#m", 3, true, "G", 68), ("K:Ebmaj", -3, false, "A", 68),
            ("K:E Phrygian", 0, false, "F", 65), ("K:none", 0, false, "F", 65), ("K:D exp ^f", 0, false, "F", 66),
            ("K:C ^f _b", 0, false, "B", 70), ("K:Am clef=bass", 0, true, "B", 71), ("K:HP", 0, false, "c", 72), ("K:Hp", 2, false, "c", 73),
        ])
    func keys(field: String, fifths: Int, isMinor: Bool, note: String, pitch: Int) throws {
        let score = try Self.score(note, header: "L:1/8\n\(field)")
        #expect(score.parts[0].measures[0].key == ImportedKey(fifths: fifths, isMinor: isMinor))
        #expect(score.parts[0].measures[0].events[0].pitches.map(\.pitch.midiNumber) == [pitch])
    }

    @Test("bar lines make measures: a pickup is a short first bar, and every bar has its real length")
    func measuresAndPickup() throws {
        let part = try Self.score("C | CDEF GABc | c4 z4 |]", header: "M:4/4\nL:1/8\nQ:1/4=96\nK:C").parts[0]
        #expect(part.measures.map(\.length) == [WholeNotes(1, 8), .whole, .whole])
        #expect(part.measures[0].meter == ImportedMeter(beats: 4, beatType: 4))
        #expect(part.measures[0].tempo == ImportedTempo(beat: .quarter, beatsPerMinute: 96))
        #expect(part.measures[1].meter == nil)
    }

    @Test("repeats and endings: |: :| :: [1 |2 :|2")
    func repeatsAndEndings() throws {
        let part = try Self.score("|: CDEF GABc |1 c8 :|2 C8 || D8 :: E8 :|[1 F8 :|[2 G8 |]").parts[0]
        #expect(part.measures.count == 7)
        #expect(part.measures.map(\.startsRepeat) == [true, false, false, false, true, false, false])
        #expect(part.measures.map(\.endsRepeatPlayingTimes) == [nil, 2, nil, 2, 2, 2, nil])
        #expect(part.measures.map { $0.ending?.numbers } == [nil, [1], [2], nil, nil, [1], [2]])
    }

    @Test("D.C., D.S., Fine, segno and coda are the road map; two coda signs are 'to coda' then the coda")
    func roadMap() throws {
        let part = try Self.score("!segno! C8 | D8 !coda! | E8 !fine! | F8 !D.S.alcoda! | !coda! G8 |]").parts[0]
        #expect(part.measures[0].jumpsAtStart == [.segno])
        #expect(part.measures[1].jumpsAtEnd == [.toCoda])
        #expect(part.measures[2].jumpsAtEnd == [.fine])
        #expect(part.measures[3].jumpsAtEnd == [.dalSegno])
        #expect(part.measures[4].jumpsAtStart == [.coda])
    }

    @Test("ties, slurs, chord symbols and dynamics are kept on their notes")
    func marks() throws {
        let events = try Self.score("(\"G\"!mf!G2 A2- | A2) B6").parts[0].measures.flatMap(\.events)
        #expect(events[0].startsSlur && events[0].chordSymbol == "G" && events[0].dynamic == "mf")
        #expect(events[1].pitches[0].tiedToNext && events[2].endsSlur)
        #expect(!events[0].pitches[0].tiedToNext)
    }

    @Test("grace notes take no time and are marked as such")
    func graceNotes() throws {
        let measure = try Self.score("{ga}B6 z2").parts[0].measures[0]
        #expect(measure.events.map(\.isGrace) == [true, true, false, false])
        #expect(measure.length == .whole)
    }

    @Test("tuplets are marked with their ratio, first and last")
    func tupletMarks() throws {
        let events = try Self.score("(3CDE z6").parts[0].measures[0].events
        #expect(events[0].tuplet == ImportedTuplet(actual: 3, normal: 2, isFirst: true, isLast: false))
        #expect(events[2].tuplet == ImportedTuplet(actual: 3, normal: 2, isFirst: false, isLast: true))
        #expect(events[3].tuplet == nil)
    }

    @Test("a multi-bar rest Z4 is four bars, the first saying how many")
    func multibarRest() throws {
        let part = try Self.score("Z4 | C8 |").parts[0]
        #expect(part.measures.count == 5)
        #expect(part.measures[0].events.map(\.multibarRestCount) == [4])
        #expect(part.measures[1...3].allSatisfy { $0.events.count == 1 && $0.events[0].isRest && $0.length == .whole })
    }

    @Test("inline fields change key, meter and unit length where they stand")
    func inlineFields() throws {
        let part = try Self.score("F4 F4 | [K:G] F4 [L:1/4] F2 | [M:3/4] F3 |").parts[0]
        #expect(part.measures.flatMap(\.events).map { $0.pitches[0].pitch.midiNumber } == [65, 65, 66, 66, 66])
        #expect(part.measures[1].key == ImportedKey(fifths: 1))
        #expect(part.measures[1].events.map(\.length) == [WholeNotes(1, 2), WholeNotes(1, 2)])
        #expect(part.measures[2].meter == ImportedMeter(beats: 3, beatType: 4))
    }

    @Test("voices are parts named for the voice, all with the same number of bars")
    func voices() throws {
        let text = "X:1\nT:Duet\nM:2/4\nL:1/8\nV:1 name=\"Flute\"\nV:2 clef=bass\nK:D\nV:1\nABcd | e4 |\nV:2\nD,4 |\n"
        let score = try #require(ABCImport.tunes(in: text, file: "t.abc").first).score
        #expect(score.parts.map(\.name) == ["Flute", "Voice 2"])
        #expect(score.parts.map(\.measures.count) == [2, 2])
        #expect(score.parts[1].measures[0].events[0].pitches[0].pitch.midiNumber == 50)
        #expect(score.parts[1].measures[1].events.allSatisfy { $0.isRest })
    }

    @Test("music before any V: in the body belongs to the first voice the header declares")
    func musicBeforeTheFirstVoice() throws {
        let text = "X:1\nL:1/4\nV:S name=\"Soprano\"\nV:A name=\"Alto\"\nK:C\nc d e f|\nV:A\nC D E F|\n"
        let score = try #require(ABCImport.tunes(in: text, file: "t.abc").first).score
        #expect(score.parts.map(\.name) == ["Soprano", "Alto"])
        #expect(score.parts[0].measures[0].events.map { $0.pitches[0].pitch.midiNumber } == [72, 74, 76, 77])
    }

    @Test("w: lines lay syllables on the notes: hyphens join, _ holds, * skips, | moves to the bar, verses stack")
    func lyrics() throws {
        let score = try Self.score("C D E F | G A B c |\nw: hel-lo world_ | a~b * c-d\nw: two")
        let events = score.parts[0].measures.flatMap(\.events)
        #expect(events[0].lyrics.first == ImportedSyllable(text: "hel", joining: .begin))
        #expect(events[1].lyrics.first == ImportedSyllable(text: "lo", joining: .end))
        #expect(events[2].lyrics.first == ImportedSyllable(text: "world", joining: .single, extends: true))
        #expect(events[3].lyrics.isEmpty)
        #expect(events[4].lyrics.first == ImportedSyllable(text: "a b"))
        #expect(events[5].lyrics.isEmpty)
        #expect(events[6].lyrics.first == ImportedSyllable(text: "c", joining: .begin))
        #expect(events[7].lyrics.first == ImportedSyllable(text: "d", joining: .end))
        #expect(events[0].lyrics.count == 2 && events[0].lyrics[1] == ImportedSyllable(text: "two"))
    }

    @Test("a book gives one tune per X:, with its number, title and composer; W: words and comments are skipped")
    func book() throws {
        let text = "%abc-2.1\n% a book\nL:1/4\n\nX:3\nT:First\nT:Again\nC:Anon\nK:G\nG A B c %comment\n%%MIDI program 1\nW:words after\n\nfree text\n\nX:7\nT:Second\nK:F\nB \\\nB|\n"
        let tunes = try ABCImport.tunes(in: text, file: "book.abc")
        #expect(tunes.map(\.number) == [3, 7])
        #expect(tunes.map(\.title) == ["First", "Second"])
        #expect(tunes[0].score.subtitle == "Again" && tunes[0].score.composer == "Anon")
        #expect(tunes[0].score.parts[0].measures[0].events.map(\.length) == Array(repeating: WholeNotes(1, 4), count: 4))
        #expect(tunes[1].score.parts[0].measures[0].events.map { $0.pitches[0].pitch.midiNumber } == [70, 70])
    }

    @Test("a broken tune of a book is reported with its number; the other tunes still read")
    func bookWithABrokenTune() throws {
        let text = "X:1\nK:C\nC\n\nX:2\nK:C\nC # D\n\nX:3\nK:C\nE\n"
        let book = try ABCImport.book(in: text, file: "book.abc")
        #expect(book.tunes.map(\.number) == [1, 3])
        #expect(book.failures.map(\.number) == [2])
        #expect(book.failures.first?.error.place == "7:3")
        #expect(throws: ImportError.self) { try ABCImport.tunes(in: text, file: "book.abc") }
    }

    @Test(
        "without L:, the unit is a sixteenth under 3/4 and an eighth from 3/4 up; M:none is free",
        arguments: [
            ("M:2/4", WholeNotes(1, 16)), ("M:3/4", WholeNotes(1, 8)), ("M:6/8", WholeNotes(1, 8)), ("M:C|", WholeNotes(1, 8)),
        ])
    func defaultUnit(meter: String, unit: WholeNotes) throws {
        #expect(try Self.score("C", header: "\(meter)\nK:C").parts[0].measures[0].events[0].length == unit)
    }

    @Test(
        "broken ABC is an error at its line and column, saying what was expected",
        arguments: [
            ("[CEG", "6:1"), ("C \"Am D", "6:3"), ("{ga B", "6:1"), ("C # D", "6:3"), ("^ C", "6:2"), ("C Z99999 |", "6:3"),
            ("[M:x] C", "6:4"), ("C [CE", "6:3"),
        ])
    func errors(body: String, place: String) throws {
        #expect {
            _ = try ABCImport.tunes(in: "X:1\nT:Bad\nM:4/4\nL:1/8\nK:C\n\(body)\n", file: "bad.abc")
        } throws: { error in
            guard let error = error as? ImportError else { return false }
            return error.place == place && error.file == "bad.abc" && !error.message.isEmpty
        }
    }

    @Test("a key no one can read is a warning, and the tune is read in C major")
    func unreadableKey() throws {
        let score = try Self.score("F G", header: "L:1/8\nK:H")
        #expect(score.warnings.contains { $0.message.contains("read as C major") })
        #expect(score.parts[0].measures[0].events.map { $0.pitches[0].pitch.midiNumber } == [65, 67])
    }

    @Test("a chord broken over two lines is read as one")
    func chordOverTwoLines() throws {
        #expect(try Self.played("C [E\nG] A") == ["60:1/8", "64.67:1/8", "69:1/8"])
    }

    @Test("text changed at random is an error or tunes whose jianpu text reads back clean, never a crash")
    func mutatedText() {
        let tune = Array("X:1\nT:T\nM:6/8\nL:1/8\nQ:3/8=90\nV:1 name=A\nK:D dor\n|:\"Dm\"(3DEF [DF]2>A {g}B2c|1 z4 Z2 :|2 !f!d'2-d/e/ ^f,,2 |]\nw: a-b c_ * d|e\n")
        let alphabet = Array("ABCDEFGabcdefgz|:[]()!\"{}/-<>^_=,'0123456789 \n%\\&xXZ*~.+w:KMLQV")
        var seed: UInt64 = 42
        func next() -> Int {
            seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int(truncatingIfNeeded: seed >> 33)
        }
        var read = 0
        for _ in 0..<500 {
            var text = tune
            for _ in 0...(next() % 5) { text[next() % text.count] = alphabet[next() % alphabet.count] }
            guard let results = try? ScoreImporter.convert(Array(String(text).utf8), file: "fuzz.abc", options: ImportOptions(allTunes: true)) else { continue }
            read += 1
            for result in results {
                let errors = ScoreParser.parse(result.text, file: "imported.jp").diagnostics.filter { $0.severity == .error }
                #expect(errors.isEmpty, "\(errors.prefix(3)) in\n\(result.text.prefix(400))")
            }
        }
        #expect(read > 0)
    }

    @Test("a bad header field is an error at its value", arguments: [("M:x/4", "3:3"), ("L:0", "3:3"), ("M:0/4", "3:3"), ("Q:fast=", "3:3")])
    func fieldErrors(field: String, place: String) throws {
        #expect {
            _ = try ABCImport.tunes(in: "X:1\nT:Bad\n\(field)\nK:C\nC\n", file: "bad.abc")
        } throws: { error in (error as? ImportError)?.place == place }
    }
}
