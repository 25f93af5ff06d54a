import JianpuCore
import JianpuPractice
import JianpuTerminal
import Testing

@testable import JianpuLearn

/// The lesson as a state machine: pages, the scale lit as it sounds, each note judged the moment it is
/// played, chords judged when complete, named answers, the log and the summary.
@Suite struct LearnProgramTests {
    static let dMajor = Scale(tonic: NoteName(.d), kind: .major)

    /// A lesson of the given exercises, on its first question.
    func program(_ exercises: [ExerciseKind], scale: Scale = dMajor) -> LearnProgram {
        var program = LearnProgram(lesson: Lesson(scale: scale, seed: 7, exercises: exercises), startAtExercises: true)
        _ = program.handle(.tick, at: 0)
        return program
    }

    func key(_ character: Character) -> ProgramInput { .key(KeyEvent(.character(character))) }

    func logged(_ effects: [LearnEffect]) -> [ExerciseAnswer] {
        effects.compactMap { if case .log(let answer) = $0 { answer } else { nil } }
    }

    /// The computer key that plays a MIDI note of the drawn octaves.
    func pianoKey(_ midi: Int) -> Character { PianoKeys.key(forOffset: midi - 60) ?? "?" }

    @Test func theScalePageLightsEachKeyAsItSounds() {
        var program = LearnProgram(lesson: Lesson(scale: Self.dMajor, seed: 1))
        let effects = program.handle(.tick, at: 0)
        guard case .play(let notes) = effects.first else { Issue.record("the scale is not played: \(effects)"); return }
        #expect(notes.map(\.midi) == [62, 64, 66, 67, 69, 71, 73, 74, 73, 71, 69, 67, 66, 64, 62])
        #expect(program.lit == [62])
        _ = program.handle(.tick, at: LearnProgram.scaleNoteSeconds * 2 + 0.01)
        #expect(program.lit == [66])
        #expect(program.nextDeadline.map { $0 > LearnProgram.scaleNoteSeconds * 2 } == true)
        _ = program.handle(.tick, at: 100)
        #expect(program.lit.isEmpty)
        #expect(program.nextDeadline == nil)
    }

    @Test func enterTurnsThePagesAndEscQuits() {
        var program = LearnProgram(lesson: Lesson(scale: Self.dMajor, seed: 1))
        _ = program.handle(.tick, at: 0)
        #expect(program.page == .scale)
        let chords = program.handle(.key(KeyEvent(.enter)), at: 1)
        #expect(program.page == .chords)
        guard case .play(let notes) = chords.first else { Issue.record("the triads are not played"); return }
        #expect(notes.count == 21)
        _ = program.handle(.key(KeyEvent(.right)), at: 2)
        #expect(program.selectedChord.index == 1)
        #expect(program.screenLines(columns: 100).contains { $0.contains("ii = Em: E G B") })
        _ = program.handle(.key(KeyEvent(.up)), at: 3)
        #expect(program.screenLines(columns: 100).contains { $0.contains("ii7 = Em7: E G B D") })
        _ = program.handle(.key(KeyEvent(.enter)), at: 4)
        #expect(program.page == .exercises)
        #expect(program.item?.kind == .scaleUp)
        _ = program.handle(.key(KeyEvent(.escape)), at: 5)
        #expect(program.isFinished)
    }

    @Test func theScaleUpIsJudgedNoteByNoteAndAWrongNoteIsRedAtOnce() throws {
        var program = program([.scaleUp])
        var answers: [ExerciseAnswer] = []
        for (step, midi) in [62, 64, 66].enumerated() {
            answers += logged(program.handle(key(pianoKey(midi)), at: Double(step + 1)))
            #expect(program.marks[midi] == .right)
        }
        // G is next: G♯ is wrong, red the moment it is played, and logged as a miss; the answer is shown.
        let effects = program.handle(key(pianoKey(68)), at: 4)
        #expect(program.marks[68] == .wrong)
        #expect(program.marks[67] == .answer)
        #expect(effects.contains(.noteOn(68)))
        answers += logged(effects)
        #expect(answers.map(\.isCorrect) == [true, true, true, false])
        #expect(answers.last?.item.expected == "G (4)")
        #expect(answers.last?.answered == "G♯4 (♯4)")
        #expect(program.transcript.last == "5/8 play the scale up: note 5 of 8")
        #expect(program.transcript.dropLast().last == "wrong: G♯4 (♯4); the answer is G (4)")
        // Drawn without colour, the wrong key carries its sign.
        let piano = program.screenLines(columns: 100).joined(separator: "\n")
        #expect(TerminalSession.withoutColors(piano).contains("x"))
        for (step, midi) in [69, 71, 73, 74].enumerated() {
            answers += logged(program.handle(key(pianoKey(midi)), at: Double(10 + step)))
        }
        #expect(answers.count == 8)
        #expect(program.transcript.contains("play the scale up: 7/8 right; practise G (4)"))
        #expect(program.page == .summary)
        #expect(program.summaryLines.first == "score: 7/8 (87%)")
        #expect(program.summaryLines.last == "practise next: play the scale up; the degrees 4")
        // The key sounds, and is released after a moment.
        #expect(program.handle(.tick, at: 100).contains(.noteOff(74)))
    }

