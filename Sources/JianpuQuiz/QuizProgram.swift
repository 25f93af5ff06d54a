import Foundation
import JianpuCore
import JianpuPerformance
import JianpuPractice
import JianpuTerminal

/// The quiz as a terminal program: the question asked, the answer typed or played, the review after it.
/// The drill (and its log) is live state the program drives; sounds are its effects.
public struct QuizProgram: TerminalProgram {
    /// Answers typed as names, or played on the computer keyboard's piano keys.
    public enum Mode: Sendable { case names, keys }

    /// What the quiz asks of the prompt player.
    public enum Effect {
        case play(Timeline)
        case noteOn(Int, program: UInt8)
        case noteOff(Int)
    }

    let drill: QuizDrill
    let explain: Bool
    /// False on monochrome terminals and with `NO_COLOR` set: the keys' signs alone mark them.
    let colour: Bool
    private var mode = Mode.names
    private var buffer = ""
    private var message: [String] = []
    private var marks: [Int: String] = [:]
    private var pendingOffs: [(time: Double, note: Int)] = []
    private var question: Question?
    private var answered = false
    private var started = false
    /// q, Esc or a quit key ended the quiz.
    public private(set) var quitting = false
    /// Why the quiz stopped when the log failed.
    public private(set) var failure: (any Error)?
    public private(set) var isFinished = false

    /// A program asking `drill`'s questions; `pianoKeys` starts on the piano keys, `colour` false draws signs only.
    public init(drill: QuizDrill, explain: Bool, pianoKeys: Bool, colour: Bool) {
        self.drill = drill
        self.explain = explain
        self.colour = colour
        mode = pianoKeys ? .keys : .names
    }

    public var nextDeadline: Double? { pendingOffs.map(\.time).min() }

    public mutating func handle(_ input: ProgramInput, at time: Double) -> [Effect] {
        var effects = releaseFeedbackNotes(at: time)
        if !started {
            started = true
            effects += ask()
        }
        guard let question, !isFinished else { return effects }
        switch input {
        case .key(let event) where event.kind != .release:
            if answered {
                effects += review(event.key, question: question)
            } else if let input = handle(event, question: question, at: time, effects: &effects) {
                effects += process(input, question: question)
            }
        case .midi(.noteOn(_, let key, let velocity)) where velocity > 0:
            // Notes played on a MIDI keyboard while looking back are not answers to the next question.
            if !answered { effects += process(.note(Int(key)), question: question) }
        default:
            break
        }
        return effects
    }

    /// The next question, or the end of the quiz.
    private mutating func ask() -> [Effect] {
        guard !quitting, let next = drill.nextQuestion() else {
            isFinished = true
            return []
        }
        question = next
        answered = false
        marks = [next.root: PianoDrawing.red]
        buffer = ""
        if explain { message = drill.explanation } else { message = [] }
        drill.markPlayed()
        return [.play(QuizSounds.timeline(for: next))]
    }

    private mutating func review(_ key: KeyEvent.Key, question: Question) -> [Effect] {
        guard let answered = drill.results.last?.recognized else { return [] }
        switch QuizScreen.reviewKey(key) {
        case .next: return ask()
        case .quit:
            quitting = true
            isFinished = true
            return []
        case .question: return replay(QuizSounds.timeline(for: question), "(the question again)")
        case .yours: return replay(QuizSounds.interval(answered, like: question), "(yours: \(answered.shortName))")
        case .right: return replay(QuizSounds.interval(question.interval, like: question), "(the right one: \(question.interval.shortName))")
        case .arpeggio: return replay(QuizSounds.arpeggio(for: question), "(\(question.interval.shortName) as an arpeggio: lower, upper, together)")
        case nil: return replay(nil, "(Enter or Space goes on)")
        }
    }

    private mutating func replay(_ timeline: Timeline?, _ note: String) -> [Effect] {
        if let last = message.indices.last, message[last].hasPrefix("(") { message[last] = note } else { message.append(note) }
        return timeline.map { [.play($0)] } ?? []
    }

    /// A key turned into a quiz input (or nil when it only edits the typed answer or switches modes).
    private mutating func handle(_ event: KeyEvent, question: Question, at time: Double, effects: inout [Effect]) -> QuizInput? {
        switch event.key {
        case .control("c"):
            return .quit
        case .tab:
            mode = mode == .names ? .keys : .names
            buffer = ""
            return nil
        case .escape:
            if !buffer.isEmpty { buffer = ""; return nil }
            return .quit
        case .backspace:
            if !buffer.isEmpty { buffer.removeLast() }
            return nil
        case .enter:
            let text = buffer
            buffer = ""
            return text.isEmpty ? nil : AnswerParser.parse(text)
        case .character(let character):
            if buffer.isEmpty {
                if mode == .keys {
                    if character == " " { return .repeat }
                    if character == "l" { return .listen }
                    if let note = PianoKeys.note(for: character, root: question.root) {
                        if drill.settings.keyFeedback {
                            effects.append(.noteOn(note, program: question.program))
                            pendingOffs.append((time + 0.4, note))
                        }
                        return .note(note)
                    }
                } else {
                    switch character {
                    case "r": return .repeat
                    case "l": return .listen
                    case "q": return .quit
                    default: break
                    }
                }
            }
            if character != " " || !buffer.isEmpty { buffer.append(character) }
            return nil
        default:
            return nil
        }
    }

