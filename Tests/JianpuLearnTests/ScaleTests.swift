import JianpuCore
import Testing

@testable import JianpuLearn

/// Every scale of the lessons in all twelve keys: spelled on its own letters, its step pattern, its
/// intervals from the tonic and its jianpu numbers (movable do, minors on la).
@Suite struct ScaleTests {
    static let tonics = ["C", "G", "D", "A", "E", "B", "F#", "Db", "Ab", "Eb", "Bb", "F"].compactMap { NoteName($0) }

    struct Expected: Sendable, CustomTestStringConvertible {
        var kind: Scale.Kind
        var steps: String
        var intervals: String
        var jianpu: String
        var testDescription: String { kind.rawValue }
    }

    static let expected: [Expected] = [
        Expected(kind: .major, steps: "W W H W W W H", intervals: "P1 M2 M3 P4 P5 M6 M7", jianpu: "1 2 3 4 5 6 7"),
        Expected(kind: .naturalMinor, steps: "W H W W H W W", intervals: "P1 M2 m3 P4 P5 m6 m7", jianpu: "6 7 1 2 3 4 5"),
        Expected(kind: .harmonicMinor, steps: "W H W W H 1½ H", intervals: "P1 M2 m3 P4 P5 m6 M7", jianpu: "6 7 1 2 3 4 ♯5"),
        Expected(kind: .melodicMinor, steps: "W H W W W W H", intervals: "P1 M2 m3 P4 P5 M6 M7", jianpu: "6 7 1 2 3 ♯4 ♯5"),
        Expected(kind: .dorian, steps: "W H W W W H W", intervals: "P1 M2 m3 P4 P5 M6 m7", jianpu: "2 3 4 5 6 7 1"),
        Expected(kind: .phrygian, steps: "H W W W H W W", intervals: "P1 m2 m3 P4 P5 m6 m7", jianpu: "3 4 5 6 7 1 2"),
        Expected(kind: .lydian, steps: "W W W H W W H", intervals: "P1 M2 M3 A4 P5 M6 M7", jianpu: "4 5 6 7 1 2 3"),
        Expected(kind: .mixolydian, steps: "W W H W W H W", intervals: "P1 M2 M3 P4 P5 M6 m7", jianpu: "5 6 7 1 2 3 4"),
        Expected(kind: .locrian, steps: "H W W H W W W", intervals: "P1 m2 m3 P4 d5 m6 m7", jianpu: "7 1 2 3 4 5 6"),
        Expected(kind: .majorPentatonic, steps: "W W 1½ W 1½", intervals: "P1 M2 M3 P5 M6", jianpu: "1 2 3 5 6"),
        Expected(kind: .minorPentatonic, steps: "1½ W W 1½ W", intervals: "P1 m3 P4 P5 m7", jianpu: "6 1 2 3 5"),
    ]

    @Test func everyScaleKindIsTested() {
        #expect(Set(Self.expected.map(\.kind)) == Set(Scale.Kind.allCases))
    }

    @Test(arguments: expected)
    func inAllTwelveKeysTheScaleIsSpelledOnItsLettersWithItsStepsIntervalsAndJianpuNumbers(expected: Expected) {
        for tonic in Self.tonics {
            let scale = Scale(tonic: tonic, kind: expected.kind)
            let context = "\(scale): \(scale.notes.map(\.description))"
            #expect(scale.steps.joined(separator: " ") == expected.steps, "\(context)")
            #expect(scale.intervalsFromTonic.joined(separator: " ") == expected.intervals, "\(context)")
            #expect(scale.jianpuNumbers.joined(separator: " ") == expected.jianpu, "\(context)")
            // Each note on its own letter, rising from the tonic's: never two spellings of one letter.
            #expect(Set(scale.notes.map(\.letter)).count == scale.notes.count, "\(context)")
            #expect(scale.notes.first == tonic)
            // The steps add up to an octave and the notes sound them.
            #expect(scale.semitones.last == 12)
            let sounded = scale.ascendingMIDI.map { $0 % 12 }
            #expect(Array(sounded.dropLast()) == scale.notes.map(\.pitchClass), "\(context)")
            // The jianpu numbers read back as the notes (movable do).
            for (note, number) in zip(scale.notes, scale.jianpuNumbers) {
                #expect(AnswerText.jianpu(Substring(number), in: scale).map { $0 % 12 } == note.pitchClass, "\(context): \(number)")
            }
        }
    }

