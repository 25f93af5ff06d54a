import JianpuCore

/// Why the chord pad could not start, or what a session lost: `description` says each as one line, what and the fix.
public enum ChordPadError: DescribedError, Hashable {
    /// A name on the command line that names no tuning: the closest names (` (did you mean DMinor?)`) and how many there are.
    case unknownTuning(String, closest: String, count: Int)
    /// A name that is no chord, with the closest chord names.
    case unknownChord(String, closest: String)
    /// No tuning to play in.
    case noTunings
    /// The pad is played from a terminal.
    case needsTerminal
    /// An output (`--out`, `--record`) that cannot be written: the file's problem, naming it.
    case cannotWrite(String)
    /// `--out` and `--record` name one file.
    case sameFileForOutAndRecord(String)
    /// The take's MIDI could not be written: the file's problem, naming it, and what the take held.
    case takeLost(String, take: String)
    /// The take's audio could not be finished.
    case audioLost(String)
    /// A list asked for could not be written to standard output (`the list of tunings`, `the chord`).
    case cannotWriteStandardOutput(String)
    /// Everything a session lost, each on a line of its own.
    case lost([ChordPadError])

    public var description: String {
        switch self {
        case .unknownTuning(let name, let closest, let count):
            "unknown tuning '\(name)'\(closest); --list-tunings shows all \(count)"
        case .unknownChord(let text, let closest):
            "unknown chord '\(text)'\(closest); a chord is a root and a type: CMinor, F#Dominant7, or a symbol: Bm, G7"
        case .noTunings: "no tunings to play in"
        case .needsTerminal: "chordpad is played from a terminal: run it in one (standard input and output must be a terminal)"
        case .cannotWrite(let problem): "cannot write \(problem)"
        case .sameFileForOutAndRecord(let path): "--out and --record both name \(path): give each its own file"
        case .takeLost(let problem, let take): "cannot write \(problem); the take (\(take)) was lost"
        case .audioLost(let problem): "\(problem); the audio of the take was lost"
        case .cannotWriteStandardOutput(let what): "cannot write \(what) to standard output"
        case .lost(let errors): errors.map(\.description).joined(separator: "\nchordpad: ")
        }
    }
}
