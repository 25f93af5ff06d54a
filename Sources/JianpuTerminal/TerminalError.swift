import Foundation
import JianpuCore

/// Why the terminal session or the MIDI input could not start: `description` says each as one line naming the
/// terminal, device or file, and what to give instead.
public enum TerminalError: DescribedError, Hashable {
    /// A raw-mode session asked of standard input that is no terminal.
    case notATerminal
    /// `seq` asked for on a machine with no ALSA sequencer device.
    case noSequencer(device: String)
    /// The ALSA sequencer refused: what was being done (`open the ALSA sequencer`), ALSA's words, and the advice.
    case sequencer(action: String, message: String, advice: String?)
    /// `seq:CLIENT:PORT` names no port (ALSA's words).
    case noSequencerPort(source: String, message: String)
    /// The MIDI input cannot be opened (its `errno`).
    case cannotOpenMIDI(path: String, errno: Int32)
    /// The MIDI input's path cannot be followed (its `errno`).
    case cannotReadMIDI(path: String, errno: Int32)
    /// The MIDI input is a folder.
    case midiIsAFolder(path: String)
    /// The MIDI input is a disk or a socket.
    case notAMIDIInput(path: String)
    /// The MIDI input's wake-up pipe or decoder could not be made.
    case midiSetUp(String)

    /// What a MIDI input must be.
    static let midiFix = "give a raw MIDI device (/dev/snd/midiC*D*, /dev/midi*) or a FIFO made with mkfifo"

    public var description: String {
        switch self {
        case .notATerminal:
            "standard input is not a terminal: run this in a terminal, or pipe answers in"
        case .noSequencer(let device):
            "no ALSA sequencer on this machine (\(device) missing): give a raw MIDI device or FIFO path"
        case .sequencer(let action, let message, let advice):
            "cannot \(action): \(message)" + (advice.map { "; \($0)" } ?? "")
        case .noSequencerPort(let source, let message):
            "no ALSA sequencer port '\(source)': \(message); see `aconnect -i`"
        case .cannotOpenMIDI(let path, let code):
            "cannot open MIDI input \(path): \(String(cString: strerror(code))); check the path and its permissions (group audio)"
        case .cannotReadMIDI(let path, let code):
            "cannot read MIDI input \(path): \(String(cString: strerror(code))); \(Self.midiFix)"
        case .midiIsAFolder(let path):
            "MIDI input \(path) is a folder: \(Self.midiFix)"
        case .notAMIDIInput(let path):
            "MIDI input \(path) is not a MIDI device, a FIFO or a file (a disk or a socket): \(Self.midiFix)"
        case .midiSetUp(let what):
            "cannot set up \(what)"
        }
    }
}
