import JianpuFiles

/// Text as a terminal shows it: from files, made safe with every control character made visible; and the
/// columns it takes.
///
/// A score's title, words or instrument names, a table's names or a log's text are the file
/// author's, not ours: sent raw, `ESC ]0;…` retitles the terminal, `ESC [2J` clears it and OSC 52
/// writes the clipboard. Every place that prints such text to a terminal (messages, `info`, the
/// play screen, chordpad, `quiz stats`) passes it through here.
///
/// The columns are the one width table of the engraving's text lines and of the terminal loop that clips
/// every line to the window: the two must agree, or a line laid out to fit is cut.
public enum TerminalText {
    /// Columns a character takes on a terminal: 2 for East Asian wide characters, else 1.
    public static func columns(of character: Character) -> Int {
        guard let scalar = character.unicodeScalars.first else { return 0 }
        switch scalar.value {
        case 0x1100...0x115F, 0x2E80...0x303E, 0x3041...0x33FF, 0x3400...0x4DBF, 0x4E00...0x9FFF,
            0xA000...0xA4CF, 0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE30...0xFE4F, 0xFF00...0xFF60,
            0xFFE0...0xFFE6, 0x1F300...0x1F64F, 0x1F900...0x1F9FF, 0x20000...0x3FFFD:
            return 2
        default:
            return 1
        }
    }

    /// Columns a text takes on a terminal.
    public static func columns<S: Sequence>(of characters: S) -> Int where S.Element == Character {
        characters.reduce(0) { $0 + columns(of: $1) }
    }

    /// `text` with each control character replaced by one visible character, so widths and
    /// character offsets stay as they were: C0 controls and DEL by their Unicode pictures (`␛`,
    /// `␍`, `␡`), C1 controls, bidirectional overrides and line separators by `�`.
    public static func visible(_ text: String) -> String {
        visible(text, keeping: [])
    }

    /// A message of several lines made safe: as `visible(_:)`, but newlines and tabs stay.
    public static func visibleLines(_ text: String) -> String {
        visible(text, keeping: ["\n", "\t"])
    }

    /// Whether `scalar` would act on a terminal instead of being shown.
    public static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        picture(for: scalar) != nil
    }

    static func visible(_ text: String, keeping kept: Set<Unicode.Scalar>) -> String {
        // A file name's bytes that are not UTF-8 (kept by `SystemPath`) are shown as the bytes they are: `\xE9`.
        let text = SystemPath.visible(text)
        guard text.unicodeScalars.contains(where: { !kept.contains($0) && isControl($0) }) else { return text }
        var out = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            if !kept.contains(scalar), let shown = picture(for: scalar) { out.append(shown) } else { out.append(scalar) }
        }
        return String(out)
    }

    /// The visible stand-in for a control character, nil for any other.
    package static func picture(for scalar: Unicode.Scalar) -> Unicode.Scalar? {
        switch scalar.value {
        case 0x00...0x1F: Unicode.Scalar(0x2400 + scalar.value)
        case 0x7F: "\u{2421}"
        // C1 (0x9B is CSI and 0x9D OSC on terminals that read them), then the marks that reorder or
        // break lines where the terminal does not show it, and a byte-order mark inside the text
        // (invisible, it made "unrecognised word 'title=t'" a riddle).
        case 0x80...0x9F, 0x061C, 0x200E, 0x200F, 0x202A...0x202E, 0x2066...0x2069, 0x2028, 0x2029, 0xFEFF: "\u{FFFD}"
        default: nil
        }
    }
}
