import Testing

@testable import JianpuCore

@Suite("Chord naming")
struct TheoryChordNamerTests {
    let namer = ChordNamer()

    /// Readings of the same notes that the ranking may rightly prefer over the chord that was
    /// built: sixth chords and minor sevenths (C6 = Am7/C), minor sixths and half-diminished
    /// sevenths (Cm6 = Am7b5/C), the two suspended triads (Csus2 = Gsus4/C), and the
    /// symmetric chords, which name their root by the bass.
    static let sameNotes: Set<[String]> = [
        ["Minor7", "Major6"], ["Major6", "Minor7"], ["HalfDiminished7", "Minor6"], ["Minor6", "HalfDiminished7"],
        ["Sus4", "Sus2"], ["Sus2", "Sus4"], ["Augmented", "Augmented"], ["Diminished7", "Diminished7"],
    ]

    @Test("every type, root and inversion names back", arguments: ChordFormula.standard)
    func roundTrip(formula: ChordFormula) throws {
        for rootClass in 0..<12 {
            let root = NoteName.defaultSpelling(pitchClass: rootClass)
            let tones = Chord(root: root, formula: formula).noteNames
            var seenBass = Set<Int>()
            for bass in tones where seenBass.insert(bass.pitchClass).inserted {
                let built = Chord(root: root, formula: formula, bass: bass)
                let pitches = built.voicing(bassOctave: 3)
                let named = try #require(namer.name(pitches), "\(built.symbol) \(pitches)")
                let played = Set(pitches.map(\.pitchClass))
                #expect(!named.omitsFifth, "\(built.symbol) → \(named.symbol)")
                #expect(named.chord.pitchClasses == played, "\(built.symbol) → \(named.symbol)")
                #expect(
                    ((named.chord.bass ?? named.chord.root).pitchClass) == bass.pitchClass,
                    "\(built.symbol) → \(named.symbol)")
                let exact = named.chord.root.pitchClass == rootClass && named.chord.formula == formula
                if !exact {
                    #expect(
                        TheoryChordNamerTests.sameNotes.contains([formula.name, named.chord.formula.name]),
                        "\(built.symbol) → \(named.symbol)")
                    // Only an inversion may be renamed, except for symmetric chords.
                    #expect(built.isInversion || formula.isSymmetric, "\(built.symbol) → \(named.symbol)")
                }
            }
        }
    }

    @Test(
        "hard cases",
        arguments: [
            // MIDI notes, key, symbol, Roman numeral
            ([60, 64, 67, 69], nil, "C6", nil),  // root position beats Am7/C
            ([57, 60, 64, 67], nil, "Am7", nil),  // …and Am7 beats C6/A
            ([60, 64, 67, 69], "CMajor", "C6", "Iadd6"),
            ([48, 52, 58], nil, "C7", nil),  // omitted fifth
            ([48, 52, 58, 62], nil, "C9", nil),
            ([61, 64, 69], nil, "A/C#", nil),  // inversion as slash chord
            ([61, 64, 69], "DMajor", "A/C#", "V6"),
            ([66, 69, 73], "DMajor", "F#m", "iii"),  // F# not Gb
            ([54, 58, 61], "DMajor", "F#", nil),  // chromatic chord on a key root
            ([71, 74, 78], "DMajor", "Bm", "vi"),
            ([57, 61, 64, 67], "DMajor", "A7", "V7"),
            ([64, 67, 69, 73], "DMajor", "A7/E", "V43"),
            ([66, 69, 74], "DMajor", "D/F#", "I6"),
            ([57, 62, 66], "DMajor", "D/A", "I64"),
            ([70, 74, 77], "CMajor", "Bb", nil),  // fewest accidentals: not A#
            ([62, 66, 69], "CMajor", "D", nil),  // secondary dominant: no numeral
            ([59, 62, 65, 68], nil, "Bdim7", nil),  // symmetric: root by bass
            ([62, 65, 68, 71], nil, "Ddim7", nil),
            ([62, 65, 68, 71], "CHarmonicMinor", "Bdim7/D", "vii°65"),  // symmetric: root by key
            ([64, 68, 72], nil, "Eaug", nil),
            ([64, 68, 72], "AHarmonicMinor", "Caug/E", "III+6"),
            ([59, 62, 65], "CMajor", "Bdim", "vii°"),
            ([62, 67, 72], nil, "Csus2/D", nil),  // not D7sus4 without its fifth
            ([55, 62], nil, "G5", nil),
        ] as [([Int], String?, String, String?)])
    func hardCases(midi: [Int], keyName: String?, symbol: String, numeral: String?) throws {
        let key = try keyName.map { try #require(Key(name: $0)) }
        let named = try #require(namer.name(midiNumbers: midi, in: key))
        #expect(named.symbol == symbol)
        #expect(named.romanNumeral == numeral)
    }

    @Test func omittedFifthIsFlagged() throws {
        let named = try #require(namer.name(midiNumbers: [48, 52, 58]))
        #expect(named.omitsFifth)
        #expect(named.chord.formula == .dominant7)
    }

    @Test("nothing to name", arguments: [[], [60], [60, 72], [60, 61, 62], [60, 64]] as [[Int]])
    func nothing(midi: [Int]) {
        #expect(namer.name(midiNumbers: midi) == nil)
    }

    @Test func candidatesAreRanked() {
        let all = namer.candidates(for: [60, 64, 67, 69].map(Pitch.init(midiNumber:)))
        #expect(all.map(\.symbol).prefix(2) == ["C6", "Am7/C"])
    }

    @Test func keyDiatonicChordsNameThemselves() {
        for tuning in Tuning.standard {
            for diatonic in tuning.key.triads + tuning.key.seventhChords {
                let pitches = diatonic.chord.voicing(bassOctave: 3)
                let named = namer.name(pitches, in: tuning.key)
                #expect(named?.symbol == diatonic.chord.symbol, "\(tuning.name) \(diatonic)")
                #expect(named?.romanNumeral == diatonic.romanNumeral, "\(tuning.name) \(diatonic)")
            }
        }
    }
}
