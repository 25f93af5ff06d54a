import Testing

@testable import JianpuCore

@Suite("Note names and pitch names")
struct TheoryNoteNameTests {
    @Test(
        "note names parse and print",
        arguments: [
            ("C", "C", 0), ("C#", "C#", 1), ("Db", "Db", 1), ("Bb", "Bb", 10), ("F#", "F#", 6),
            ("C♯", "C#", 1), ("D♭", "Db", 1), ("F##", "F##", 7), ("Fx", "F##", 7), ("Ebb", "Ebb", 2),
            ("Cb", "Cb", 11), ("B#", "B#", 0), (" e ", "E", 4), ("g#", "G#", 8), ("E♮", "E", 4),
        ])
    func noteNames(text: String, printed: String, pitchClass: Int) throws {
        let name = try #require(NoteName(text))
        #expect(name.description == printed)
        #expect(name.pitchClass == pitchClass)
    }

    @Test("not note names", arguments: ["", "H", "C###", "Cbbb", "C#b", "#C", "Cm", "C 4", "Do"])
    func notNoteNames(text: String) {
        #expect(NoteName(text) == nil)
    }

    @Test func symbolsAndEnharmonics() {
        #expect(NoteName(.c, .sharp).symbol == "C♯")
        #expect(NoteName(.e, .doubleFlat).symbol == "E𝄫")
        #expect(NoteName(.c, .sharp).isEnharmonic(with: NoteName(.d, .flat)))
        #expect(NoteName(.c, .sharp) != NoteName(.d, .flat))
        #expect(NoteName.spelling(pitchClass: 6, on: .g) == NoteName(.g, .flat))
        #expect(NoteName.spelling(pitchClass: 7, on: .f) == NoteName(.f, .doubleSharp))
        #expect(NoteName.spelling(pitchClass: 8, on: .f) == nil)
        #expect(NoteName.defaultSpelling(pitchClass: 10).description == "Bb")
        #expect(NoteName.defaultSpelling(pitchClass: 6).description == "F#")
    }

    @Test(
        "octave-first names, C0 = MIDI 12",
        arguments: [
            ("2C#", 37), ("4C", 60), ("0C", 12), ("-1C", 0), ("4A", 69), ("3B#", 60), ("4Cb", 59), ("9G", 127),
        ])
    func octaveFirst(text: String, midi: Int) throws {
        #expect(Pitch(octaveFirstName: text)?.midiNumber == midi)
        #expect(Pitch(name: text)?.midiNumber == midi)
    }

    @Test(
        "scientific names",
        arguments: [
            ("C#4", 61), ("C4", 60), ("A4", 69), ("Bb3", 58), ("C0", 12), ("C-1", 0), ("Cb4", 59), ("B#3", 60), ("D♭5", 73),
        ])
    func scientific(text: String, midi: Int) throws {
        #expect(Pitch(scientificName: text)?.midiNumber == midi)
        #expect(Pitch(name: text)?.midiNumber == midi)
    }

    @Test("not pitch names", arguments: ["", "C", "4", "C#", "44", "H4", "4H", "C4x", "C44444", "123C"])
    func notPitchNames(text: String) {
        #expect(Pitch(name: text) == nil)
    }

    @Test func writingNames() {
        let pitch = Pitch(midiNumber: 37)
        #expect(pitch.octaveFirstName == "2C#")
        #expect(pitch.octaveFirstName(spelledAs: NoteName(.d, .flat)) == "2Db")
        #expect(Pitch(midiNumber: 60).scientificName(spelledAs: NoteName(.b, .sharp)) == "B#3")
        #expect(Pitch(midiNumber: 59).scientificName(spelledAs: NoteName(.c, .flat)) == "Cb4")
        #expect(Pitch(midiNumber: 60).scientificName(spelledAs: NoteName(.d)) == nil)
        for midi in 0...127 {
            let pitch = Pitch(midiNumber: midi)
            #expect(Pitch(octaveFirstName: pitch.octaveFirstName) == pitch)
            #expect(Pitch(scientificName: pitch.description) == pitch)
        }
    }
}
