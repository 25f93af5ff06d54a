import Testing

@testable import JianpuCore
@testable import JianpuNotation
@testable import JianpuPerformance

@Suite("How notes are written: lyrics kept, figures, dots and underlines")
struct WrittenNoteTests {
    static func notes(_ text: String) -> [Note] {
        let score = ScoreParser.parse(text, file: "w.jp").score
        return score.movements.flatMap(\.parts).flatMap(\.items).compactMap { if case .note(let n) = $0 { n } else { nil } }
    }

    @Test("L: and H: lines stay with the part they are written in, one verse each (H: spaced a character a word)")
    func lyricsStayWithTheirPart() {
        let score = ScoreParser.parse("1 2 |\nL: one two\nL: three four\nNextPart\n3 4 |\nH: 五六\n", file: "l.jp").score
        #expect(score.movements.first?.parts.map(\.lyrics) == [["one two", "three four"], ["五 六"]])
    }

    @Test(
        "a note's figure, accidental and octave come from the pitch it sounds in the key",
        arguments: [("1=D\n#4'", "4", 1, 1), ("1=Bb\nb7,,", "7", -1, -2), ("1=C\n8", "1", 0, 1), ("1=G\n> 1", "1", 0, 0), ("1=C\nx", "x", 0, 0)])
    func figureAccidentalOctave(text: String, digit: Character, accidental: Int, octave: Int) throws {
        let note = try #require(Self.notes(text).first)
        let tonic = ScoreParser.parse(text, file: "w.jp").score.movements[0].parts[0].items.compactMap { if case .key(let k) = $0 { k.tonicMIDINumber } else { nil } }.first ?? 60
        let base = WrittenNote.baseOctave(of: note, tonic: tonic) ?? 0
        let figure = try #require(WrittenNote(note, tonic: tonic, baseOctave: text.contains(">") ? base : 0).figures.first)
        #expect(figure.digit == digit)
        #expect(figure.accidental == accidental)
        #expect(figure.octave == octave)
    }

    @Test(
        "underlines and dots from the length",
        arguments: [
            (WholeNotes(1, 4), 0, 0), (WholeNotes(1, 8), 1, 0), (WholeNotes(3, 8), 0, 1), (WholeNotes(3, 16), 1, 1),
            (WholeNotes(1, 32), 3, 0), (WholeNotes(7, 16), 0, 2), (WholeNotes(7, 64), 2, 2),
        ])
    func underlinesAndDots(length: WholeNotes, underlines: Int, dots: Int) {
        #expect(WrittenNote.underlinesAndDots(of: length) == (underlines, dots))
    }

    @Test("a chord's figures are written from the lowest up, each with its own octave")
    func chordFigures() throws {
        let note = try #require(Self.notes("OctavesAfter\n62'4'").first)
        let figures = WrittenNote(note, tonic: 60).figures
        #expect(figures.map(\.digit) == ["6", "2", "4"])
        #expect(figures.map(\.octave) == [0, 1, 1])
    }
}