    /// Acts on an input; an answer is logged and reviewed.
    private mutating func process(_ input: QuizInput, question: Question) -> [Effect] {
        switch input {
        case .quit:
            quitting = true
            isFinished = true
            return []
        case .repeat:
            drill.markRepeated()
            message = ["(again)"]
            return [.play(QuizSounds.timeline(for: question))]
        case .listen:
            let intervals = drill.settings.distinctIntervals
            message = ["samples on \(question.instrumentName): " + intervals.map(\.shortName).joined(separator: " ")]
            return [.play(QuizSounds.samples(of: intervals, root: question.root, program: question.program))]
        case .invalid(let text):
            message = ["? \(text)"]
            return []
        case .interval, .note:
            switch drill.interpret(input) {
            case .success(let (interval, note)):
                let result: AnswerResult
                do { result = try drill.answer(interval, note: note) } catch {
                    failure = error
                    isFinished = true
                    return []
                }
                answered = true
                marks[question.upper] = PianoDrawing.green
                if !result.isCorrect { marks[note] = PianoDrawing.yellow }
                marks[question.root] = PianoDrawing.red
                message = QuizFeedback.lines(result)
                if !result.isCorrect { message.append("listen: your \(interval.shortName), then the right \(question.interval.shortName)") }
                message.append(QuizScreen.reviewHelp)
                return result.isCorrect ? [] : [.play(QuizSounds.correction(for: question, answered: interval))]
            case .failure(let error):
                message = ["? \(error)"]
                return []
            case nil:
                return []
            }
        }
    }

    private mutating func releaseFeedbackNotes(at time: Double) -> [Effect] {
        let due = pendingOffs.filter { $0.time <= time }
        pendingOffs.removeAll { $0.time <= time }
        return due.map { .noteOff($0.note) }
    }

    /// The chosen octaves and the one or two above them; only the question's own octaves when that is too wide.
    private func drawing(for question: Question, columns: Int) -> PianoDrawing {
        let octaves = drill.settings.distinctOctaves
        let span = drill.settings.distinctIntervals.contains(where: \.isCompound) ? 2 : 1
        let all = PianoDrawing(firstOctave: octaves.first ?? 4, lastOctave: (octaves.last ?? 4) + span)
        if (all.lastOctave - all.firstOctave + 1) * 28 + 1 <= columns { return all }
        let octave = Pitch(midiNumber: question.root).octave
        return PianoDrawing(firstOctave: octave, lastOctave: octave + span)
    }

    public func lines(columns: Int, rows: Int) -> [String] {
        guard let question else { return [] }
        let width = max(40, columns)
        var lines: [String] = []
        func add(_ text: String) { lines += Wording.wrap(text, width: width, indent: "  ") }
        add("jianpu quiz   question \(drill.asked + (answered ? 0 : 1))/\(drill.total)   score \(drill.correct)/\(drill.asked)")
        add("\(question.kind.name) · lower note \(QuizSounds.noteName(question.root)) (red ●) · \(question.instrumentName)")
        lines.append("")
        lines += drawing(for: question, columns: width).lines(
            marks: marks, labelRoot: mode == .keys ? question.root : nil,
            colour: colour, window: width, focus: question.root)
        // After an answer the signs say which key is which, with or without colour.
        if marks.values.contains(PianoDrawing.green) {
            add("● lower note · + the right upper note" + (marks.values.contains(PianoDrawing.yellow) ? " · x your note" : ""))
        }
        lines.append("")
        switch mode {
        case .names:
            add("answer: \(buffer)_")
            add("type " + drill.settings.distinctIntervals.map(\.shortName).joined(separator: " ") + " + Enter · r repeat · l samples · q quit · Tab: piano keys")
        case .keys:
            add(buffer.isEmpty ? "press the upper note:" : "answer: \(buffer)_")
            add("lower octave z s x d c v g b h n j m · upper q 2 w 3 e r 5 t 6 y 7 u i · Space repeat · l samples · Esc quit · Tab: names")
        }
        lines.append("")
        message.forEach(add)
        return lines
    }
}
