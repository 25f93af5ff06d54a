import Testing

@testable import JianpuCore
@testable import JianpuNotation
@testable import JianpuPerformance

@Suite("chords= accompaniment")
struct ChordAccompanimentTests {
    @Test("chord-mode durations are sticky and start as crotchets")
    func durationsAreSticky() {
        let chords = ChordAccompaniment.chords(in: "c g2 a:m f4. r8 g:7")
        #expect(chords.map(\.onset) == [.zero, WholeNotes(1, 4), WholeNotes(3, 4), WholeNotes(5, 4), WholeNotes(7, 4)])
        #expect(chords.map(\.length) == [WholeNotes(1, 4), WholeNotes(1, 2), WholeNotes(1, 2), WholeNotes(3, 8), WholeNotes(1, 8)])
    }

    @Test(
        "each chord is voiced as LilyPond's chord mode voices it: root from middle C, a slash note below",
        arguments: [
            ("c", [60, 64, 67]), ("a:m", [69, 72, 76]), ("g:7", [67, 71, 74, 77]), ("d/fis", [54, 62, 69]), ("b:dim", [71, 74, 77]),
            ("ces", [59, 63, 66]), ("c/g", [55, 60, 64]), ("c/bes", [58, 60, 64, 67]),
        ])
    func voicing(word: String, expected: [Int]) {
        #expect(ChordAccompaniment.chords(in: word).first?.pitches.map(\.midiNumber) == expected)
    }

    @Test("the chords become one more part on the next channel, under the melody")
    func addsAPart() throws {
        let (score, diagnostics) = ScoreParser.parse("chords=c1 g1\n4/4\n1 2 3 4 | 5 - - - |\n", file: "t.jp")
        #expect(diagnostics.isEmpty)
        let timeline = try #require(score.performanceTimeline(withChords: true))
        #expect(timeline.parts.count == 2)
        #expect(timeline.parts[1].channel == 1)
        let chordNotes = timeline.notes.filter { $0.part == 1 }
        #expect(chordNotes.map(\.pitch.midiNumber) == [60, 64, 67, 67, 71, 74])
        #expect(chordNotes.allSatisfy { $0.velocity < 90 })
        #expect(score.performanceTimeline()?.parts.count == 1)
    }

    @Test(
        "words of a chords= line that are not chords are warned about at their own line and column",
        arguments: [
            ("chords=c2 xyz g2\n1 2 3 4\n", ["t.jp:1:11: warning: 'xyz' in chords= is not a chord: expected LilyPond chord names such as c2. g:7 a:m fis:dim or a rest r4, so it stays silent"]),
            (
                "chords=\nc1 | g1\n  c2 H7\n\n1 2 3 4\n",
                ["t.jp:3:6: warning: 'H7' in chords= is not a chord: expected LilyPond chord names such as c2. g:7 a:m fis:dim or a rest r4, so it stays silent"]
            ),
            ("chords=c2. g:7 r4 s2 R1*2 a:m/c |\n1 2 3 4\n", []),
        ])
    func unreadableChords(text: String, expected: [String]) {
        #expect(ScoreParser.parse(text, file: "t.jp").diagnostics.map(\.description) == expected)
    }
}
