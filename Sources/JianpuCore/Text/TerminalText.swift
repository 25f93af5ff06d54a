import JianpuFiles
/// Text from files made safe to show on a terminal: every control character made visible.
///
/// A score's title, words or instrument names, a table's names or a log's text are the file
/// author's, not ours: sent raw, `ESC ]0;…` retitles the terminal, `ESC [2J` clears it and OSC 52
/// writes the clipboard. Every place that prints such text to a terminal (messages, `info`, the
/// play screen, chordpad, `quiz stats`) passes it through here.
public enum TerminalText {
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
