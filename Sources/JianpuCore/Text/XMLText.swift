/// Text from files made fit for XML 1.0 (SVG, the HTML page, MusicXML).
///
/// XML 1.0 forbids most control characters, even escaped: one vertical tab (Word's soft line
/// break) in a title makes the whole document malformed. Writers escape through `escaped(_:)`,
/// which replaces them, and warn with `forbiddenCharacters(in:)` before writing.
public enum XMLText {
    /// What stands in for a character XML forbids.
    public static let replacement: Unicode.Scalar = "\u{FFFD}"

    /// Whether XML 1.0 allows `scalar` in a document: tab, newline, carriage return, and
    /// U+0020 on, except U+FFFE and U+FFFF (surrogates are no scalars).
    public static func isAllowed(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x09, 0x0A, 0x0D: true
        case 0x00...0x1F, 0xFFFE, 0xFFFF: false
        default: true
        }
    }

    /// The characters of `text` XML forbids, in order (empty for almost all text).
    public static func forbiddenCharacters(in text: String) -> [Unicode.Scalar] {
        Array(text.unicodeScalars.filter { !isAllowed($0) })
    }

    /// `text` for an XML element or a quoted attribute: `& < > " '` escaped and the characters
    /// XML forbids replaced by `replacement`.
    public static func escaped(_ text: String) -> String {
        guard needsEscaping(text) else { return text }
        var out = ""
        out.reserveCapacity(text.utf8.count + 16)
        append(escaping: text, to: &out)
        return out
    }

    /// Appends `text` to `out` escaped as `escaped(_:)` does; a character XML forbids becomes
    /// `forbidden` (nil: left out), and with `carriageReturnAsReference` a carriage return becomes
    /// `&#13;` (which a reader gives back as itself, not as a newline).
    ///
    /// The one escaper of every XML this package writes (MusicXML, SVG, the HTML page, the
    /// embedded source, the quiz's charts). Returns how many characters XML forbids were met,
    /// for a warning.
    @discardableResult
    public static func append(
        escaping text: String, to out: inout String, forbidden: Unicode.Scalar? = replacement,
        carriageReturnAsReference: Bool = false
    ) -> Int {
        // Most text (numbers, names, syllables) needs nothing: appended whole.
        guard needsEscaping(text) else {
            out += text
            return 0
        }
        var met = 0
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&apos;"
            case "\r" where carriageReturnAsReference: out += "&#13;"
            default:
                if isAllowed(scalar) {
                    out.unicodeScalars.append(scalar)
                } else {
                    met += 1
                    if let forbidden { out.unicodeScalars.append(forbidden) }
                }
            }
        }
        return met
    }

    /// Whether `text` holds anything to escape or replace: a quick look at its bytes (a control
    /// character, `& < > " '`, or the lead byte 0xEF of U+FFFE and U+FFFF).
    private static func needsEscaping(_ text: String) -> Bool {
        text.utf8.contains { $0 < 0x20 || $0 == 0x26 || $0 == 0x3C || $0 == 0x3E || $0 == 0x22 || $0 == 0x27 || $0 == 0xEF }
    }

    /// A message naming the forbidden characters found, such as `U+000B (a vertical tab)`, for a warning.
    public static func describe(_ scalars: [Unicode.Scalar]) -> String {
        var seen: [Unicode.Scalar] = []
        for scalar in scalars where !seen.contains(scalar) { seen.append(scalar) }
        return seen.prefix(4).map { scalar in
            let code = String(scalar.value, radix: 16, uppercase: true)
            let name = scalar.value == 0x0B ? " (a vertical tab)" : scalar.value == 0x0C ? " (a form feed)" : scalar.value == 0x1B ? " (escape)" : ""
            return "U+" + String(repeating: "0", count: max(0, 4 - code.count)) + code + name
        }.joined(separator: ", ") + (seen.count > 4 ? ", …" : "")
    }
}