    @Test func sharpsAndFlatsAreThoseOfTheKey() {
        #expect(Scale(tonic: NoteName(.d), kind: .major).notes.map(\.symbol) == ["D", "E", "F♯", "G", "A", "B", "C♯"])
        #expect(Scale(tonic: NoteName(.a), kind: .harmonicMinor).notes.map(\.symbol) == ["A", "B", "C", "D", "E", "F", "G♯"])
        #expect(Scale(tonic: NoteName(.f), kind: .major).notes.map(\.symbol) == ["F", "G", "A", "B♭", "C", "D", "E"])
        #expect(Scale(tonic: NoteName(.e, .flat), kind: .naturalMinor).notes.map(\.symbol) == ["E♭", "F", "G♭", "A♭", "B♭", "C♭", "D♭"])
        #expect(Scale(tonic: NoteName(.a), kind: .harmonicMinor).doNote == NoteName(.c))
        #expect(Scale(tonic: NoteName(.e), kind: .dorian).doNote == NoteName(.d))
    }

    @Test func scaleNamesAreReadAsWritten() {
        #expect(Scale.Kind(name: "harmonic-minor") == .harmonicMinor)
        #expect(Scale.Kind(name: "Harmonic Minor") == .harmonicMinor)
        #expect(Scale.Kind(name: "HarmonicMinor") == .harmonicMinor)
        #expect(Scale.Kind(name: "m") == .naturalMinor)
        #expect(Scale.Kind(name: "minor") == .naturalMinor)
        #expect(Scale.Kind(name: "pentatonic") == .majorPentatonic)
        #expect(Scale.Kind(name: "minor-pentatonic") == .minorPentatonic)
        #expect(Scale.Kind(name: "aeolian") == .naturalMinor)
        #expect(Scale.Kind(name: "blues") == nil)
    }

    @Test func triadPatternsAreStated() {
        #expect(Scale(tonic: NoteName(.d), kind: .major).triadPattern.joined(separator: " ") == "major minor minor major major minor diminished")
        #expect(Scale(tonic: NoteName(.a), kind: .harmonicMinor).triadPattern.joined(separator: " ") == "minor diminished augmented minor major major diminished")
        #expect(Scale(tonic: NoteName(.a), kind: .harmonicMinor).triads.map(\.chord.printedSymbol) == ["Am", "Bdim", "Caug", "Dm", "E", "F", "G♯dim"])
    }

    @Test func answersAreReadAsNotesJianpuNumbersAndChords() {
        let d = Scale(tonic: NoteName(.d), kind: .major)
        #expect(AnswerText.notes("F#", in: d) == [66])
        #expect(AnswerText.notes("F♯5", in: d) == [78])
        #expect(AnswerText.notes("3 5 1'", in: d) == [66, 69, 74])
        #expect(AnswerText.notes("7,", in: d) == [61])
        #expect(AnswerText.notes("Em", in: d) == [64, 67, 71])
        #expect(AnswerText.notes("G/B", in: d) == [71, 74, 79])
        #expect(AnswerText.notes("E", in: d) == [64])
        #expect(AnswerText.notes("E", in: d, preferringChord: true) == [64, 68, 71])
        #expect(AnswerText.notes("H", in: d) == nil)
        #expect(AnswerText.notes("9", in: d) == nil)
        let a = Scale(tonic: NoteName(.a), kind: .harmonicMinor)
        // 1=C puts the undotted 1 at C4 (as the notation does), so A minor's ♯5 is G♯4 and 6, is A3.
        #expect(AnswerText.notes("#5", in: a) == [68])
        #expect(AnswerText.notes("6,", in: a) == [57])
        #expect(AnswerText.notes("b7", in: d) == [72])
        #expect(AnswerText.names(degree: NoteName(.g, .sharp), "#5", in: a))
        #expect(AnswerText.names(degree: NoteName(.g, .sharp), "G#", in: a))
        #expect(!AnswerText.names(degree: NoteName(.g, .sharp), "5", in: a))
        let vii = a.triads[6]
        #expect(AnswerText.names(chord: vii, "G#dim") && AnswerText.names(chord: vii, "vii°") && AnswerText.names(chord: vii, "viio"))
        #expect(!AnswerText.names(chord: vii, "E"))
    }
}
