import Foundation
import JianpuCore
import JianpuPractice
import Testing

@testable import JianpuLearn

/// The lesson says what the rest of jianpu says: octave dots as the notation places them, a degree named the same
/// in the lesson and in `learn stats`, accidentals as printed, and no question asked that cannot be heard.
@Suite struct LessonAgreementTests {
    @Test("B♭ major's undotted 1 is B♭3, as 1=Bb writes it: B♭4 on the piano is a 1 with a dot above")
    func flatMajorOctaves() throws {
        let scale = try Scale(key: "Bb", scale: nil)
        #expect(scale.notatedDoMIDI == 58)
        #expect(scale.notatedJianpu(midi: 70).number == "1" && scale.notatedJianpu(midi: 70).octave == 1)
        #expect(AnswerText.jianpu("1", in: scale) == 58)
        #expect(LearnProgram(lesson: Lesson(scale: scale, seed: 1)).scaleTable()[2].contains("1'   2'   3'"))
    }

    @Test("B♭ minor is 1=D♭: its undotted 1 is D♭4, so B♭4 is an undotted 6, as 6=Bb puts it")
    func flatMinorOctaves() throws {
        let scale = try Scale(key: "Bbm", scale: nil)
        #expect(scale.doNote.symbol == "D♭")
        #expect(scale.notatedDoMIDI == 61)
        #expect(scale.notatedJianpu(midi: 70).number == "6" && scale.notatedJianpu(midi: 70).octave == 0)
    }

    @Test("keys from C to F keep their undotted 1 in octave 4")
    func sharpMajorOctaves() throws {
        #expect(try Scale(key: "D", scale: nil).notatedDoMIDI == 62)
        #expect(try Scale(key: "F", scale: nil).notatedDoMIDI == 65)
        #expect(try Scale(key: "G", scale: nil).notatedDoMIDI == 55)
    }

    @Test("learn stats name a degree as the lesson does (A minor's tonic is 6) and count only note questions")
    func degreesAsTheLessonNamesThem() {
        func row(_ scale: String, _ exercise: ExerciseKind, _ degree: Int, _ correct: Bool) -> LearnAnswerRow {
            LearnAnswerRow(
                sessionID: 1, answeredAt: Date(timeIntervalSince1970: 1_795_000_000), scale: scale, exercise: exercise.rawValue,
                prompt: "", degree: degree, expected: "", answered: "", isCorrect: correct, responseMilliseconds: 500)
        }
        let statistics = LearnStatistics(rows: [
            row("A natural minor", .degree, 1, false), row("C major", .note, 6, true),
            row("A natural minor", .chord, 1, false), row("D major", .chordTone, 3, false),
        ])
        // The tonic of A minor and the sixth of C major are both 6 (la); chords and chord tones say nothing of a note.
        #expect(statistics.byDegree.map { "\($0.item) \($0.correct)/\($0.asked)" } == ["degree 6 1/2"])
        // The lesson's own summary names A minor's missed tonic the same way.
        var program = LearnProgram(
            lesson: Lesson(scale: Scale(tonic: NoteName(.a), kind: .naturalMinor), seed: 1, exercises: [.degree]),
            startAtExercises: true)
        _ = program.handle(.tick, at: 0)
        while !program.isFinished, program.page == .exercises { _ = program.handle(line: "G#", at: 1) }
        #expect(program.summaryLines.last?.contains("the degrees") == true)
    }

    @Test("the chords' key is named with the printed flat: triads of B♭ major")
    func keyNameIsPrinted() throws {
        let program = LearnProgram(lesson: Lesson(scale: try Scale(key: "Bb", scale: nil), seed: 1))
        #expect(program.chordTable().first?.hasPrefix("triads of B♭ major:") == true, "\(program.chordTable())")
    }

    @Test("without sound a lesson asks nothing that must be heard")
    func mutedLessonAsksNothingHeard() {
        let scale = Scale(tonic: NoteName(.d), kind: .major)
        let muted = Lesson(scale: scale, seed: 1, exercises: ExerciseKind.asked(muted: true))
        #expect(!muted.items.isEmpty)
        #expect(muted.items.allSatisfy { $0.sound.isEmpty && !$0.kind.isHeard })
        #expect(Lesson(scale: scale, seed: 1, exercises: ExerciseKind.asked(muted: false)).items.contains { $0.kind.isHeard })
    }
}

/// What a chord answer's feedback names: the chord played, never a lone note or "no chord" for a right chord.
@Suite struct ChordFeedbackTests {
    @Test("a chord outside the key is named with its notes: D♭ F A♭ in C major is a chord, not the note D♭")
    func chordOutsideTheKey() {
        let program = LearnProgram(lesson: Lesson(scale: Scale(tonic: NoteName(.c), kind: .major), seed: 1))
        #expect(program.name([61, 65, 68]) == "D♭: D♭ F A♭")
        #expect(program.name([60, 64, 67]) == "C (I)")
    }

    @Test("a right chord played a note at a time, slower than a chord, is named whole: Cdim in D♭ major")
    func slowChordIsNamedWhole() throws {
        let scale = Scale(tonic: NoteName(.d, .flat), kind: .major)
        let seed = try #require(
            (0..<200).map(UInt64.init).first { seed in
                if case .chord(let chord) = Lesson(scale: scale, seed: seed, exercises: [.chord]).items[0].target {
                    return chord.printedSymbol == "Cdim"
                }
                return false
            })
        var program = LearnProgram(lesson: Lesson(scale: scale, seed: seed, exercises: [.chord]), startAtExercises: true)
        _ = program.handle(.tick, at: 0)
        for (step, key) in [60, 63, 66].enumerated() {
            _ = program.handle(.midi(.noteOn(channel: 0, key: UInt8(key), velocity: 100)), at: Double(step + 1) * 2)
        }
        #expect(program.transcript.contains { $0.hasPrefix("right: ") }, "\(program.transcript)")
        #expect(program.heard == "Cdim (vii°)", "\(program.heard ?? "nothing")")
        #expect(program.answers.first?.answered == "Cdim (vii°)")
    }
}
