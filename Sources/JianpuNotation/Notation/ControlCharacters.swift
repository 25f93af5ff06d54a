import JianpuCore

/// Control characters in a score's text: a vertical tab (Word's soft line break), an escape, a
/// C1 control. Between notes they separate words like a space; in a title, words or instrument
/// names they would reach a terminal raw or make an SVG malformed. Each line that holds one gets
/// a warning at its place; terminals are shown them as `TerminalText` makes them, XML gets `XMLText`'s.
enum ControlCharacters {
    /// Lines warned about one by one; past them one warning counts the rest.
    static let warnedLines = 20

    /// The warnings for `bytes` (UTF-8 text): the first control character of each line.
    static func warnings(in bytes: [UInt8], file: String) -> [Diagnostic] {
        // Printable ASCII (32-126), almost every byte of a score, is passed over with one comparison.
        guard bytes.contains(where: { $0 &- 32 >= 95 && (($0 < 32 && $0 != 9 && $0 != 10 && $0 != 13) || $0 == 0x7F || $0 == 0xC2 || $0 == 0xEF) }) else {
            return []
        }
        var diagnostics: [Diagnostic] = []
        var line = 1, column = 1, warnedLine = 0, moreLines = 0
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            var found: UInt32?
            var length = 1
            if byte == 10 {
                line += 1
                column = 1
                index += 1
                continue
            } else if (byte < 32 && byte != 9 && byte != 13) || byte == 0x7F {
                found = UInt32(byte)
            } else if byte == 0xC2, index + 1 < bytes.count, (0x80...0x9F).contains(bytes[index + 1]) {
                found = UInt32(bytes[index + 1])
                length = 2
            } else if byte == 0xEF, index + 2 < bytes.count, bytes[index + 1] == 0xBF, bytes[index + 2] >= 0xBE {
                found = bytes[index + 2] == 0xBE ? 0xFFFE : 0xFFFF
                length = 3
            }
            if let found, warnedLine != line {
                warnedLine = line
                if diagnostics.count < warnedLines {
                    let scalar = Unicode.Scalar(found) ?? "\u{FFFD}"
                    let shown = TerminalText.picture(for: scalar) ?? XMLText.replacement
                    diagnostics.append(
                        .warning(
                            at: SourceLocation(file: file, line: line, column: column),
                            "\(XMLText.describe([scalar])) is a control character, not text: it is shown as \(shown) on a terminal and as \u{FFFD} in SVG and HTML"))
                } else {
                    moreLines += 1
                }
            }
            if byte & 0xC0 != 0x80 { column += 1 }
            index += length
        }
        if moreLines > 0, let last = diagnostics.last {
            diagnostics.append(.warning(at: last.location, "and control characters on \(Wording.counted(moreLines, "more line"))"))
        }
        return diagnostics
    }
}
