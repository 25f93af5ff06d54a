import Testing
@testable import JianpuCore

@Suite("chords= accompaniment")
struct ChordAccompanimentTests {
    @Test("chord-mode durations are sticky and start as crotchets")
    func durationsAreSticky() {
        let chords = ChordAccompaniment.chords(in: "c g2 a:m f4. r8 g:7")
        #expect(chords.map(\.onset) == [.zero, WholeNotes(1, 4), WholeNotes(3, 4), WholeNotes(5, 4), WholeNotes(7, 4)])
        #expect(chords.map(\.length) == [WholeNotes(1, 4), WholeNotes(1, 2), WholeNotes(1, 2), WholeNotes(3, 8), WholeNotes(1, 8)])
    }

    @Test("each chord is voiced in close position from its formula, bass in octave 3", arguments: [
        ("c", [48, 52, 55]), ("a:m", [57, 60, 64]), ("g:7", [55, 59, 62, 65]), ("d/fis", [54, 57, 62]),
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
        #expect(chordNotes.map(\.pitch.midiNumber) == [48, 52, 55, 55, 59, 62])
        #expect(chordNotes.allSatisfy { $0.velocity < 90 })
        #expect(score.performanceTimeline()?.parts.count == 1)
    }
}
