import Testing

@testable import JianpuCore

@Suite("Chord formulas and chords")
struct TheoryChordTests {
    static let roots: [NoteName] = ["C", "Db", "D", "Eb", "E", "F", "F#", "G", "Ab", "A", "Bb", "B"].compactMap { NoteName($0) }

    @Test("every type on every root matches its formula", arguments: ChordFormula.standard)
    func everyRoot(formula: ChordFormula) {
        for root in TheoryChordTests.roots {
            let chord = Chord(root: root, formula: formula)
            let names = chord.noteNames
            #expect(names.count == formula.numbers.count)
            #expect(names.first == root)
            for (name, semitones) in zip(names, formula.semitones) {
                #expect((name.pitchClass - root.pitchClass + 12) % 12 == semitones % 12, "\(chord.symbol) \(name)")
            }
            let voicing = chord.voicing(bassOctave: 3)
            #expect(voicing.first == Pitch(root, octave: 3))
            #expect(voicing == voicing.sorted())
            #expect(Set(voicing.map(\.pitchClass)) == chord.pitchClasses)
            // The stacked-thirds spelling uses distinct letters for distinct chord tones below the octave.
            let simple = zip(names, formula.semitones).filter { $0.1 < 12 }.map(\.0.letter)
            #expect(Set(simple).count == simple.count, "\(chord.symbol)")
            #expect(Chord(symbol: chord.symbol) == chord, "\(chord.symbol)")
            #expect(Chord(name: chord.name) == chord, "\(chord.name)")
        }
    }

    @Test(
        "symbols",
        arguments: [
            ("F#", "Minor", nil, "F#m", "F# A C#"),
            ("A", "Major", "C#", "A/C#", "A C# E"),
            ("B", "Diminished", nil, "Bdim", "B D F"),
            ("G", "Dominant7", nil, "G7", "G B D F"),
            ("C", "Major7", nil, "Cmaj7", "C E G B"),
            ("D", "Sus4", nil, "Dsus4", "D G A"),
            ("C", "Augmented", nil, "Caug", "C E G#"),
            ("C", "Diminished7", nil, "Cdim7", "C Eb Gb Bbb"),
            ("B", "HalfDiminished7", nil, "Bm7b5", "B D F A"),
            ("C", "Minor6", nil, "Cm6", "C Eb G A"),
            ("Eb", "Dominant9", nil, "Eb9", "Eb G Bb Db F"),
            ("E", "Power", nil, "E5", "E B"),
            ("C", "MinorMajor7", nil, "Cm(maj7)", "C Eb G B"),
        ] as [(String, String, String?, String, String)])
    func symbols(root: String, type: String, bass: String?, symbol: String, notes: String) throws {
        let formula = try #require(ChordFormula.standard(named: type))
        let chord = Chord(root: try #require(NoteName(root)), formula: formula, bass: bass.flatMap { NoteName($0) })
        #expect(chord.symbol == symbol)
        #expect(chord.noteNames.map(\.description).joined(separator: " ") == notes)
        #expect(Chord(symbol: symbol) == chord)
        #expect(chord.name == root + type)
    }

    @Test(
        "symbol aliases",
        arguments: [
            ("Cmin", "Cm"), ("C-7", "Cm7"), ("CM7", "Cmaj7"), ("CΔ7", "Cmaj7"), ("C°", "Cdim"), ("Co7", "Cdim7"),
            ("Cø7", "Cm7b5"), ("C+", "Caug"), ("Csus", "Csus4"), ("CmM7", "Cm(maj7)"), ("C7#5", "Caug7"),
            ("Bb/D", "Bb/D"), ("Dm7/C", "Dm7/C"), ("C♯m", "C#m"),
        ])
    func aliases(text: String, symbol: String) {
        #expect(Chord(symbol: text)?.symbol == symbol)
    }

    @Test("not symbols", arguments: ["", "H", "Cxyz", "C/H", "m7", "C/"])
    func notSymbols(text: String) {
        #expect(Chord(symbol: text) == nil)
    }

    @Test func thesisNamesAndOctaves() throws {
        let cMinor = try #require(Chord(name: "CMinor"))
        #expect(cMinor.root == NoteName(.c))
        #expect(cMinor.formula.numbers == [1, 4, 8])
        #expect(cMinor.formula.semitones == [0, 3, 7])
        // getChord: the chord's notes repeated over several octaves within a MIDI range.
        #expect(cMinor.notes(acrossOctaves: 48...72).map(\.midiNumber) == [48, 51, 55, 60, 63, 67, 72])
        let aOverCSharp = try #require(Chord(symbol: "A/C#"))
        #expect(aOverCSharp.notes(acrossOctaves: 60...71).map(\.midiNumber) == [61, 64, 69])
        #expect(aOverCSharp.voicing(bassOctave: 3).map(\.description) == ["C#3", "E3", "A3"])
        #expect(Chord(name: "F#Dominant7")?.symbol == "F#7")
        #expect(Chord(name: "CBogus") == nil)
        #expect(Chord(root: NoteName(.c), formula: .major, bass: NoteName(.c)).bass == nil)
    }

    @Test func symmetry() {
        let symmetric = ChordFormula.standard.filter(\.isSymmetric).map(\.name)
        #expect(symmetric == ["Augmented", "Diminished7"])
        #expect(ChordFormula.minor.hasMinorThird)
        #expect(!ChordFormula.major.hasMinorThird)
    }
}
