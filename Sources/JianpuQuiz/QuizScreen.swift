import Foundation
import JianpuCore
import JianpuTerminal

/// A piano keyboard drawn with text, the lower note in red.
public struct PianoDrawing: Sendable {
    /// The first and last octave drawn (scientific numbering).
    public var firstOctave: Int
    public var lastOctave: Int

    public init(firstOctave: Int, lastOctave: Int) {
        self.firstOctave = firstOctave
        self.lastOctave = max(firstOctave, lastOctave)
    }

    static let whiteClasses = [0, 2, 4, 5, 7, 9, 11]
    static let red = "\u{1B}[41;97m", green = "\u{1B}[42;30m", yellow = "\u{1B}[43;30m", reset = "\u{1B}[0m"

    /// The keyboard's lines. `marks` colours keys: MIDI number → ANSI colour prefix.
    /// `labels` puts the computer-keyboard letters under the octave of `labelRoot`.
    public func lines(marks: [Int: String], labelRoot: Int?) -> [String] {
        let width = 4
        let octaveCount = lastOctave - firstOctave + 1
        let columns = octaveCount * 7 * width + 1
        var top = Array(repeating: ("", " "), count: columns) // (colour, character)
        var bottom = top
        var letters = Array(repeating: Character(" "), count: columns)
        var names = Array(repeating: Character(" "), count: columns)
        for octave in firstOctave...lastOctave {
            let base = (octave - firstOctave) * 7 * width
            let c = 12 * (octave + 1)
            for (index, pitchClass) in Self.whiteClasses.enumerated() {
                let x = base + index * width
                let note = c + pitchClass
                top[x] = ("", "│"); bottom[x] = ("", "│")
                for dx in 1..<width {
                    top[x + dx] = (marks[note] ?? "", " ")
                    bottom[x + dx] = (marks[note] ?? "", dx == 1 && pitchClass == 0 ? "C" : " ")
                }
                if pitchClass == 0 {
                    for (offset, character) in "C\(octave)".enumerated() where x + 1 + offset < columns { names[x + 1 + offset] = character }
                }
                if let labelRoot, let key = PianoKeys.key(forOffset: note - (labelRoot - ((labelRoot % 12 + 12) % 12))) {
                    letters[x + 2] = key
                }
                if [0, 2, 5, 7, 9].contains(pitchClass), let labelRoot,
                   let key = PianoKeys.key(forOffset: note + 1 - (labelRoot - ((labelRoot % 12 + 12) % 12))) {
                    letters[x + width] = key
                }
            }
        }
        top[columns - 1] = ("", "│"); bottom[columns - 1] = ("", "│")
        // Black keys last, two columns wide over the border between their white neighbours.
        for octave in firstOctave...lastOctave {
            let base = (octave - firstOctave) * 7 * width
            for (index, pitchClass) in Self.whiteClasses.enumerated() where [0, 2, 5, 7, 9].contains(pitchClass) {
                let x = base + index * width
                let black = 12 * (octave + 1) + pitchClass + 1
                for dx in [width - 1, width] where x + dx < columns {
                    top[x + dx] = marks[black].map { ($0, " ") } ?? ("", "█")
                }
            }
        }
        func render(_ cells: [(String, String)]) -> String {
            var out = ""
            var colour = ""
            for (cellColour, character) in cells {
                if cellColour != colour {
                    out += cellColour.isEmpty ? Self.reset : cellColour
                    colour = cellColour
                }
                out += character
            }
            return out + Self.reset
        }
        return [render(top), render(top), render(bottom), String(names), String(letters)]
    }
}

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
                // Keep the feedback up until a key is pressed.
                waitForKey(&decoder, question: question)
            }
        }
        audio.waitUntilQuiet()
        let summary = try drill.finish()
        session.restore()
        summary.lines.forEach(PlainQuiz.writeLine)
        return summary
    }

    private func waitForKey(_ decoder: inout KeyDecoder, question: Question) {
        while !quitting {
            releaseFeedbackNotes()
            let keys = decoder.events(from: session.readBytes(timeout: 0.05)).filter { $0.kind != .release }
            if keys.contains(where: { $0.key == .escape || $0.key == .control("c") || ($0.key == .character("q") && mode == .names) }) {
                quittingByKey = true
            }
            if !keys.isEmpty { return }
        }
    }

    /// A key turned into a quiz input (or nil when it only edits the typed answer or switches modes).
    private func handle(_ event: KeyEvent, question: Question) -> QuizInput? {
        switch event.key {
        case .control("c"): return .quit
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
                message.append(result.isCorrect ? "" : "listen: your \(interval.shortName), then the right \(question.interval.shortName)")
                message.append("press any key for the next question")
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
        var lines: [String] = []
        lines.append("jianpu quiz   question \(drill.asked + (answered ? 0 : 1))/\(drill.total)   score \(drill.correct)/\(drill.asked)")
        lines.append("\(question.kind.name) · lower note \(Pitch(midiNumber: question.root)) (red) · \(question.instrumentName)")
        lines.append("")
        lines += drawing(for: question, columns: session.size.columns).lines(marks: marks, labelRoot: mode == .keys ? question.root : nil)
        lines.append("")
        switch mode {
        case .names:
            lines.append("answer: \(buffer)_")
            lines.append("type m2 M2 m3 M3 P4 TT P5 m6 M6 m7 M7 P8 (or 1 4 5 8) + Enter · r repeat · l samples · q quit · Tab: piano keys")
        case .keys:
            lines.append(buffer.isEmpty ? "press the upper note:" : "answer: \(buffer)_")
            lines.append("lower octave z s x d c v g b h n j m · upper q 2 w 3 e r 5 t 6 y 7 u i · Space repeat · l samples · Esc quit · Tab: names")
        }
        lines.append("")
        lines += message
        session.draw(lines)
    }
}
