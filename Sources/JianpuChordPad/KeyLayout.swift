import JianpuTerminal

/// Something the player asks the chord pad to do.
public enum PadAction: Sendable, Hashable {
    /// Play the whole chord of a scale degree (1…7) and make it the current chord.
    case chord(degree: Int)
    /// Play one tone of the current chord: 0 root, 1 third, 2 fifth, 3 upper root.
    case chordTone(index: Int)
    /// Play a melody note: 0…14, the key's scale over two octaves from the tonic.
    case melody(index: Int)
    /// Play the current chord's tones one after another.
    case strum
    case toggleStrumDirection
    case strumSlower
    case strumFaster
    case melodyProgram(delta: Int)
    case chordProgram(delta: Int)
    case nextTuning
    case previousTuning
    /// Toggle sustain (latch): notes keep sounding after their key is let go.
    case sustain
    /// All notes off.
    case panic
    case quit

    /// Whether the action starts notes (so auto-repeat must not retrigger it).
    public var playsNotes: Bool {
        switch self {
        case .chord, .chordTone, .melody, .strum: true
        default: false
        }
    }
}

/// The computer-keyboard layout of the chord pad. Only unshifted keys are used, so the layout
/// works the same with and without the kitty keyboard protocol.
public enum KeyLayout {
    /// Keys of the chord columns I…VII.
    public static let chordKeys: [Character] = ["1", "2", "3", "4", "5", "6", "7"]
    /// Keys of the current chord's tones: root, third, fifth, upper root.
    public static let chordToneKeys: [Character] = ["a", "s", "d", "f"]
    /// Melody keys: the bottom row is the lower octave (degrees 1–7), the top row the upper
    /// octave (1̇–7̇) and `o` the top tonic.
    public static let melodyKeys: [Character] = ["z", "x", "c", "v", "b", "n", "m", "w", "e", "r", "t", "y", "u", "i", "o"]

    /// The action of a key, or nil for a key the pad does not use.
    public static func action(for key: KeyEvent.Key) -> PadAction? {
        switch key {
        case .character(let character):
            if let index = chordKeys.firstIndex(of: character) { return .chord(degree: index + 1) }
            if let index = chordToneKeys.firstIndex(of: character) { return .chordTone(index: index) }
            if let index = melodyKeys.firstIndex(of: character) { return .melody(index: index) }
            switch character {
            case "/": return .strum
            case "\\": return .toggleStrumDirection
            case "[": return .strumSlower
            case "]": return .strumFaster
            case "-": return .melodyProgram(delta: -1)
            case "=": return .melodyProgram(delta: 1)
            case "9": return .chordProgram(delta: -1)
            case "0": return .chordProgram(delta: 1)
            case "`": return .previousTuning
            case " ": return .sustain
            case "q": return .quit
            default: return nil
            }
        case .tab: return .nextTuning
        case .escape, .backspace: return .panic
        case .control("c"), .control("d"): return .quit
        default: return nil
        }
    }

    /// The layout, for the screen and `--help`.
    public static let help: [String] = [
        "1-7  whole chord of degree I-VII (a new chord silences the previous one)",
        "a s d f  tones of the current chord: root, third, fifth, upper root",
        "/  strum the current chord   \\  strum up/down   [ ]  strum slower/faster",
        "z x c v b n m  melody 1-7   w e r t y u i  melody 1'-7' (octave up)   o  top 1",
        "Space  sustain/latch on/off   Esc or Backspace  panic (all notes off)",
        "- =  melody instrument down/up   9 0  chord instrument down/up",
        "Tab  next tuning   `  previous tuning   q or Ctrl-C  quit",
    ]
}
