import Testing

@testable import JianpuCore

@Suite("LilyPond chord-mode words")
struct TheoryLilyPondChordTests {
    @Test(
        "chord-mode words",
        arguments: [
            ("c", "C", ""), ("c2.", "C", "2."), ("g:7", "G7", ""), ("g4:7", "G7", "4"), ("a:m", "Am", ""),
            ("fis:m", "F#m", ""), ("bes", "Bb", ""), ("es:maj7", "Ebmaj7", ""), ("as:m7", "Abm7", ""),
            ("ees", "Eb", ""), ("aes", "Ab", ""), ("cis:dim", "C#dim", ""), ("c:dim7", "Cdim7", ""),
            ("b:m7.5-", "Bm7b5", ""), ("c:aug", "Caug", ""), ("c:aug7", "Caug7", ""), ("c:6", "C6", ""),
            ("c:m6", "Cm6", ""), ("c:9", "C9", ""), ("c:maj9", "Cmaj9", ""), ("c:m9", "Cm9", ""),
            ("d:sus4", "Dsus4", ""), ("d:sus2", "Dsus2", ""), ("d:sus", "Dsus4", ""), ("g:sus4.7", "G7sus4", ""),
            ("c:m7+", "Cm(maj7)", ""), ("c:m7.maj7", "Cm(maj7)", ""), ("c:maj", "Cmaj7", ""), ("c:5", "C", ""),
            ("e:1.5", "E5", ""), ("c:9^7", "Cadd9", ""), ("c:5.9", "Cadd9", ""), ("a/cis", "A/C#", ""),
            ("a:m/+c", "Am/C", ""), ("d1:m7/c", "Dm7/C", "1"), ("ceses", "Cbb", ""), ("fisis", "F##", ""),
            ("c:11", "C11", ""), ("c:13", "C13", ""), ("c8..", "C", "8.."),
        ])
    func words(word: String, symbol: String, duration: String) throws {
        let (chord, written) = try #require(Chord.parse(lilyPondChordMode: word))
        #expect(chord.symbol == symbol)
        #expect(written == Substring(duration))
    }

    @Test func extendedChordsKeepTheirNotes() throws {
        let eleventh = try #require(Chord(lilyPondChordMode: "c:11"))
        #expect(eleventh.formula.semitones == [0, 4, 7, 10, 14, 17])
        let thirteenth = try #require(Chord(lilyPondChordMode: "c:13"))
        #expect(thirteenth.formula.semitones == [0, 4, 7, 10, 14, 21])
        #expect(Chord(lilyPondChordMode: "c4:7") == nil)  // has a duration
    }

    @Test("not chords", arguments: ["", "r", "s4", "R1", "h", "C", "c:xyz", "c:7sus4", "c/x", "c:14", "cises"])
    func notChords(word: String) {
        #expect(Chord.parse(lilyPondChordMode: word) == nil)
    }
}
