import Foundation
import JianpuTerminal

/// Runs a practice session (the quiz, a lesson) on the terminal or line by line, the one way both do it: the MIDI
/// keyboard read by the screen's loop or by the event queue, a signal ending a line-by-line session as the end of
/// input does, the terminal restored and the player closed on every way out.
public struct PracticeRunner {
    /// The session's sound; closed when the session ends.
    public let player: PromptPlayer
    /// The MIDI keyboard (`--midi-in`): a raw device, a FIFO or `seq`.
    public let midiIn: String?
    /// The ALSA sequencer port's name for `seq`.
    public let portName: String
    /// Where the session's lines go.
    public let output: LineOutput
    /// On the screen (a terminal, and no `--plain`), else line by line.
    public let onScreen: Bool

    /// A runner; `plain` reads answers line by line even on a terminal.
    public init(player: PromptPlayer, midiIn: String?, portName: String, output: LineOutput, plain: Bool) {
        self.player = player
        self.midiIn = midiIn
        self.portName = portName
        self.output = output
        onScreen = !plain && TerminalSession.isInteractive
    }

    /// Runs `screen` on a raw terminal (with the MIDI keyboard opened for its loop), or `lines` with the answers
    /// read from standard input and the MIDI keyboard. Returns what the session returned and the signal that
    /// ended it, if one did.
    /// - Throws: what the session throws, `TerminalError`, `TerminalError`, `AudioError` when the take could not
    ///   be written, and `PracticeFailure.standardOutput` when a line could not be written.
    public func run<Result>(
        screen: (TerminalSession, MIDIInput?) throws -> Result,
        lines: (AnswerEventQueue) throws -> Result
    ) throws -> (result: Result, interruption: Int32?) {
        let events = AnswerEventQueue()
        // On the screen the loop reads the MIDI keyboard beside the keys; line by line, the event queue does.
        let midi = try midiIn.flatMap { onScreen ? try MIDIInput(path: $0, portName: portName) : nil }
        if let midiIn, !onScreen { try events.listen(toMIDI: midiIn, portName: portName) }
        let session = try TerminalSession(raw: onScreen)
        let result: Result
        do {
            if onScreen {
                result = try screen(session, midi)
            } else {
                // A signal ends the session like end of input: the log and the WAV are closed properly.
                session.onInterrupt { events.push(.endOfInput) }
                events.readStandardInputLines()
                result = try lines(events)
                session.noteEndOfInput()
            }
        } catch {
            session.restore()
            try? player.close()
            throw error
        }
        session.restore()
        try player.close()
        if let signal = session.interruption { return (result, signal) }
        // The session went on when its lines could not be written (the log has every answer); the run fails.
        if let code = output.failure { throw PracticeFailure.standardOutput(errno: code) }
        return (result, nil)
    }
}
