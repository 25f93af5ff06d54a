import Foundation
import JianpuCore
import JianpuPerformance
import JianpuPractice
import JianpuTerminal

/// `jianpu quiz` in a terminal: the keyboard with the red lower note, answers typed or played on the keys.
/// The questions, answers and screen are `QuizProgram`; `ProgramLoop` runs it here, and the recap is written after.
public final class QuizScreen {
    public let drill: QuizDrill
    public let audio: PromptPlayer
    public let explain: Bool
    private let session: TerminalSession
    private let pianoKeys: Bool
    private let midi: MIDIInput?
    private let output: LineOutput

    /// - Parameter pianoKeys: start with the computer keyboard as a piano (Tab switches to typing names).
    /// - Parameter session: a raw-mode terminal session; it ends the quiz on a signal.
    /// - Parameter midi: the MIDI keyboard, whose note-ons answer with that upper note.
    /// - Parameter output: where the recap is written once the screen is gone.
    public init(
        drill: QuizDrill, audio: PromptPlayer, session: TerminalSession, output: LineOutput,
        explain: Bool = false, pianoKeys: Bool = false, midi: MIDIInput? = nil
    ) {
        self.output = output
        self.session = session
        self.pianoKeys = pianoKeys
        self.drill = drill
        self.audio = audio
        self.explain = explain
        self.midi = midi
    }

    /// Runs the session; the terminal is restored on every way out.
    public func run() throws -> QuizSummary {
        defer { session.restore() }
        try drill.start()
        var program = QuizProgram(drill: drill, explain: explain, pianoKeys: pianoKeys, colour: session.colors)
        let audio = self.audio
        ProgramLoop(session: session, midi: midi, idleInterval: 0.05).run(&program) { effect, _ in
            switch effect {
            case .play(let timeline): audio.play(timeline, wait: false)
            case .noteOn(let note, let program): audio.noteOn(note, program: program)
            case .noteOff(let note): audio.noteOff(note)
            }
        }
        if let failure = program.failure { audio.stop(); throw failure }
        // q, Ctrl-C or a signal: silence now; at the end of the questions, let the last sound finish.
        if program.quitting || session.isInterrupted { audio.stop() } else { audio.waitUntilQuiet() }
        let summary = try drill.finish()
        let width = session.size.columns
        session.restore()
        // The recap stays in the terminal: wrapped at word boundaries as the screen is.
        Self.recapLines(summary, width: width).forEach(output.write)
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
}