    @Test func aChordIsRightWhenAllItsTonesSoundAndWrongAtItsFirstStrangeNote() throws {
        var program = program([.chord])
        let first = try #require(program.item)
        guard case .chord(let chord) = first.target else { Issue.record("not a chord question"); return }
        let voicing = Scale.voicing(of: chord)
        var answers: [ExerciseAnswer] = []
        for (index, midi) in voicing.enumerated() {
            answers += logged(program.handle(.midi(.noteOn(channel: 0, key: UInt8(midi), velocity: 90)), at: 1 + Double(index) * 0.05))
            if index < voicing.count - 1 { #expect(answers.isEmpty, "judged before the chord was complete") }
        }
        #expect(answers.map(\.isCorrect) == [true])
        #expect(program.heard?.hasPrefix(chord.printedSymbol) == true)
        // The next chord: a note outside it ends the question as a miss.
        guard case .chord(let next) = program.item?.target else { Issue.record("no second chord"); return }
        let stranger = (60...71).first { !next.pitchClasses.contains($0 % 12) } ?? 60
        answers += logged(program.handle(.midi(.noteOn(channel: 0, key: UInt8(stranger), velocity: 90)), at: 5))
        #expect(answers.map(\.isCorrect) == [true, false])
        #expect(program.marks[stranger] == .wrong)
    }

    @Test func aPlainLineAnswersAChordByNameOrByItsNotes() throws {
        var program = program([.chord])
        var answers: [ExerciseAnswer] = []
        for _ in 0..<3 {
            guard case .chord(let chord) = program.item?.target else { break }
            answers += logged(program.handle(line: chord.printedSymbol.replacingOccurrences(of: "♯", with: "#").replacingOccurrences(of: "♭", with: "b"), at: 1))
        }
        #expect(answers.map(\.isCorrect) == [true, true, true])
        program = self.program([.chord])
        guard case .chord(let chord) = program.item?.target else { Issue.record("not a chord question"); return }
        let notes = chord.noteNames.map(\.description).joined(separator: " ")
        #expect(logged(program.handle(line: notes, at: 1)).map(\.isCorrect) == [true])
        #expect(logged(program.handle(line: "C C# D", at: 2)).map(\.isCorrect) == [false])
        _ = program.handle(line: "nonsense", at: 3)
        #expect(program.transcript.last?.hasPrefix("? 'nonsense' is not a note or a chord") == true)
        // What was typed is shown, never obeyed: an escape sequence reaches the terminal as text.
        _ = program.handle(line: "\u{1B}]0;owned\u{07}", at: 4)
        #expect(program.transcript.last?.hasPrefix("? '?]0;owned?' is not a note or a chord") == true)
    }

    @Test func namedQuestionsAreAnsweredByTyping() throws {
        var program = program([.nameDegree, .nameChord])
        let degree = try #require(program.item)
        #expect(degree.isNamed && !degree.sound.isEmpty)
        guard case .degreeName(_, let note) = degree.target else { Issue.record("not a degree to name"); return }
        let number = Self.dMajor.jianpuNumber(of: note)
        for character in number { _ = program.handle(key(character), at: 1) }
        #expect(program.typed == number)
        let answers = logged(program.handle(.key(KeyEvent(.enter)), at: 2))
        #expect(answers.map(\.isCorrect) == [true])
        guard case .chordName(let chord) = program.item?.target else { Issue.record("not a chord to name"); return }
        #expect(logged(program.handle(line: chord.romanNumeral == "I" ? "ii" : "I", at: 3)).map(\.isCorrect) == [false])
        #expect(program.page == .summary)
    }

    @Test func aWholeLessonAsksEveryExerciseAndLogsEveryAnswer() {
        for scale in [Self.dMajor, Scale(tonic: NoteName(.a), kind: .harmonicMinor), Scale(tonic: NoteName(.e), kind: .minorPentatonic)] {
            var program = LearnProgram(lesson: Lesson(scale: scale, seed: 3), startAtExercises: true)
            var answers: [ExerciseAnswer] = logged(program.handle(.tick, at: 0))
            var time = 1.0
            while let item = program.item {
                time += 1
                switch item.target {
                case .note(let pitchClass): answers += logged(program.handle(line: scale.key.spelling(of: pitchClass).description, at: time))
                case .chord(let chord): answers += logged(program.handle(line: chord.noteNames.map(\.description).joined(separator: " "), at: time))
                case .degreeName(_, let note): answers += logged(program.handle(line: note.description, at: time))
                case .chordName(let chord): answers += logged(program.handle(line: chord.romanNumeral, at: time))
                }
            }
            #expect(Set(answers.map(\.item.kind)) == Set(ExerciseKind.allCases), "\(scale)")
            #expect(answers.count == program.lesson.items.count && answers.allSatisfy(\.isCorrect), "\(scale)")
            #expect(program.page == .summary)
            #expect(program.summaryLines.last?.hasPrefix("practise next: all right") == true)
        }
    }

    @Test func theScreenLabelsTheKeysWithLettersAndJianpuNumbers() {
        let program = LearnProgram(lesson: Lesson(scale: Scale(tonic: NoteName(.a), kind: .harmonicMinor), seed: 1))
        let lines = program.screenLines(columns: 100).map(TerminalSession.withoutColors)
        #expect(lines.contains { $0.contains("C   D   E   F    G♯ A   B   C   D   E   F    G♯ A   B") })
        #expect(lines.contains { $0.contains("step        W    H    W    W    H    1½   H") })
        // 1=C puts the undotted 1 at C4, as the notation does: A4 is an undotted 6, C5 a 1 with a dot above.
        #expect(lines.contains { $0.contains("jianpu   6    7    1'   2'   3'   4'   ♯5'  6'") })
        #expect(lines.first == "jianpu learn · A harmonic minor · 1=C · the scale (1/4)")
    }
}
