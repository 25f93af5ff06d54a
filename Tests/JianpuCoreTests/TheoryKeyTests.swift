import Testing

@testable import JianpuCore

@Suite("Keys, modes and diatonic chords")
struct TheoryKeyTests {
    typealias Row = (key: String, scale: String, triads: String, numerals: String)

    static let keys: [Row] = [
        ("DMajor", "D E F# G A B C#", "D Em F#m G A Bm C#dim", "I ii iii IV V vi vii°"),
        ("CMajor", "C D E F G A B", "C Dm Em F G Am Bdim", "I ii iii IV V vi vii°"),
        ("BbMajor", "Bb C D Eb F G A", "Bb Cm Dm Eb F Gm Adim", "I ii iii IV V vi vii°"),
        ("CbMajor", "Cb Db Eb Fb Gb Ab Bb", "Cb Dbm Ebm Fb Gb Abm Bbdim", "I ii iii IV V vi vii°"),
        ("F#Major", "F# G# A# B C# D# E#", "F# G#m A#m B C# D#m E#dim", "I ii iii IV V vi vii°"),
        ("AMinor", "A B C D E F G", "Am Bdim C Dm Em F G", "i ii° III iv v VI VII"),
        ("F#Minor", "F# G# A B C# D E", "F#m G#dim A Bm C#m D E", "i ii° III iv v VI VII"),
        ("EbMinor", "Eb F Gb Ab Bb Cb Db", "Ebm Fdim Gb Abm Bbm Cb Db", "i ii° III iv v VI VII"),
        ("DDorian", "D E F G A B C", "Dm Em F G Am Bdim C", "i ii III IV v vi° VII"),
        ("EPhrygian", "E F G A B C D", "Em F G Am Bdim C Dm", "i II III iv v° VI vii"),
        ("FLydian", "F G A B C D E", "F G Am Bdim C Dm Em", "I II iii iv° V vi vii"),
        ("GMixolydian", "G A B C D E F", "G Am Bdim C Dm Em F", "I ii iii° IV v vi VII"),
        ("BLocrian", "B C D E F G A", "Bdim C Dm Em F G Am", "i° II iii iv V VI vii"),
        ("AHarmonicMinor", "A B C D E F G#", "Am Bdim Caug Dm E F G#dim", "i ii° III+ iv V VI vii°"),
    ]

    @Test("scale, triads and numerals", arguments: keys)
    func key(row: Row) throws {
        let key = try #require(Key(name: row.key))
        #expect(key.name == row.key)
        #expect(key.scale.map(\.description).joined(separator: " ") == row.scale)
        #expect(key.triads.map(\.chord.symbol).joined(separator: " ") == row.triads)
        #expect(key.triads.map(\.romanNumeral).joined(separator: " ") == row.numerals)
        #expect(key.triads.map(\.degree) == Array(1...7))
    }

    @Test func seventhChords() throws {
        let dMajor = try #require(Key(name: "DMajor"))
        #expect(dMajor.seventhChords.map(\.chord.symbol) == ["Dmaj7", "Em7", "F#m7", "Gmaj7", "A7", "Bm7", "C#m7b5"])
        #expect(dMajor.seventhChords.map(\.romanNumeral) == ["Imaj7", "ii7", "iii7", "IVmaj7", "V7", "vi7", "viiø7"])
        let cHarmonic = try #require(Key(name: "C harmonic minor"))
        #expect(cHarmonic.seventhChords[6].chord.symbol == "Bdim7")
        #expect(cHarmonic.seventhChords[6].romanNumeral == "vii°7")
        #expect(cHarmonic.seventhChords[0].romanNumeral == "imaj7")
    }

