import Foundation
import JianpuCore
import JianpuTerminal

/// `jianpu quiz` in a terminal: the keyboard with the red lower note, answers typed or played on the keys.
public final class QuizScreen {
    enum Mode { case names, keys }

    public let drill: QuizDrill
    public let audio: QuizAudio
    public let events: QuizEventQueue
    public let explain: Bool
    private var mode = Mode.names
    private var buffer = ""
    private var message: [String] = []
    private var marks: [Int: String] = [:]
    private var pendingOffs: [(ContinuousClock.Instant, Int)] = []
    private let clock = ContinuousClock()
    private let session: TerminalSession
    private var quittingByKey = false
    /// A quit key or a signal ends the session.
    private var quitting: Bool { quittingByKey || session.isInterrupted }
    /// False on monochrome terminals and with `NO_COLOR` set: the keys' signs alone mark them.
    private var colour: Bool { session.colors }

    /// - Parameter pianoKeys: start with the computer keyboard as a piano (Tab switches to typing names).
    /// - Parameter session: a raw-mode terminal session; it ends the quiz on a signal.
    public init(drill: QuizDrill, audio: QuizAudio, events: QuizEventQueue, session: TerminalSession,
                explain: Bool = false, pianoKeys: Bool = false) {
        self.session = session
        self.mode = pianoKeys ? .keys : .names
        self.drill = drill
        self.audio = audio
        self.events = events
        self.explain = explain
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

    /// Runs the session; the terminal is restored on every way out.
    public func run() throws -> QuizSummary {
        defer { session.restore() }
        try drill.start()
        var decoder = KeyDecoder()
        while !quitting, let question = drill.nextQuestion() {
            marks = [question.root: PianoDrawing.red]
            buffer = ""
            if explain { message = drill.explanation } else { message = [] }
            draw(question, answered: false)
            drill.markPlayed()
            audio.play(QuizSounds.timeline(for: question), wait: false)
            var answered = false
            while !quitting && !answered {
                releaseFeedbackNotes()
                var inputs: [QuizInput] = []
                for event in events.drain() {
                    if case .midiNote(let note) = event { inputs.append(.note(note)) }
                }
                var changed = !inputs.isEmpty
                for key in decoder.events(from: session.readBytes(timeout: 0.03)) where key.kind != .release {
                    changed = true
                    if let input = handle(key, question: question) { inputs.append(input) }
                }
                for input in inputs where !answered && !quitting {
                    answered = try process(input, question: question)
                }
                // Redraw only when something changed (the answer line, a message, the mode).
                if changed && !answered { draw(question, answered: false) }
            }
            if answered && !quitting {
                // The feedback stays up: replay keys until Enter or Space.
                reviewAnswer(&decoder, question: question)
            }
        }
        // q, Ctrl-C or a signal: silence now; at the end of the questions, let the last sound finish.
        if quitting { audio.stop() } else { audio.waitUntilQuiet() }
        let summary = try drill.finish()
        let width = session.size.columns
        session.restore()
        // The recap stays in the terminal: wrapped at word boundaries as the screen is.
        Self.recapLines(summary, width: width).forEach(PlainQuiz.writeLine)
        return summary
    }

    /// The session's score and recap wrapped at word boundaries to `width` columns (following lines indented).
    public static func recapLines(_ summary: QuizSummary, width: Int) -> [String] {
        summary.lines.flatMap { Wording.wrap($0, width: width, indent: "  ") }
    }

    /// What the keys do once a question is answered.
    public enum ReviewKey: Sendable, Hashable {
        case question, yours, right, arpeggio, next, quit
    }

    /// The keys after an answer: r the question, y your interval, c the right one, a the arpeggio;
    /// only Enter or Space goes on.
    public static func reviewKey(_ key: KeyEvent.Key) -> ReviewKey? {
        switch key {
        case .enter, .character(" "): return .next
        case .escape, .control("c"): return .quit
        case .character("r"): return .question
        case .character("y"): return .yours
        case .character("c"): return .right
        case .character("a"): return .arpeggio
        default: return nil
        }
    }

    static let reviewHelp = "r the question again · y yours · c the right one · a arpeggio · Enter or Space: next question · Esc quits"

    private func reviewAnswer(_ decoder: inout KeyDecoder, question: Question) {
        guard let answered = drill.results.last?.recognized else { return }
        while !quitting {
            releaseFeedbackNotes()
            // Notes played on a MIDI keyboard while looking back are not answers to the next question.
            _ = events.drain()
            let keys = decoder.events(from: session.readBytes(timeout: 0.05)).filter { $0.kind != .release }
            for key in keys {
                switch Self.reviewKey(key.key) {
                case .next: return
                case .quit:
                    if key.key == .control("c") { session.interruptByControlC() }
                    quittingByKey = true
                    return
                case .question: replay(QuizSounds.timeline(for: question), "(the question again)", question)
                case .yours: replay(QuizSounds.interval(answered, like: question), "(yours: \(answered.shortName))", question)
                case .right: replay(QuizSounds.interval(question.interval, like: question), "(the right one: \(question.interval.shortName))", question)
                case .arpeggio: replay(QuizSounds.arpeggio(for: question), "(\(question.interval.shortName) as an arpeggio: lower, upper, together)", question)
                case nil: replay(nil, "(Enter or Space goes on)", question)
                }
            }
        }
    }

    private func replay(_ timeline: Timeline?, _ note: String, _ question: Question) {
        if let timeline { audio.play(timeline, wait: false) }
        if let last = message.indices.last, message[last].hasPrefix("(") { message[last] = note } else { message.append(note) }
        draw(question, answered: true)
    }

    /// A key turned into a quiz input (or nil when it only edits the typed answer or switches modes).
    private func handle(_ event: KeyEvent, question: Question) -> QuizInput? {
        switch event.key {
        case .control("c"):
            session.interruptByControlC()
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
                            audio.noteOn(note, program: question.program)
                            pendingOffs.append((clock.now + .milliseconds(400), note))
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

    /// Acts on an input; true when the question was answered.
    private func process(_ input: QuizInput, question: Question) throws -> Bool {
        switch input {
        case .quit:
            quittingByKey = true
            return false
        case .repeat:
            drill.markRepeated()
            message = ["(again)"]
            audio.play(QuizSounds.timeline(for: question), wait: false)
            return false
        case .listen:
            let intervals = drill.settings.distinctIntervals
            message = ["samples on \(question.instrumentName): " + intervals.map(\.shortName).joined(separator: " ")]
            audio.play(QuizSounds.samples(of: intervals, root: question.root, program: question.program), wait: false)
            return false
        case .invalid(let text):
            message = ["? \(text)"]
            return false
        case .interval, .note:
            switch drill.interpret(input) {
            case .success(let (interval, note)):
                let result = try drill.answer(interval, note: note)
                marks[question.upper] = PianoDrawing.green
                if !result.isCorrect { marks[note] = PianoDrawing.yellow }
                marks[question.root] = PianoDrawing.red
                message = QuizFeedback.lines(result)
                if !result.isCorrect { message.append("listen: your \(interval.shortName), then the right \(question.interval.shortName)") }
                message.append(Self.reviewHelp)
                if !result.isCorrect {
                    audio.play(QuizSounds.correction(for: question, answered: interval), wait: false)
                }
                draw(question, answered: true)
                return true
            case .failure(let error):
                message = ["? \(error.message)"]
                return false
            case nil:
                return false
            }
        }
    }

    private func releaseFeedbackNotes() {
        let now = clock.now
        pendingOffs.removeAll { time, note in
            guard time <= now else { return false }
            audio.noteOff(note)
            return true
        }
    }

    private func draw(_ question: Question, answered: Bool) {
        let width = max(40, session.size.columns)
        var lines: [String] = []
        func add(_ text: String) { lines += Wording.wrap(text, width: width, indent: "  ") }
        add("jianpu quiz   question \(drill.asked + (answered ? 0 : 1))/\(drill.total)   score \(drill.correct)/\(drill.asked)")
        add("\(question.kind.name) · lower note \(Pitch(midiNumber: question.root)) (red ●) · \(question.instrumentName)")
        lines.append("")
        lines += drawing(for: question, columns: width).lines(marks: marks, labelRoot: mode == .keys ? question.root : nil,
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
        session.draw(lines)
    }
}
