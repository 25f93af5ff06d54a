import JianpuTerminal

/// Something the player asks the chord pad to do.
public enum PadAction: Sendable, Hashable {
    /// Play the whole chord of a scale degree (1…7) and make it the current chord.
    case chord(degree: Int)
    /// Play the seventh chord of a scale degree (1…7: `Imaj7`, `V7`, `viiø7` in a major key) and make it current.
    case seventhChord(degree: Int)
    /// Play one tone of a chord column (degree 1…7): 0 root, 1 third, 2 fifth, 3 seventh. A column other than
    /// the current one becomes current (its first tone silences the previous chord), without its chord sounding.
    case columnTone(degree: Int, index: Int)
    /// Play one tone of the current chord: 0 root, 1 third, 2 fifth, 3 upper root (the seventh of a seventh chord).
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
    /// Switch the letter keys between the chord columns' tones and the melody.
    case toggleLayout
    /// Toggle sustain (latch): notes keep sounding after their key is let go.
    case sustain
    /// All notes off.
    case panic
    /// Esc: all notes off, and asks whether to quit; a second Esc (or `q`) right after quits.
    case escape
    /// `q` beside the melody keys: asks whether to quit; a second `q` (or Esc) right after quits.
    case askQuit
    /// Quit at once (Ctrl-C, Ctrl-D).
    case quit

    /// Whether the action starts notes (so auto-repeat must not retrigger it).
    public var playsNotes: Bool {
        switch self {
        case .chord, .seventhChord, .columnTone, .chordTone, .melody, .strum: true
        default: false
        }
    }
}

/// What the letter keys play: the chord columns' single tones (as the seed app's columns), or the melody.
public enum PadLayout: String, Sendable, Hashable {
    case columns, melody
}

/// The computer-keyboard layout of the chord pad (a US layout's keys).
///
/// Each chord column is a column of the keyboard: the digit plays the whole chord, the keys below it
/// (`q`-row, `a`-row, `z`-row) its root, third and fifth, and Shift with the root's key its seventh;
/// Shift with the digit plays the column's seventh chord. Tab switches the letter keys to the melody.
/// A shifted key arrives as its character (`Q`, `%`) with and without the kitty keyboard protocol
/// (which reports the shifted key); `physicalKey(of:)` tells which key it was, for its release.
public enum KeyLayout {
    /// Keys of the chord columns I…VII.
    public static let chordKeys: [Character] = ["1", "2", "3", "4", "5", "6", "7"]
    /// The seventh chords of the columns I…VII: Shift with the column's digit.
    public static let seventhChordKeys: [Character] = ["!", "@", "#", "$", "%", "^", "&"]
    /// The keys below each digit: the column's root, third, fifth and (Shift with the root's key) seventh
    /// (columns layout).
    public static let columnToneRows: [[Character]] = [
        ["q", "w", "e", "r", "t", "y", "u"],
        ["a", "s", "d", "f", "g", "h", "j"],
        ["z", "x", "c", "v", "b", "n", "m"],
        ["Q", "W", "E", "R", "T", "Y", "U"],
    ]
    /// The names of the column tones, row by row.
    public static let columnToneNames = ["root", "third", "fifth", "seventh"]
    /// Keys of the current chord's tones: root, third, fifth, upper root or seventh (melody layout).
    public static let chordToneKeys: [Character] = ["a", "s", "d", "f"]
    /// Melody keys: the bottom row is the lower octave (degrees 1–7), the top row the upper
    /// octave (1̇–7̇) and `o` the top tonic (melody layout).
    public static let melodyKeys: [Character] = ["z", "x", "c", "v", "b", "n", "m", "w", "e", "r", "t", "y", "u", "i", "o"]

    /// The action of a key in a layout, or nil for a key the pad does not use.
    public static func action(for key: KeyEvent.Key, layout: PadLayout = .columns) -> PadAction? {
        switch key {
        case .character(let character):
            if let index = chordKeys.firstIndex(of: character) { return .chord(degree: index + 1) }
            if let index = seventhChordKeys.firstIndex(of: character) { return .seventhChord(degree: index + 1) }
            switch layout {
            case .columns:
                for (row, keys) in columnToneRows.enumerated() {
                    if let column = keys.firstIndex(of: character) { return .columnTone(degree: column + 1, index: row) }
                }
            case .melody:
                if let index = chordToneKeys.firstIndex(of: character) { return .chordTone(index: index) }
                if let index = melodyKeys.firstIndex(of: character) { return .melody(index: index) }
                if character == "q" { return .askQuit }
            }
            switch character {
            case "/": return .strum
            case "\\": return .toggleStrumDirection
            case "[": return .strumSlower
            case "]": return .strumFaster
            case "-": return .melodyProgram(delta: -1)
            case "=": return .melodyProgram(delta: 1)
            case "9": return .chordProgram(delta: -1)
            case "0": return .chordProgram(delta: 1)
            case ",", "`": return .previousTuning
            case ".": return .nextTuning
            case " ": return .sustain
            default: return nil
            }
        case .tab: return .toggleLayout
        case .escape: return .escape
        case .backspace: return .panic
        case .control("c"), .control("d"): return .quit
        default: return nil
        }
    }

    /// The key a character was typed on, unshifted (`Q` → `q`, `%` → `5`): a key's release may come
    /// without Shift when Shift was let go first.
    public static func physicalKey(of key: KeyEvent.Key) -> KeyEvent.Key {
        guard case .character(let character) = key else { return key }
        if let index = seventhChordKeys.firstIndex(of: character) { return .character(chordKeys[index]) }
        if character.isUppercase, character.isASCII, let lower = character.lowercased().first { return .character(lower) }
        return key
    }

    /// The layout's keys, for the screen and `--help` (each line under 76 columns).
    public static func help(_ layout: PadLayout) -> [String] {
        let letters: [String] =
            switch layout {
            case .columns:
                [
                    "q-u  root of column I-VII   a-j  its third   z-m  its fifth",
                    "Shift+q-u  its seventh   Tab  the letter keys play the melody",
                ]
            case .melody:
                [
                    "z-m  melody 1-7   w-i  melody 1'-7' (an octave up)   o  top 1",
                    "a s d f  the current chord's root, third, fifth, upper root or seventh",
                ]
            }
        return [
            "1-7  whole chord of column I-VII (a new chord silences the previous one)",
            "Shift+1-7 (! @ # $ % ^ &)  the column's seventh chord: Imaj7 ... V7 ...",
        ] + letters + [
            "/  strum the current chord   \\  strum up/down   [ ]  strum slower/faster",
            "Space  sustain on/off   Backspace  panic (all notes off)",
            "- =  melody instrument   9 0  chord instrument   , .  tuning down/up",
            "Esc twice or Ctrl-C  quit (one Esc silences everything and asks)",
        ]
    }

    /// Both layouts' keys (`--help`).
    public static var help: [String] {
        ["Chord columns (at the start):"] + help(.columns).map { "  " + $0 }
            + ["After Tab, the melody (Tab again: the columns):"] + help(.melody)[2...3].map { "  " + $0 }
    }
}
