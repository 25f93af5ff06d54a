import Foundation
import JianpuCore
import JianpuFiles
import JianpuPractice

/// The quiz without a terminal: prints each question and its feedback as plain lines and reads one answer
/// per line (or a note from the MIDI keyboard), so it can be scripted and tested.
public final class PlainQuiz {
    public let drill: QuizDrill
    public let audio: PromptPlayer
    public let events: AnswerEventQueue
    public let explain: Bool
    private let write: (String) -> Void

    public init(
        drill: QuizDrill, audio: PromptPlayer, events: AnswerEventQueue, explain: Bool = false,
        write: @escaping (String) -> Void
    ) {
        self.drill = drill
        self.audio = audio
        self.events = events
        self.explain = explain
        self.write = write
    }

    /// Runs the session to the end (all questions, `q`, or the end of input); returns how it went.
    public func run() throws -> QuizSummary {
        try drill.start()
        write(
            "jianpu quiz: \(Wording.counted(drill.total, "question")). " + QuizFeedback.answerPrompt(drill.settings.distinctIntervals)
                + " r repeats, l plays every interval, q quits.")
        var quit = false
        while !quit, let question = drill.nextQuestion() {
            write(QuizFeedback.questionLine(question, number: drill.asked + 1, total: drill.total))
            if explain { drill.explanation.forEach(write) }
            drill.markPlayed()
            audio.play(QuizSounds.timeline(for: question), wait: true)
            answering: while true {
                guard let event = events.next() else { continue }
                let input: QuizInput
                switch event {
                case .endOfInput: quit = true; break answering
                case .line(let text): input = AnswerParser.parse(text)
                case .midiNote(let note): input = .note(note)
                case .keys: continue
                }
                switch input {
                case .quit: quit = true; break answering
                case .repeat:
                    drill.markRepeated()
                    write("(again)")
                    audio.play(QuizSounds.timeline(for: question), wait: true)
                case .listen:
                    write("samples: " + drill.settings.distinctIntervals.map(\.shortName).joined(separator: " "))
                    audio.play(QuizSounds.samples(of: drill.settings.distinctIntervals, root: question.root, program: question.program), wait: true)
                    audio.play(QuizSounds.timeline(for: question), wait: true)
                case .invalid(let message):
                    write("? \(message)")
                case .interval, .note:
                    switch drill.interpret(input) {
                    case .success(let (interval, note)):
                        let result = try drill.answer(interval, note: note)
                        QuizFeedback.lines(result).forEach(write)
                        if !result.isCorrect {
                            audio.play(QuizSounds.correction(for: question, answered: interval), wait: true)
                        }
                        break answering
                    case .failure(let error):
                        write("? \(error)")
                    case nil:
                        break
                    }
                }
            }
        }
        let summary = try drill.finish()
        summary.lines.forEach(write)
        return summary
    }
}