    @Test func degreesAndSpelling() throws {
        let dMajor = try #require(Key(name: "D major"))
        #expect(dMajor.tonic == NoteName(.d))
        #expect(dMajor.mode == .major)
        #expect(dMajor.degree(of: 6) == 3)  // F#
        #expect(dMajor.degree(of: NoteName(.f, .sharp)) == 3)
        #expect(dMajor.degree(of: NoteName(.g, .flat)) == nil)  // not how D major spells it
        #expect(dMajor.degree(of: 5) == nil)  // F
        #expect(dMajor.note(atDegree: 8) == NoteName(.d))
        #expect(dMajor.spelling(of: 6) == NoteName(.f, .sharp))
        #expect(dMajor.spelling(of: 10) == NoteName(.a, .sharp))
        let fMajor = try #require(Key(name: "F"))
        #expect(fMajor.spelling(of: 3) == NoteName(.e, .flat))
        #expect(Key(name: "Bbm")?.name == "BbMinor")
        #expect(Key(name: "E aeolian")?.name == "EMinor")
        #expect(Key(name: "C Ionian")?.name == "CMajor")
        #expect(Key(name: "H major") == nil)
        #expect(Key(name: "C bogus") == nil)
        #expect(Key(name: "G#Major")?.scale.last == NoteName(.f, .doubleSharp))
    }

    @Test func keyFromListedNotes() throws {
        // The tonic comes from the name, not from the first listed note.
        let notes = ["C#", "D", "E", "F#", "G", "A", "B"].compactMap { NoteName($0) }
        let key = try #require(Key(tonic: NoteName(.d), notes: notes))
        #expect(key.tonic == NoteName(.d))
        #expect(key.mode == .major)
        #expect(key.scale.first == NoteName(.d))
        #expect(Key(tonic: NoteName(.d, .sharp), notes: notes) == nil)
        #expect(Key(tonic: NoteName(.d), notes: Array(notes.dropLast())) == nil)
        #expect(Tuning(key: key).description == "DMajor: C#, D, E, F#, G, A, B")
    }

    @Test("every standard tuning is a sound key", arguments: Tuning.standard)
    func standardTuning(tuning: Tuning) throws {
        let key = tuning.key
        #expect(Set(key.scale.map(\.pitchClass)).count == 7)
        #expect(Set(key.scale.map(\.letter)).count == 7)
        #expect(key.scale.first == key.tonic)
        #expect(tuning.name.hasPrefix(key.tonic.description))
        #expect(Key(name: tuning.name) == key)
        #expect(key.mode != nil)
        #expect(key.triads.count == 7)
        #expect(key.triads.allSatisfy { $0.chord.pitchClasses.isSubset(of: key.pitchClasses) })
        #expect(key.triads.allSatisfy { ChordFormula.standard.contains($0.chord.formula) })
    }

    @Test func standardTuningList() {
        let names = Set(Tuning.standard.map(\.name))
        for tonic in "C G D A E B F# C# F Bb Eb Ab Db Gb Cb".split(separator: " ") {
            #expect(names.contains("\(tonic)Major"))
        }
        for tonic in "A E B F# C# G# D# A# D G C F Bb Eb Ab".split(separator: " ") {
            #expect(names.contains("\(tonic)Minor"))
        }
        for mode in ["Dorian", "Phrygian", "Lydian", "Mixolydian", "Locrian"] {
            for tonic in ["D", "E", "F", "G", "B"] { #expect(names.contains(tonic + mode)) }
        }
        #expect(names.count == Tuning.standard.count)
    }

    @Test("modes", arguments: Scale.Kind.heptatonic)
    func mode(mode: Scale.Kind) {
        #expect(mode.semitonesAboveTonic.count == 7)
        #expect(mode.semitonesAboveTonic.first == 0)
        #expect(Scale.Kind(name: mode.tuningName) == mode)
        #expect(Scale.Kind(name: mode.rawValue) == mode)
        #expect(Scale.Kind(name: mode.description) == mode)
        #expect(Scale.Kind(semitonesAboveTonic: mode.semitonesAboveTonic) == mode)
    }

    @Test func aPentatonicScaleIsNoKeyButTakesItsParentsNotes() {
        #expect(Key(name: "D pentatonic") == nil)
        #expect(Scale.Kind.majorPentatonic.semitonesAboveTonic == [0, 2, 4, 7, 9])
        #expect(Scale.Kind.minorPentatonic.semitonesAboveTonic == [0, 3, 5, 7, 10])
        #expect(Key(tonic: NoteName(.d), mode: .majorPentatonic) == Key(tonic: NoteName(.d), mode: .major))
        #expect(Scale.Kind.allCases.filter { !$0.isHeptatonic } == [.majorPentatonic, .minorPentatonic])
        #expect(Set(Scale.Kind.heptatonic) == Set(Scale.Kind.allCases.filter(\.isHeptatonic)))
    }
}
